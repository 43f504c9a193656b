package batch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
)

// Run is the batch process's worker: it creates the RMAs of batches with PENDING rows and
// finishes the batches with nothing left to wait for, until ctx ends. Several processes may
// run it: each batch is held by one worker at a time (Store.ClaimWork's lease), and every RMA
// is created under its row's idempotency key, so a crash or a second worker never creates one
// twice. A submit or payment in this process wakes it at once; otherwise it looks every Poll.
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.d.Settings.Poll)
	defer t.Stop()
	for {
		did, err := s.ProcessOne(ctx)
		if err != nil && ctx.Err() == nil {
			s.d.Log.WarnContext(ctx, "batch work failed; retried later", "err", err)
		}
		if did && err == nil {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-t.C:
		}
	}
}

// ProcessOne claims one batch with work, if any, and does it: its PENDING rows' RMAs, one
// transaction each, then (nothing left PENDING or AWAITING_PAYMENT) its boxes, documents and
// summary e-mail, once. It reports whether there was a batch to work on.
func (s *Service) ProcessOne(ctx context.Context) (bool, error) {
	now := s.now()
	id, ok, err := s.d.Store.ClaimWork(ctx, now, now.Add(s.d.Settings.Lease))
	if !ok || err != nil {
		return false, err
	}
	err = s.work(ctx, id)
	// The lease goes back even when ctx is cancelled, so another worker need not wait it out.
	if rerr := s.d.Store.ReleaseLease(context.WithoutCancel(ctx), id); rerr != nil {
		err = errors.Join(err, rerr)
	}
	return true, err
}

// leaseEvery is how many rows a worker creates between extending its lease.
const leaseEvery = 50

// MaxAttempts is how many passes in a row may fail on one batch before its documents are given
// up on: the batch finishes without them (DocumentsFailed), its e-mail says so and staff are
// told (an ERROR log). Between attempts the batch waits RetryAfter(attempts).
const MaxAttempts = 8

// RetryAfter is how long a batch whose pass failed waits before the next: 5 s doubled at each
// failure in a row, at most 10 minutes (8 attempts take about 20 minutes), so a batch that keeps
// failing neither books the carrier every second nor holds up the batches behind it.
func RetryAfter(attempts int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < attempts && d < 10*time.Minute; i++ {
		d *= 2
	}
	return min(d, 10*time.Minute)
}

// work does one pass on batch id; a pass that fails puts the batch's next attempt off
// (RetryAfter, in the database, so every process's worker waits it out), and a finish that has
// failed MaxAttempts times gives the documents up.
func (s *Service) work(ctx context.Context, id string) error {
	finishing, err := s.pass(ctx, id)
	if err == nil || ctx.Err() != nil {
		return err
	}
	bg := context.WithoutCancel(ctx)
	n, rerr := s.d.Store.Retry(bg, id, func(n int) time.Time { return s.now().Add(RetryAfter(n)) })
	if rerr != nil {
		return errors.Join(err, rerr)
	}
	if finishing && n >= MaxAttempts {
		if gerr := s.giveUpDocuments(bg, id, err); gerr != nil {
			return errors.Join(err, gerr)
		}
		return nil
	}
	return err
}

// pass creates batch id's PENDING rows' RMAs and, nothing left PENDING or AWAITING_PAYMENT,
// finishes it; finishing says the error (if any) came from the finish.
func (s *Service) pass(ctx context.Context, id string) (finishing bool, err error) {
	b, err := s.d.Store.Batch(ctx, id)
	if err != nil {
		return false, err
	}
	done, reset := 0, false
	for _, r := range b.Rows {
		if r.Status != RowPending {
			continue
		}
		if err := ctx.Err(); err != nil {
			return false, err
		}
		settled, err := s.createRow(ctx, b, r)
		if settled && !reset {
			reset = true
			// A row moved: the batch is not stuck, its failures in a row start again.
			if perr := s.d.Store.Progressed(ctx, id); perr != nil {
				return false, errors.Join(err, perr)
			}
		}
		if err != nil {
			return false, err
		}
		if done++; done%leaseEvery == 0 {
			if err := s.d.Store.ExtendLease(ctx, id, s.now().Add(s.d.Settings.Lease)); err != nil {
				return false, err
			}
		}
	}
	c, err := s.d.Store.Progress(ctx, id)
	if err != nil {
		return false, err
	}
	if c.Pending > 0 || c.AwaitingPayment > 0 {
		return false, nil
	}
	return true, s.finish(ctx, id)
}

