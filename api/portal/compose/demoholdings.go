package compose

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// DemoHolding is a unit of the demo fleet a demo user registered as theirs.
type DemoHolding struct {
	Owner, Serial string
	Bought        string // purchase date, YYYY-MM-DD
}

// DemoHoldings are the units adam (who may order video parts and read video serials) registered:
// three VX12 body-worn cameras (two in warranty, one out) and a laptop and a tablet. They are
// fleet units the demo history never gives an RMA, so the README can name them: the inventory,
// the video-parts pages and the upgrade pages have units to show for adam. casey's units come
// from her RMAs.
var DemoHoldings = []DemoHolding{
	{identity.DemoAdamID, "VT10001007", "2024-05-25"},
	{identity.DemoAdamID, "VT10001021", "2025-02-13"},
	{identity.DemoAdamID, "VT10001032", "2022-01-22"},
	{identity.DemoAdamID, "RT10001029", "2024-07-08"},
	{identity.DemoAdamID, "RT10001095", "2022-06-06"},
}

// demoProofFileID names the proof of purchase of the demo registrations: demo data proves
// nothing, and no upload is claimed for it.
const demoProofFileID = "demo/proof-of-purchase.pdf"

// seedDemoHoldings registers DemoHoldings, each once: a unit registered already (by the last
// seed, or by someone who registered it meanwhile) is left as it is, so seeding again changes
// nothing.
func seedDemoHoldings(ctx context.Context, gdb *gorm.DB) error {
	store := rmadb.NewStore(gdb)
	for _, h := range DemoHoldings {
		bought, err := time.Parse(time.DateOnly, h.Bought)
		if err != nil {
			return fmt.Errorf("compose: demo holding %s: %w", h.Serial, err)
		}
		if _, err := store.UnitBySerial(ctx, h.Serial); errors.Is(err, rma.ErrUnitNotFound) {
			// A registry seeded before the fleet existed has no such unit: nothing to register.
			continue
		} else if err != nil {
			return err
		}
		err = store.CreateRegistration(ctx, rma.Registration{
			Serial: h.Serial, Owner: h.Owner, PurchaseDate: bought, ProofFileID: demoProofFileID,
			// Registered a week after it was bought: a fixed time, so seeds agree.
			RegisteredAt: bought.AddDate(0, 0, 7).Add(10 * time.Hour),
		})
		if err != nil && !errors.Is(err, rma.ErrAlreadyRegistered) {
			return fmt.Errorf("compose: register demo unit %s: %w", h.Serial, err)
		}
	}
	return nil
}
