package secretbox

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSeal_RoundTripsAndHidesThePlainText(t *testing.T) {
	b, err := FromKeyFile(filepath.Join(t.TempDir(), "k"))
	require.NoError(t, err)
	sealed, err := b.Seal("hunter2")
	require.NoError(t, err)
	require.NotContains(t, sealed, "hunter2")
	again, _ := b.Seal("hunter2")
	require.NotEqual(t, sealed, again, "a fresh nonce every time")
	plain, err := b.Open(sealed)
	require.NoError(t, err)
	require.Equal(t, "hunter2", plain)
	empty, err := b.Seal("")
	require.NoError(t, err)
	require.Empty(t, empty)
}

func TestFromKeyFile_ReusesTheKeyAndKeepsItPrivate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k")
	a, err := FromKeyFile(path)
	require.NoError(t, err)
	sealed, _ := a.Seal("x")
	b, err := FromKeyFile(path)
	require.NoError(t, err)
	plain, err := b.Open(sealed)
	require.NoError(t, err)
	require.Equal(t, "x", plain)
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}

func TestOpen_RejectsTampering(t *testing.T) {
	b, _ := FromKeyFile(filepath.Join(t.TempDir(), "k"))
	sealed, _ := b.Seal("secret")
	tampered := []byte(sealed)
	tampered[len(tampered)-3] ^= 1
	_, err := b.Open(string(tampered))
	require.Error(t, err)
}

func TestDerive_IsStablePerKeyAndPurpose(t *testing.T) {
	key := make([]byte, KeySize)
	a, err := New(key)
	require.NoError(t, err)
	b, err := New(key)
	require.NoError(t, err)
	require.Equal(t, a.Derive("paypal"), b.Derive("paypal"), "processes sharing the key agree")
	require.Len(t, a.Derive("paypal"), 32)
	require.NotEqual(t, a.Derive("paypal"), a.Derive("authnet"), "one value per purpose")
	require.NotEqual(t, key, a.Derive(""), "never the key itself")

	other := make([]byte, KeySize)
	other[0] = 1
	c, err := New(other)
	require.NoError(t, err)
	require.NotEqual(t, a.Derive("paypal"), c.Derive("paypal"), "another key, other values")
}

// Processes that start together on one data directory (the split topology) create the key at
// the same time: each must get the one key that was written, never a file still being written.
func TestFromKeyFile_ProcessesStartingTogetherShareOneKey(t *testing.T) {
	for range 20 {
		path := filepath.Join(t.TempDir(), "secret.key")
		const starts = 8
		boxes := make([]*Box, starts)
		errs := make([]error, starts)
		var wg sync.WaitGroup
		for i := range starts {
			wg.Go(func() { boxes[i], errs[i] = FromKeyFile(path) })
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
		}
		sealed, err := boxes[0].Seal("shared")
		require.NoError(t, err)
		for i := range starts {
			plain, err := boxes[i].Open(sealed)
			require.NoError(t, err)
			require.Equal(t, "shared", plain)
		}
	}
}
