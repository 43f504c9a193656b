package webshell

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"
)

const releaseManifest = "https://cdn.example/repair/1.0.1/mf-manifest.json"

// writeRemotes replaces the remotes file as a deployment does: a new file renamed over the old,
// so the web process never reads half of it.
func writeRemotes(t *testing.T, name, body string) {
	t.Helper()
	next := name + ".next"
	require.NoError(t, os.WriteFile(next, []byte(body), 0o644))
	require.NoError(t, os.Rename(next, name))
}

// mountWithRemotesFile mounts the prerendered tree (host, support, parts) plus a built repair,
// with a remotes file holding body.
func mountWithRemotesFile(t *testing.T, body string) (*gin.Engine, string) {
	t.Helper()
	files := prerenderedTree(t, hostPages)
	files["apps/repair/dist/mf-manifest.json"] = "{}"
	file := filepath.Join(t.TempDir(), "remotes.json")
	require.NoError(t, os.WriteFile(file, []byte(body), 0o644))
	r, err := mountPrerendered(t, files, Options{RemotesFile: file})
	require.NoError(t, err)
	return r, file
}

func runtimeConfig(t *testing.T, r http.Handler) RuntimeConfig {
	t.Helper()
	w := get(r, "/runtime-config.json")
	require.Equal(t, http.StatusOK, w.Code)
	var rc RuntimeConfig
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &rc))
	return rc
}

func TestMount_RemotesFileMovesOneRemoteToItsReleaseAndBackWithoutRestart(t *testing.T) {
	r, file := mountWithRemotesFile(t, `{"remotes":{}}`)
	require.Equal(t, "/remotes/repair/mf-manifest.json", runtimeConfig(t, r).Remotes["repair"])
	require.Contains(t, get(r, "/help-support").Body.String(), "<h1>Help</h1>")

	writeRemotes(t, file, `{"remotes":{"repair":"`+releaseManifest+`","support":"https://cdn.example/support/2.0.0/mf-manifest.json"}}`)

	rc := runtimeConfig(t, r)
	require.Equal(t, map[string]string{
		"repair":  releaseManifest,
		"support": "https://cdn.example/support/2.0.0/mf-manifest.json",
		"parts":   "/remotes/parts/mf-manifest.json",
	}, rc.Remotes)
	require.Equal(t, []string{"https://cdn.example"}, rc.AllowedRemoteOrigins)
	page := get(r, "/help-support")
	require.Contains(t, page.Header().Get("Content-Security-Policy"), "script-src 'self' https://cdn.example;")
	require.NotContains(t, page.Body.String(), "<h1>Help</h1>", "the page prerendered from the build here is not the release the browser loads")
	require.Contains(t, get(r, "/parts-order").Body.String(), "<h1>Parts</h1>", "a remote the file leaves alone keeps its prerendered page")

	// The rollback: the same file without the remote.
	writeRemotes(t, file, `{"remotes":{"support":"https://cdn.example/support/2.0.0/mf-manifest.json"}}`)
	require.Equal(t, "/remotes/repair/mf-manifest.json", runtimeConfig(t, r).Remotes["repair"])
	writeRemotes(t, file, `{"remotes":{}}`)
	rc = runtimeConfig(t, r)
	require.Equal(t, "/remotes/support/mf-manifest.json", rc.Remotes["support"])
	require.Empty(t, rc.AllowedRemoteOrigins)
	page = get(r, "/help-support")
	require.Contains(t, page.Header().Get("Content-Security-Policy"), "script-src 'self';")
	require.Contains(t, page.Body.String(), "<h1>Help</h1>")
}

func TestMount_RemotesFileThatCannotBeAppliedKeepsTheRemotesAsTheyWere(t *testing.T) {
	for name, body := range map[string]string{
		"not JSON":                       `{"remotes":`,
		"a URL the policy cannot allow":  `{"remotes":{"repair":"//cdn.example/repair/mf-manifest.json"}}`,
		"a remote without its manifest":  `{"remotes":{"repair":""}}`,
		"remotes that are not a mapping": `{"remotes":["repair"]}`,
	} {
		t.Run(name, func(t *testing.T) {
			r, file := mountWithRemotesFile(t, `{"remotes":{"repair":"`+releaseManifest+`"}}`)

			writeRemotes(t, file, body)

			require.Equal(t, releaseManifest, runtimeConfig(t, r).Remotes["repair"])
			require.Contains(t, get(r, "/").Header().Get("Content-Security-Policy"), "https://cdn.example")
		})
	}

	t.Run("a removed file", func(t *testing.T) {
		r, file := mountWithRemotesFile(t, `{"remotes":{"repair":"`+releaseManifest+`"}}`)

		require.NoError(t, os.Remove(file))

		require.Equal(t, releaseManifest, runtimeConfig(t, r).Remotes["repair"])
	})
}

func TestMount_RemotesFileIsReadAtStartAndRefusedThenWhenBroken(t *testing.T) {
	r, _ := mountWithRemotesFile(t, `{"remotes":{"repair":"`+releaseManifest+`"}}`)
	require.Equal(t, releaseManifest, runtimeConfig(t, r).Remotes["repair"])

	for name, file := range map[string]string{
		"missing": filepath.Join(t.TempDir(), "remotes.json"),
		"broken":  filepath.Join(t.TempDir(), "broken.json"),
	} {
		t.Run(name, func(t *testing.T) {
			if name == "broken" {
				require.NoError(t, os.WriteFile(file, []byte("{"), 0o644))
			}
			_, err := mountPrerendered(t, prerenderedTree(t, hostPages), Options{RemotesFile: file})
			require.ErrorContains(t, err, "remotes file")
		})
	}
}

func TestMount_RemotesFileMovingARemoteBackChecksItsSharedVersions(t *testing.T) {
	files := prerenderedTree(t, hostPages)
	files["host/dist/mf-manifest.json"] = `{"shared":[{"name":"react","version":"19.2.0"}]}`
	files["apps/repair/dist/mf-manifest.json"] = `{"shared":[{"name":"react","version":"20.0.0"}]}`
	file := filepath.Join(t.TempDir(), "remotes.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"remotes":{"repair":"`+releaseManifest+`"}}`), 0o644))
	r, err := mountPrerendered(t, files, Options{RemotesFile: file})
	require.NoError(t, err, "the build of repair here is not loaded, so its React is no matter")

	writeRemotes(t, file, `{"remotes":{}}`)

	require.Equal(t, releaseManifest, runtimeConfig(t, r).Remotes["repair"], "a build that cannot run on this host is not put back")
}
