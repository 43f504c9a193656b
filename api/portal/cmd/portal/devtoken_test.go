package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// With an external provider the portal holds no signing key of its issuer: minting a token
// would only make one that nothing accepts, or worse, one that something does.
func TestDevToken_RefusesWithAnExternalIssuer(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PORTAL_DATA_DIR", dir)
	t.Setenv("OIDC_ISSUER", "https://login.example.com/realms/rugged")

	err := devToken(t.Context(), []string{"--user", "casey@example.com"})

	require.ErrorContains(t, err, "refused: OIDC_ISSUER names an external provider")
	_, statErr := os.Stat(filepath.Join(dir, "portal.db"))
	require.ErrorIs(t, statErr, os.ErrNotExist, "refused before touching the database")
}
