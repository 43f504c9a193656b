package compose

import (
	"bytes"
	"iter"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadstest"
)

// decisionFixture is the composition root on one database (the domains' schema and seed), with
// casey's repair of RT10000001 received and diagnosed with liquid damage: a revised quote of
// 289.00 awaits her decision.
type decisionFixture struct {
	gdb   *gorm.DB
	caps  *capabilities
	svc   *repair.Service
	rec   rma.RMA
	quote string
}

var casey = repair.Customer{Subject: "usr_casey", Name: "Casey Morgan", Email: "casey@example.com"}

func one(name string, content []byte) iter.Seq2[uploads.File, error] {
	return func(yield func(uploads.File, error) bool) {
		yield(uploads.File{Name: name, Content: bytes.NewReader(content)}, nil)
	}
}

func newDecisionFixture(t *testing.T, gdb *gorm.DB) decisionFixture {
	t.Helper()
	ctx := t.Context()
	t.Setenv("PORTAL_ADDR", "127.0.0.1:18080")
	t.Setenv("PORTAL_DATA_DIR", t.TempDir())
	cfg, err := LoadConfig()
	require.NoError(t, err)
	log := testkit.Quiet()
	require.NoError(t, Migrate(ctx, gdb, log))
	require.NoError(t, seedDomains(ctx, cfg, gdb))
	bucket, err := blob.Open(ctx, "", filepath.Join(cfg.DataDir, "blobs"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = bucket.Close() })
	caps := &capabilities{cfg: cfg, log: log, gdb: gdb, cache: cache.NewMemory(1000), bucket: bucket}
	files := caps.Attachments()

	attachment, err := files.Upload(ctx, "usr_casey", one("crack.png", uploadstest.PNG()))
	require.NoError(t, err)
	creator, err := caps.Creator()
	require.NoError(t, err)
	created, err := creator.Create(ctx, rma.CreateRequest{
		Owner: "usr_casey", Serial: "RT10000001",
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped.",
			Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: []string{attachment[0].BucketFileName}},
		Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: rma.Packaging{HavePackaging: true},
	})
	require.NoError(t, err)
	photos := make([]string, 3)
	for i := range photos {
		up, err := files.Upload(ctx, "usr_tariq", one("unit.png", uploadstest.PNG()))
		require.NoError(t, err)
		photos[i] = up[0].BucketFileName
	}
	staff := caps.Depot()
	_, err = staff.Receive(ctx, tariq, depot.ReceiveRequest{Number: created.RMA.Number, Serial: "RT10000001", Photos: photos[:1]})
	require.NoError(t, err)
	got, err := staff.Diagnose(ctx, tariq, depot.DiagnoseRequest{Number: created.RMA.Number,
		Findings:  []depot.FindingInput{{Code: "LIQUID_DAMAGE", Description: "Corrosion on the mainboard", Photos: photos[1:]}},
		LineItems: []depot.LineInput{{Kind: "REPAIR_OPTION", Code: "Cracked or broken screen", Quantity: 1}}})
	require.NoError(t, err)
	require.Equal(t, rma.StatusQuotePending, got.RMA.Status)
	svc, err := caps.Repair()
	require.NoError(t, err)
	return decisionFixture{gdb: gdb, caps: caps, svc: svc, rec: got.RMA, quote: got.Diagnosis.QuoteID}
}

func (f decisionFixture) status(t *testing.T) rma.Status {
	t.Helper()
	r, err := f.caps.Units().RMAForStaff(t.Context(), f.rec.Number)
	require.NoError(t, err)
	return r.Status
}

func (f decisionFixture) quoteOf(t *testing.T, id string) payments.Quote {
	t.Helper()
	q, err := f.caps.Quotes().ServiceQuote(t.Context(), id)
	require.NoError(t, err)
	return q
}

func (f decisionFixture) mails(t *testing.T) []string {
	t.Helper()
	entries, err := mail.Recent(t.Context(), f.gdb, "casey@example.com", 50)
	require.NoError(t, err)
	var subjects []string
	for _, e := range entries {
		subjects = append(subjects, e.Message.Subject+"\n"+e.Message.Text)
	}
	return subjects
}

