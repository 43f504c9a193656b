package identity

import (
	"context"
	"log/slog"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/identity/identitydb"
)

// DemoPassword is the password of every seeded demo user.
const DemoPassword = "Rugged-Demo-2026"

// demoPasswordHash is DemoPassword's bcrypt hash at bcrypt.DefaultCost, the demo users' stored
// hash. The password is published, so a hash written here gives nothing away, and a new data
// directory's start spends no bcrypt (a tenth of a second on the embedded default's first start).
const demoPasswordHash = "$2a$10$qU7vDTG.vHMEHeLGqS/yHepu9MWSWfY38Kj1smJuajFWK4pbh85RG"

// Stable subjects of the demo users.
const (
	DemoCaseyID  = "usr_casey"
	DemoOliviaID = "usr_olivia"
	DemoAdamID   = "usr_adam"
	DemoNoraID   = "usr_nora"
	DemoDiegoID  = "usr_diego"
	DemoTariqID  = "usr_tariq"
	DemoLenaID   = "usr_lena"
)

// DemoUsers returns the seeded users (without password hashes) for clientID's roles:
//   - casey@example.com   customer
//   - olivia@fleetco.example  customer in organization "FleetCo Utilities", pays by PO, orders parts, 10 % flat discount
//   - diego@fleetco.example   customer in the same organization, pays by card, no discount: what
//     one member sees of another's RMAs, quotes and units
//   - adam@example.com    admin with every service permission
//   - nora@example.com    signs in but holds no role of clientID
//   - tariq@rugged.example   depot technician: staff, not a customer (no address, no RMAs)
//   - lena@rugged.example    depot lead
func DemoUsers(clientID string) []identitycore.User {
	role := func(name string) string { return identitycore.ClientRolePrefix(clientID) + name }
	return []identitycore.User{
		{
			ID: DemoCaseyID, Email: "casey@example.com",
			FirstName: "Casey", LastName: "Morgan",
			Company: "Morgan Field Services",
			Phone:   "5125550142", PhoneCountryCode: "US",
			Shipping: identitycore.Address{
				Line1: "2100 Riverside Dr", Line2: "Suite 300", City: "Austin", State: "TX", Country: "US", PostalCode: "78741",
			},
			Roles: []string{role("customer")},
		},
		{
			ID: DemoOliviaID, Email: "olivia@fleetco.example",
			FirstName: "Olivia", LastName: "Chen",
			Company: "FleetCo Utilities", Position: "Fleet Manager",
			Phone: "6145550187", PhoneCountryCode: "US",
			Shipping: identitycore.Address{
				Line1: "455 Industrial Pkwy", City: "Columbus", State: "OH", Country: "US", PostalCode: "43219",
			},
			OrgName:                "FleetCo Utilities",
			FlatDiscountPercentage: 10,
			Roles:                  []string{role("customer"), role("service:payment:po"), role("service:partorder:create")},
		},
		{
			ID: DemoDiegoID, Email: "diego@fleetco.example",
			FirstName: "Diego", LastName: "Alvarez",
			Company: "FleetCo Utilities", Position: "Field Technician",
			Phone: "6025550163", PhoneCountryCode: "US",
			Shipping: identitycore.Address{
				Line1: "1710 W Buckeye Rd", City: "Phoenix", State: "AZ", Country: "US", PostalCode: "85007",
			},
			OrgName: "FleetCo Utilities",
			Roles:   []string{role("customer")},
		},
		{
			ID: DemoAdamID, Email: "adam@example.com",
			FirstName: "Adam", LastName: "Price",
			Phone: "5125550199", PhoneCountryCode: "US",
			Shipping: identitycore.Address{
				Line1: "800 Congress Ave", Line2: "Floor 4", City: "Austin", State: "TX", Country: "US", PostalCode: "78701",
			},
			Roles: []string{
				role("admin"),
				role("service:admin:rma:override:oow"),
				role("service:partorder:create"),
				role("service:video:serial:read"),
				role("service:beta"),
			},
		},
		{
			ID: DemoNoraID, Email: "nora@example.com",
			FirstName: "Nora", LastName: "Quinn",
			Roles: []string{"field-app:viewer"},
		},
		{
			ID: DemoTariqID, Email: "tariq@rugged.example",
			FirstName: "Tariq", LastName: "Haddad", Company: "Rugged Depot", Position: "Depot Technician",
			Roles: []string{role("service:depot:technician")},
		},
		{
			ID: DemoLenaID, Email: "lena@rugged.example",
			FirstName: "Lena", LastName: "Voss", Company: "Rugged Depot", Position: "Depot Lead",
			Roles: []string{role("service:depot:lead")},
		},
	}
}

// SeedDemoUsers inserts each demo user of clientID that is absent (by id or e-mail) into the
// provider's tables on gdb; existing users are left as they are, so running it again changes
// nothing. It is demo data, loaded by `portal seed` (and by the embedded default at start),
// never by New.
func SeedDemoUsers(ctx context.Context, gdb *gorm.DB, clientID string, log *slog.Logger) error {
	if clientID == "" {
		clientID = DefaultClientID
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	store := identitydb.NewStore(gdb)
	for _, u := range DemoUsers(clientID) {
		exists, err := store.UserExists(ctx, u.ID, u.Email)
		if err != nil {
			return err
		}
		if exists {
			continue
		}
		u.PasswordHash = demoPasswordHash
		created, err := store.CreateUserIfAbsent(ctx, u)
		if err != nil {
			return err
		}
		if created {
			log.InfoContext(ctx, "idp demo user seeded", slog.String("user_id", u.ID), slog.String("email", u.Email))
		}
	}
	return nil
}
