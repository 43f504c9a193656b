// Package identitypact verifies the pact the browser's api-client writes for GET /me (provider
// `portal-identity-api`) against the real identityapi router over the embedded provider: its
// seeded users, its signed access tokens and the stored-profile merge the composition root
// mounts. The test needs the Pact FFI library and is built with the `pact` tag by
// `make test-pact`; without a pact for `portal-identity-api` in PACT_DIR it fails.
package identitypact
