package webshell

import (
	"strings"
)

// routeTable tells which of the host router's routes a URL path is, so a page prerendered for a
// route with parameters (`/create-rma/:serial`) answers every URL of that route and no URL of
// another one (`/create-rma/confirm-quote` is a route of its own). It ranks the routes that match
// as react-router does: a static segment counts 10 and a parameter 3, and the higher sum wins, so
// the web server never shows one page's picture where the app then renders another.
type routeTable struct {
	routes []route
}

type route struct {
	pattern  string
	segments []string
	score    int
}

// Segment scores of react-router's ranking (computeScore), for the segment kinds the portal's
// patterns use.
const (
	staticScore = 10
	paramScore  = 3
)

// newRouteTable reads patterns in react-router syntax without optional segments (the build
// expands them: packages/prerender). Earlier patterns win ties.
func newRouteTable(patterns []string) routeTable {
	t := routeTable{routes: make([]route, 0, len(patterns))}
	for _, p := range patterns {
		segs := splitPath(p)
		score := len(segs)
		for _, s := range segs {
			if isParam(s) {
				score += paramScore
			} else {
				score += staticScore
			}
		}
		t.routes = append(t.routes, route{pattern: p, segments: segs, score: score})
	}
	return t
}

// match returns the pattern of the best route for the cleaned, still percent-encoded path p
// (an encoded "/" inside a parameter is part of that parameter, as in the router), or false.
func (t routeTable) match(p string) (string, bool) {
	segs := splitPath(p)
	best, found := route{}, false
	for _, r := range t.routes {
		if (!found || r.score > best.score) && r.matches(segs) {
			best, found = r, true
		}
	}
	return best.pattern, found
}

func (r route) matches(segs []string) bool {
	if len(segs) != len(r.segments) {
		return false
	}
	for i, s := range r.segments {
		// The router matches case-insensitively by default.
		if !isParam(s) && !strings.EqualFold(s, segs[i]) {
			return false
		}
	}
	return true
}

func isParam(segment string) bool { return strings.HasPrefix(segment, ":") }

// splitPath splits "/a/b" into its segments; "/" has none.
func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
