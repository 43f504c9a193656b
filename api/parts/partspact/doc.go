// Package partspact verifies the pact the browser's api-client writes for the parts service
// (provider `parts`: the catalogue, pricing, orders, their process and cancel, and the video
// units' serials) against the real Gin router, core and SQLite store, with the ports the
// payments, uploads and rma capabilities fill held in memory (partstest). The test needs the
// Pact FFI library and is built with the `pact` tag by `make test-pact`; without a pact for
// `parts` in PACT_DIR it fails.
package partspact
