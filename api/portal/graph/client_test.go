package graph_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
)

type gqlError struct {
	Message    string
	Extensions struct{ Code string }
}

// post sends query with vars to h as p (signed out when nil), the way the portal's GraphQL client
// does, and answers the value of the top-level field (the zero T when the data has none) with
// the errors.
func post[T any](t *testing.T, h http.Handler, p *auth.Principal, field, query string, vars map[string]any) (T, []gqlError) {
	t.Helper()
	body, err := json.Marshal(map[string]any{"query": query, "variables": vars})
	require.NoError(t, err)
	r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(string(body)))
	r.Header.Set("Content-Type", "application/json")
	if p != nil {
		r = r.WithContext(auth.WithPrincipal(r.Context(), *p))
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var out struct {
		Data   map[string]*T
		Errors []gqlError
	}
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &out), w.Body.String())
	var zero T
	if v := out.Data[field]; v != nil {
		return *v, out.Errors
	}
	return zero, out.Errors
}

// postOK is post for a query that must succeed.
func postOK[T any](t *testing.T, h http.Handler, p auth.Principal, field, query string, vars map[string]any) T {
	t.Helper()
	v, errs := post[T](t, h, &p, field, query, vars)
	require.Empty(t, errs)
	return v
}

// connectionOf is a connection's answer, its nodes of N.
type connectionOf[N any] struct {
	Edges []struct {
		Cursor string
		Node   N
	}
	PageInfo struct {
		HasNextPage, HasPreviousPage bool
		StartCursor, EndCursor       *string
	}
	TotalCount int
}

// connectionQuery asks the connection field for a page with every Relay argument, selecting
// node of each edge and the page info, and totalCount when count is true. Its search and sort
// arguments are of the schema's types <prefix>Search and <prefix>Sort.
func connectionQuery(field, prefix, node string, count bool) string {
	fields := "edges{cursor node{" + node + "}} pageInfo{hasNextPage hasPreviousPage startCursor endCursor}"
	if count {
		fields += " totalCount"
	}
	return `query C($search:` + prefix + `Search,$sort:` + prefix + `Sort,$first:Int,$after:String,$last:Int,$before:String){
		` + field + `(search:$search,sort:$sort,first:$first,after:$after,last:$last,before:$before){` + fields + `}}`
}