func TestIntegrationDiagnosis_TheRevisedQuoteMailAsksForADecision(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		q := f.quoteOf(t, f.quote)
		require.Equal(t, "289.00", q.Amount.Decimal())
		var quoteMail string
		for _, m := range f.mails(t) {
			if strings.HasPrefix(m, "Your decision on the repair of RMA "+f.rec.Number) {
				quoteMail = m
			}
		}
		require.Contains(t, quoteMail, "- Liquid damage: Corrosion on the mainboard")
		require.Contains(t, quoteMail, "Return it unrepaired for $45.00")
		require.Contains(t, quoteMail, "Nothing is charged before you decide.")
		require.Contains(t, quoteMail, "http://127.0.0.1:18080/your-account/rma-history?rma="+f.rec.Number)
	})
}

func TestIntegrationDecision_ApproveByCardAnswersTheCardPageUntilPaid(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		ctx := t.Context()
		approve := repair.DecisionRequest{Number: strings.ToLower(f.rec.Number), Choice: "APPROVE", Method: "CREDIT_CARD"}
		got, err := f.svc.Decide(ctx, casey, approve)
		require.NoError(t, err)
		require.Equal(t, rma.StatusQuotePending, got.Status)
		q := f.quoteOf(t, f.quote)
		require.Equal(t, "http://127.0.0.1:18080/pay-quote-by-authorize/"+q.ID+"/"+q.Reference, got.PaymentURL)
		again, err := f.svc.Decide(ctx, casey, approve)
		require.NoError(t, err)
		require.Equal(t, got, again, "asked again, the same card page")
		_, err = f.svc.Decide(ctx, casey, repair.DecisionRequest{Number: f.rec.Number, Choice: "RECYCLE"})
		require.ErrorIs(t, err, rma.ErrNoDecisionPending, "decided already")

		fulfiller, err := f.caps.RMAFulfiller()
		require.NoError(t, err)
		require.NoError(t, fulfiller.QuotePaid(ctx, q))
		require.Equal(t, rma.StatusRepairing, f.status(t))
		d, err := f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		require.True(t, d.Decision.Paid)
		_, err = f.svc.Decide(ctx, casey, approve)
		require.ErrorIs(t, err, rma.ErrNoDecisionPending, "paid: nothing more to decide")
	})
}

func TestIntegrationDecision_ApproveByPurchaseOrderRepairsAtOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		ctx := t.Context()
		po, err := f.caps.Attachments().UploadPurchaseOrder(ctx, "usr_casey", one("po.pdf", uploadstest.PDF()))
		require.NoError(t, err)
		req := repair.DecisionRequest{Number: f.rec.Number, Choice: "APPROVE", Method: "PO", CustomerPO: "PO-4411", CustomerPOFileID: po.BucketFileName}

		_, err = f.svc.Decide(ctx, casey, req)
		require.ErrorIs(t, err, payments.ErrPONotAllowed, "service:payment:po is needed")
		_, err = f.svc.Decide(ctx, repair.Customer{Subject: "usr_casey", MayPayByPO: true, Email: "casey@example.com"},
			repair.DecisionRequest{Number: f.rec.Number, Choice: "APPROVE", Method: "PO"})
		v, ok := fault.As(err)
		require.True(t, ok, err)
		require.Equal(t, map[string]string{payments.FieldCustomerPO: "Required", payments.FieldPOFile: payments.MsgMustAttachFiles}, v.Fields)

		buyer := repair.Customer{Subject: "usr_casey", MayPayByPO: true, Email: "casey@example.com"}
		got, err := f.svc.Decide(ctx, buyer, req)
		require.NoError(t, err)
		require.Equal(t, repair.Decided{Status: rma.StatusRepairing}, got)
		require.Equal(t, rma.StatusRepairing, f.status(t))
		q := f.quoteOf(t, f.quote)
		require.Equal(t, payments.StatusPaid, q.Status)
		require.Equal(t, "PO-4411", q.CustomerPO)
		file, _, err := f.caps.Attachments().OpenPurchaseOrder(ctx, "usr_casey", po.BucketFileName)
		require.NoError(t, err)
		require.NoError(t, file.Close())
		d, err := f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		require.Equal(t, &rma.Decision{Choice: rma.ChoiceApprove, At: d.Decision.At, Actor: "usr_casey", PaymentMethod: "PO", Paid: true}, d.Decision)
		require.Contains(t, f.mails(t)[0], "You approved the repair for $289.00, paid by purchase order PO-4411.")
	})
}

