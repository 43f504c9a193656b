package rmadb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
)

// promised wires a lifecycle with its promises on the clock *now, under the default policy
// (America/Chicago, US holidays, STANDARD 10 business days).
func promised(t *testing.T, f fixture, now *time.Time) (*rma.Lifecycle, *rma.Promises) {
	t.Helper()
	policy, err := promise.DefaultSettings().Policy()
	require.NoError(t, err)
	clock := func() time.Time { return *now }
	p := &rma.Promises{Store: f.store, Tx: db.NewTransactor(f.gdb), Mail: f.mailer, Policy: policy, Now: clock}
	l := lifecycle(f)
	l.Promises, l.Now = p, clock
	return l, p
}

func dateText(d *time.Time) string {
	if d == nil {
		return "none"
	}
	return d.Format(promise.DateLayout)
}

func reasons(t *testing.T, p *rma.Promises, number string) []string {
	t.Helper()
	changes, err := p.Changes(t.Context(), number)
	require.NoError(t, err)
	var out []string
	for _, c := range changes {
		out = append(out, string(c.Reason)+" "+dateText(c.From)+"→"+c.To.Format(promise.DateLayout))
	}
	return out
}

func TestIntegrationPromise_AdvanceSetsItPausesForTheQuoteAndMailsTheSlip(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		now := time.Date(2026, 12, 7, 16, 0, 0, 0, time.UTC) // Monday 10:00 in Chicago
		l, p := promised(t, f, &now)
		r := created(t, f)
		require.Nil(t, r.PromisedShipDate, "no date until the unit arrives")

		moved, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusReceived, Actor: "usr_admin"})
		require.NoError(t, err)
		require.Equal(t, "2026-12-21", dateText(moved.PromisedShipDate), "STANDARD: 10 business days")
		require.Contains(t, f.mailer.Texts[0], "We plan to ship it back to you by Dec 21 2026.")

		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusDiagnosing, Actor: "usr_admin"})
		require.NoError(t, err)
		now = time.Date(2026, 12, 9, 20, 0, 0, 0, time.UTC) // Wednesday
		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusQuotePending, Actor: "usr_admin"})
		require.NoError(t, err)
		stored, err := f.store.RMAForStaff(t.Context(), r.Number)
		require.NoError(t, err)
		require.NotNil(t, stored.PromisePausedAt, "the clock stops while the customer decides")

		// The decision comes the next Monday: Thu, Fri and Mon were waited, so the date moves
		// three business days, over the weekend, to Thursday Dec 24.
		now = time.Date(2026, 12, 14, 15, 0, 0, 0, time.UTC)
		f.mailer.Sent, f.mailer.Texts = nil, nil
		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusRepairing, Actor: rma.ActorSystem})
		require.NoError(t, err)
		stored, err = f.store.RMAForStaff(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, "2026-12-24", dateText(stored.PromisedShipDate))
		require.Nil(t, stored.PromisePausedAt)

		require.Equal(t, []string{"received none→2026-12-21", "awaitingDecision 2026-12-21→2026-12-21", "decisionMade 2026-12-21→2026-12-24"}, reasons(t, p, r.Number))
		subject := "casey@example.com|RMA " + r.Number + ": "
		require.Equal(t, []string{subject + "new promised ship-back date", subject + "your unit is being repaired"}, f.mailer.Sent)
		require.Equal(t, "Hello Casey,\n\nthe date we promised to ship unit RT10000001 (RL14) of RMA "+r.Number+
			" back to you has moved from Dec 21 2026 to Dec 24 2026, 3 business days later.\n\n"+
			"Why: the repair waited for your decision on the quote, and the clock stopped while it did.\n\n"+
			"You can follow every step of your RMA in your account.\n\nThank you,\nRugged Devices Service\n", f.mailer.Texts[0])

		timeline, err := l.Timeline(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		var notes []string
		for _, e := range timeline {
			if e.Kind == rma.EventPromise {
				notes = append(notes, e.Note)
			}
		}
		require.Equal(t, []string{
			"Promised ship-back date: Dec 21 2026",
			"Promised ship-back date on hold while we wait for your decision on the quote",
			"Promised ship-back date: Dec 24 2026 (we waited 3 business days for your decision)",
		}, notes)

		items, _, err := rma.NewHistory(f.store).Offset(t.Context(), rma.Viewer{Subject: "usr_casey"}, rma.HistoryFilter{}, nil, 1, 10)
		require.NoError(t, err)
		require.Equal(t, "2026-12-24", dateText(items[0].PromisedShipDate), "the history rows carry it")
	})
}

