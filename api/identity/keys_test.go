package identity_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
)

func TestSigningKey_CreatedOnceWith0600AndReusedAfterRestart(t *testing.T) {
	db := testkit.SQLite(t)
	dataDir := filepath.Join(t.TempDir(), "data") // does not exist yet
	cfg := identity.Config{Issuer: "http://127.0.0.1:8080/idp", ClientID: "service-portal",
		RedirectOrigins: []string{"http://127.0.0.1:8080"}, DataDir: dataDir, DB: db}

	first, err := identity.New(context.Background(), cfg)
	require.NoError(t, err)
	info, err := os.Stat(filepath.Join(dataDir, identity.SigningKeyFile))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	pem, err := os.ReadFile(filepath.Join(dataDir, identity.SigningKeyFile))
	require.NoError(t, err)

	restarted, err := identity.New(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, first.PublicKeys(), restarted.PublicKeys())
	again, err := os.ReadFile(filepath.Join(dataDir, identity.SigningKeyFile))
	require.NoError(t, err)
	require.Equal(t, pem, again, "the key file is not rewritten")

	entries, err := os.ReadDir(dataDir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "no temporary files are left behind")
}

func TestSigningKey_ProcessesStartingTogetherShareOneKey(t *testing.T) {
	dataDir := t.TempDir()
	const n = 4
	providers := make([]*identity.Provider, n)
	var wg sync.WaitGroup
	for i := range n {
		db := testkit.SQLite(t) // separate databases: only the key file is shared
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := identity.New(context.Background(), identity.Config{Issuer: "http://127.0.0.1:8080/idp",
				RedirectOrigins: []string{"http://127.0.0.1:8080"}, DataDir: dataDir, DB: db})
			if err != nil {
				t.Error(err)
				return
			}
			providers[i] = p
		}()
	}
	wg.Wait()
	require.False(t, t.Failed())
	for _, p := range providers[1:] {
		require.Equal(t, providers[0].PublicKeys(), p.PublicKeys())
	}
}

func TestPrepareSigningKey_MakesTheKeyNewThenUses(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	require.NoError(t, <-identity.PrepareSigningKey(dataDir, testkit.Quiet()))
	pem, err := os.ReadFile(filepath.Join(dataDir, identity.SigningKeyFile))
	require.NoError(t, err)

	_, err = identity.New(context.Background(), identity.Config{Issuer: "http://127.0.0.1:8080/idp", ClientID: "service-portal",
		RedirectOrigins: []string{"http://127.0.0.1:8080"}, DataDir: dataDir, DB: testkit.SQLite(t)})
	require.NoError(t, err)
	again, err := os.ReadFile(filepath.Join(dataDir, identity.SigningKeyFile))
	require.NoError(t, err)
	require.Equal(t, pem, again, "New signs with the prepared key")
}
