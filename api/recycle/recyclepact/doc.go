// Package recyclepact verifies the browser's contract of the recycle API against the real router
// (built with the `pact` tag by `make test-pact`).
package recyclepact
