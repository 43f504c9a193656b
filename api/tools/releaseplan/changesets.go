package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Release is what the pending changesets plan for one package (`changeset status --output`).
type Release struct {
	Name       string   `json:"name"`
	Type       string   `json:"type"` // major, minor, patch or none
	OldVersion string   `json:"oldVersion"`
	NewVersion string   `json:"newVersion"`
	Changesets []string `json:"changesets"`
}

// ReadStatus parses `changeset status --output` JSON into the releases by package name.
func ReadStatus(raw []byte) (map[string]Release, error) {
	var plan struct {
		Releases []Release `json:"releases"`
	}
	if err := json.Unmarshal(raw, &plan); err != nil {
		return nil, fmt.Errorf("changeset status: %w", err)
	}
	out := map[string]Release{}
	for _, r := range plan.Releases {
		out[r.Name] = r
	}
	return out, nil
}

// noChangesets is what `changeset status` says, and exits 1 with, when packages changed since
// the base branch and no changeset exists: the plan is then empty, which is what we report.
const noChangesets = "no changesets were found"

// changesetCommand runs the workspace's changesets CLI.
var changesetCommand = []string{"pnpm", "--silent", "changeset"}

// PendingReleases runs `pnpm changeset status` in root and returns its plan.
func PendingReleases(root string) (map[string]Release, error) {
	dir, err := os.MkdirTemp("", "releaseplan")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "status.json")
	cmd := exec.Command(changesetCommand[0], append(changesetCommand[1:], "status", "--output", file)...)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if strings.Contains(out.String(), noChangesets) {
			return map[string]Release{}, nil
		}
		return nil, fmt.Errorf("pnpm changeset status: %w: %s", err, strings.TrimSpace(out.String()))
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return ReadStatus(raw)
}
