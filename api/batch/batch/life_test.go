package batch_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// life is a batch service over a real batch store (SQLite or PostgreSQL) and fakes of the
// capabilities it calls.
type life struct {
	svc   *batch.Service
	deps  batch.Deps
	units *batchtest.Units
	store *batchdb.Store
	rmas  *batchtest.RMAs
	pay   *batchtest.Payments
	docs  *batchtest.Documents
	pos   *batchtest.PurchaseOrders
	mail  *batchtest.Mail
	clock *time.Time
}

// oowSerials are out-of-warranty units like RT10000002 (289.00, 260.10 after the 10 %).
var oowSerials = []string{"RT10000002", "RT20000001", "RT20000002", "RT20000003"}

func newLife(t *testing.T, gdb *gorm.DB) *life {
	t.Helper()
	require.NoError(t, batchdb.Migrate(t.Context(), gdb))
	units := append(rmadb.DemoUnits(), rmadb.FleetUnits(rmadb.FleetSize)...)
	var oow rma.Unit
	for _, u := range units {
		if u.Serial == "RT10000002" {
			oow = u
		}
	}
	for _, s := range oowSerials[1:] {
		u := oow
		u.Serial = s
		units = append(units, u)
	}
	now := today
	l := &life{store: batchdb.NewStore(gdb), rmas: &batchtest.RMAs{}, docs: &batchtest.Documents{PDF: []byte("%PDF-1.7 boxes")},
		pos: &batchtest.PurchaseOrders{Owners: map[string]string{"po-olivia": "usr_olivia", "po-olivia-2": "usr_olivia"}}, mail: &batchtest.Mail{}, clock: &now}
	l.pay = &batchtest.Payments{Now: func() time.Time { return *l.clock }}
	l.units = &batchtest.Units{Units: units}
	l.deps = batch.Deps{
		Units: l.units, Options: &batchtest.Options{ByModel: rmadb.DemoRepairOptions()},
		Branches: &batchtest.Branches{}, Discounts: &batchtest.Discounts{Percent: 10}, Now: func() time.Time { return *l.clock },
		Store: l.store, Tx: db.NewTransactor(gdb), RMAs: l.rmas, Documents: l.docs, Payments: l.pay, PurchaseOrders: l.pos,
		Mail: l.mail, Addresses: batchtest.Addresses{}, Log: testkit.Quiet(),
		Settings: batch.Settings{PublicURL: "https://portal.example", POReleaseDomains: []string{"fleetco.example"}},
	}
	l.svc = batch.NewService(l.deps)
	return l
}

// giveRMA opens an RMA on serial's unit elsewhere (another batch, or one RMA).
func (l *life) giveRMA(serial, number string) {
	for i := range l.units.Units {
		if l.units.Units[i].Serial == serial {
			l.units.Units[i].OpenRMANumber = number
		}
	}
}

// later moves the clock on by d.
func (l *life) later(d time.Duration) { *l.clock = l.clock.Add(d) }

var (
	oliviaPO = auth.Principal{Subject: "usr_olivia", Org: "FleetCo", Email: "olivia@fleetco.example", Claims: map[string]any{"name": "Olivia Reyes"},
		ClientRoles: []string{string(auth.PermPaymentPO)}}
	diego    = auth.Principal{Subject: "usr_diego", Org: "FleetCo", Email: "diego@fleetco.example", Claims: map[string]any{"name": "Diego Ruiz"}}
	stranger = auth.Principal{Subject: "usr_casey", Email: "casey@example.com"}
)

func viewer(p auth.Principal) visibility.Viewer {
	return visibility.Viewer{Subject: p.Subject, Org: p.Org}
}

