package rmadb_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
)

func lifecycle(f fixture) *rma.Lifecycle {
	return &rma.Lifecycle{
		Store: f.store, Tx: db.NewTransactor(f.gdb), Mail: f.mailer, Units: rmatest.NoCache{}, Log: testkit.Quiet(), Now: time.Now,
	}
}

// created opens casey's in-warranty repair (awaiting its unit) and forgets its creation e-mail.
func created(t *testing.T, f fixture) rma.RMA {
	t.Helper()
	got, err := f.creator.Create(t.Context(), request())
	require.NoError(t, err)
	f.mailer.Sent, f.mailer.Texts = nil, nil
	return got.RMA
}

func TestIntegrationAdvance_RepairGoesFromUnitToClosureWithItsTimeline(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)

		steps := []rma.Advance{
			{Status: rma.StatusReceived, Note: "Arrived in good packaging"},
			{Status: rma.StatusDiagnosing},
			{Status: rma.StatusQuotePending, Note: "Mainboard needs replacing"},
			{Status: rma.StatusRepairing, Work: rma.RepairWork{PartsReplaced: "Mainboard RL14-MB"}},
			{Status: rma.StatusShippedBack, ReturnTracking: "1Z999AA10123456784", Work: rma.RepairWork{WorkPerformed: "Replaced mainboard, ran burn-in", TechnicianNotes: "Passed"}},
			{Status: rma.StatusClosed},
		}
		for _, step := range steps {
			step.Number, step.Actor = " "+r.Number+" ", "usr_admin"
			moved, err := l.Advance(t.Context(), step)
			require.NoError(t, err, step.Status)
			require.Equal(t, step.Status, moved.Status)
		}

		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusClosed, stored.Status)
		require.Equal(t, "1Z999AA10123456784", stored.ReturnTrackingNumber)
		unit, err := f.store.UnitBySerial(t.Context(), r.Serial)
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "a closed RMA frees its unit")

		timeline, err := l.Timeline(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		var statuses []rma.Status
		var actors []string
		for _, e := range timeline {
			statuses, actors = append(statuses, e.Status), append(actors, e.Actor)
			require.False(t, e.At.IsZero())
		}
		require.Equal(t, []rma.Status{rma.StatusAwaitingUnit, "", rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending,
			rma.StatusRepairing, rma.StatusShippedBack, rma.StatusClosed}, statuses)
		require.Equal(t, []string{"usr_casey", rma.ActorSystem, "usr_admin", "usr_admin", "usr_admin", "usr_admin", "usr_admin", "usr_admin"}, actors)
		require.Equal(t, "Arrived in good packaging", timeline[2].Note)

		subject := "casey@example.com|RMA " + r.Number + ": "
		require.Equal(t, []string{
			subject + "we received your unit", subject + "diagnosis done, quote on its way",
			subject + "your unit is being repaired", subject + "your unit is on its way back",
		}, f.mailer.Sent, "one e-mail per transition the customer cares about")

		summary, err := rma.NewHistory(f.store).RepairSummary(t.Context(), rma.Viewer{Subject: "usr_casey"}, r.Number)
		require.NoError(t, err)
		require.Equal(t, "1Z999AA10123456784", summary.RMA.ReturnTrackingNumber)
		require.Len(t, summary.Work, 2)
		require.Equal(t, "Mainboard RL14-MB", summary.Work[0].PartsReplaced)
		require.Equal(t, rma.StatusRepairing, summary.Work[0].Status)
		require.Equal(t, "Replaced mainboard, ran burn-in", summary.Work[1].WorkPerformed)
		require.Equal(t, "Passed", summary.Work[1].TechnicianNotes)
		require.Equal(t, "usr_admin", summary.Work[1].Actor)
	})
}

func TestIntegrationAdvance_RefusesWhatTheTableDoesNotAllow(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)

		tests := []struct {
			name  string
			adv   rma.Advance
			want  error
			field string
		}{
			{name: "jump to shipped back", adv: rma.Advance{Number: r.Number, Status: rma.StatusShippedBack, ReturnTracking: "1Z1"}, want: rma.ErrBadTransition},
			{name: "recycle a repair", adv: rma.Advance{Number: r.Number, Status: rma.StatusRecycled}, want: rma.ErrBadTransition},
			{name: "unknown number", adv: rma.Advance{Number: "RMA-1", Status: rma.StatusReceived}, want: rma.ErrRMANotFound},
			{name: "unknown status", adv: rma.Advance{Number: r.Number, Status: "LOST"}, field: "status"},
			{name: "shipped back without tracking", adv: rma.Advance{Number: r.Number, Status: rma.StatusShippedBack}, field: "returnTracking"},
			{name: "tracking on another status", adv: rma.Advance{Number: r.Number, Status: rma.StatusReceived, ReturnTracking: "1Z1"}, field: "returnTracking"},
			{name: "work before the repair", adv: rma.Advance{Number: r.Number, Status: rma.StatusReceived, Work: rma.RepairWork{PartsReplaced: "Fan"}}, field: "workPerformed"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				tt.adv.Actor = "usr_admin"
				_, err := l.Advance(t.Context(), tt.adv)
				if tt.field != "" {
					requireField(t, err, tt.field)
					return
				}
				require.ErrorIs(t, err, tt.want)
			})
		}
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, stored.Status, "nothing moved")
		require.Empty(t, f.mailer.Sent)
	})
}

