package rmadb_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

const batchID = "BT-7K2M9Q4X"

// batchRow is row index of batchID as the batch service submits it: the batch's contact,
// address and acknowledgement, no photos, the key the contract names.
func batchRow(serial string, index int) rma.CreateRequest {
	r := request()
	r.Serial = serial
	r.OpenedByName = "Casey Morgan"
	r.Problem.Attachments = nil
	r.Problem.Permissions = rma.Permissions{AcknowledgeHDDBackup: true}
	r.Packaging = rma.Packaging{HavePackaging: true}
	r.IdempotencyKey = idempotency.Key(fmt.Sprintf("batch:%s:%d", batchID, index))
	return r
}

func TestIntegrationCreateInBatch_InWarrantyOpensAwaitingItsUnitWithoutLabelOrEmail(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.CreateInBatch(t.Context(), batchRow(" rt10000001 ", 0), rma.BatchMember{BatchID: batchID})
		require.NoError(t, err)
		require.Equal(t, "RMA-100501", got.Number)
		require.Equal(t, rma.StatusAwaitingUnit, got.Status)
		require.Equal(t, rma.ShipBatch, got.Method)
		require.Equal(t, batchID, got.BatchID)
		require.Zero(t, got.BatchBox, "no box before the batch assigns them")
		require.Empty(t, got.LabelID)

		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", got.Number)
		require.NoError(t, err)
		require.Equal(t, batchID, stored.BatchID)
		require.Equal(t, rma.ShipBatch, stored.Method)
		require.Equal(t, "Casey Morgan", stored.OpenedByName)
		require.Equal(t, "RT10000001", stored.Serial)
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Equal(t, got.Number, unit.OpenRMANumber, "the unit is held like any RMA's")

		timeline, err := f.store.Timeline(t.Context(), got.Number)
		require.NoError(t, err)
		require.Len(t, timeline, 1)
		require.Equal(t, rma.EventCreated, timeline[0].Kind)
		require.Equal(t, rma.StatusAwaitingUnit, timeline[0].Status)
		require.Equal(t, "Created in batch BT-7K2M9Q4X", timeline[0].Note)
		require.Equal(t, "Created in batch BT-7K2M9Q4X: REPAIR RMA for RT10000001 by the customer", timeline[0].Detail)

		require.Empty(t, f.issuer.Issued(), "no label of its own")
		require.Empty(t, f.mailer.Sent, "no e-mail of its own")
		require.Empty(t, f.counter.Created, "CreateInBatch joins its caller's transaction: counting is the caller's, after its commit")
		f.creator.Opened(t.Context(), got)
		require.Equal(t, map[string]int{rma.DefaultRMAType: 1}, f.counter.Created)

		// The label retrier never takes it, now or later.
		claimed, err := f.store.ClaimLabelRetries(t.Context(), got.CreatedAt.AddDate(1, 0, 0), got.CreatedAt.AddDate(1, 0, 1), 10)
		require.NoError(t, err)
		require.Empty(t, claimed)
	})
}

func TestIntegrationCreateInBatch_OverrideNeedsNoPayment(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000003", 1), rma.BatchMember{BatchID: batchID})
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, got.Status)
		events, err := f.store.Events(t.Context(), got.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created"}, events)
	})
}

func TestIntegrationCreateInBatch_OutOfWarrantyNeedsTheBatchsQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		_, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000002", 2), rma.BatchMember{BatchID: batchID})
		require.ErrorIs(t, err, rma.ErrPaymentRequired)
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000002")
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "nothing is created unpaid")

		got, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000002", 2), rma.BatchMember{BatchID: batchID, PaidBy: "QT-BATCH-1"})
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, got.Status, "paid: it awaits its unit, never its payment")
		require.Equal(t, money.USD(289_00), got.ProblemPrice, "the server's price of the option")
		timeline, err := f.store.Timeline(t.Context(), got.Number)
		require.NoError(t, err)
		require.Len(t, timeline, 2)
		require.Equal(t, rma.EventPaidByBatchQuote, timeline[1].Kind)
		require.Equal(t, "Paid by quote QT-BATCH-1 of batch BT-7K2M9Q4X", timeline[1].Note)
		require.Equal(t, rma.ActorSystem, timeline[1].Actor)
		require.Empty(t, f.issuer.Issued())
		require.Empty(t, f.mailer.Sent)
	})
}

