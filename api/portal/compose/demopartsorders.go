package compose

import (
	"context"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/auth"
)

// demoPartsOrderIDs is the first demo parts order number of each demo customer: casey's orders
// are PB-090001…, olivia's PB-090101…, diego's PB-090201…, below the order counter's start.
var demoPartsOrderIDs = map[string]int{
	identity.DemoCaseyID:  90001,
	identity.DemoOliviaID: 90101,
	identity.DemoDiegoID:  90201,
}

// seedDemoPartsOrders writes a few parts orders of casey's and of FleetCo's members (olivia's
// paid by purchase order, as she holds service:payment:po), so parts-orders-history has
// something to show; each order once.
func seedDemoPartsOrders(ctx context.Context, cfg Config, gdb *gorm.DB) error {
	poRole := identitycore.ClientRolePrefix(cfg.OIDCClientID) + string(auth.PermPaymentPO)
	var customers []partsdb.DemoOrderCustomer
	for _, id := range []string{identity.DemoCaseyID, identity.DemoOliviaID, identity.DemoDiegoID} {
		for _, u := range identity.DemoUsers(cfg.OIDCClientID) {
			if u.ID != id {
				continue
			}
			c := partsdb.DemoOrderCustomer{
				Subject: u.ID, Org: u.OrgName, Name: demoName(u), Contact: demoContact(u), Address: demoAddress(u),
				FirstID: demoPartsOrderIDs[u.ID],
			}
			if slices.Contains(u.Roles, poRole) {
				c.POPrefix = strings.ToUpper(demoHistorySizes[u.ID].tag) + "-PO-"
			}
			customers = append(customers, c)
		}
	}
	return partsdb.SeedDemoOrders(ctx, partsdb.NewStore(gdb), time.Now(), customers)
}
