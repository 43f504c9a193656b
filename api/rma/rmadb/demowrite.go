package rmadb

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
)

// writeDemoHistory inserts plan in batches; events and work go in time order, so ids follow
// time and each timeline reads in order. Units with an RMA under way name it.
func writeDemoHistory(tx *gorm.DB, plan []demoRMA, now time.Time) error {
	var rmas []*rmaRow
	var lines []lineRow
	var events []*eventRow
	var work []*repairWorkRow
	policy, err := promise.DefaultSettings().Policy()
	if err != nil {
		return err
	}
	for _, r := range plan {
		r = withDemoPromise(r, policy)
		// The uid is random like every RMA's (the seed decides the history, not its links).
		uid, err := rma.NewUID()
		if err != nil {
			return err
		}
		r.rec.UID = uid
		row := toRMARow(r.rec)
		row.UpdatedAt = r.events[len(r.events)-1].At
		if row.ProblemPriceCurrency == "" {
			// A recycling has no price; the column's default names the currency anyway.
			row.ProblemPriceCurrency = money.USDCode
		}
		rmas = append(rmas, row)
		lines = append(lines, toLineRows(r.rec)...)
		for _, e := range r.events {
			events = append(events, toEventRow(e))
		}
		for _, w := range r.work {
			work = append(work, toRepairWorkRow(r.rec.Number, w))
		}
	}
	slices.SortStableFunc(events, func(a, b *eventRow) int { return a.At.Compare(b.At) })
	slices.SortStableFunc(work, func(a, b *repairWorkRow) int {
		return cmp.Or(a.At.Compare(b.At), strings.Compare(a.RMANumber, b.RMANumber))
	})
	for _, batch := range []struct {
		name string
		rows any
		size int
	}{{"rmas", rmas, 100}, {"lines", lines, 500}, {"events", events, 500}, {"repair work", work, 500}} {
		if err := tx.CreateInBatches(batch.rows, batch.size).Error; err != nil {
			return fmt.Errorf("rmadb: demo history %s: %w", batch.name, err)
		}
	}
	for _, r := range plan {
		if !r.open {
			continue
		}
		res := tx.Model(&unitRow{}).Where("serial = ? AND open_rma_number IN ('', ?)", r.rec.Serial, r.rec.Number).
			Updates(map[string]any{"open_rma_number": r.rec.Number, "updated_at": now})
		if res.Error != nil {
			return fmt.Errorf("rmadb: demo history unit %s: %w", r.rec.Serial, res.Error)
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("rmadb: demo history unit %s has another RMA", r.rec.Serial)
		}
	}
	return nil
}