func submitOf(key string, pay *batch.PaymentData, rows ...batch.Row) batch.SubmitRequest {
	return batch.SubmitRequest{
		Rows:      rows,
		Contact:   rma.Contact{FirstName: "Olivia", LastName: "Reyes", Email: "olivia@fleetco.example", Phone: "5125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: batch.Packaging{Kind: batch.OwnBoxes, UnitsPerBox: 2}, AcknowledgeHDDBackup: true,
		Payment: pay, IdempotencyKey: idempotency.Key(key),
	}
}

func byPO(file string) *batch.PaymentData {
	return &batch.PaymentData{Method: batch.MethodPO, CustomerPO: "PO-7781-12345", CustomerPOFileID: file}
}

// inWarranty answers n fleet units that pass the pre-flight in warranty.
func (l *life) inWarranty(t *testing.T, n int) []string {
	t.Helper()
	var rows []batch.Row
	for i := range rmadb.FleetSize {
		rows = append(rows, good(fmt.Sprintf("RT%08d", 10001000+i)))
	}
	pre, err := l.svc.Preflight(t.Context(), oliviaPO, "", rows)
	require.NoError(t, err)
	var out []string
	for _, v := range pre.Rows {
		if v.OK && v.Entitlement == batch.InWarranty && len(out) < n {
			out = append(out, v.Serial)
		}
	}
	require.Len(t, out, n)
	return out
}

// drain runs the worker until no batch has work left.
func (l *life) drain(t *testing.T) {
	t.Helper()
	for range 100 {
		did, err := l.svc.ProcessOne(t.Context())
		require.NoError(t, err)
		if !did {
			return
		}
	}
	t.Fatal("the worker never ran out of work")
}

func statuses(b batch.Batch) []batch.RowStatus {
	out := make([]batch.RowStatus, len(b.Rows))
	for i, r := range b.Rows {
		out[i] = r.Status
	}
	return out
}

func TestIntegrationBatchLife(t *testing.T) {
	cases := []struct {
		name string
		run  func(*testing.T, *life)
	}{
		{"PO: one transaction pays, failing rows are reported, the rest become RMAs with boxes, documents and one e-mail", testPO},
		{"save, remove a row (re-quote), pay later by PO", testSaveRemovePay},
		{"PayPal: confirm once approved, the webhook's BatchPaid repeats nothing", testPayPal},
		{"the same key answers the same batch, also when two submits race", testReplay},
		{"a crash mid-processing resumes without a second RMA", testCrash},
		{"a row refused at creation fails in one RMA's words", testRefusedAtCreation},
		{"a row that keeps failing without a refusal is given up on, not retried for ever", testGiveUp},
		{"a saved quote expires: its rows fail and the batch completes", testExpiry},
		{"owner, colleague and stranger", testVisibility},
		{"submit refusals", testRefusals},
		{"the list: own and organization's, newest first, by keyset", testList},
		{"a row that fails before payment is dropped and re-quoted, never paid for", testRecheckBeforePay},
		{"a row that fails before the card capture is dropped, the capture not made", testRecheckBeforeCapture},
		{"a paid row that still fails at creation is owed back, said on the batch and in the e-mail", testRefundDue},
		{"documents that keep failing: backoff, later batches go first, given up after MaxAttempts", testFinishGivesUp},
		{"a quote paid as it expires, or paid without the Fulfiller's call, moves the rows on", testPaidAtTheLastMoment},
		{"removing a row once the quote's time is over expires it; no fresh 30-day quote", testRemoveAfterExpiry},
		{"a random id another batch has is drawn again", testIDClash},
		{"a 100 % discount: nothing to pay, the rows created at once", testNoCharge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) { c.run(t, newLife(t, gdb)) })
		})
	}
}

func testPO(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", byPO("po-olivia"),
		good("RT10000001"), good("RT10000002"), good("RT99999999"), good("RT10000009"), good("RT20000001")))
	require.NoError(t, err)
	b := res.Batch
	require.True(t, batch.ValidID(b.ID), b.ID)
	require.Empty(t, res.PaymentURL)
	require.Equal(t, []batch.RowStatus{batch.RowPending, batch.RowPending, batch.RowFailed, batch.RowPending, batch.RowPending}, statuses(b))
	require.Equal(t, []batch.Reason{{Field: "serial", Message: "Serial Not Found"}}, b.Rows[2].Reasons)
	require.Equal(t, batch.QuotePaid, b.Payment.Status)
	require.Equal(t, "520.20", b.Payment.Amount.Decimal(), "two out-of-warranty rows at 260.10")
	q := l.pay.Of("usr_olivia", b.ID)
	require.Equal(t, batch.QuotePaid, q.Status)
	require.Equal(t, "PO-7781-12345", q.CustomerPO)
	require.Equal(t, b.ID, l.pos.Claimed["po-olivia"], "the PO file is the batch's")
	require.Equal(t, batch.StatusProcessing, b.Status())

	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), b.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusCompleted, got.Status())
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowCreated, batch.RowFailed, batch.RowCreated, batch.RowCreated}, statuses(got))
	created := l.rmas.Created(b.ID)
	require.Len(t, created, 4)
	for _, c := range created {
		require.True(t, strings.HasPrefix(c.Request.IdempotencyKey.String(), "batch:"+b.ID+":"), c.Request.IdempotencyKey)
		require.Equal(t, "usr_olivia", c.Request.Owner)
		require.Equal(t, "FleetCo", c.Request.Org)
		require.True(t, c.Request.Problem.Permissions.AcknowledgeHDDBackup)
		require.True(t, c.Request.Packaging.HavePackaging)
		if c.Request.Serial == "RT10000002" || c.Request.Serial == "RT20000001" {
			require.Equal(t, q.ID, c.PaidBy, "an out-of-warranty row is paid by the batch's quote")
		} else {
			require.Empty(t, c.PaidBy)
		}
	}
	// Boxes of 2, in row order; a label and a tracking number per box.
	require.Len(t, l.docs.Requests, 1)
	req := l.docs.Requests[0]
	require.True(t, req.Labels)
	require.Len(t, req.Boxes, 2)
	require.Equal(t, []string{"RT10000001", "RT10000002"}, []string{req.Boxes[0].Units[0].Serial, req.Boxes[0].Units[1].Serial})
	require.Equal(t, 2, got.Packaging.Boxes)
	require.Equal(t, "doc-"+b.ID, got.DocumentID)
	require.Equal(t, 2, got.Rows[3].Box)
	require.Equal(t, l.docs.Requests[0].Boxes[1].Number, got.Rows[4].Box)
	require.NotEmpty(t, got.Rows[3].TrackingNumber)
	require.Equal(t, string(rma.StatusAwaitingUnit), got.Rows[0].RMAStatus)
	require.Len(t, l.rmas.Boxes, 4)
	msgs := l.mail.Messages()
	require.Len(t, msgs, 1, "one summary e-mail for the batch")
	require.Contains(t, msgs[0].Text, "RMAs created: 4")
	require.Contains(t, msgs[0].Text, "Rows that failed: 1")
	require.Contains(t, msgs[0].Text, "https://portal.example/your-account/batches/"+b.ID)
	require.Contains(t, msgs[0].To[0], "olivia@fleetco.example")

	// Nothing is done twice: another pass finds no work, and the documents are served.
	did, err := l.svc.ProcessOne(ctx)
	require.NoError(t, err)
	require.False(t, did)
	require.Len(t, l.mail.Messages(), 1)
	doc, err := l.svc.OpenDocuments(ctx, viewer(diego), " "+b.ID+" ")
	require.NoError(t, err, "a colleague downloads the organization's labels")
	require.Equal(t, b.ID, doc.BatchID, "the download is named by the stored id, not the path as sent")
	require.NoError(t, doc.Body.Close())
	_, err = l.svc.RemoveRow(ctx, oliviaPO, b.ID, 1)
	require.ErrorIs(t, err, batch.ErrAlreadyPaid)
}

