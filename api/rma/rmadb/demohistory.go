package rmadb

import (
	"context"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/rma/rma"
)

// DemoCustomer is a demo user whose service history SeedDemoHistory writes.
type DemoCustomer struct {
	Subject string
	// Org is stamped on their RMAs ("" for none): its members see them.
	Org string
	// Name is the user's display name, as their token gives it: who opened their RMAs.
	Name    string
	Contact rma.Contact
	Address rma.Address
	// RMAs is how many RMAs their history holds: one in each status of both lifecycles first,
	// then mostly finished ones.
	RMAs int
	// ReferencePrefix starts their customer references ("MFS" gives "MFS-0412"); AssetTagPrefix
	// their asset tags, none when empty.
	ReferencePrefix, AssetTagPrefix string
}

// DemoHistory says whose history to write and as of when.
type DemoHistory struct {
	Customers []DemoCustomer
	// Staff is the subject of the service center's moves.
	Staff string
	// ExistingRMAOwner is the customer whose open RMA the documented unit with an RMA (RT10000006)
	// carries; its number is the one the units registry names.
	ExistingRMAOwner string
	// Now is the end of the two years the history spans.
	Now time.Time
}

// The demo history is numbered below the counter's start (100500, see counterRow), in the room
// the first migration left for imported history, so it never meets a number a customer gets.
const (
	demoFirstNumber = 100001
	demoLastNumber  = 100499
	demoSpan        = 730 * 24 * time.Hour
	day             = 24 * time.Hour
)

// demoEpoch is the moment the history is drawn up to; written, it moves to the seed's Now
// whole. So the same RMA has the same number, unit and status whenever it is seeded, and the
// README and the browser tests can name them; only the warranty a covered repair was opened
// under drifts a little as the history moves past the units' fixed warranty ends.
var demoEpoch = time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)

// SeedDemoHistory writes the demo customers' service history: RMAs spread over the two years
// before h.Now in every status of both lifecycles, each with its whole timeline, the repair
// work and return tracking of repaired units, on units of the generated fleet (the README's
// documented units stay without RMAs, but for the one documented as having an RMA). The same
// random seed gives the same history, whenever it is seeded (see demoEpoch). Rows are written
// through the store's row types in one transaction, never through the lifecycle, so nobody is
// e-mailed. A database that has the
// history already, or lacks the demo fleet, is left alone.
func SeedDemoHistory(ctx context.Context, s *Store, h DemoHistory) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		existing := documentedUnitWithRMA()
		var n int64
		if err := tx.Model(&rmaRow{}).Where("number = ?", existing.OpenRMANumber).Count(&n).Error; err != nil || n > 0 {
			return err
		}
		var anchor []unitRow
		if err := tx.Where("serial = ?", existing.Serial).Find(&anchor).Error; err != nil || len(anchor) == 0 {
			return err
		}
		pool, err := demoPool(tx)
		if err != nil || len(pool) == 0 {
			return err
		}
		plan, err := planDemoHistory(h, toUnit(anchor[0]), pool)
		if err != nil {
			return err
		}
		shift(plan, h.Now.UTC().Truncate(time.Minute).Sub(demoEpoch))
		return writeDemoHistory(tx, plan, h.Now.UTC())
	})
}

// documentedUnitWithRMA is the README's unit whose RMA already exists.
func documentedUnitWithRMA() rma.Unit {
	i := slices.IndexFunc(DemoUnits(), func(u rma.Unit) bool { return u.OpenRMANumber != "" })
	return DemoUnits()[i]
}

// demoPool is the fleet's units that may get RMAs: generated (not documented), serviceable,
// with a price list, and without an RMA someone opened already. Sorted, so the seed decides.
func demoPool(tx *gorm.DB) ([]rma.Unit, error) {
	fleet := map[string]bool{}
	for _, u := range FleetUnits(FleetSize) {
		fleet[u.Serial] = true
	}
	options := DemoRepairOptions()
	var rows []unitRow
	if err := tx.Where("open_rma_number = '' AND end_of_service = ?", false).Order("serial").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: demo units: %w", err)
	}
	var pool []rma.Unit
	for _, row := range rows {
		u := toUnit(row)
		if fleet[u.Serial] && !u.MissingData() && u.Model != rma.ModelEX80 && len(options[u.Model]) > 0 {
			pool = append(pool, u)
		}
	}
	return pool, nil
}
