package webshell

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func manifestWith(react string) string {
	return `{"shared":[{"name":"react","version":"` + react + `"},{"name":"@portal/ui","version":"0.0.0"}]}`
}

func TestMount_RefusesARemoteBuiltWithAnotherMajorOfASingleton(t *testing.T) {
	files := prerenderedTree(t, hostPages)
	files["host/dist/mf-manifest.json"] = manifestWith("19.3.1")
	files["apps/support/dist/mf-manifest.json"] = manifestWith("20.0.0")

	_, err := mountPrerendered(t, files, Options{})
	require.ErrorContains(t, err, "remote support was built with react 20.0.0 and the host with 19.3.1")

	// Served from elsewhere, it is not read here: the policy and runtime config still name it.
	_, err = mountPrerendered(t, files, Options{RemoteURLs: map[string]string{"support": "https://cdn.example/support/mf-manifest.json"}})
	require.NoError(t, err)
}

func TestMount_ServesRemotesBuiltWithTheHostsMajors(t *testing.T) {
	files := prerenderedTree(t, hostPages)
	files["host/dist/mf-manifest.json"] = manifestWith("19.3.1")
	files["apps/support/dist/mf-manifest.json"] = manifestWith("19.4.0")

	_, err := mountPrerendered(t, files, Options{})
	require.NoError(t, err)
}

func TestCompatibleLine(t *testing.T) {
	for version, want := range map[string]string{"19.3.1": "19", "6.6.0": "6", "0.4.2": "0.4", "0.0.0": "0.0", "7": "7"} {
		require.Equal(t, want, compatibleLine(version), version)
	}
}
