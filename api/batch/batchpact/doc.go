// Package batchpact verifies the pact the browser's api-client writes for the fleet batch
// (provider `portal-batch-api`: the template, parse, pre-flight, submit, list, a batch, its
// events, the result CSV, the documents PDF, pay, confirm and removing a row) against the real
// Gin router and core (batchapi, batch) on the real store (batchdb, a migrated SQLite
// database). The capabilities the core reaches through its ports (rma, payments, shipping,
// uploads) are small stand-ins here: their own pacts and tests cover them. The test needs the
// Pact FFI library and is built with the `pact` tag by `make test-pact`; without a pact for
// `portal-batch-api` in PACT_DIR it fails.
package batchpact
