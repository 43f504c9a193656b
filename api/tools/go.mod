module rugged.example/portal/api/tools

go 1.26.0

require (
	github.com/99designs/gqlgen v0.17.94 // indirect
	github.com/agnivade/levenshtein v1.2.1 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
	github.com/urfave/cli/v3 v3.10.1 // indirect
	github.com/vektah/gqlparser/v2 v2.5.36 // indirect
	golang.org/x/mod v0.38.0 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/text v0.40.0 // indirect
	golang.org/x/tools v0.48.0 // indirect
)

tool github.com/99designs/gqlgen
