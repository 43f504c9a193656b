module rugged.example/portal/api/tools

go 1.26.0