func testSaveRemovePay(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave},
		good("RT10000001"), good("RT10000002"), good("RT20000001"), good("RT20000002")))
	require.NoError(t, err)
	b := res.Batch
	require.Equal(t, []batch.RowStatus{batch.RowPending, batch.RowAwaitingPayment, batch.RowAwaitingPayment, batch.RowAwaitingPayment}, statuses(b))
	require.Equal(t, "780.30", b.Payment.Amount.Decimal())
	require.Equal(t, batch.QuoteOpen, b.Payment.Status)
	require.Equal(t, today.Add(payments.QuoteValidity), b.Payment.ExpiresAt)

	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), b.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusAwaitingPayment, got.Status(), "the in-warranty row is created; the others wait")
	require.Equal(t, batch.RowCreated, got.Rows[0].Status)
	require.Empty(t, l.docs.Requests, "the documents wait for every row")
	_, err = l.svc.OpenDocuments(ctx, viewer(oliviaPO), b.ID)
	require.ErrorIs(t, err, batch.ErrDocumentsNotReady)

	_, err = l.svc.RemoveRow(ctx, diego, b.ID, 2)
	require.ErrorIs(t, err, batch.ErrNotOwner)
	_, err = l.svc.RemoveRow(ctx, oliviaPO, b.ID, 0)
	require.ErrorIs(t, err, batch.ErrRowNotRemovable)
	_, err = l.svc.RemoveRow(ctx, oliviaPO, b.ID, 9)
	require.ErrorIs(t, err, batch.ErrRowNotFound)
	first := got.Payment.QuoteID
	got, err = l.svc.RemoveRow(ctx, oliviaPO, b.ID, 2)
	require.NoError(t, err)
	require.Equal(t, batch.RowRemoved, got.Rows[2].Status)
	require.NotEqual(t, first, got.Payment.QuoteID, "a new quote for the new total")
	require.Equal(t, "520.20", got.Payment.Amount.Decimal())
	require.Equal(t, batch.QuoteCancelled, l.pay.Quotes[0].Status)

	_, err = l.svc.Pay(ctx, diego, b.ID, *byPO("po-olivia"))
	require.ErrorIs(t, err, batch.ErrNotOwner)
	paid, err := l.svc.Pay(ctx, oliviaPO, b.ID, *byPO("po-olivia"))
	require.NoError(t, err)
	require.Equal(t, batch.QuotePaid, paid.Batch.Payment.Status)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowPending, batch.RowRemoved, batch.RowPending}, statuses(paid.Batch))
	_, err = l.svc.Pay(ctx, oliviaPO, b.ID, *byPO("po-olivia"))
	require.ErrorIs(t, err, batch.ErrNothingToPay)

	l.drain(t)
	got, err = l.svc.Get(ctx, viewer(oliviaPO), b.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusCompleted, got.Status())
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowCreated, batch.RowRemoved, batch.RowCreated}, statuses(got))
	require.Len(t, l.rmas.Created(b.ID), 3, "the removed row is not created")
	require.Len(t, l.mail.Messages(), 1)
	require.Contains(t, l.mail.Messages()[0].Text, "Rows removed before payment: 1")
}

