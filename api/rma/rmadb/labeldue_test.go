package rmadb_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmatest"
)

// An RMA whose shipping step never ran after its commit (the client went away, the database
// stopped between the two transactions, the process died) still gets its label: it is born with
// its retry due five minutes after creation. Found by the fault suite (api/portal/faultsuite).
func TestIntegrationCreateRMA_ALabelNobodyIssuedIsRetriedAfterTheGrace(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		ctx := t.Context()
		number, err := f.store.NextRMANumber(ctx)
		require.NoError(t, err)
		uid, err := rma.NewUID()
		require.NoError(t, err)
		now := time.Now()
		require.NoError(t, f.store.CreateRMA(ctx, rma.RMA{
			Number: number, UID: uid, Owner: "usr_casey", Serial: "RT10000001", Model: "RL14", Type: "REPAIR",
			Status: rma.StatusAwaitingUnit, Method: rma.ShipLabel, CreatedAt: now,
		}, "key-1"))

		claimed, err := f.store.ClaimLabelRetries(ctx, now.Add(4*time.Minute), now.Add(10*time.Minute), 10)
		require.NoError(t, err)
		require.Empty(t, claimed, "the create's own shipping step has five minutes")

		claimed, err = f.store.ClaimLabelRetries(ctx, now.Add(6*time.Minute), now.Add(10*time.Minute), 10)
		require.NoError(t, err)
		require.Len(t, claimed, 1)
		require.Equal(t, number, claimed[0].RMA.Number)
	})
}

// A create whose shipping step issued the label leaves nothing for the retrier.
func TestIntegrationCreate_AnIssuedLabelIsNeverRetried(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)
		require.NotEmpty(t, got.RMA.LabelID)
		claimed, err := f.store.ClaimLabelRetries(t.Context(), time.Now().Add(time.Hour), time.Now().Add(2*time.Hour), 10)
		require.NoError(t, err)
		require.Empty(t, claimed)
	})
}

// overtakenIssuer runs overtake inside the first IssueDocuments call, before answering it: the
// create's shipping step is still at the carrier while the retrier does its work.
type overtakenIssuer struct {
	*rmatest.Issuer
	mu       sync.Mutex
	overtake func()
}

func (o *overtakenIssuer) IssueDocuments(ctx context.Context, req rma.ShipmentRequest) (rma.ShipmentDocuments, error) {
	o.mu.Lock()
	overtake := o.overtake
	o.overtake = nil
	o.mu.Unlock()
	if overtake != nil {
		overtake()
	}
	return o.Issuer.IssueDocuments(ctx, req)
}

// createOvertaken creates casey's RMA with a shipping step that outlasts the grace: while it
// waits for the carrier, the retrier issues, records and mails the label, then carrierErr (if
// any) is what the carrier answers the create.
func createOvertaken(t *testing.T, f fixture, carrierErr error) (rma.RMA, rma.RMA) {
	t.Helper()
	retrier, clk := retrierAt(f, rma.LabelRetryOptions{})
	f.creator.Shipping = &overtakenIssuer{Issuer: f.issuer, overtake: func() {
		clk.advance(6 * time.Minute)
		// The create's context carries its transaction; the retrier works beside it.
		issued, err := retrier.RetryDue(t.Context())
		require.NoError(t, err)
		require.Equal(t, 1, issued)
		f.issuer.Err = carrierErr
	}}
	got, err := f.creator.Create(t.Context(), request())
	require.NoError(t, err)
	stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", got.RMA.Number)
	require.NoError(t, err)
	return got.RMA, stored
}

// A create whose shipping step the retrier overtook keeps the retrier's label: its own late
// documents are not recorded (they roll back, so the shipping janitor removes their PDFs), no
// second e-mail is queued, and the answer carries the label the customer was sent.
func TestIntegrationCreate_ALateShippingStepKeepsTheRetriersLabel(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		answered, stored := createOvertaken(t, f, nil)

		require.Len(t, f.issuer.Issued(), 2, "both booked the carrier")
		require.Equal(t, "label-1", stored.LabelID, "the retrier's label, recorded first, stays")
		require.Empty(t, stored.ShippingError)
		require.Equal(t, stored.LabelID, answered.LabelID)
		require.Equal(t, stored.TrackingNumber, answered.TrackingNumber)
		require.Len(t, f.mailer.Sent, 1, "only the retrier's e-mail")
		events, err := f.store.Timeline(t.Context(), stored.Number)
		require.NoError(t, err)
		require.Equal(t, []rma.EventKind{rma.EventCreated, rma.EventLabelIssued}, kinds(events))
	})
}

// A carrier that fails the overtaken create late does not wipe the retrier's label.
func TestIntegrationCreate_ALateCarrierFailureKeepsTheRetriersLabel(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		answered, stored := createOvertaken(t, f, errors.New("carrier down"))

		require.Equal(t, "label-1", stored.LabelID)
		require.Empty(t, stored.ShippingError)
		claimed, err := f.store.ClaimLabelRetries(t.Context(), time.Now().Add(time.Hour), time.Now().Add(2*time.Hour), 10)
		require.NoError(t, err)
		require.Empty(t, claimed, "the label's retries stay ended")
		require.Equal(t, stored.LabelID, answered.LabelID)
		require.Empty(t, answered.ShippingError)
		require.Len(t, f.mailer.Sent, 1)
		events, err := f.store.Timeline(t.Context(), stored.Number)
		require.NoError(t, err)
		require.Equal(t, []rma.EventKind{rma.EventCreated, rma.EventLabelIssued}, kinds(events))
	})
}