func TestIntegrationDecision_ReturnUnrepairedCancelsTheQuoteAndIssuesTheFee(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		ctx := t.Context()
		_, err := f.svc.Decide(ctx, repair.Customer{Subject: "usr_olivia"}, repair.DecisionRequest{Number: f.rec.Number, Choice: "RETURN_UNREPAIRED"})
		require.ErrorIs(t, err, rma.ErrRMANotFound, "another customer's RMA")
		_, err = f.svc.Decide(ctx, casey, repair.DecisionRequest{Number: f.rec.Number, Choice: "MAYBE"})
		v, ok := fault.As(err)
		require.True(t, ok, err)
		require.Equal(t, map[string]string{"choice": "Required"}, v.Fields)

		got, err := f.svc.Decide(ctx, casey, repair.DecisionRequest{Number: f.rec.Number, Choice: "RETURN_UNREPAIRED"})
		require.NoError(t, err)
		require.Equal(t, rma.StatusReturnUnrepaired, got.Status)
		require.Equal(t, rma.StatusReturnUnrepaired, f.status(t))
		require.Equal(t, payments.StatusCancelled, f.quoteOf(t, f.quote).Status)
		d, err := f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		fee := f.quoteOf(t, d.Decision.FeeQuoteID)
		require.Equal(t, "45.00", fee.Amount.Decimal())
		require.Equal(t, payments.StatusOpen, fee.Status)
		require.Equal(t, "http://127.0.0.1:18080/pay-quote-by-authorize/"+fee.ID+"/"+fee.Reference, got.PaymentURL)
		mails := f.mails(t)
		require.True(t, strings.HasPrefix(mails[0], "RMA "+f.rec.Number+": your unit is returning unrepaired"), mails[0])
		require.True(t, strings.HasPrefix(mails[1], "Return fee for RMA "+f.rec.Number), mails[1])

		fulfiller, err := f.caps.RMAFulfiller()
		require.NoError(t, err)
		require.NoError(t, fulfiller.QuotePaid(ctx, fee))
		require.Equal(t, rma.StatusReturnUnrepaired, f.status(t), "the fee holds nothing back")
		d, err = f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		require.True(t, d.Decision.Paid)
	})
}

func TestIntegrationDecision_RecycleEndsTheRMAAndFreesTheUnit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		got, err := f.svc.Decide(t.Context(), casey, repair.DecisionRequest{Number: f.rec.Number, Choice: "RECYCLE"})
		require.NoError(t, err)
		require.Equal(t, repair.Decided{Status: rma.StatusRecycled}, got)
		require.Equal(t, payments.StatusCancelled, f.quoteOf(t, f.quote).Status)
		unit, err := f.caps.Units().UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber)
		require.Contains(t, f.mails(t)[0], "You chose to have the unit recycled, free of charge.")
	})
}

// sweeper is the repair service's decision sweep on f's database at the clock *now.
func (f decisionFixture) sweeper(t *testing.T, now *time.Time) *repair.Service {
	t.Helper()
	checkout, err := f.caps.Checkout()
	require.NoError(t, err)
	return repair.NewService(repair.Deps{
		Decisions: f.caps.Diagnoses(), ServiceQuotes: decisionQuotes{quotes: f.caps.Quotes(), checkout: checkout},
		Tx: db.NewTransactor(f.gdb), Log: testkit.Quiet(), Now: func() time.Time { return *now },
	})
}

