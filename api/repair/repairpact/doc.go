// Package repairpact verifies the pacts that the browser's api-client writes for the repair
// endpoints against the real Gin router. The test needs the Pact FFI library and is built with
// the `pact` tag by `make test-pact`.
package repairpact
