// Package geopact verifies the browser's contract of the geography lists against the real router
// (built with the `pact` tag by `make test-pact`).
package geopact
