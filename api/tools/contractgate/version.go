package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// contentVersion hashes files (paths relative to root, slash-separated) by path and content only:
// no modification times, no file modes, no absolute paths, so another clone of the same tree, with
// or without the changes not yet committed, gets the same version. Files listed but deleted on disk
// are left out, as the build would leave them out.
func contentVersion(root string, files []string) (string, error) {
	files = slices.Clone(files)
	slices.Sort(files)
	files = slices.Compact(files)
	all := sha256.New()
	for _, f := range files {
		fh, err := os.Open(filepath.Join(root, filepath.FromSlash(f)))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		one := sha256.New()
		_, err = io.Copy(one, fh)
		fh.Close()
		if err != nil {
			return "", err
		}
		fmt.Fprintf(all, "%s\x00%x\n", f, one.Sum(nil))
	}
	return hex.EncodeToString(all.Sum(nil)), nil
}

// gitFiles lists the files under dirs that git tracks or would track (untracked but not ignored),
// so a new file of a remote counts before it is committed and build output never does.
func gitFiles(root string, dirs ...string) ([]string, error) {
	cmd := exec.Command("git", append([]string{"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"}, dirs...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w: %s", err, stderr.String())
	}
	var files []string
	for f := range strings.SplitSeq(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	return files, nil
}