// RowKey is the idempotency key of a row's RMA: a crash, a retry or a second worker finds the
// RMA the first attempt created.
func RowKey(batchID string, index int) idempotency.Key {
	return idempotency.Key(fmt.Sprintf("batch:%s:%d", batchID, index))
}

// createRow creates row r's RMA through the rma capability, its row turning CREATED in the same
// transaction; a refusal in one RMA's words turns it FAILED with the fault's messages. Any other
// error (the database away) leaves it PENDING for the next attempt, until it has failed so for
// GiveUpAfter (counted in the database). settled says the row left PENDING.
func (s *Service) createRow(ctx context.Context, b Batch, r BatchRow) (settled bool, err error) {
	req := rma.CreateRequest{
		Owner: b.Owner, Org: b.Org, OpenedByName: b.CreatedBy, IdempotencyKey: RowKey(b.ID, r.Index),
		Serial: r.Serial, RMAType: rma.DefaultRMAType,
		Problem: rma.Problem{
			PrimaryFault: r.Fault, Problem: r.Problem, InitialNotes: r.Notes, CustomerReference: r.CustomerReference, AssetTag: r.AssetTag,
			Permissions: rma.Permissions{
				HasDeviceData: r.HasData, AcknowledgeHDDBackup: b.AcknowledgeHDDBackup,
				AcknowledgeClickWrap: b.AcknowledgeClickWrap && r.HasData != nil && *r.HasData,
			},
		},
		Contact: b.Contact, Address: b.Address,
		Packaging: rma.Packaging{HavePackaging: b.Packaging.Kind == OwnBoxes, RequestBox: b.Packaging.Kind == RequestBoxes},
	}
	m := rma.BatchMember{BatchID: b.ID}
	if r.Entitlement == OutOfWarranty {
		if b.Payment != nil {
			m.PaidBy = b.Payment.QuoteID
		} else {
			// Submit issues no quote for a total of zero (a 100 % discount): nothing to pay.
			m.NoCharge = r.Price != nil && r.Price.Cents == 0
		}
	}
	paidBy := m.PaidBy
	var opened func(context.Context)
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		number, after, err := s.d.RMAs.CreateInBatch(ctx, req, m)
		if err != nil {
			return err
		}
		opened = after
		created := r
		created.Status, created.RMANumber, created.Reasons = RowCreated, number, nil
		return s.d.Store.SetRow(ctx, b.ID, RowPending, created)
	})
	if err == nil && opened != nil {
		// After the commit: the unit's cache is dropped and the creation counted only for an RMA
		// that exists.
		opened(ctx)
	}
	if err == nil || errors.Is(err, ErrChanged) {
		return true, nil
	}
	f, ok := fault.As(err)
	if !ok || f.Kind == fault.KindInternal || f.Kind == fault.KindUnavailable {
		since, serr := s.d.Store.RowFailingSince(ctx, b.ID, r.Index, s.now())
		if serr != nil {
			return false, errors.Join(err, serr)
		}
		if s.now().Sub(since) < GiveUpAfter {
			return false, err
		}
		// Tried for GiveUpAfter without a refusal or a success: the row fails rather than
		// holding its batch (and its documents and e-mail) for ever.
		f = fault.New(fault.KindInternal, "batch.rowNotCreated", MsgRowNotCreated)
	}
	failed := r
	failed.Status, failed.Reasons = RowFailed, reasonsOf(f)
	if len(f.Fields) == 0 {
		// A unit refused as a whole is told in the unit card's words, as the pre-flight tells
		// them: the unit as it is now (it got an RMA meanwhile: 'RMA Already Exists For This Unit').
		if msg, err := s.unitRefusal(ctx, r.Serial); err == nil && msg != "" {
			failed.Reasons = []Reason{{Field: FieldSerial, Message: msg}}
		}
	}
	if paidBy != "" && b.Payment.Status == QuotePaid && r.Price != nil {
		// The re-check before the payment let it through, and it failed after the money was
		// taken: what it cost is owed back. Staff refund it; nothing here does.
		failed.RefundDue = r.Price
		s.d.Log.ErrorContext(ctx, "batch row paid but not created", "batch", b.ID, "row", r.Index, "quote", paidBy,
			"refundDue", r.Price.String(), "fault", f.ID)
	} else {
		s.d.Log.InfoContext(ctx, "batch row refused", "batch", b.ID, "row", r.Index, "fault", f.ID)
	}
	if err := s.d.Store.SetRow(ctx, b.ID, RowPending, failed); err != nil && !errors.Is(err, ErrChanged) {
		return false, err
	}
	return true, nil
}

