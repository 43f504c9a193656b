package rmadb_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// oowRequest is casey's request for RT10000002, out of warranty without the override.
func oowRequest() rma.CreateRequest {
	r := request()
	r.Serial = "RT10000002"
	return r
}

// openAwaitingPayment prepares and opens casey's out-of-warranty RMA.
func openAwaitingPayment(t *testing.T, f fixture, key idempotency.Key) rma.RMA {
	t.Helper()
	p, err := f.creator.PrepareOutOfWarranty(t.Context(), oowRequest())
	require.NoError(t, err)
	r, err := f.creator.OpenAwaitingPayment(t.Context(), p, key)
	require.NoError(t, err)
	f.creator.Opened(t.Context(), r)
	return r
}

func TestIntegrationCreate_OutOfWarrantyUnitIsPaidForFirst(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		_, err := f.creator.Create(t.Context(), oowRequest())
		require.ErrorIs(t, err, rma.ErrPaymentRequired)
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n)
	})
}

func TestIntegrationPrepareOutOfWarranty_AppliesCreatesRulesAndPrices(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		tests := []struct {
			name   string
			serial string
			edit   func(*rma.CreateRequest)
			want   error
			field  string
		}{
			{name: "in warranty needs no payment", serial: "RT10000001", want: rma.ErrPaymentNotNeeded},
			{name: "override needs no payment", serial: "RT10000003", want: rma.ErrPaymentNotNeeded},
			{name: "end of service", serial: "RT10000004", want: rma.ErrNotValidForNewRMA},
			{name: "EX80", serial: "RT10000005", want: rma.ErrContactHelpdesk},
			{name: "unknown serial", serial: "ZZ99999999", want: rma.ErrUnitNotFound},
			{name: "rules of Create", serial: "RT10000002", edit: func(r *rma.CreateRequest) { r.Problem.Attachments = nil }, field: "rmaInput.attachments"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := oowRequest()
				r.Serial = tt.serial
				if tt.edit != nil {
					tt.edit(&r)
				}
				_, err := f.creator.PrepareOutOfWarranty(t.Context(), r)
				if tt.field != "" {
					requireField(t, err, tt.field)
					return
				}
				require.ErrorIs(t, err, tt.want)
			})
		}

		p, err := f.creator.PrepareOutOfWarranty(t.Context(), oowRequest())
		require.NoError(t, err)
		require.Equal(t, money.USD(289_00), p.Price(), "the server's price, undiscounted")
		require.Equal(t, "sealed:hunter2", p.RMA.Problem.Permissions.WindowsPassword)
		require.Equal(t, rma.StatusAwaitingPayment, p.RMA.Status)
		require.Empty(t, p.RMA.Number, "nothing stored")
	})
}

func TestIntegrationOpenAwaitingPayment_StoresWithoutLabelAndReleaseShipsOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := openAwaitingPayment(t, f, "k-oow")
		require.Equal(t, "RMA-100501", r.Number)
		require.Equal(t, rma.StatusAwaitingPayment, r.Status)
		require.Empty(t, r.LabelID)
		require.Empty(t, f.issuer.Requests, "no label before the payment")
		require.Empty(t, f.mailer.Sent)
		require.Equal(t, r.Number, f.claimer.Claimed["rma/a.jpg"])
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000002")
		require.NoError(t, err)
		require.Equal(t, r.Number, unit.OpenRMANumber)
		require.Equal(t, map[string]int{rma.DefaultRMAType: 1}, f.counter.Created)

		again, ok, err := f.creator.RMAForKey(t.Context(), "usr_casey", "k-oow")
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, r.Number, again.Number)

		released, err := f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, released.Status)
		require.Equal(t, "label-1", released.LabelID)
		later, err := f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, released.LabelID, later.LabelID, "a late caller gets the RMA as stored")
		require.Len(t, f.issuer.Requests, 1)
		require.Equal(t, []string{"casey@example.com|RMA RMA-100501 created"}, f.mailer.Sent)
		events, err := f.store.Events(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "released", "label_issued"}, events)

		_, err = f.creator.Release(t.Context(), "usr_other", r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound, "another owner's RMA is absent")
		_, err = f.creator.Cancel(t.Context(), "usr_casey", r.Number)
		require.ErrorIs(t, err, rma.ErrNotCancellable)
	})
}

func TestIntegrationRelease_ConcurrentCallersShipOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := openAwaitingPayment(t, f, "")
		var wg sync.WaitGroup
		got := make([]rma.RMA, 6)
		errs := make([]error, len(got))
		for i := range got {
			wg.Go(func() { got[i], errs[i] = f.creator.Release(context.Background(), "usr_casey", r.Number) })
		}
		wg.Wait()
		for i := range got {
			require.NoError(t, errs[i])
			require.Equal(t, "label-1", got[i].LabelID, "every caller answers with the one label")
		}
		require.Len(t, f.issuer.Requests, 1)
		require.Len(t, f.mailer.Sent, 1)
	})
}

func TestIntegrationCancel_FreesTheUnitOnceAndRefusesRelease(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := openAwaitingPayment(t, f, "")
		_, err := f.creator.Cancel(t.Context(), "usr_other", r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound)

		cancelled, err := f.creator.Cancel(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, cancelled.Status)
		f.creator.Cancelled(t.Context(), cancelled)
		again, err := f.creator.Cancel(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err, "cancelling twice answers the cancelled RMA")
		require.Equal(t, rma.StatusCancelled, again.Status)

		unit, err := f.store.UnitBySerial(t.Context(), "RT10000002")
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "the unit may get a new RMA")
		_, err = f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.ErrorIs(t, err, rma.ErrRMACancelled)
		require.Empty(t, f.issuer.Requests)
		events, err := f.store.Events(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "cancelled"}, events)

		f.claimer.Owned["rma/c.jpg"] = "usr_casey"
		next := oowRequest()
		next.Problem.Attachments = []string{"rma/c.jpg"}
		p, err := f.creator.PrepareOutOfWarranty(t.Context(), next)
		require.NoError(t, err, "the unit takes a new RMA")
		_, err = f.creator.OpenAwaitingPayment(t.Context(), p, "")
		require.NoError(t, err)
	})
}

func TestIntegrationCloseUnitRMA_LeavesAnotherRMAsUnitAlone(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		require.NoError(t, f.store.CloseUnitRMA(t.Context(), "RT10000006", "RMA-1"))
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000006")
		require.NoError(t, err)
		require.Equal(t, "RMA-100417", unit.OpenRMANumber)
	})
}

func requireField(t *testing.T, err error, field string) {
	t.Helper()
	flt, ok := fault.As(err)
	require.True(t, ok, "got %v", err)
	require.Contains(t, flt.Fields, field)
}

func TestIntegrationSavedQuoteKeys_RememberOneQuotePerOwnersKey(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		_, ok, err := s.SavedQuoteForKey(t.Context(), "usr_casey", "k-1")
		require.NoError(t, err)
		require.False(t, ok)
		require.NoError(t, s.RememberSavedQuote(t.Context(), "usr_casey", "k-1", "QT-ONE"))
		require.ErrorIs(t, s.RememberSavedQuote(t.Context(), "usr_casey", "k-1", "QT-TWO"), rma.ErrDuplicateRequest)
		require.NoError(t, s.RememberSavedQuote(t.Context(), "usr_olivia", "k-1", "QT-THREE"), "keys are per owner")
		id, ok, err := s.SavedQuoteForKey(t.Context(), "usr_casey", "k-1")
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, "QT-ONE", id)
	})
}