// A row free after a 100 % discount has no quote: NoCharge lets it through, with no payment event.
func TestIntegrationCreateInBatch_NoChargeNeedsNoQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000002", 2), rma.BatchMember{BatchID: batchID, NoCharge: true})
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, got.Status)
		timeline, err := f.store.Timeline(t.Context(), got.Number)
		require.NoError(t, err)
		require.Len(t, timeline, 1, "no 'paid by quote' event without a quote")
	})
}

// A row is judged by one RMA's rules, in one RMA's words; the photos are the only rule a
// batch's row is spared.
func TestIntegrationCreateInBatch_RefusesWhatOneRMAWouldRefuse(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		member := rma.BatchMember{BatchID: batchID}
		for _, tt := range []struct {
			name string
			req  func() rma.CreateRequest
			err  error
		}{
			{"a unit with an open RMA", func() rma.CreateRequest { return batchRow("RT10000006", 3) }, rma.ErrNotValidForNewRMA},
			{"an EX80", func() rma.CreateRequest { return batchRow("RT10000005", 4) }, rma.ErrContactHelpdesk},
			{"end of service", func() rma.CreateRequest { return batchRow("RT10000004", 5) }, rma.ErrNotValidForNewRMA},
			{"an unknown serial", func() rma.CreateRequest { return batchRow("RT99999999", 6) }, rma.ErrUnitNotFound},
		} {
			t.Run(tt.name, func(t *testing.T) {
				_, err := f.creator.CreateInBatch(t.Context(), tt.req(), member)
				require.ErrorIs(t, err, tt.err)
			})
		}

		fields := func(t *testing.T, r rma.CreateRequest) map[string]string {
			t.Helper()
			_, err := f.creator.CreateInBatch(t.Context(), r, member)
			flt, ok := fault.As(err)
			require.True(t, ok, "got %v", err)
			return flt.Fields
		}
		r := batchRow("RT10000001", 7)
		r.Problem.Problem, r.Problem.InitialNotes = "Flux capacitor", ""
		r.Problem.Permissions.AcknowledgeHDDBackup = false
		r.Contact.Email, r.Address.Line1 = "not-an-email", ""
		require.Equal(t, map[string]string{
			"rmaInput.problem":                          "Select a problem from the list",
			"rmaInput.initialNotes":                     "Required",
			"rmaInput.permissions.acknowledgeHddBackup": "Required",
			"contact.email":                             validate.MsgEmail,
			"address.line1":                             "Required",
		}, fields(t, r))

		camera := batchRow("VT10000007", 8)
		yes := true
		camera.Problem.Permissions.HasDeviceData = &yes
		camera.Problem.Permissions.WindowsUser, camera.Problem.Permissions.WindowsPassword = "", ""
		require.Equal(t, map[string]string{"rmaInput.permissions.acknowledgeClickWrapAgreement": "Required"}, fields(t, camera))

		upgrade := batchRow("RT10000001", 9)
		upgrade.RMAType = rma.RMATypeUpgrade
		require.Equal(t, map[string]string{"rmaInput.rmaType": rma.MsgBatchRepairsOnly}, fields(t, upgrade))

		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n, "no refused row left anything behind")
		require.Empty(t, f.counter.Created)
	})
}

func TestIntegrationCreateInBatch_SameKeyTwiceAnswersOneRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		member := rma.BatchMember{BatchID: batchID}
		first, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), member)
		require.NoError(t, err)
		again, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), member)
		require.NoError(t, err, "the retry is answered, not refused for the unit its first try took")
		require.Equal(t, first.Number, again.Number)
		require.Equal(t, batchID, again.BatchID)

		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.EqualValues(t, 1, n)
		require.Empty(t, f.counter.Created, "CreateInBatch joins its caller's transaction: counting is the caller's, after its commit")
		f.creator.Opened(t.Context(), first)
		require.Equal(t, map[string]int{rma.DefaultRMAType: 1}, f.counter.Created)

		_, err = f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 1), member)
		require.ErrorIs(t, err, rma.ErrNotValidForNewRMA, "another row of the same unit is refused")
	})
}

