module rugged.example/portal/api/payments

go 1.26.0

require rugged.example/portal/api/pkg v0.0.0

replace rugged.example/portal/api/pkg => ../pkg
