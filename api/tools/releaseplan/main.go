// Command releaseplan answers what a change means for each deployable the portal releases on its
// own (docs/releasing.md): `make release-plan` prints, for the host, each remote and each Go
// process, whether the change since BASE affects it and through what (its own files, a workspace
// package it bundles, a Go module it links, its lines of pnpm-lock.yaml), its version, the bump
// the pending changesets plan, and a flag where a changed deployable has no changeset.
// `sync-versions` records package.json's versions for the Go processes (version.go), and
// `check` fails when the Go side and package.json disagree.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "releaseplan:", err)
		var exit exitCode
		if errors.As(err, &exit) {
			os.Exit(int(exit))
		}
		os.Exit(2)
	}
}

// exitCode is a failure that is an answer (a check that found problems), not a broken run.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

func run(args []string) error {
	cmd := "plan"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	root := fs.String("root", ".", "the repository's root")
	switch cmd {
	case "plan":
		base := fs.String("base", "", "the revision the change starts from (default: merge-base with origin/main, else HEAD~1)")
		asJSON := fs.Bool("json", false, "print the plan as JSON")
		strict := fs.Bool("strict", false, "exit 1 when a changed deployable has no changeset")
		registry := fs.String("registry", "", "a file of `portal routes --json` (default: run the portal's command)")
		statusFile := fs.String("status", "", "a file of `changeset status --output` (default: run pnpm changeset status)")
		if err := fs.Parse(args); err != nil {
			return err
		}
		plan, err := makePlan(*root, *base, *registry, *statusFile)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(os.Stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(plan); err != nil {
				return err
			}
		} else {
			WriteText(os.Stdout, plan)
		}
		if *strict && slices.ContainsFunc(plan.Deployables, func(d Deployable) bool { return d.NoChangeset }) {
			return exitCode(1)
		}
		return nil
	case "sync-versions":
		if err := fs.Parse(args); err != nil {
			return err
		}
		written, err := SyncVersions(*root, false)
		for _, f := range written {
			fmt.Println("releaseplan: wrote", f)
		}
		return err
	case "check":
		if err := fs.Parse(args); err != nil {
			return err
		}
		return check(*root)
	}
	return fmt.Errorf("unknown command %q: plan, sync-versions or check", cmd)
}

// check fails when a Go module's recorded version or its dependencies differ from its package.json.
func check(root string) error {
	stale, err := SyncVersions(root, true)
	if err != nil {
		return err
	}
	problems, err := MirrorProblems(root)
	if err != nil {
		return err
	}
	for _, f := range stale {
		problems = append(problems, f+" differs from its module's package.json: run make release-version")
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	if len(problems) > 0 {
		return exitCode(1)
	}
	fmt.Println("releaseplan: the Go modules' versions and dependencies match their package.json")
	return nil
}

// makePlan gathers the inputs from the repository and computes the plan.
func makePlan(root, base, registryFile, statusFile string) (Plan, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return Plan{}, err
	}
	if base == "" {
		var err error
		if base, err = DefaultBase(root); err != nil {
			return Plan{}, err
		}
	}
	changed, err := ChangedFiles(root, base)
	if err != nil {
		return Plan{}, err
	}
	w, err := ReadWorkspace(root)
	if err != nil {
		return Plan{}, err
	}
	gos, err := readRegistry(root, registryFile)
	if err != nil {
		return Plan{}, err
	}
	graph, err := LoadGoGraph(root)
	if err != nil {
		return Plan{}, err
	}
	var lock map[string][]LockChange
	if slices.Contains(changed, "pnpm-lock.yaml") {
		before, err := FileAt(root, base, "pnpm-lock.yaml")
		if err != nil {
			return Plan{}, err
		}
		after, err := os.ReadFile(filepath.Join(root, "pnpm-lock.yaml"))
		if err != nil {
			return Plan{}, err
		}
		if lock, err = LockChanges(before, after); err != nil {
			return Plan{}, err
		}
	}
	var releases map[string]Release
	if statusFile != "" {
		raw, err := os.ReadFile(statusFile)
		if err != nil {
			return Plan{}, err
		}
		releases, err = ReadStatus(raw)
		if err != nil {
			return Plan{}, err
		}
	} else if releases, err = PendingReleases(root); err != nil {
		return Plan{}, err
	}
	return Make(Inputs{Root: root, Base: base, Changed: changed, Workspace: w, Go: gos, Graph: graph, Lock: lock, Releases: releases}), nil
}

// readRegistry lists the Go deployables from `portal routes --json`: every process's
// deployable (its module's), once.
func readRegistry(root, file string) ([]GoDeployable, error) {
	var raw []byte
	var err error
	if file != "" {
		raw, err = os.ReadFile(file)
	} else {
		cmd := exec.Command("go", "run", "./api/portal/cmd/portal", "routes", "--json")
		cmd.Dir, cmd.Stderr = root, os.Stderr
		raw, err = cmd.Output()
	}
	if err != nil {
		return nil, fmt.Errorf("portal routes --json: %w", err)
	}
	var reg struct {
		Services []struct {
			Deployable string `json:"deployable"`
			Version    string `json:"version"`
		} `json:"services"`
	}
	if err := json.Unmarshal(raw, &reg); err != nil {
		return nil, fmt.Errorf("portal routes --json: %w", err)
	}
	var out []GoDeployable
	for _, s := range reg.Services {
		if s.Deployable == "" {
			return nil, fmt.Errorf("portal routes --json names no deployable for a process: is the portal older than releaseplan?")
		}
		if !slices.ContainsFunc(out, func(g GoDeployable) bool { return g.Name == s.Deployable }) {
			out = append(out, GoDeployable{Name: s.Deployable, Module: strings.TrimPrefix(s.Deployable, "api-"), Version: s.Version})
		}
	}
	slices.SortFunc(out, func(a, b GoDeployable) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}