// unitRefusal is why one RMA of serial's unit would be refused now, in the unit card's words;
// "" when it would not be (or the unit is unknown).
func (s *Service) unitRefusal(ctx context.Context, serial string) (string, error) {
	units, err := s.d.Units.UnitsBySerials(ctx, []string{serial})
	if err != nil || len(units) == 0 {
		return "", err
	}
	return refusal(units[0]), nil
}

// GiveUpAfter is how long a row may keep failing with an error that is no refusal (the
// database away, a fault of the portal's) before it is FAILED with MsgRowNotCreated.
const GiveUpAfter = 15 * time.Minute

// MsgRowNotCreated is the reason of a row given up on.
const MsgRowNotCreated = "The RMA could not be created. Please contact support."

// rowFields names one RMA's payload fields as a batch row's.
var rowFields = map[string]string{
	"serial": FieldSerial, "rmaInput.serial": FieldSerial,
	"rmaInput.primaryFault": FieldFault, "rmaInput.problem": FieldProblem, "rmaInput.initialNotes": FieldNotes,
	"rmaInput.customerReference": FieldCustomerReference, "rmaInput.assetTag": FieldAssetTag,
	"rmaInput.permissions.hasDeviceData": FieldHasData,
}

// reasonsOf is a refusal of one RMA as a row's reasons: its field messages under the row's
// fields, or its message on the serial (the unit got an RMA meanwhile: 'RMA Already Exists For
// This Unit').
func reasonsOf(f *fault.Error) []Reason {
	if len(f.Fields) == 0 {
		return []Reason{{Field: FieldSerial, Message: f.Message}}
	}
	out := make([]Reason, 0, len(f.Fields))
	for field, msg := range f.Fields {
		if name, ok := rowFields[field]; ok {
			field = name
		}
		out = append(out, Reason{Field: field, Message: msg})
	}
	sortReasons(out)
	return out
}

// sortReasons orders reasons as the pre-flight does (toReasons: the columns' order), the
// fields no column names after them by name.
func sortReasons(rs []Reason) {
	slices.SortFunc(rs, func(a, b Reason) int {
		return cmp.Or(cmp.Compare(fieldRank(a.Field), fieldRank(b.Field)), cmp.Compare(a.Field, b.Field))
	})
}

// finish does, once, what a batch with nothing left to wait for gets: its CREATED rows in boxes
// (row order), the documents of the boxes (one PDF through the shipping capability: a label and
// a packing list per box, packing lists only for REQUEST_BOXES), each RMA's box and tracking
// number, and one summary e-mail to its contact; all in one transaction.
func (s *Service) finish(ctx context.Context, id string) error {
	var issued BoxDocuments
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		won, err := s.d.Store.Finish(ctx, id, s.now())
		if err != nil || !won {
			return err
		}
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		var created []BatchRow
		for _, r := range b.Rows {
			if r.Status == RowCreated {
				created = append(created, r)
			}
		}
		if len(created) > 0 {
			if err := s.issueDocuments(ctx, &b, created, &issued); err != nil {
				return err
			}
		}
		if err := s.d.Mail.Enqueue(ctx, s.summaryMail(b)); err != nil {
			return err
		}
		c := b.Counts()
		s.d.Log.InfoContext(ctx, "batch finished", "batch", id, "created", c.Created, "failed", c.Failed, "boxes", b.Packaging.Boxes)
		return nil
	})
	if err != nil && issued.DocumentID != "" {
		// The PDF was stored before the transaction that would have recorded it rolled back.
		if derr := s.d.Documents.DiscardBoxDocuments(context.WithoutCancel(ctx), issued); derr != nil {
			s.d.Log.WarnContext(ctx, "batch documents not discarded", "batch", id, "document", issued.DocumentID, "err", derr)
		}
	}
	return err
}

