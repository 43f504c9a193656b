// Package shippingpact verifies the browser's contract of the shipping API against the real
// router (built with the `pact` tag by `make test-pact`).
package shippingpact
