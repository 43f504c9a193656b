// Package depotpact verifies the browser's pact with the depot API (`portal-depot-api`)
// against the real router: `make pact-verify PACT_PKG=api/depot/depotpact` (tag pact).
package depotpact
