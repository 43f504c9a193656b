package compose

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDomains_EveryServedDomainHasExactlyOneMount(t *testing.T) {
	mounts := (&App{}).mounts(Config{}, nil, nil, nil, nil, nil)
	for _, d := range Domains() {
		_, composed := mounts[d.Name]
		if !d.Serves() {
			require.False(t, composed, "%s is served by no process, yet mounts wires it", d.Name)
			require.Nil(t, d.Mount, "%s is served by no process, yet it has a Mount", d.Name)
			continue
		}
		require.True(t, composed != (d.Mount != nil), "%s: want either its descriptor's Mount or a line in mounts, not both or neither", d.Name)
	}
	for name := range mounts {
		d, ok := descriptor(name)
		require.True(t, ok && d.Serves(), "mounts wires %s, which Domains does not list as served", name)
	}
}

func TestDomains_NamesAndModulesAreDistinctAndPlaced(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Domains() {
		require.NotEmpty(t, d.Name)
		require.NotEmpty(t, d.Module, d.Name)
		require.NotZero(t, d.Layer, "%s has no layer", d.Name)
		require.False(t, seen[d.Name], "%s is listed twice", d.Name)
		seen[d.Name] = true
	}
}

func TestAPIPrefixes_AreEveryDomainsPathsButTheWebShells(t *testing.T) {
	prefixes := apiPrefixes()
	for _, r := range Routes() {
		for _, p := range r.Paths {
			require.Equal(t, r.Service != ServiceWeb, slices.Contains(prefixes, p), "%s of %s", p, r.Service)
		}
	}
	require.Contains(t, prefixes, "/sandbox", "the payment sandboxes never fall back to the host page")
	require.Contains(t, prefixes, "/metrics", "the public port answers /metrics with a plain 404")
}
