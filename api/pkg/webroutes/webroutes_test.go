package webroutes

import (
	"os"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// routePathsFile is the web route table, from this package's folder.
const routePathsFile = "../../../packages/routes/src/paths.ts"

// routePathEntry is one `name: '/path'` (or `'quoted-name': '/path'`) line of routePathsFile.
var routePathEntry = regexp.MustCompile(`(?m)^\s*(?:'([^']+)'|(\w+)):\s*'(/[^']*)',`)

func webRoutes(t *testing.T) map[Name]string {
	t.Helper()
	src, err := os.ReadFile(routePathsFile)
	require.NoError(t, err)
	out := map[Name]string{}
	for _, m := range routePathEntry.FindAllStringSubmatch(string(src), -1) {
		out[Name(m[1]+m[2])] = m[3]
	}
	// Spec §2 names more than forty pages; fewer means the file's format changed under the regexp.
	require.Greater(t, len(out), 40, "routes read from %s", routePathsFile)
	return out
}

func TestPatterns_AreThoseOfTheWebRouteTable(t *testing.T) {
	web := webRoutes(t)
	for name, pattern := range patterns {
		require.Contains(t, web, name, "the server links to route %q, which paths.ts no longer has", name)
		require.Equal(t, web[name], pattern, "route %q differs from paths.ts", name)
	}
}

func TestPath_FillsEscapesAndDropsOptionalSegments(t *testing.T) {
	for _, tc := range []struct {
		name   Name
		params Params
		want   string
	}{
		{CreateRMA, Params{"serial": "RT10000001"}, "/create-rma/RT10000001"},
		{CreateRMA, nil, "/create-rma"},
		{UpgradeDevice, Params{"serial": "a b/c"}, "/upgrade-device/a%20b%2Fc"},
		{PayQuote, Params{"quoteid": "q_1", "reference": "R-7"}, "/pay-quote/q_1/R-7"},
		{PayQuote, Params{"reference": "R-7"}, "/pay-quote/R-7"},
		{PartsOrderCheckout, nil, "/parts-order/checkout"},
	} {
		require.Equal(t, tc.want, Path(tc.name, tc.params), "%s %v", tc.name, tc.params)
	}
}

func TestPath_PanicsOnAProgrammingError(t *testing.T) {
	require.PanicsWithValue(t, `webroutes: route "pay-quote" needs the parameter "reference"`, func() {
		Path(PayQuote, Params{"quoteid": "q_1"})
	})
	require.Panics(t, func() { Path("no-such-page", nil) })
}
