// Package supportpact verifies the browser's contract of the contact form against the real router
// (built with the `pact` tag by `make test-pact`).
package supportpact
