package loaddriver

import (
	"context"
	"fmt"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
)

// Customer is a seeded user of the embedded provider with the customer role.
type Customer struct {
	Subject, Email string
}

// SeedCustomers adds n customers <prefix>-0001@example.com … (subjects usr_<prefix>_0001 …)
// with the demo password hashed at bcrypt cost, so their RMAs are told apart from the demo
// users' seeded history. One hash serves them all: hashing n times would only slow the set-up.
func SeedCustomers(ctx context.Context, gdb *gorm.DB, prefix string, n, cost int) ([]Customer, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(identity.DemoPassword), cost)
	if err != nil {
		return nil, err
	}
	store := identitydb.NewStore(gdb)
	out := make([]Customer, n)
	for i := range n {
		out[i] = Customer{Subject: fmt.Sprintf("usr_%s_%04d", prefix, i+1), Email: fmt.Sprintf("%s-%04d@example.com", prefix, i+1)}
		_, err := store.CreateUserIfAbsent(ctx, identitycore.User{
			ID: out[i].Subject, Email: out[i].Email, PasswordHash: string(hash),
			FirstName: "Load", LastName: fmt.Sprintf("Customer %d", i+1), Phone: "5125550142", PhoneCountryCode: "US",
			Shipping: identitycore.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Roles:    []string{identitycore.ClientRolePrefix(identity.DefaultClientID) + "customer"},
		})
		if err != nil {
			return nil, fmt.Errorf("seed customer %d: %w", i+1, err)
		}
	}
	return out, nil
}