func testPayPal(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, diego, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodPayPal}, good("RT10000002"), good("RT10000001")))
	require.NoError(t, err)
	b := res.Batch
	require.Contains(t, res.PaymentURL, "https://paypal.example/")
	require.Contains(t, res.PaymentURL, "return=https://portal.example/your-account/batches/"+b.ID)
	require.Equal(t, batch.MethodPayPal, b.Payment.Method)
	_, err = l.svc.ConfirmPayment(ctx, diego, b.ID, "EC-x")
	require.ErrorIs(t, err, payments.ErrNotApproved)

	// The same key again: the batch, and the approve link again.
	again, err := l.svc.Submit(ctx, diego, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodPayPal}, good("RT10000002"), good("RT10000001")))
	require.NoError(t, err)
	require.True(t, again.Replayed)
	// The same key with another batch's body is refused, not answered with the first batch.
	_, err = l.svc.Submit(ctx, diego, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodPayPal}, good("RT10000002")))
	require.ErrorIs(t, err, batch.ErrKeyReused)
	require.Equal(t, b.ID, again.Batch.ID)
	require.NotEmpty(t, again.PaymentURL)

	q := l.pay.Of("usr_diego", b.ID)
	q.Approved = true
	got, err := l.svc.ConfirmPayment(ctx, diego, b.ID, "EC-x")
	require.NoError(t, err)
	require.Equal(t, batch.QuotePaid, got.Payment.Status)
	require.Equal(t, batch.RowPending, got.Rows[0].Status)
	// The webhook of the same payment changes nothing more.
	require.NoError(t, l.svc.BatchPaid(ctx, b.ID, q.ID))
	require.NoError(t, l.svc.BatchPaid(ctx, b.ID, "QT-elsewhere"), "a quote not the batch's is logged for a refund")
	l.drain(t)
	got, err = l.svc.Get(ctx, viewer(diego), b.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowCreated}, statuses(got))
	require.Len(t, l.rmas.Created(b.ID), 2)
}

func testReplay(t *testing.T, l *life) {
	ctx := t.Context()
	u := l.inWarranty(t, 1)
	req := submitOf("same-key", nil, good("RT10000001"), good(u[0]))
	var wg sync.WaitGroup
	ids := make([]string, 4)
	errs := make([]error, 4)
	for i := range ids {
		wg.Go(func() {
			res, err := l.svc.Submit(ctx, oliviaPO, "", req)
			ids[i], errs[i] = res.Batch.ID, err
		})
	}
	wg.Wait()
	for i := range ids {
		require.NoError(t, errs[i])
		require.Equal(t, ids[0], ids[i], "one batch for one key")
	}
	page, err := l.svc.List(ctx, viewer(oliviaPO), 10, "")
	require.NoError(t, err)
	require.Len(t, page.Items, 1)
	l.drain(t)
	again, err := l.svc.Submit(ctx, oliviaPO, "", req)
	require.NoError(t, err)
	require.True(t, again.Replayed)
	require.Equal(t, batch.StatusCompleted, again.Batch.Status())
	require.Equal(t, 2, l.rmas.Creates, "each RMA once")
	// Another owner's same key is another batch.
	other, err := l.svc.Submit(ctx, diego, "", submitOf("same-key", nil, good(u[0])))
	require.NoError(t, err)
	require.NotEqual(t, ids[0], other.Batch.ID)
}

func testCrash(t *testing.T, l *life) {
	ctx := t.Context()
	u := l.inWarranty(t, 3)
	l.rmas.FailAfterCreate = map[string]bool{u[1]: true}
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good(u[0]), good(u[1]), good(u[2])))
	require.NoError(t, err)
	did, err := l.svc.ProcessOne(ctx)
	require.True(t, did)
	require.ErrorIs(t, err, batchtest.ErrCrash, "the worker stops at the crash")
	c, err := l.store.Progress(ctx, res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, 1, c.Created)
	require.Equal(t, 2, c.Pending, "the crashed row is PENDING again")
	require.Equal(t, 1, l.rmas.Opened, "Opened runs only after a commit")
	did, err = l.svc.ProcessOne(ctx)
	require.NoError(t, err)
	require.False(t, did, "the failed batch waits before its next attempt")

	// A second worker (or the restarted one) takes the batch over: the crashed row's RMA is
	// found by its key, not created again.
	l.later(batch.RetryAfter(1))
	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowCreated, batch.RowCreated}, statuses(got))
	require.Equal(t, 3, l.rmas.Creates, "three RMAs, each once")
	require.Equal(t, 3, l.rmas.Opened)
}

