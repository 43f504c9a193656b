// Package accountpact verifies the pact the browser's api-client writes for the account service
// (provider `account`: the history CSV, details, repair summary, dashboard and its stream, the
// stored profile, branches, registrations and drivers) against the real Gin router and core,
// with the ports the rma, uploads, payments and shipping capabilities fill held in memory
// (accounttest). The test needs the Pact FFI library and is built with the `pact` tag by
// `make test-pact`; without a pact for `account` in PACT_DIR it fails.
package accountpact