func TestIntegrationAdvance_LeavesAnRMAAwaitingPaymentToItsPaymentAndCustomer(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := openAwaitingPayment(t, f, "")
		for _, status := range []rma.Status{rma.StatusAwaitingUnit, rma.StatusCancelled} {
			_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: status, Actor: "usr_admin"})
			require.ErrorIs(t, err, rma.ErrAwaitsPayment, status)
		}
		released, err := f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, released.Status)
		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusReceived, Actor: "usr_admin"})
		require.NoError(t, err, "once paid, staff move it")
	})
}

func TestIntegrationAdvance_RecycleIsReceivedThenRecycled(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		got, err := f.creator.Recycle(t.Context(), recycleRequest())
		require.NoError(t, err)
		r := got.RMA
		f.mailer.Sent = nil

		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusCancelled, Actor: "usr_admin"})
		require.ErrorIs(t, err, rma.ErrBadTransition)
		for _, status := range []rma.Status{rma.StatusReceived, rma.StatusRecycled} {
			_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: status, Actor: "usr_admin"})
			require.NoError(t, err)
		}
		unit, err := f.store.UnitBySerial(t.Context(), r.Serial)
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "a recycled unit's RMA is over")
		subject := "casey@example.com|RMA " + r.Number + ": "
		require.Equal(t, []string{subject + "we received your unit", subject + "your unit was recycled"}, f.mailer.Sent)
	})
}

func TestIntegrationAdvance_StaffCancelFreesTheUnit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)
		_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusCancelled, Actor: "usr_admin", Note: "Customer called"})
		require.NoError(t, err)
		unit, err := f.store.UnitBySerial(t.Context(), r.Serial)
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber)
		require.Equal(t, []string{"casey@example.com|RMA " + r.Number + ": cancelled"}, f.mailer.Sent)
		_, err = l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusReceived, Actor: "usr_admin"})
		require.ErrorIs(t, err, rma.ErrBadTransition, "a cancelled RMA stays so")
	})
}

func TestIntegrationTimeline_AnotherOwnersRMAIsNotFound(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)
		_, err := l.Timeline(t.Context(), "usr_other", r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
		_, err = rma.NewHistory(f.store).RepairSummary(t.Context(), rma.Viewer{Subject: "usr_other"}, r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
	})
}

func TestIntegrationAdvance_ConcurrentMovesHappenOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)
		errs := make([]error, 6)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = l.Advance(context.Background(), rma.Advance{Number: r.Number, Status: rma.StatusReceived, Actor: "usr_admin"})
			})
		}
		wg.Wait()
		moved := 0
		for _, err := range errs {
			if err == nil {
				moved++
				continue
			}
			require.ErrorIs(t, err, rma.ErrBadTransition)
		}
		require.Equal(t, 1, moved)
		require.Len(t, f.mailer.Sent, 1, "one e-mail")
		timeline, err := l.Timeline(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusReceived, timeline[len(timeline)-1].Status)
		require.Len(t, timeline, 3, "created, label, received once")
	})
}

func TestIntegrationServiceQuoteIssued_MovesOnlyADiagnosedRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		l := lifecycle(f)
		r := created(t, f)
		require.NoError(t, l.ServiceQuoteIssued(t.Context(), r.Number, "usr_admin", "Service quote QT-1 issued: $125.00"))
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, stored.Status, "a quote before diagnosis moves nothing")

		for _, status := range []rma.Status{rma.StatusReceived, rma.StatusDiagnosing} {
			_, err := l.Advance(t.Context(), rma.Advance{Number: r.Number, Status: status, Actor: "usr_admin"})
			require.NoError(t, err)
		}
		require.NoError(t, l.ServiceQuoteIssued(t.Context(), r.Number, "usr_admin", "Service quote QT-2 issued: $125.00"))
		timeline, err := l.Timeline(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.StatusQuotePending, last.Status)
		require.Equal(t, "usr_admin", last.Actor)
		require.Equal(t, "Service quote QT-2 issued: $125.00", last.Note)
		require.ErrorIs(t, l.ServiceQuoteIssued(t.Context(), "RMA-1", "usr_admin", ""), rma.ErrRMANotFound)
	})
}