func TestIntegrationPromise_ReviseMailsOnlyASlipOfMoreThanOneBusinessDay(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		now := time.Date(2026, 12, 7, 16, 0, 0, 0, time.UTC)
		_, p := promised(t, f, &now)
		r := created(t, f)
		ctx := t.Context()

		err := p.Revise(ctx, r.Number, time.Date(2026, 12, 30, 0, 0, 0, 0, time.UTC), rma.PromiseStaffRevised, "", "usr_lena")
		require.ErrorIs(t, err, rma.ErrNoPromise, "nothing to revise before the unit arrives")

		got, err := p.Received(ctx, r.Number, now, "usr_tariq")
		require.NoError(t, err)
		require.Equal(t, "2026-12-21", dateText(got.PromisedShipDate))
		_, err = p.Received(ctx, r.Number, now.AddDate(0, 0, 3), "usr_tariq")
		require.NoError(t, err, "a second scan")

		require.NoError(t, p.Revise(ctx, r.Number, time.Date(2026, 12, 22, 0, 0, 0, 0, time.UTC), rma.PromiseStaffRevised, "", "usr_lena"))
		require.Empty(t, f.mailer.Sent, "one business day is no slip")
		require.NoError(t, p.Revise(ctx, r.Number, time.Date(2026, 12, 30, 0, 0, 0, 0, time.UTC), rma.PromisePartsBackorder, "The display assembly arrives on Dec 28.", "usr_lena"))
		require.Len(t, f.mailer.Texts, 1)
		require.Contains(t, f.mailer.Texts[0], "has moved from Dec 22 2026 to Dec 30 2026, 5 business days later.\n\nWhy: a part your unit needs is on backorder.\n\nThe display assembly arrives on Dec 28.\n")
		require.NoError(t, p.Revise(ctx, r.Number, time.Date(2026, 12, 23, 0, 0, 0, 0, time.UTC), rma.PromiseStaffRevised, "", "usr_lena"))
		require.Len(t, f.mailer.Texts, 1, "an earlier date is no slip")

		require.Error(t, p.Revise(ctx, r.Number, now, "received", "", "usr_lena"), "staff give a revision's reason")
		require.ErrorIs(t, p.Revise(ctx, r.Number, time.Time{}, rma.PromiseStaffRevised, "", "usr_lena"), rma.ErrPromiseDate)

		// A decision on the day of the quote moves nothing; one the next business day moves the
		// date by one, which is no slip either.
		require.NoError(t, p.Pause(ctx, r.Number, now, "usr_tariq", ""))
		require.NoError(t, p.Pause(ctx, r.Number, now.Add(time.Hour), "usr_tariq", ""), "a pause on hold stays as it was")
		require.NoError(t, p.Resume(ctx, r.Number, now.Add(2*time.Hour), "usr_casey", ""))
		require.NoError(t, p.Resume(ctx, r.Number, now.Add(3*time.Hour), "usr_casey", ""), "running already")
		require.NoError(t, p.Pause(ctx, r.Number, now, "usr_tariq", ""))
		require.NoError(t, p.Resume(ctx, r.Number, now.Add(24*time.Hour), "usr_casey", "Approved by PO"))
		require.Len(t, f.mailer.Texts, 1)

		require.Equal(t, []string{
			"received none→2026-12-21", "staffRevised 2026-12-21→2026-12-22", "partsBackorder 2026-12-22→2026-12-30",
			"staffRevised 2026-12-30→2026-12-23", "awaitingDecision 2026-12-23→2026-12-23", "decisionMade 2026-12-23→2026-12-23",
			"awaitingDecision 2026-12-23→2026-12-23", "decisionMade 2026-12-23→2026-12-24",
		}, reasons(t, p, r.Number))
		changes, err := p.Changes(ctx, r.Number)
		require.NoError(t, err)
		last := changes[len(changes)-1]
		require.Equal(t, "usr_casey", last.Actor)
		require.Equal(t, "Approved by PO", last.Detail)
		require.Equal(t, now.Add(24*time.Hour), last.At)
	})
}

// A recycled unit never ships back: its receipt promises nothing. A PREMIUM unit gets its
// shorter turnaround from the registry's warranty type.
func TestIntegrationPromise_NoneForARecyclingAndTheWarrantyTypesTurnaround(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		now := time.Date(2026, 12, 7, 16, 0, 0, 0, time.UTC)
		l, p := promised(t, f, &now)
		recycled, err := f.creator.Recycle(t.Context(), recycleRequest())
		require.NoError(t, err)
		moved, err := l.Advance(t.Context(), rma.Advance{Number: recycled.RMA.Number, Status: rma.StatusReceived, Actor: "usr_admin"})
		require.NoError(t, err)
		require.Nil(t, moved.PromisedShipDate)
		require.Empty(t, reasons(t, p, recycled.RMA.Number))

		unit, err := f.store.UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		unit.WarrantyType = "PREMIUM"
		require.NoError(t, f.store.UpsertUnits(t.Context(), []rma.Unit{unit}))
		r := created(t, f)
		// Received at 02:00 UTC on Tuesday: still Monday evening at the depot.
		got, err := p.Received(t.Context(), r.Number, time.Date(2026, 12, 8, 2, 0, 0, 0, time.UTC), "usr_tariq")
		require.NoError(t, err)
		require.Equal(t, "2026-12-10", dateText(got.PromisedShipDate), "PREMIUM: 3 business days from the depot's Monday")
	})
}

// A unit recycled at its customer's choice ships nothing back: its promise stays as it stopped,
// and no slip e-mail goes out.
func TestIntegrationPromise_ARecyclingDecisionLeavesThePromiseStopped(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		now := time.Date(2026, 12, 7, 16, 0, 0, 0, time.UTC)
		l, p := promised(t, f, &now)
		r := created(t, f)
		for _, s := range []rma.Status{rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending} {
			_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: s, Actor: "usr_admin"})
			require.NoError(t, err)
		}
		now = time.Date(2026, 12, 14, 15, 0, 0, 0, time.UTC)
		f.mailer.Sent, f.mailer.Texts = nil, nil
		_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusRecycled, Actor: "usr_casey"})
		require.NoError(t, err)
		require.Equal(t, []string{"received none→2026-12-21", "awaitingDecision 2026-12-21→2026-12-21"}, reasons(t, p, r.Number))
		require.Equal(t, []string{"casey@example.com|RMA " + r.Number + ": your unit was recycled"}, f.mailer.Sent)
		require.Contains(t, f.mailer.Texts[0], "unit RT10000001 of RMA "+r.Number+" has been recycled.\n")
	})
}
