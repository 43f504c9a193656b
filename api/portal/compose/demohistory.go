package compose

import (
	"context"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// demoHistorySizes is how many RMAs each demo customer's history holds, with the prefixes of
// their customer references and asset tags: casey about thirty, FleetCo Utilities' members
// about two hundred between them.
var demoHistorySizes = map[string]struct {
	rmas     int
	ref, tag string
}{
	identity.DemoCaseyID:  {30, "MFS", ""},
	identity.DemoOliviaID: {110, "FC-WO", "FC"},
	identity.DemoDiegoID:  {90, "FC-WO", "FC"},
}

// seedDemoHistory writes the embedded provider's demo customers' service history up to now,
// with their contact and shipping address from the provider's demo users; the service
// center's moves are the demo admin's.
func seedDemoHistory(ctx context.Context, cfg Config, gdb *gorm.DB) error {
	h := rmadb.DemoHistory{Now: time.Now(), Staff: identity.DemoAdamID, ExistingRMAOwner: identity.DemoCaseyID}
	for _, u := range identity.DemoUsers(cfg.OIDCClientID) {
		size, ok := demoHistorySizes[u.ID]
		if !ok {
			continue
		}
		h.Customers = append(h.Customers, rmadb.DemoCustomer{
			Subject: u.ID, Org: u.OrgName, RMAs: size.rmas, ReferencePrefix: size.ref, AssetTagPrefix: size.tag,
			Contact: rma.Contact{
				FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Phone: u.Phone,
				PhoneCountryCode: u.PhoneCountryCode, Company: u.Company, Position: u.Position,
			},
			Address: rma.Address{
				Line1: u.Shipping.Line1, Line2: u.Shipping.Line2, City: u.Shipping.City, State: u.Shipping.State,
				Country: u.Shipping.Country, PostalCode: u.Shipping.PostalCode,
			},
		})
	}
	return rmadb.SeedDemoHistory(ctx, rmadb.NewStore(gdb), h)
}
