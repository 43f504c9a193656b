// Package portaldomain records the portal module's release version (api-portal: the GraphQL and
// web shell processes, which compose declares) for the Go side; version.go is generated from
// api/portal/package.json by `make release-version`.
package portaldomain
