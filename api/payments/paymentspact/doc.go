// Package paymentspact verifies the pacts that the browser's api-client writes for the payments
// endpoints (quote details, the pay-quote pages' PayPal and Authorize.net calls) against the
// real Gin router, the real store and the provider sandboxes. The test needs the Pact FFI library
// and is built with the `pact` tag by `make test-pact`.
package paymentspact
