// Package portalpact verifies the browser's contract of the GraphQL endpoint against the real
// schema and resolvers (built with the `pact` tag by `make test-pact`).
package portalpact
