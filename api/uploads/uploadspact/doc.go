// Package uploadspact verifies the browser's contract of the uploads API against the real router
// (built with the `pact` tag by `make test-pact`).
package uploadspact
