module rugged.example/portal/api/payments

go 1.26.0

require (
	github.com/plutov/paypal/v4 v4.8.0
	github.com/stretchr/testify v1.12.1
	rugged.example/portal/api/pkg v0.0.0
)

require (
	github.com/caarlos0/env/v11 v11.3.1 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace rugged.example/portal/api/pkg => ../pkg