func (f decisionFixture) reminders(t *testing.T) int {
	t.Helper()
	n := 0
	for _, m := range f.mails(t) {
		if strings.HasPrefix(m, "RMA "+f.rec.Number+": your decision on the quote is needed") {
			n++
		}
	}
	return n
}

func TestIntegrationSweepDecisions_RemindsAfter3And7DaysOnceThenReturnsAfter30(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		ctx := t.Context()
		d, err := f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		now := d.At.Add(2 * 24 * time.Hour)
		svc := f.sweeper(t, &now)

		n, err := svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "nothing owed on day 2")

		now = d.At.Add(3*24*time.Hour + time.Minute)
		n, err = svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		n, err = svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "the first reminder goes once")
		require.Equal(t, 1, f.reminders(t))

		// Two processes sweep at once on day 7: the second reminder goes once.
		now = d.At.Add(7*24*time.Hour + time.Minute)
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i := range counts {
			wg.Go(func() {
				c, err := svc.SweepDecisions(ctx)
				assert.NoError(t, err)
				counts[i] = c
			})
		}
		wg.Wait()
		require.Equal(t, 1, counts[0]+counts[1])
		require.Equal(t, 2, f.reminders(t))
		require.Contains(t, f.mails(t)[0], "http://127.0.0.1:18080/your-account/rma-history?rma="+f.rec.Number)
		require.Equal(t, rma.StatusQuotePending, f.status(t))

		now = d.DecideBy.Add(time.Minute)
		n, err = svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, rma.StatusReturnUnrepaired, f.status(t))
		require.Equal(t, payments.StatusCancelled, f.quoteOf(t, f.quote).Status)
		d, err = f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		require.Equal(t, rma.ChoiceReturnUnrepaired, d.Decision.Choice)
		require.Equal(t, rma.ActorSystem, d.Decision.Actor)
		require.Empty(t, d.Decision.FeeQuoteID, "no fee for the system's return")
		require.Contains(t, f.mails(t)[0], "We had no decision on the quote within 30 days")
		n, err = svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Zero(t, n)
	})
}

func TestIntegrationSweepDecisions_AnApprovalLeftUnpaidLapsesToo(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		ctx := t.Context()
		_, err := f.svc.Decide(ctx, casey, repair.DecisionRequest{Number: f.rec.Number, Choice: "APPROVE", Method: "CREDIT_CARD"})
		require.NoError(t, err)
		d, err := f.caps.Diagnoses().Of(ctx, f.rec.Number)
		require.NoError(t, err)
		now := d.At.Add(10 * 24 * time.Hour)
		svc := f.sweeper(t, &now)
		n, err := svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Zero(t, n, "no reminder once decided")

		now = d.DecideBy.Add(time.Minute)
		n, err = svc.SweepDecisions(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, rma.StatusReturnUnrepaired, f.status(t))
	})
}

// Two decisions at once (two tabs): the RMA's row lock and the conditional write let one
// through; the other finds no decision pending and changes nothing.
func TestIntegrationDecision_TwoAtOnceOneWins(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newDecisionFixture(t, gdb)
		choices := []rma.Choice{rma.ChoiceRecycle, rma.ChoiceReturnUnrepaired}
		errs := make([]error, len(choices))
		var wg sync.WaitGroup
		for i, c := range choices {
			wg.Go(func() {
				_, errs[i] = f.svc.Decide(t.Context(), casey, repair.DecisionRequest{Number: f.rec.Number, Choice: c})
			})
		}
		wg.Wait()
		var won int
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorIs(t, err, rma.ErrNoDecisionPending)
		}
		require.Equal(t, 1, won)
		d, err := f.caps.Diagnoses().Of(t.Context(), f.rec.Number)
		require.NoError(t, err)
		want := map[rma.Choice]rma.Status{rma.ChoiceRecycle: rma.StatusRecycled, rma.ChoiceReturnUnrepaired: rma.StatusReturnUnrepaired}
		require.Equal(t, want[d.Decision.Choice], f.status(t), "the decision on record is the move made")
	})
}