func TestIntegrationCreateInBatch_ConcurrentCallsWithOneKeyCreateOneRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got := make([]rma.RMA, 4)
		errs := make([]error, len(got))
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() {
				got[i], errs[i] = f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), rma.BatchMember{BatchID: batchID})
			})
		}
		wg.Wait()
		for i := range got {
			require.NoError(t, errs[i])
			require.Equal(t, got[0].Number, got[i].Number)
		}
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.EqualValues(t, 1, n)
	})
}

func TestIntegrationCreateInBatch_RefusesACallWithoutItsBatchOrKey(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		_, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), rma.BatchMember{BatchID: "7K2M9Q4X"})
		require.Error(t, err)
		noKey := batchRow("RT10000001", 0)
		noKey.IdempotencyKey = ""
		_, err = f.creator.CreateInBatch(t.Context(), noKey, rma.BatchMember{BatchID: batchID})
		require.Error(t, err)
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n)
	})
}

func TestIntegrationAssignBatchBoxes_GivesEachRMAItsBoxAndTracking(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		member := rma.BatchMember{BatchID: batchID}
		a, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), member)
		require.NoError(t, err)
		b, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000003", 1), member)
		require.NoError(t, err)

		require.NoError(t, f.creator.Tx.InTx(t.Context(), func(ctx context.Context) error {
			return f.store.AssignBatchBoxes(ctx, []rma.BoxAssignment{
				{RMANumber: a.Number, Box: 1, TrackingNumber: "RF0000000001"},
				{RMANumber: b.Number, Box: 2, TrackingNumber: "RF0000000002"},
			})
		}))
		for number, want := range map[string]struct {
			box      int
			tracking string
		}{a.Number: {1, "RF0000000001"}, b.Number: {2, "RF0000000002"}} {
			stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", number)
			require.NoError(t, err)
			require.Equal(t, want.box, stored.BatchBox)
			require.Equal(t, want.tracking, stored.TrackingNumber)
			require.Empty(t, stored.LabelID, "the label is the box's, not the RMA's")
		}

		// An RMA opened on its own is not a batch's: the whole call rolls back.
		single := request()
		single.Serial = "RT10000009"
		single.Packaging = rma.Packaging{HavePackaging: true}
		opened, err := f.creator.Create(t.Context(), single)
		require.NoError(t, err)
		err = f.creator.Tx.InTx(t.Context(), func(ctx context.Context) error {
			return f.store.AssignBatchBoxes(ctx, []rma.BoxAssignment{
				{RMANumber: a.Number, Box: 3, TrackingNumber: "RF0000000003"},
				{RMANumber: opened.RMA.Number, Box: 3, TrackingNumber: "RF0000000003"},
			})
		})
		require.ErrorIs(t, err, rma.ErrRMANotFound)
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", a.Number)
		require.NoError(t, err)
		require.Equal(t, 1, stored.BatchBox, "rolled back with the transaction")
		require.Error(t, f.store.AssignBatchBoxes(t.Context(), []rma.BoxAssignment{{RMANumber: a.Number, Box: 0}}), "boxes count from 1")
	})
}

func TestIntegrationStatusesByNumbers_ReadsManyInChunks(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		a, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000001", 0), rma.BatchMember{BatchID: batchID})
		require.NoError(t, err)
		b, err := f.creator.CreateInBatch(t.Context(), batchRow("RT10000003", 1), rma.BatchMember{BatchID: batchID})
		require.NoError(t, err)
		won, err := f.store.SetStatus(t.Context(), "usr_casey", b.Number, rma.StatusAwaitingUnit, rma.StatusReceived)
		require.NoError(t, err)
		require.True(t, won)

		// 1,200 numbers: three chunks of 500, the two real ones in the last.
		numbers := make([]string, 0, 1200)
		for i := range 1198 {
			numbers = append(numbers, fmt.Sprintf("RMA-%d", 900000+i))
		}
		numbers = append(numbers, a.Number, b.Number)
		got, err := f.store.StatusesByNumbers(t.Context(), numbers)
		require.NoError(t, err)
		require.Equal(t, map[string]rma.Status{a.Number: rma.StatusAwaitingUnit, b.Number: rma.StatusReceived}, got)

		none, err := f.store.StatusesByNumbers(t.Context(), nil)
		require.NoError(t, err)
		require.Empty(t, none)
	})
}

var _ rma.BatchStore = (*rmadb.Store)(nil)