func testRefusedAtCreation(t *testing.T, l *life) {
	ctx := t.Context()
	u := l.inWarranty(t, 2)
	l.rmas.Refuse = map[string]error{
		u[0]: rma.ErrNotValidForNewRMA,
		u[1]: fault.Validation(map[string]string{"rmaInput.primaryFault": "Select a primary fault from the list"}),
	}
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good("RT10000001"), good(u[0]), good(u[1])))
	require.NoError(t, err)
	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowFailed, batch.RowFailed}, statuses(got))
	require.Equal(t, []batch.Reason{{Field: "serial", Message: rma.ErrNotValidForNewRMA.Message}}, got.Rows[1].Reasons,
		"a unit the registry would still take: the refusal's own words")
	require.Equal(t, []batch.Reason{{Field: "fault", Message: "Select a primary fault from the list"}}, got.Rows[2].Reasons)
	require.Equal(t, batch.StatusCompleted, got.Status())
	require.Contains(t, l.mail.Messages()[0].Text, "Rows that failed: 2")
}

func testGiveUp(t *testing.T, l *life) {
	ctx := t.Context()
	u := l.inWarranty(t, 1)
	l.rmas.Refuse = map[string]error{u[0]: errors.New("connection refused")}
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good("RT10000001"), good(u[0])))
	require.NoError(t, err)
	_, err = l.svc.ProcessOne(ctx)
	require.ErrorContains(t, err, "connection refused")
	l.later(batch.RetryAfter(1))
	// Another process's worker (a new Service: nothing in memory) counts from the same first
	// failure, kept in the database.
	other := batch.NewService(l.deps)
	_, err = other.ProcessOne(ctx)
	require.ErrorContains(t, err, "connection refused", "retried while it may be the database away")
	*l.clock = today.Add(batch.GiveUpAfter)
	_, err = other.ProcessOne(ctx)
	require.NoError(t, err)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowFailed}, statuses(got))
	require.Equal(t, []batch.Reason{{Field: "serial", Message: batch.MsgRowNotCreated}}, got.Rows[1].Reasons)
	require.Equal(t, batch.StatusCompleted, got.Status())
}

func testExpiry(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave}, good("RT10000001"), good("RT10000002")))
	require.NoError(t, err)
	l.drain(t)
	n, err := l.svc.ExpireQuotes(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "not before its 30 days")
	*l.clock = today.Add(payments.QuoteValidity + time.Minute)
	n, err = l.svc.ExpireQuotes(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusCompleted, got.Status())
	require.Equal(t, batch.RowFailed, got.Rows[1].Status)
	require.Equal(t, []batch.Reason{{Field: batch.FieldPayment, Message: batch.MsgQuoteExpired}}, got.Rows[1].Reasons)
	require.Equal(t, batch.QuoteExpired, got.Payment.Status)
	require.Equal(t, batch.QuoteExpired, l.pay.Of("usr_olivia", res.Batch.ID).Status)
	require.Len(t, l.mail.Messages(), 1)
	_, err = l.svc.Pay(ctx, oliviaPO, res.Batch.ID, *byPO("po-olivia"))
	require.ErrorIs(t, err, batch.ErrNothingToPay)
}

func testVisibility(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave}, good("RT10000001"), good("RT10000002")))
	require.NoError(t, err)
	id := res.Batch.ID
	_, err = l.svc.Get(ctx, viewer(oliviaPO), id)
	require.NoError(t, err)
	_, err = l.svc.Get(ctx, viewer(diego), id)
	require.NoError(t, err, "the organization sees its members' batches")
	for _, who := range []auth.Principal{stranger, {Subject: "usr_x", Org: "OtherCo"}} {
		_, err = l.svc.Get(ctx, viewer(who), id)
		require.ErrorIs(t, err, batch.ErrNotFound)
		_, err = l.svc.Progress(ctx, viewer(who), id)
		require.ErrorIs(t, err, batch.ErrNotFound)
		_, err = l.svc.Pay(ctx, who, id, *byPO("po-olivia"))
		require.ErrorIs(t, err, batch.ErrNotFound)
		_, err = l.svc.RemoveRow(ctx, who, id, 1)
		require.ErrorIs(t, err, batch.ErrNotFound)
	}
	_, err = l.svc.ConfirmPayment(ctx, diego, id, "")
	require.ErrorIs(t, err, batch.ErrNotOwner)
	_, err = l.svc.Get(ctx, viewer(oliviaPO), "BT-NOTHERE")
	require.ErrorIs(t, err, batch.ErrNotFound)
	_, err = l.svc.Get(ctx, viewer(oliviaPO), "../etc")
	require.ErrorIs(t, err, batch.ErrNotFound)
}

func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	f, ok := fault.As(err)
	require.True(t, ok, "%v", err)
	return f.Fields
}

