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

// connectionClient asks one connection field of handler, with its <prefix>Search and
// <prefix>Sort arguments and every Relay one, selecting node of each edge and the page info.
type connectionClient[N any] struct {
	handler             http.Handler
	field, prefix, node string
}

// query asks for a page, with totalCount when count is true.
func (c *connectionClient[N]) query(count bool) string {
	fields := "edges{cursor node{" + c.node + "}} pageInfo{hasNextPage hasPreviousPage startCursor endCursor}"
	if count {
		fields += " totalCount"
	}
	return `query C($search:` + c.prefix + `Search,$sort:` + c.prefix + `Sort,$first:Int,$after:String,$last:Int,$before:String){
		` + c.field + `(search:$search,sort:$sort,first:$first,after:$after,last:$last,before:$before){` + fields + `}}`
}

func (c *connectionClient[N]) do(t *testing.T, p *auth.Principal, query string, vars map[string]any) (connectionOf[N], []gqlError) {
	t.Helper()
	return post[connectionOf[N]](t, c.handler, p, c.field, query, vars)
}

// page is a page without totalCount that must come without errors.
func (c *connectionClient[N]) page(t *testing.T, p auth.Principal, vars map[string]any) connectionOf[N] {
	t.Helper()
	return postOK[connectionOf[N]](t, c.handler, p, c.field, c.query(false), vars)
}

// walk reads the whole connection as p, size at a time, forward with first/after from the start
// and backward with last/before from the end, checking the page info of every page, and
// answers values of the pages each way, in the connection's order.
func (c *connectionClient[N]) walk(t *testing.T, p auth.Principal, size int, values func(connectionOf[N]) []string) (forward, backward []string) {
	t.Helper()
	// A connection that never says it ended fails its test rather than hanging it.
	const maxPages = 20
	vars := map[string]any{"first": size}
	for range maxPages {
		page := c.page(t, p, vars)
		forward = append(forward, values(page)...)
		require.Equal(t, *page.PageInfo.StartCursor, page.Edges[0].Cursor)
		require.Equal(t, *page.PageInfo.EndCursor, page.Edges[len(page.Edges)-1].Cursor)
		require.Equal(t, vars["after"] != nil, page.PageInfo.HasPreviousPage)
		if !page.PageInfo.HasNextPage {
			break
		}
		vars = map[string]any{"first": size, "after": *page.PageInfo.EndCursor}
	}
	vars = map[string]any{"last": size}
	for range maxPages {
		page := c.page(t, p, vars)
		backward = append(values(page), backward...)
		require.Equal(t, vars["before"] != nil, page.PageInfo.HasNextPage)
		if !page.PageInfo.HasPreviousPage {
			break
		}
		vars = map[string]any{"last": size, "before": *page.PageInfo.StartCursor}
	}
	return forward, backward
}

// nodeValues is one value of each node of a page, in its order.
func nodeValues[N any](c connectionOf[N], value func(N) string) []string {
	out := make([]string, len(c.Edges))
	for i, e := range c.Edges {
		out[i] = value(e.Node)
	}
	return out
}
