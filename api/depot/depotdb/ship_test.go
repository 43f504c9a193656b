package depotdb_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// repaired opens casey's RMA and carries it through receipt and covered repair, and gives the
// service the fake return labels.
func (f fixture) repaired(t *testing.T, labels *depottest.Labels) rma.RMA {
	t.Helper()
	return f.repair(t, f.created(t, "RT10000001", "rma/a.jpg"), labels)
}

func (f fixture) repair(t *testing.T, r rma.RMA, labels *depottest.Labels) rma.RMA {
	t.Helper()
	_, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: r.Number, Serial: r.Serial, Photos: []string{"depot/a.jpg"}})
	require.NoError(t, err)
	_, err = f.svc.Repair(t.Context(), tariq, depot.RepairRequest{Number: r.Number, WorkPerformed: "Replaced the display",
		QA: []depot.QACheck{{Check: "Powers on", Passed: true}}})
	require.NoError(t, err)
	f.svc.Labels = labels
	return r
}

func TestIntegrationShip_ARepairedUnitShipsBackWithTrackingMailAndAudit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		labels := &depottest.Labels{}
		f.svc.Labels = labels
		r := f.created(t, "RT10000001", "rma/a.jpg")
		_, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorIs(t, err, depot.ErrNotShippable, "not received yet")
		require.Empty(t, labels.Issued, "no label for a unit not repaired")

		r = f.repair(t, r, labels)
		shipped, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusShippedBack, shipped.RMA.Status)
		require.Equal(t, "RET000001", shipped.Label.TrackingNumber)
		// The label goes to the RMA's address and contact as stored.
		require.Len(t, labels.Issued, 1)
		require.Equal(t, "2100 Riverside Dr", labels.Issued[0].Address.Line1)
		require.Equal(t, "usr_casey", labels.Issued[0].Owner)

		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusShippedBack, stored.Status)
		require.Equal(t, "RET000001", stored.ReturnTrackingNumber, "the customer's details show the tracking")
		timeline, err := f.rmas.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.StatusShippedBack, last.Status)
		require.Equal(t, "usr_tariq", last.Actor)

		require.Equal(t, "casey@example.com|RMA "+r.Number+": your unit is on its way back", f.mailer.Sent[len(f.mailer.Sent)-1])
		require.Contains(t, f.mailer.Texts[len(f.mailer.Texts)-1], "Return tracking number: RET000001")

		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		e := audit.Entries[0]
		require.Equal(t, depot.ActionShip, e.Action)
		require.Equal(t, rma.StatusRepairing, e.From)
		require.Equal(t, rma.StatusShippedBack, e.To)
		require.Equal(t, "Return tracking RET000001", e.Detail)

		_, err = f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorIs(t, err, depot.ErrNotShippable, "shipped already")
		require.Len(t, labels.Issued, 1)
	})
}

func TestIntegrationShip_ConcurrentDoubleShipMovesOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		labels := &depottest.Labels{}
		r := f.repaired(t, labels)
		mailed := len(f.mailer.Sent)

		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Go(func() { _, errs[i] = f.svc.Ship(context.Background(), tariq, r.Number) })
		}
		wg.Wait()
		var won int
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorIs(t, err, depot.ErrNotShippable)
		}
		require.Equal(t, 1, won, "exactly one ship moves the RMA: %v", errs)
		require.Len(t, labels.Issued, 1, "the second waits for the row and books no label")
		require.Len(t, f.mailer.Sent, mailed+1, "one e-mail")
		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		var ships int
		for _, e := range audit.Entries {
			if e.Action == depot.ActionShip {
				ships++
			}
		}
		require.Equal(t, 1, ships, "one audit row")
	})
}

func TestIntegrationShip_ACarrierFailureMovesNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		labels := &depottest.Labels{Fail: errors.New("carrier down")}
		r := f.repaired(t, labels)
		_, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorIs(t, err, depot.ErrReturnLabel)
		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusRepairing, stored.Status)
		require.Empty(t, stored.ReturnTrackingNumber)

		// Staff try again once the carrier answers.
		labels.Fail = nil
		_, err = f.svc.Ship(t.Context(), tariq, r.Number)
		require.NoError(t, err)
	})
}

// auditDown fails the audit row: the last write of a ship's transaction.
type auditDown struct{ depot.Store }

func (auditDown) AddAudit(context.Context, depot.AuditEntry) error { return errors.New("audit down") }

func TestIntegrationShip_ARolledBackShipDiscardsItsLabel(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		labels := &depottest.Labels{}
		r := f.repaired(t, labels)
		// The outbox's row would roll back too (mail.Enqueue joins the transaction); the fake
		// mailer here keeps what it was given, so the e-mail is not checked.
		f.svc.Store = auditDown{f.store}

		_, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorContains(t, err, "audit down")
		require.Equal(t, []depot.ReturnLabel{{LabelID: "label000001", TrackingNumber: "RET000001"}}, labels.Discarded,
			"the label's rows rolled back with the move, so its PDFs go too")
		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusRepairing, stored.Status, "the move rolled back")
		require.Empty(t, stored.ReturnTrackingNumber)
	})
}