func testRefusals(t *testing.T, l *life) {
	ctx := t.Context()
	_, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("", nil, good("RT10000001")))
	require.Equal(t, map[string]string{"Idempotency-Key": "Required"}, fields(t, err))

	bad := submitOf("k1", nil, good("RT10000002"), withData(good("VT10000007"), yes()))
	bad.Contact.Email, bad.Address.PostalCode = "not-an-email", ""
	bad.Packaging.UnitsPerBox = 51
	bad.AcknowledgeHDDBackup = false
	_, err = l.svc.Submit(ctx, oliviaPO, "", bad)
	require.Equal(t, map[string]string{
		"contact.email": "Must be a valid e-mail address", "address.postalCode": "Required", "packaging.unitsPerBox": "Must be 1 to 50",
		"acknowledgeHddBackup": "Required", "acknowledgeClickWrapAgreement": "Required", "paymentData.paymentMethod": "Required",
	}, fields(t, err))

	_, err = l.svc.Submit(ctx, diego, "", submitOf("k2", byPO("po-olivia"), good("RT10000002")))
	require.ErrorIs(t, err, payments.ErrPONotAllowed)
	_, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k3", &batch.PaymentData{Method: batch.MethodPO, CustomerPO: "PO7781"}, good("RT10000002")))
	require.Equal(t, map[string]string{"paymentData.poRelease": "Required", "paymentData.customerPOFileId": "Must Attach Files"}, fields(t, err))
	_, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k4", nil, good("RT99999999"), good("RT10000004")))
	require.ErrorIs(t, err, batch.ErrNothingToCreate)
	_, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k5", nil))
	require.Equal(t, map[string]string{"rows": "Required"}, fields(t, err))
	// Someone else's PO file: refused on the field, nothing stored.
	_, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k6", byPO("po-diego"), good("RT10000002")))
	require.Equal(t, map[string]string{"paymentData.customerPOFileId": "The purchase order file is unknown."}, fields(t, err))
	page, err := l.svc.List(ctx, viewer(oliviaPO), 10, "")
	require.NoError(t, err)
	require.Empty(t, page.Items, "nothing is half-created")
	// In-warranty rows only need no payment; a camera without data needs no click-wrap.
	_, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k7", nil, good("RT10000001"), withData(good("VT10000007"), no())))
	require.NoError(t, err)
}

func testList(t *testing.T, l *life) {
	ctx := t.Context()
	var ids []string
	for i := range 5 {
		who := oliviaPO
		if i%2 == 1 {
			who = diego
		}
		*l.clock = today.Add(time.Duration(i) * time.Minute)
		res, err := l.svc.Submit(ctx, who, "", submitOf(fmt.Sprintf("k%d", i), nil, good("RT10000001")))
		require.NoError(t, err)
		ids = append(ids, res.Batch.ID)
	}
	_, err := l.svc.Submit(ctx, stranger, "", submitOf("k9", nil, good("RT10000001")))
	require.NoError(t, err)
	var seen []string
	after := ""
	for {
		page, err := l.svc.List(ctx, viewer(diego), 2, after)
		require.NoError(t, err)
		for _, it := range page.Items {
			seen = append(seen, it.ID)
			require.Equal(t, 1, it.Counts.Rows)
		}
		if !page.HasNext {
			break
		}
		after = page.EndCursor
	}
	require.Equal(t, []string{ids[4], ids[3], ids[2], ids[1], ids[0]}, seen, "newest first, own and organization's, never a stranger's")
	_, err = l.svc.List(ctx, viewer(diego), 2, "garbage")
	require.Equal(t, map[string]string{"after": batch.MsgBadCursor}, fields(t, err))
}

// Two workers on one database never create an RMA twice: each batch is leased to one.
func TestIntegrationWorkers_TwoAtOnceCreateEachRMAOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		l := newLife(t, gdb)
		u := l.inWarranty(t, 3)
		ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
		defer cancel()
		var ids []string
		for i := range 4 {
			res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf(fmt.Sprintf("k%d", i), nil, good(u[0]), good(u[1]), good(u[2])))
			require.NoError(t, err)
			ids = append(ids, res.Batch.ID)
		}
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				for ctx.Err() == nil {
					did, err := l.svc.ProcessOne(ctx)
					if err != nil || !did {
						return
					}
				}
			})
		}
		wg.Wait()
		l.drain(t)
		require.Equal(t, 12, l.rmas.Creates)
		require.Len(t, l.mail.Messages(), 4, "one e-mail per batch")
		for _, id := range ids {
			got, err := l.svc.Get(ctx, viewer(oliviaPO), id)
			require.NoError(t, err)
			require.Equal(t, batch.StatusCompleted, got.Status())
		}
	})
}

