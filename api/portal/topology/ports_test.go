package topology

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPortPicker_HandsOutDistinctPortsBelowTheEphemeralRange(t *testing.T) {
	p := newPortPicker()
	seen := map[int]bool{}
	for range 30 {
		port, err := p.next()
		require.NoError(t, err)
		require.GreaterOrEqual(t, port, lowestPort)
		require.Less(t, port, p.below)
		require.False(t, seen[port], "port %d handed out twice", port)
		seen[port] = true
	}
}

func TestEphemeralStart(t *testing.T) {
	dir := t.TempDir()
	write := func(body string) string {
		name := filepath.Join(dir, "range")
		require.NoError(t, os.WriteFile(name, []byte(body), 0o644))
		return name
	}
	require.Equal(t, 32768, ephemeralStart(write("32768\t60999\n")))
	require.Equal(t, 49152, ephemeralStart(write("garbage")))
	require.Equal(t, 49152, ephemeralStart(write("1024 65535")), "a range from the bottom leaves no room below it")
	require.Equal(t, 49152, ephemeralStart(filepath.Join(dir, "missing")))
}
