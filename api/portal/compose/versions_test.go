package compose_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/portal/portaldomain"
	"rugged.example/portal/api/repair/repairdomain"
)

// health is what /healthz and /readyz answer about the releases a process runs.
type health struct {
	Status   string            `json:"status"`
	Versions map[string]string `json:"versions"`
}

func TestBuild_EachProcessAnswersTheVersionsItRunsOnItsProbes(t *testing.T) {
	cfg := split(t)
	cfg.Services = compose.Services{compose.ServiceRepair}
	repair := build(t, cfg)
	for _, path := range []string{"/healthz", "/readyz"} {
		var h health
		require.NoError(t, json.Unmarshal(serve(repair, http.MethodGet, path, "").Body.Bytes(), &h), path)
		require.Equal(t, map[string]string{"api-repair": repairdomain.Version}, h.Versions, path)
	}

	// The GraphQL and web shell processes are the portal module's: one release, one version.
	cfg.Services = compose.Services{compose.ServiceGraphQL, compose.ServiceWeb}
	var h health
	require.NoError(t, json.Unmarshal(serve(build(t, cfg), http.MethodGet, "/healthz", "").Body.Bytes(), &h))
	require.Equal(t, map[string]string{"api-portal": portaldomain.Version}, h.Versions)
}

func TestRoutes_NameEachProcessesReleaseAndVersion(t *testing.T) {
	for _, r := range compose.Routes() {
		require.NotEmpty(t, r.Version, r.Service)
		require.Regexp(t, `^api-[a-z0-9]+$`, r.Deployable, r.Service)
	}
	require.Contains(t, compose.Routes(), compose.Route{Service: compose.ServiceRepair, Paths: []string{"/rma-manager"}, Deployable: "api-repair", Version: repairdomain.Version})
}