func testRecheckBeforePay(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave},
		good("RT10000001"), good("RT10000002"), good("RT20000001")))
	require.NoError(t, err)
	id, first := res.Batch.ID, res.Batch.Payment.QuoteID
	require.Equal(t, "520.20", res.Batch.Payment.Amount.Decimal())
	// Meanwhile a second batch (or one RMA) took RT20000001.
	l.giveRMA("RT20000001", "RMA-900001")

	_, err = l.svc.Pay(ctx, oliviaPO, id, *byPO("po-olivia"))
	require.ErrorIs(t, err, batch.ErrQuoteChanged)
	require.EqualError(t, err, "batch.quoteChanged: 1 row can no longer become an RMA and was taken off the quote; the new total is 260.10 USD. Please check the batch and pay again.")
	got, err := l.svc.Get(ctx, viewer(oliviaPO), id)
	require.NoError(t, err)
	require.Equal(t, batch.RowFailed, got.Rows[2].Status)
	require.Equal(t, []batch.Reason{{Field: "serial", Message: batch.MsgRMAExists}}, got.Rows[2].Reasons)
	require.Equal(t, batch.RowAwaitingPayment, got.Rows[1].Status)
	require.Equal(t, "260.10", got.Payment.Amount.Decimal(), "re-quoted for the rest")
	require.NotEqual(t, first, got.Payment.QuoteID)
	require.Equal(t, batch.QuoteCancelled, l.pay.Quotes[0].Status, "the old quote is never paid")
	require.Empty(t, l.pos.Claimed, "no PO file is claimed for a refused payment")

	paid, err := l.svc.Pay(ctx, oliviaPO, id, *byPO("po-olivia"))
	require.NoError(t, err, "the new total is paid")
	require.Equal(t, batch.QuotePaid, paid.Batch.Payment.Status)
	require.Equal(t, "260.10", paid.Batch.Payment.Amount.Decimal())
	require.Equal(t, int64(26010), l.pay.Of("usr_olivia", id).Amount)

	// The last unpaid row failing leaves nothing to pay.
	res, err = l.svc.Submit(ctx, oliviaPO, "", submitOf("k2", &batch.PaymentData{Method: batch.MethodSave}, good("RT10000001"), good("RT20000002")))
	require.NoError(t, err)
	l.giveRMA("RT20000002", "RMA-900002")
	_, err = l.svc.Pay(ctx, oliviaPO, res.Batch.ID, batch.PaymentData{Method: batch.MethodPayPal})
	require.EqualError(t, err, "batch.quoteChanged: 1 row can no longer become an RMA and was taken off the quote; nothing is left to pay.")
	got, err = l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.QuoteCancelled, got.Payment.Status)
	require.Equal(t, "0.00", got.Total().Decimal(), "a cancelled quote's amount was never taken")
}

func testRecheckBeforeCapture(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, diego, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodPayPal}, good("RT10000002"), good("RT20000001")))
	require.NoError(t, err)
	l.pay.Of("usr_diego", res.Batch.ID).Approved = true
	l.giveRMA("RT10000002", "RMA-900003")
	_, err = l.svc.ConfirmPayment(ctx, diego, res.Batch.ID, "EC-x")
	require.ErrorIs(t, err, batch.ErrQuoteChanged)
	require.Equal(t, batch.QuoteCancelled, l.pay.Quotes[0].Status, "the approved order of the old total is not captured")
	got, err := l.svc.Get(ctx, viewer(diego), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowFailed, batch.RowAwaitingPayment}, statuses(got))
	require.Equal(t, batch.QuoteOpen, got.Payment.Status)
	require.Equal(t, "260.10", got.Payment.Amount.Decimal())
}

func testRefundDue(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", byPO("po-olivia"), good("RT10000001"), good("RT10000002")))
	require.NoError(t, err)
	// Taken between the payment and the worker: the race no re-check closes.
	l.rmas.Refuse = map[string]error{"RT10000002": rma.ErrNotValidForNewRMA}
	l.giveRMA("RT10000002", "RMA-900004")
	l.drain(t)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowFailed}, statuses(got))
	require.Equal(t, "260.10", got.Rows[1].RefundDue.Decimal())
	require.Equal(t, "260.10", got.RefundDue().Decimal())
	require.Nil(t, got.Rows[0].RefundDue)
	require.Equal(t, batch.StatusCompleted, got.Status())
	msgs := l.mail.Messages()
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0].Text, "owed back: 260.10 USD")
	require.Contains(t, msgs[0].Text, "Pack the units in 1 box as", "one box, not '1 boxes'")
	require.NotContains(t, msgs[0].Text, "refunded automatically")
}

func testFinishGivesUp(t *testing.T, l *life) {
	ctx := t.Context()
	u := l.inWarranty(t, 2)
	l.docs.Fail = errors.New("carrier unavailable")
	stuck, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good(u[0])))
	require.NoError(t, err)
	_, err = l.svc.ProcessOne(ctx)
	require.ErrorContains(t, err, "carrier unavailable")
	// A batch submitted after it goes through while the stuck one waits its turn.
	l.later(time.Second)
	l.docs.Fail = nil
	next, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k2", nil, good(u[1])))
	require.NoError(t, err)
	did, err := l.svc.ProcessOne(ctx)
	require.NoError(t, err)
	require.True(t, did)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), next.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusCompleted, got.Status(), "not held up behind the failing batch")

	l.docs.Fail = errors.New("carrier unavailable")
	attempts := l.docs.Attempts
	for n := 2; n <= batch.MaxAttempts; n++ {
		did, err := l.svc.ProcessOne(ctx)
		require.False(t, did, "not before its next attempt is due")
		require.NoError(t, err)
		l.later(batch.RetryAfter(n - 1))
		_, err = l.svc.ProcessOne(ctx)
		if n < batch.MaxAttempts {
			require.ErrorContains(t, err, "carrier unavailable")
		} else {
			require.NoError(t, err, "given up on: the batch completes")
		}
	}
	require.Equal(t, attempts+batch.MaxAttempts-1, l.docs.Attempts)
	got, err = l.svc.Get(ctx, viewer(oliviaPO), stuck.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.StatusCompleted, got.Status())
	require.True(t, got.DocumentsFailed)
	require.Empty(t, got.DocumentID)
	msgs := l.mail.Messages()
	require.Len(t, msgs, 2)
	require.Contains(t, msgs[1].Text, batch.MsgDocumentsFailed)
	did, err = l.svc.ProcessOne(ctx)
	require.NoError(t, err)
	require.False(t, did, "nothing more is tried")
}