// MsgDocumentsFailed is what the batch's e-mail (and page) says when its documents were given up on.
const MsgDocumentsFailed = "We could not make the labels and packing lists of this batch. Our support team has been told and will send them to you; your RMAs are created."

// giveUpDocuments finishes batch id without its documents once issuing them failed MaxAttempts
// times: in one transaction it is marked finished and DocumentsFailed and its summary e-mail
// (which says so) is queued; staff are told by an ERROR log.
func (s *Service) giveUpDocuments(ctx context.Context, id string, cause error) error {
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		won, err := s.d.Store.Finish(ctx, id, s.now())
		if err != nil || !won {
			return err
		}
		if err := s.d.Store.SetDocumentsFailed(ctx, id); err != nil {
			return err
		}
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		return s.d.Mail.Enqueue(ctx, s.summaryMail(b))
	})
	if err != nil {
		return err
	}
	s.d.Log.ErrorContext(ctx, "batch documents given up on; make its labels and packing lists by hand", "batch", id,
		"attempts", MaxAttempts, "err", cause)
	return nil
}

// issueDocuments puts created in boxes, issues their documents and records each RMA's box.
func (s *Service) issueDocuments(ctx context.Context, b *Batch, created []BatchRow, issued *BoxDocuments) error {
	per := b.Packaging.unitsPerBox()
	n := (len(created) + per - 1) / per
	boxes := make([]Box, n)
	for i := range boxes {
		boxes[i] = Box{Number: i + 1, Of: n}
	}
	for i, r := range created {
		box := &boxes[i/per]
		box.Units = append(box.Units, BoxUnit{Serial: r.Serial, Model: r.Model, RMANumber: r.RMANumber})
	}
	docs, err := s.d.Documents.IssueBoxDocuments(ctx, BoxesRequest{
		Owner: b.Owner, BatchID: b.ID, From: b.Address, Contact: b.Contact, Boxes: boxes, Labels: b.Packaging.Kind == OwnBoxes,
	})
	if err != nil {
		return err
	}
	*issued = docs
	assign := make([]BoxAssignment, len(created))
	rows := make([]RowBox, len(created))
	for i, r := range created {
		box := i/per + 1
		assign[i] = BoxAssignment{RMANumber: r.RMANumber, Box: box, TrackingNumber: docs.Tracking[box]}
		rows[i] = RowBox{Index: r.Index, Box: box, TrackingNumber: docs.Tracking[box]}
	}
	if err := s.d.RMAs.AssignBatchBoxes(ctx, assign); err != nil {
		return err
	}
	b.Packaging.Boxes, b.DocumentID = n, docs.DocumentID
	return s.d.Store.SetDocuments(ctx, b.ID, n, docs.DocumentID, rows)
}

// summaryMail is the batch's one e-mail: its id, how many RMAs were created and failed, and the
// link to its page.
func (s *Service) summaryMail(b Batch) mail.Message {
	c := b.Counts()
	var t strings.Builder
	t.WriteString(mail.Greeting(b.Contact.FirstName))
	fmt.Fprintf(&t, "Your RMA batch %s is complete.\n\n", b.ID)
	fmt.Fprintf(&t, "RMAs created: %d\n", c.Created)
	fmt.Fprintf(&t, "Rows that failed: %d\n", c.Failed)
	if c.Removed > 0 {
		fmt.Fprintf(&t, "Rows removed before payment: %d\n", c.Removed)
	}
	if due := b.RefundDue(); due.Cents > 0 {
		fmt.Fprintf(&t, "\nRows that were paid for but could not become RMAs are owed back: %s %s. "+
			"Our support team has been told and will refund it; you need do nothing.\n", due.Decimal(), due.Currency)
	}
	switch {
	case c.Created == 0:
	case b.DocumentsFailed:
		fmt.Fprintf(&t, "\n%s\n", MsgDocumentsFailed)
	case b.Packaging.Kind == OwnBoxes:
		fmt.Fprintf(&t, "\nPack the units in %s as the packing lists say, and stick each box's label on it.\n", boxes(b.Packaging.Boxes))
	default:
		fmt.Fprintf(&t, "\nWe are sending you %s; pack the units as the packing lists say.\n", boxes(b.Packaging.Boxes))
	}
	fmt.Fprintf(&t, "\nEach row's RMA number, the labels and packing lists (one PDF) and the result CSV are on the batch's page:\n%s\n",
		s.d.Settings.PublicURL+PagePath(b.ID))
	to := b.Contact.Email
	if name := strings.TrimSpace(b.Contact.FirstName + " " + b.Contact.LastName); name != "" {
		to = (&netmail.Address{Name: name, Address: b.Contact.Email}).String()
	}
	return mail.Message{To: []string{to}, Subject: fmt.Sprintf("RMA batch %s: %d RMAs created", b.ID, c.Created), Text: t.String()}
}

