package keyfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/keyfile"
)

func TestReadOrCreate_CreatesOnceWith0600ThenReads(t *testing.T) {
	path := filepath.Join(t.TempDir(), "data", "secret.key")
	content, created, err := keyfile.ReadOrCreate(path, func() ([]byte, error) { return []byte("first"), nil })
	require.NoError(t, err)
	require.True(t, created)
	require.Equal(t, "first", string(content))
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())

	content, created, err = keyfile.ReadOrCreate(path, func() ([]byte, error) {
		t.Fatal("create runs only when the file is missing")
		return nil, nil
	})
	require.NoError(t, err)
	require.False(t, created)
	require.Equal(t, "first", string(content))

	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary file is left behind")
}

func TestReadOrCreate_StartsAtOnceAllGetTheWinnersContent(t *testing.T) {
	for range 20 {
		path := filepath.Join(t.TempDir(), "secret.key")
		const starts = 8
		contents := make([]string, starts)
		wins := make([]bool, starts)
		var wg sync.WaitGroup
		for i := range starts {
			wg.Go(func() {
				content, created, err := keyfile.ReadOrCreate(path, func() ([]byte, error) { return fmt.Appendf(nil, "key of %d", i), nil })
				require.NoError(t, err)
				contents[i], wins[i] = string(content), created
			})
		}
		wg.Wait()
		onDisk, err := os.ReadFile(path)
		require.NoError(t, err)
		winners := 0
		for i := range starts {
			require.Equal(t, string(onDisk), contents[i])
			if wins[i] {
				winners++
			}
		}
		require.Equal(t, 1, winners)
	}
}

func TestReadOrCreate_AFailedCreateWritesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secret.key")
	_, _, err := keyfile.ReadOrCreate(path, func() ([]byte, error) { return nil, errors.New("no entropy") })
	require.EqualError(t, err, "no entropy")
	_, err = os.Stat(path)
	require.ErrorIs(t, err, os.ErrNotExist)
}
