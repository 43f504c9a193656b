package compose

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/account/accountdb"
	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/identity/identityapi"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/shipping/shipping"
)

// batchBranches names an organization's branches for the batch's pre-flight, from the account
// service's store on the one database: batch never imports account.
type batchBranches struct{ store account.BranchStore }

func (b batchBranches) BranchNames(ctx context.Context, org string) ([]string, error) {
	branches, err := b.store.Branches(ctx, org)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(branches))
	for i, br := range branches {
		names[i] = br.Name
	}
	return names, nil
}

// batchDiscounts reads the caller's flat discount from the very terms the repair service
// prices one out-of-warranty RMA with (newCustomerTerms), so a batch row and its RMA cost the same.
type batchDiscounts struct{ terms customerTerms }

func (d batchDiscounts) DiscountPercent(ctx context.Context, caller auth.Principal, accessToken string) (float64, error) {
	t, err := d.terms.Terms(ctx, caller, accessToken)
	if err != nil {
		return 0, err
	}
	return t.DiscountPercent, nil
}

// Batch is the fleet batch's service: the pre-flight over the registry (one query per kind),
// the account's branches and the repair service's terms; the batch's life over its own store,
// the RMA creator (CreateInBatch), the checkout (its one combined quote), the shipping
// capability (the boxes' documents), the uploads (PO files) and the outbox.
func (c *capabilities) Batch(cfg Config, profiles identityapi.Profiles) (*batch.Service, error) {
	places, err := c.Places()
	if err != nil {
		return nil, err
	}
	creator, err := c.Creator()
	if err != nil {
		return nil, err
	}
	shipments, err := c.Shipments()
	if err != nil {
		return nil, err
	}
	checkout, err := c.Checkout()
	if err != nil {
		return nil, err
	}
	svc := batch.NewService(batch.Deps{
		Units: c.Units(), Options: c.Units(),
		Branches:  batchBranches{store: accountdb.NewStore(c.gdb)},
		Discounts: batchDiscounts{terms: newCustomerTerms(cfg, profiles)},
		Store:     batchdb.NewStore(c.gdb), Tx: db.NewTransactor(c.gdb),
		RMAs:      batchRMAs{creator: creator, store: c.Units()},
		Documents: batchDocuments{shipments}, Payments: batchPayments{checkout}, PurchaseOrders: c.Attachments(),
		Mail: mail.NewOutbox(c.gdb), Addresses: addressRules{places}, Log: c.log,
		Settings: batch.Settings{PublicURL: cfg.PublicURL, POReleaseDomains: cfg.POReleaseDomains},
	})
	// A webhook's payment in this process goes through this service, so it wakes its worker.
	c.batches = svc
	return svc, nil
}

// BatchPaid is the batch's side of a paid batch quote, for the checkout's Fulfiller, built once:
// in a process that runs the batch service, that service (its worker woken at once); elsewhere
// one that writes the batch's rows in the shared database only (no worker, no checkout), so the
// payments process of the split topology moves a batch on that the batch process's worker then
// processes.
func (c *capabilities) BatchPaid() *batch.Service {
	if c.batches == nil {
		c.batches = batch.NewService(batch.Deps{Store: batchdb.NewStore(c.gdb), Tx: db.NewTransactor(c.gdb), Log: c.log})
	}
	return c.batches
}

// batchQuoteExpiry is how often the batch process looks for saved batch quotes that expired.
const batchQuoteExpiry = 10 * time.Minute

// runBatches adds the batch's worker and the saved quotes' expiry to the process's background
// jobs. Several processes may run them: each batch is leased to one worker at a time.
func (app *App) runBatches(svc *batch.Service) {
	app.background = append(app.background, func(ctx context.Context, _ *slog.Logger) { svc.Run(ctx) })
	app.background = append(app.background, every(batchQuoteExpiry, func(ctx context.Context) error {
		_, err := svc.ExpireQuotes(ctx)
		return err
	}))
}

// batchRMAs gives the batch the rma capability: one row's RMA (CreateInBatch), the RMAs'
// statuses and their boxes.
type batchRMAs struct {
	creator *rma.Creator
	store   *rmadb.Store
}

// CreateInBatch creates the row's RMA in the worker's transaction; the creator's Opened (the
// unit's cache dropped, the creation counted) is the worker's to run after that commits.
func (b batchRMAs) CreateInBatch(ctx context.Context, r rma.CreateRequest, m rma.BatchMember) (string, func(context.Context), error) {
	rec, err := b.creator.CreateInBatch(ctx, r, m)
	if err != nil {
		return "", nil, err
	}
	return rec.Number, func(ctx context.Context) { b.creator.Opened(ctx, rec) }, nil
}

func (b batchRMAs) StatusesByNumbers(ctx context.Context, numbers []string) (map[string]string, error) {
	got, err := b.store.StatusesByNumbers(ctx, numbers)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(got))
	for n, s := range got {
		out[n] = string(s)
	}
	return out, nil
}