// boxes is "1 box" or "3 boxes".
func boxes(n int) string {
	if n == 1 {
		return "1 box"
	}
	return fmt.Sprintf("%d boxes", n)
}

// ExpireQuotes ends the saved quotes that expired unpaid: each batch's AWAITING_PAYMENT rows
// fail with 'The quote expired before it was paid.' and its quote is expired at the payments
// side (no late payment takes it), in one transaction per batch; the batch completes. A quote
// the payments side paid meanwhile moves its rows on instead (markPaid). It also looks at the
// batches whose card payment was started: a quote paid at the payments side whose Fulfiller
// call never reached the batch moves its rows on too. One batch's error does not stop the
// others: the errors are joined. It answers how many batches it expired.
func (s *Service) ExpireQuotes(ctx context.Context) (int, error) {
	ids, err := s.d.Store.OpenQuotesExpiredBy(ctx, s.now())
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		expired, err := s.expire(ctx, id)
		if err != nil {
			errs = append(errs, fmt.Errorf("batch %s: %w", id, err))
		}
		if expired {
			n++
		}
	}
	errs = append(errs, s.catchUpPaid(ctx))
	if n > 0 {
		s.notify()
	}
	return n, errors.Join(errs...)
}

// catchUpPaid moves on the batches whose card payment was started and whose quote the payments
// side shows paid, while the batch still waits for it (the webhook's Fulfiller call failed).
func (s *Service) catchUpPaid(ctx context.Context) error {
	ids, err := s.d.Store.PayPalStarted(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		b, err := s.d.Store.BatchHeader(ctx, id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		q, err := s.d.Payments.QuoteOfBatch(ctx, b.Owner, b.ID)
		if err != nil {
			errs = append(errs, fmt.Errorf("batch %s: %w", id, err))
			continue
		}
		if q.Status == QuotePaid {
			errs = append(errs, s.markPaid(ctx, id, q.ID))
		}
	}
	return errors.Join(errs...)
}

func (s *Service) expire(ctx context.Context, id string) (bool, error) {
	expired := false
	var owner string
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		b, err := s.d.Store.Batch(ctx, id)
		if err != nil {
			return err
		}
		owner = b.Owner
		p := b.Payment
		if p == nil || p.Status != QuoteOpen || p.ExpiresAt.After(s.now()) {
			return nil
		}
		if err := s.d.Payments.ExpireForBatch(ctx, b.Owner, b.ID); err != nil {
			return err
		}
		if _, err := s.d.Store.MoveRows(ctx, id, RowAwaitingPayment, RowFailed, []Reason{{Field: FieldPayment, Message: MsgQuoteExpired}}); err != nil {
			return err
		}
		pay := *p
		pay.Status = QuoteExpired
		expired = true
		return s.d.Store.SetPayment(ctx, id, p.QuoteID, &pay)
	})
	if errors.Is(err, ErrAlreadyPaid) {
		// Paid at the last moment: the paid quote moves the rows on here, as BatchPaid would,
		// rather than trusting a webhook's Fulfiller call that may never come.
		q, qerr := s.d.Payments.QuoteOfBatch(ctx, owner, id)
		if qerr != nil {
			return false, qerr
		}
		return false, s.markPaid(ctx, id, q.ID)
	}
	if expired {
		s.d.Log.InfoContext(ctx, "batch quote expired", "batch", id)
	}
	return expired, err
}

// FieldPayment names a row's reason about the batch's payment.
const FieldPayment = "payment"
