// Package keyfile keeps a secret in a file of the data directory, created on first use.
//
// Processes that start together on one data directory (one process per domain) may all find the
// file missing and create it at once. The file therefore appears complete or not at all: it is
// written under a temporary name and hard-linked into place, which fails for every process but
// the first, and those read the first one's secret. Opening the final name with O_EXCL instead
// lets a process read a file another is still writing.
package keyfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ReadOrCreate returns the content of path. When there is no such file it writes create's
// result there (mode 0600, its directory 0700 if missing) and reports created; when another
// process wrote the file first, it returns that process's content instead.
func ReadOrCreate(path string, create func() ([]byte, error)) (content []byte, created bool, err error) {
	content, err = os.ReadFile(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return content, false, err
	}
	content, err = create()
	if err != nil {
		return nil, false, err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, false, fmt.Errorf("keyfile: %w", err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+"-*.tmp") // created 0600
	if err != nil {
		return nil, false, fmt.Errorf("keyfile: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(content)
	if err == nil {
		err = tmp.Sync()
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return nil, false, fmt.Errorf("keyfile: write %s: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			content, err = os.ReadFile(path)
			return content, false, err
		}
		return nil, false, fmt.Errorf("keyfile: %w", err)
	}
	return content, true, nil
}