func (b batchRMAs) AssignBatchBoxes(ctx context.Context, boxes []batch.BoxAssignment) error {
	out := make([]rma.BoxAssignment, len(boxes))
	for i, x := range boxes {
		out[i] = rma.BoxAssignment{RMANumber: x.RMANumber, Box: x.Box, TrackingNumber: x.TrackingNumber}
	}
	return b.store.AssignBatchBoxes(ctx, out)
}

// batchDocuments gives the batch the shipping capability's box documents.
type batchDocuments struct{ shipments *shipping.Service }

func (d batchDocuments) IssueBoxDocuments(ctx context.Context, r batch.BoxesRequest) (batch.BoxDocuments, error) {
	req := shipping.BoxesRequest{
		Owner: r.Owner, BatchID: r.BatchID, From: shipping.Address(r.From), Labels: r.Labels,
		Contact: shippingContact(r.Contact),
		Boxes:   make([]shipping.Box, len(r.Boxes)),
	}
	for i, b := range r.Boxes {
		box := shipping.Box{Number: b.Number, Of: b.Of, Units: make([]shipping.BoxUnit, len(b.Units))}
		for j, u := range b.Units {
			box.Units[j] = shipping.BoxUnit(u)
		}
		req.Boxes[i] = box
	}
	docs, err := d.shipments.IssueBoxDocuments(ctx, req)
	if err != nil {
		return batch.BoxDocuments{}, err
	}
	return batch.BoxDocuments{DocumentID: docs.DocumentID, Tracking: docs.Tracking}, nil
}

func (d batchDocuments) DiscardBoxDocuments(ctx context.Context, docs batch.BoxDocuments) error {
	return d.shipments.DiscardBoxDocuments(ctx, shipping.BoxDocuments{DocumentID: docs.DocumentID, Tracking: docs.Tracking})
}

func (d batchDocuments) OpenDocument(ctx context.Context, owner, id string) (batch.OpenedDocument, error) {
	o, err := d.shipments.OpenDocument(ctx, owner, id)
	if err != nil {
		return batch.OpenedDocument{}, err
	}
	return batch.OpenedDocument{Size: o.Size, Body: o.Body}, nil
}

// batchPayments gives the batch the checkout, by batch id: its one combined quote.
type batchPayments struct{ checkout *payments.Checkout }

func (p batchPayments) QuoteForBatch(ctx context.Context, q batch.BatchQuote) (batch.QuoteRef, error) {
	c := q.Contact
	quote, err := p.checkout.QuoteForBatch(ctx, payments.BatchQuote{
		Owner: q.Owner, Org: q.Org, BatchID: q.BatchID, Amount: q.Amount,
		Contact: payments.QuoteContact{
			FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.Email, PhoneNumber: c.Phone,
			PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.Company,
		},
	})
	return batch.QuoteRef{ID: quote.ID, ExpiresAt: quote.ExpiresAt}, err
}

func (p batchPayments) CancelForBatch(ctx context.Context, owner, batchID string) error {
	return batchPaidRefusal(p.checkout.CancelForBatch(ctx, owner, batchID))
}

func (p batchPayments) ExpireForBatch(ctx context.Context, owner, batchID string) error {
	_, err := p.checkout.ExpireForBatch(ctx, owner, batchID)
	return batchPaidRefusal(err)
}

// batchPaidRefusal is the checkout's ErrAlreadyPaid as the batch's own refusal.
func batchPaidRefusal(err error) error {
	if errors.Is(err, payments.ErrAlreadyPaid) {
		return batch.ErrAlreadyPaid
	}
	return err
}

func (p batchPayments) AcceptPurchaseOrder(ctx context.Context, owner, batchID, customerPO string) (batch.QuoteRef, error) {
	q, err := p.checkout.QuoteOfBatch(ctx, owner, batchID)
	if err != nil {
		return batch.QuoteRef{}, err
	}
	paid, err := p.checkout.AcceptPurchaseOrder(ctx, q, customerPO)
	return quoteRef(paid), err
}

func (p batchPayments) StartPayPal(ctx context.Context, owner, batchID, returnURL, cancelURL string) (string, batch.QuoteRef, error) {
	q, err := p.checkout.QuoteOfBatch(ctx, owner, batchID)
	if err != nil {
		return "", batch.QuoteRef{}, err
	}
	link, err := p.checkout.StartPayPal(ctx, q, returnURL, cancelURL)
	return link, quoteRef(q), err
}

func (p batchPayments) QuoteOfBatch(ctx context.Context, owner, batchID string) (batch.QuoteRef, error) {
	q, err := p.checkout.QuoteOfBatch(ctx, owner, batchID)
	return quoteRef(q), err
}

func (p batchPayments) SettleBatch(ctx context.Context, owner, batchID, token string) (batch.QuoteRef, error) {
	q, err := p.checkout.SettleBatch(ctx, owner, batchID, token)
	return quoteRef(q), err
}

// quoteRef is a payments quote as the batch records it: the statuses are the same words.
func quoteRef(q payments.Quote) batch.QuoteRef {
	return batch.QuoteRef{ID: q.ID, ExpiresAt: q.ExpiresAt, Status: batch.QuoteStatus(q.Status)}
}
