package compose_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The account connections as the composed portal serves them, on the embedded default's demo
// history and quotes: the resolvers get the history and the quotes from the capabilities.
func TestBuild_GraphQLAccountConnectionsOverTheDemoData(t *testing.T) {
	cfg := embeddedConfig(t)
	app := build(t, cfg)
	type node struct {
		RmaNumber, UID string
		Mine           bool
	}
	type answer struct {
		Data map[string]struct {
			TotalCount int
			Edges      []struct{ Node node }
			PageInfo   struct{ HasNextPage bool }
		}
		Errors []struct{ Message string }
	}
	post := func(query, token string) answer {
		t.Helper()
		body, err := json.Marshal(map[string]any{"query": query})
		require.NoError(t, err)
		req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		w := httptest.NewRecorder()
		app.Engine.ServeHTTP(w, req)
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		var a answer
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &a), w.Body.String())
		require.Empty(t, a.Errors, w.Body.String())
		return a
	}
	rmas := `{RMAsConnection(first:5){totalCount pageInfo{hasNextPage} edges{node{rmaNumber uid mine}}}}`
	quotes := `{savedQuoteConnection(first:100){totalCount pageInfo{hasNextPage} edges{node{uid mine}}}}`

	casey := post(rmas, devToken(t, cfg, "casey@example.com")).Data["RMAsConnection"]
	require.Len(t, casey.Edges, 5)
	require.True(t, casey.PageInfo.HasNextPage)
	require.GreaterOrEqual(t, casey.TotalCount, 30, "casey's demo history")
	for _, e := range casey.Edges {
		require.True(t, e.Node.Mine)
		require.Len(t, e.Node.UID, 26)
	}

	olivia := devToken(t, cfg, "olivia@fleetco.example")
	fleet := post(strings.Replace(rmas, "first:5", "first:100", 1), olivia).Data["RMAsConnection"]
	require.Greater(t, fleet.TotalCount, casey.TotalCount, "FleetCo's history is olivia's and diego's")
	theirs := 0
	for _, e := range fleet.Edges {
		if !e.Node.Mine {
			theirs++
		}
	}
	require.Positive(t, theirs, "diego's RMAs are listed to olivia as the organization's")

	open := post(quotes, olivia).Data["savedQuoteConnection"]
	require.Len(t, open.Edges, open.TotalCount)
	require.Positive(t, open.TotalCount, "the demo quotes waiting for FleetCo")
}
