package compose

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

// A webhook-paid batch quote reaches the batch through the checkout's Fulfiller in whichever
// process took the webhook: the payments process of the split topology serves no batch routes
// and runs no batch worker, yet the batch's unpaid rows turn PENDING in the shared database for
// the batch process's worker. A quote of another kind never reaches the batch.
func TestIntegrationQuoteFulfiller_MovesABatchOnThroughTheDatabase(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, batchdb.Migrate(t.Context(), gdb))
		caps := &capabilities{gdb: gdb, log: testkit.Quiet()}
		store := batchdb.NewStore(gdb)
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		price := money.USD(260_10)
		b := batch.Batch{
			ID: "BT-7K2M9Q4X", Owner: "usr_olivia", Org: "FleetCo", CreatedBy: "Olivia Reyes", CreatedAt: now,
			Packaging: batch.Packaging{Kind: batch.RequestBoxes},
			Payment:   &batch.Payment{QuoteID: "QT-B1", Amount: price, Status: batch.QuoteOpen, Method: batch.MethodPayPal, ExpiresAt: now.Add(payments.QuoteValidity)},
			Rows: []batch.BatchRow{
				{Index: 0, Row: batch.Row{Serial: "RT10000001"}, Entitlement: batch.InWarranty, Status: batch.RowCreated, RMANumber: "RMA-100001"},
				{Index: 1, Row: batch.Row{Serial: "RT10000002"}, Entitlement: batch.OutOfWarranty, Price: &price, Status: batch.RowAwaitingPayment},
			},
		}
		require.NoError(t, store.CreateBatch(t.Context(), b, "k1"))
		f := quoteFulfiller{batches: caps.BatchPaid}
		require.Same(t, caps.BatchPaid(), caps.BatchPaid(), "built once, not on every webhook")
		paid := payments.Quote{ID: "QT-B1", Kind: payments.KindBatch, BatchID: b.ID, Owner: b.Owner}
		require.NoError(t, f.QuotePaid(t.Context(), paid))
		require.NoError(t, f.QuotePaid(t.Context(), paid), "a repeated webhook changes nothing")
		got, err := store.Batch(t.Context(), b.ID)
		require.NoError(t, err)
		require.Equal(t, batch.RowPending, got.Rows[1].Status)
		require.Equal(t, batch.QuotePaid, got.Payment.Status)
		require.True(t, visibility.Viewer{Subject: "usr_diego", Org: "FleetCo"}.Sees(got.Owner, got.Org))
		// The batch process's worker finds it.
		id, ok, err := store.ClaimWork(t.Context(), time.Now(), time.Now().Add(time.Minute))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, b.ID, id)
	})
}

// The batch reads an organization's branch names through the account's store, and only that
// organization's.
func TestIntegrationBatchBranches_NameTheOrganizationsBranches(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		_, err := db.Migrate(t.Context(), gdb, accountdb.Schema())
		require.NoError(t, err)
		store := accountdb.NewStore(gdb)
		now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
		for _, b := range []account.Branch{
			{ID: "br_1", Org: "FleetCo", Name: "Columbus Headquarters", CreatedAt: now, UpdatedAt: now},
			{ID: "br_2", Org: "FleetCo", Name: "Dayton Service Yard", CreatedAt: now, UpdatedAt: now},
			{ID: "br_3", Org: "Other", Name: "Reno", CreatedAt: now, UpdatedAt: now},
		} {
			require.NoError(t, store.CreateBranch(t.Context(), b))
		}
		names, err := batchBranches{store: store}.BranchNames(t.Context(), "FleetCo")
		require.NoError(t, err)
		require.ElementsMatch(t, []string{"Columbus Headquarters", "Dayton Service Yard"}, names)
	})
}

// The batch's discount is the repair service's: the same terms, read with the caller's token.
func TestBatchDiscounts_AreTheRepairServicesTerms(t *testing.T) {
	terms := customerTerms{discountClaim: "flags.rma.flatDiscountPercentage"}
	caller := auth.Principal{Subject: "usr_olivia", Claims: map[string]any{"flags": map[string]any{"rma": map[string]any{"flatDiscountPercentage": 12.5}}}}
	want, err := terms.Terms(t.Context(), caller, "tok")
	require.NoError(t, err)
	got, err := batchDiscounts{terms: terms}.DiscountPercent(t.Context(), caller, "tok")
	require.NoError(t, err)
	require.Equal(t, want.DiscountPercent, got)
	require.InDelta(t, 12.5, got, 0)
}
