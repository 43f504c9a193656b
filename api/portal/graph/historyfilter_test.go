package graph_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
)

// The connection's search has the REST list's limits: an oversized filter is the caller's
// mistake (BAD_USER_INPUT), refused before any query, never an INTERNAL error from a database
// out of bind variables.
func TestIntegrationRMAsConnection_RefusesOversizedFilters(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newHistoryEnv(t, gdb)
		// Five thousand years fit the body (MaxBody); forty thousand are refused before any
		// resolver as a body too large (transport_test.go).
		years := make([]int, 5000)
		for i := range years {
			years[i] = i + 1
		}
		for _, tc := range []struct {
			name   string
			search map[string]any
		}{
			{"text over 100 characters", map[string]any{"text": strings.Repeat("x", 101)}},
			{"five thousand years", map[string]any{"years": years}},
			{"a year before 2000", map[string]any{"years": []int{1999}}},
			{"month 13", map[string]any{"months": []int{13}}},
			{"an unknown status", map[string]any{"statuses": []string{"ARCHIVED"}}},
		} {
			c, errs := e.do(t, &olivia, e.query(true), map[string]any{"first": 2, "search": tc.search})
			require.Len(t, errs, 1, tc.name)
			require.Equal(t, "BAD_USER_INPUT", errs[0].Extensions.Code, tc.name)
			require.Empty(t, c.Edges, tc.name)
		}
		require.Zero(t, e.history.counts.Load(), "nothing was counted")

		c, errs := e.do(t, &olivia, e.query(true), map[string]any{"first": 2, "search": map[string]any{
			"text": strings.Repeat("x", 100), "years": []int{2026, 2026}, "months": []int{1, 12}, "statuses": []string{"awaiting_unit"},
		}})
		require.Empty(t, errs, "the limits themselves, repeats and a status in lower case are accepted")
		require.Empty(t, c.Edges)
	})
}
