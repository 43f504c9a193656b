package depotdb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// revised receives casey's unit of serial and diagnoses liquid damage: a revised quote pending.
func (f fixture) revised(t *testing.T, serial, attachment, photo string) rma.RMA {
	t.Helper()
	r := f.receivedRMA(t, serial, attachment, photo)
	got, err := f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r.Number,
		Findings:  []depot.FindingInput{{Code: "LIQUID_DAMAGE", Description: "Corrosion", Photos: []string{"depot/d1.jpg", "depot/d2.jpg"}}},
		LineItems: []depot.LineInput{{Kind: "PART", Code: "RL14-BAT", Quantity: 1}}})
	require.NoError(t, err)
	require.Equal(t, rma.StatusQuotePending, got.RMA.Status)
	return r
}

func TestIntegrationWork_ShowsTheRMAWithItsRecordsAndNextMoves(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		diagnosing(f, nil)
		f.svc.Records = f.rmas

		awaiting := f.created(t, "RT20000001", "rma/b.jpg")
		w, err := f.svc.Work(t.Context(), " "+awaiting.Number+" ")
		require.NoError(t, err)
		require.Equal(t, []depot.Move{depot.MoveReceive}, w.Moves)
		require.Equal(t, "EXTENDED", w.WarrantyType)
		require.Nil(t, w.Receipt)
		require.Nil(t, w.ReceivedAt)

		r := f.revised(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")
		w, err = f.svc.Work(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusQuotePending, w.RMA.Status)
		require.Empty(t, w.Moves, "the customer decides first")
		require.NotNil(t, w.ReceivedAt)
		require.Equal(t, []string{"depot/a.jpg"}, w.Receipt.Photos)
		require.Equal(t, rma.OutcomeRevisedQuote, w.Diagnosis.Outcome)
		require.Equal(t, []string{"depot/d1.jpg", "depot/d2.jpg"}, w.Diagnosis.Findings[0].Photos)
		require.Nil(t, w.Repair)
		require.Equal(t, rma.StatusQuotePending, w.Timeline[len(w.Timeline)-1].Status)

		_, err = f.svc.Work(t.Context(), "RMA-999999")
		require.ErrorIs(t, err, rma.ErrRMANotFound)
	})
}

func TestIntegrationRepair_APaidQuoteIsRepairedOnceThenShips(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		diagnosing(f, nil)
		f.svc.Records = f.rmas
		labels := &depottest.Labels{}
		f.svc.Labels = labels
		r := f.revised(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")
		req := depot.RepairRequest{Number: r.Number, WorkPerformed: "Cleaned the board", QA: []depot.QACheck{{Check: "Boots", Passed: true}}}
		_, err := f.svc.Repair(t.Context(), tariq, req)
		require.ErrorIs(t, err, depot.ErrAwaitsDecision)

		lifecycle := f.svc.Mover.(*rma.Lifecycle)
		require.NoError(t, lifecycle.ServiceQuotePaid(t.Context(), r.Number, "Service quote QT-1 paid"))
		_, err = f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorIs(t, err, depot.ErrNotShippable, "paid, but no work recorded")
		w, err := f.svc.Work(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []depot.Move{depot.MoveRepair}, w.Moves)

		moved, err := f.svc.Repair(t.Context(), tariq, req)
		require.NoError(t, err)
		require.Equal(t, rma.StatusRepairing, moved.Status)
		_, err = f.svc.Repair(t.Context(), tariq, req)
		require.ErrorIs(t, err, depot.ErrNotRepairable, "recorded once")
		work, err := f.rmas.RepairWork(t.Context(), r.Number)
		require.NoError(t, err)
		require.Len(t, work, 1)
		require.Contains(t, work[0].TechnicianNotes, "QA passed: Boots;")

		w, err = f.svc.Work(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []depot.Move{depot.MoveShip}, w.Moves)
		require.Equal(t, []depot.QACheck{{Check: "Boots", Passed: true}}, w.Repair.QA)
		shipped, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusShippedBack, shipped.RMA.Status)
	})
}

func TestIntegrationShip_AUnitReturningUnrepairedShipsWithoutARepair(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		diagnosing(f, nil)
		labels := &depottest.Labels{}
		f.svc.Labels = labels
		r := f.revised(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")
		_, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.ErrorIs(t, err, depot.ErrNotShippable, "pending the customer's decision")

		_, err = f.svc.Mover.Advance(t.Context(), rma.Advance{Number: r.Number, Status: rma.StatusReturnUnrepaired, Actor: "usr_casey"})
		require.NoError(t, err)
		shipped, err := f.svc.Ship(t.Context(), tariq, r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusShippedBack, shipped.RMA.Status)
		require.Len(t, labels.Issued, 1)
	})
}
