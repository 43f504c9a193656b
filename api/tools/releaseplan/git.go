package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// git runs git in root and returns its standard output.
func git(root string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}

// DefaultBase is the revision a plan starts from when BASE is not given: the merge-base with
// origin/main when there is one (a branch's whole change), else the commit before HEAD.
func DefaultBase(root string) (string, error) {
	if mb, err := git(root, "merge-base", "origin/main", "HEAD"); err == nil {
		return strings.TrimSpace(mb), nil
	}
	if _, err := git(root, "rev-parse", "--verify", "--quiet", "HEAD~1^{commit}"); err == nil {
		return "HEAD~1", nil
	}
	return "", fmt.Errorf("no origin/main and no HEAD~1: name BASE")
}

// ChangedFiles lists the files that differ between base and the working tree: committed since
// base, staged, unstaged, and new files git does not ignore. A rename counts as both paths.
func ChangedFiles(root, base string) ([]string, error) {
	diff, err := git(root, "diff", "--name-only", "--no-renames", "-z", base, "--")
	if err != nil {
		return nil, err
	}
	untracked, err := git(root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range strings.Split(diff+untracked, "\x00") {
		if f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out, nil
}

// FileAt returns a file's content at rev; nil when it did not exist there.
func FileAt(root, rev, file string) ([]byte, error) {
	if _, err := git(root, "cat-file", "-e", rev+":"+file); err != nil {
		return nil, nil
	}
	out, err := git(root, "show", rev+":"+file)
	return []byte(out), err
}
