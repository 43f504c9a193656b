package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// repoRoot is the portal's checkout, three folders up from this package.
const repoRoot = "../../.."

// writeFiles writes files (path → content) under root.
func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runCmd runs a command in dir and fails the test when it fails.
func runCmd(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// gitRepo makes a git repository of files on branch main, committed once.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	writeFiles(t, root, files)
	runCmd(t, root, "git", "init", "-q", "-b", "main")
	commit(t, root, "base")
	return root
}

// commit commits everything in root.
func commit(t *testing.T, root, msg string) {
	t.Helper()
	runCmd(t, root, "git", "add", "-A")
	runCmd(t, root, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", msg)
}
