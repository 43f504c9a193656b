package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func remoteTree(t *testing.T, names string, apps ...string) (chart, appsDir string) {
	t.Helper()
	root := t.TempDir()
	chart, appsDir = filepath.Join(root, "chart"), filepath.Join(root, "apps")
	require.NoError(t, os.MkdirAll(chart, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(chart, "values.yaml"), []byte("remotes:\n  cdnBaseUrl: \"\"\n  names: "+names+"\n"), 0o644))
	for _, a := range apps {
		require.NoError(t, os.MkdirAll(filepath.Join(appsDir, a), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(appsDir, a, "module-federation.config.ts"), nil, 0o644))
	}
	return chart, appsDir
}

func TestRemoteNames_ListsEveryRemoteTheRepositoryBuilds(t *testing.T) {
	chart, apps := remoteTree(t, "[repair, service-desk]", "service-desk", "repair")
	require.NoError(t, RemoteNames(chart, apps))
}

func TestRemoteNames_RefusesARemoteLeftOut(t *testing.T) {
	chart, apps := remoteTree(t, "[repair]", "repair", "service-desk")
	require.ErrorContains(t, RemoteNames(chart, apps), "remotes.names is [repair], but the remotes under")
}

func TestRemoteNames_TheChartListsTheRepositorysRemotes(t *testing.T) {
	require.NoError(t, RemoteNames("../../../deploy/helm/portal", "../../../apps"))
}
