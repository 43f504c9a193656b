// Package inventorypact verifies the pact the browser's api-client writes for the service-managed
// inventory (provider `parts-inventory`: the list with its filters, the CSV download and a unit's
// profile) against the real Gin router and core, on the real stores: the rma capability's
// holdings (rmadb) and the parts orders (partsdb) on a migrated SQLite database. The test needs
// the Pact FFI library and is built with the `pact` tag by `make test-pact`; without a pact for
// `parts-inventory` in PACT_DIR it fails.
package inventorypact