func testPaidAtTheLastMoment(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave}, good("RT10000002")))
	require.NoError(t, err)
	// Paid at the payments side as the quote's time ran out; its Fulfiller call lost.
	q := l.pay.PayByWebhook("usr_olivia", res.Batch.ID)
	l.later(payments.QuoteValidity + time.Minute)
	n, err := l.svc.ExpireQuotes(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.QuotePaid, got.Payment.Status)
	require.Equal(t, q.ID, got.Payment.QuoteID)
	require.Equal(t, []batch.RowStatus{batch.RowPending}, statuses(got), "the paid rows go on, not wait for ever")

	// A card payment started, paid by the webhook whose Fulfiller call failed: the sweep finds it.
	res, err = l.svc.Submit(ctx, diego, "", submitOf("k2", &batch.PaymentData{Method: batch.MethodPayPal}, good("RT20000001")))
	require.NoError(t, err)
	l.pay.PayByWebhook("usr_diego", res.Batch.ID)
	_, err = l.svc.ExpireQuotes(ctx)
	require.NoError(t, err)
	got, err = l.svc.Get(ctx, viewer(diego), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowPending}, statuses(got))
	l.drain(t)
	require.Len(t, l.rmas.Created(res.Batch.ID), 1)
}

func testRemoveAfterExpiry(t *testing.T, l *life) {
	ctx := t.Context()
	res, err := l.svc.Submit(ctx, oliviaPO, "", submitOf("k1", &batch.PaymentData{Method: batch.MethodSave}, good("RT10000002"), good("RT20000001")))
	require.NoError(t, err)
	l.later(payments.QuoteValidity)
	_, err = l.svc.RemoveRow(ctx, oliviaPO, res.Batch.ID, 1)
	require.ErrorIs(t, err, batch.ErrQuoteExpired)
	require.Len(t, l.pay.Quotes, 1, "no fresh quote")
	got, err := l.svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, batch.QuoteExpired, got.Payment.Status)
	require.Equal(t, []batch.RowStatus{batch.RowFailed, batch.RowFailed}, statuses(got))
	_, err = l.svc.Pay(ctx, oliviaPO, res.Batch.ID, *byPO("po-olivia"))
	require.ErrorIs(t, err, batch.ErrNothingToPay)
}

func testIDClash(t *testing.T, l *life) {
	ctx := t.Context()
	ids := []string{"BT-AAAAAAAA", "BT-AAAAAAAA", "BT-BBBBBBBB"}
	l.deps.NewID = func() string {
		id := ids[0]
		ids = ids[1:]
		return id
	}
	svc := batch.NewService(l.deps)
	first, err := svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good("RT10000001")))
	require.NoError(t, err)
	require.Equal(t, "BT-AAAAAAAA", first.Batch.ID)
	second, err := svc.Submit(ctx, oliviaPO, "", submitOf("k2", nil, good("RT10000001")))
	require.NoError(t, err, "the clash on the id is not the key's: another id is drawn")
	require.Equal(t, "BT-BBBBBBBB", second.Batch.ID)
	require.False(t, second.Replayed)
}

func testNoCharge(t *testing.T, l *life) {
	ctx := t.Context()
	l.deps.Discounts = &batchtest.Discounts{Percent: 100}
	svc := batch.NewService(l.deps)
	res, err := svc.Submit(ctx, oliviaPO, "", submitOf("k1", nil, good("RT10000001"), good("RT10000002")))
	require.NoError(t, err, "no payment is asked for a total of zero")
	require.Nil(t, res.Batch.Payment)
	require.Equal(t, []batch.RowStatus{batch.RowPending, batch.RowPending}, statuses(res.Batch))
	require.Empty(t, l.pay.Quotes)
	for range 10 {
		if did, err := svc.ProcessOne(ctx); err != nil || !did {
			require.NoError(t, err)
			break
		}
	}
	got, err := svc.Get(ctx, viewer(oliviaPO), res.Batch.ID)
	require.NoError(t, err)
	require.Equal(t, []batch.RowStatus{batch.RowCreated, batch.RowCreated}, statuses(got))
	for _, c := range l.rmas.Created(res.Batch.ID) {
		require.Equal(t, c.Request.Serial == "RT10000002", c.NoCharge, c.Request.Serial)
	}
}
