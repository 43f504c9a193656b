package shipping

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// LabelValidity is spec §9: a shipping label expires 30 days after issue.
const LabelValidity = 30 * 24 * time.Hour

// DocumentKind tells a label from a commercial invoice and from a batch's box documents.
type DocumentKind string

const (
	KindLabel   DocumentKind = "label"
	KindInvoice DocumentKind = "invoice"
	// KindBatch is the one PDF of an RMA batch's boxes: per box a label (or none when the depot
	// sends the boxes) and a packing list (IssueBoxDocuments).
	KindBatch DocumentKind = "batch"
)

// Document is the record of one issued PDF. The PDF itself lives in the blob bucket under
// BlobKey(ID).
type Document struct {
	// ID is random and unguessable (128 bits, hex); it is the only handle a browser gets.
	ID    string
	Owner string
	// RMANumber is the RMA a label or invoice ships; "" for a batch's document.
	RMANumber string
	// BatchID is the RMA batch (BT-…) whose boxes a KindBatch document covers; "" for the others.
	BatchID string
	Kind    DocumentKind
	// TrackingNumber is the label's or invoice's shipment; "" for a batch's document, whose boxes
	// each have their own (BoxDocuments.Tracking).
	TrackingNumber string
	IssuedAt       time.Time
	ExpiresAt      time.Time
}

// Store is what the shipping core needs from persistence; shippingdb implements it. Every write
// must go through db.Conn so an ambient transaction (the RMA create) includes it.
type Store interface {
	// CreateDocuments records docs in one statement: all or none.
	CreateDocuments(ctx context.Context, docs []Document) error
	// Document returns ErrDocumentNotFound for an unknown id.
	Document(ctx context.Context, id string) (Document, error)
	// ExistingDocuments reports which of ids have a row.
	ExistingDocuments(ctx context.Context, ids []string) (map[string]bool, error)
}

// Config tunes a Service; every zero field has a working default.
type Config struct {
	// Depot is the ship-to address; zero selects DefaultDepot.
	Depot Depot
	// Offices is the drop-off directory; nil loads the embedded one on first use.
	Offices *Directory
	// Now is the clock; nil selects time.Now.
	Now func() time.Time
	// Location is the time zone of the dates printed on documents and in messages; nil is UTC.
	Location *time.Location
}

// Service issues and serves shipping documents and finds drop-off offices.
type Service struct {
	store   Store
	carrier Carrier
	bucket  *blob.Bucket
	log     *slog.Logger
	depot   Depot
	now     func() time.Time
	loc     *time.Location

	officesOnce sync.Once
	offices     *Directory
	officesErr  error
}

// NewService wires the service.
func NewService(store Store, carrier Carrier, bucket *blob.Bucket, log *slog.Logger, cfg Config) *Service {
	s := &Service{store: store, carrier: carrier, bucket: bucket, log: log, depot: cfg.Depot, now: cfg.Now, loc: cfg.Location, offices: cfg.Offices}
	if s.depot.Address.Line1 == "" {
		s.depot = DefaultDepot()
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.loc == nil {
		s.loc = time.UTC
	}
	if s.offices != nil {
		s.officesOnce.Do(func() {})
	}
	return s
}

// CheckShipFrom asks the carrier whether it can pick up from a, before anything is booked.
func (s *Service) CheckShipFrom(ctx context.Context, a Address) error {
	return s.carrier.CheckShipFrom(ctx, a)
}

// Depot is the address every return ships to.
func (s *Service) Depot() Depot { return s.depot }

// DeclaredItem is one line of the commercial invoice.
type DeclaredItem struct {
	Description string
	PartNumber  string
	Serial      string
	Quantity    int
	// UnitValueCents is the customs value of one unit in US cents.
	UnitValueCents  int64
	CountryOfOrigin string
}

// IssueRequest asks for the documents of one return shipment.
type IssueRequest struct {
	// Owner is the subject of the user the documents belong to; only they may open them (the
	// RMA's owner in both directions: a customer opens the label of their unit's way back too).
	Owner     string
	RMANumber string
	// Direction is which way the parcel travels; the zero value is ToDepot.
	Direction Direction
	// From and Contact are the customer's address and contact: the ship-from of a parcel to the
	// depot, the ship-to of one back to the customer (ToCustomer).
	From    Address
	Contact Contact
	// Packaging is the customer's choice for ToDepot; ToCustomer prints a label whatever it says.
	Packaging Packaging
	// Items are declared on the commercial invoice when the shipment crosses a border; the
	// first one's description also names the parcel for the carrier.
	Items []DeclaredItem
	// Reason is printed on the invoice; empty selects DefaultReason (ReturnReason ToCustomer).
	Reason string
}

// DefaultReason is the invoice's reason for export of a unit sent in for repair.
const DefaultReason = "Return for repair \u2014 no commercial value"

// Documents are the ids of what IssueDocuments stored.
type Documents struct {
	LabelID string
	// InvoiceID is empty when the shipment stays in one country.
	InvoiceID      string
	TrackingNumber string
	ExpiresAt      time.Time
}

// BlobKey is where a document's PDF is stored.
func BlobKey(id string) string { return blobPrefix + id + ".pdf" }

const blobPrefix = "shipping/"

// IssueDocuments books the shipment with the carrier, renders the label (and the commercial
// invoice when the shipment crosses a border), stores the PDFs and records them.
//
// The rows are written through the store, so they join the transaction ctx carries. The PDFs are
// written to the bucket first; if recording them fails here they are deleted at once. If the
// caller's transaction rolls back later, the caller should call Discard with the returned
// Documents; SweepOrphans removes whatever a crash left behind.
func (s *Service) IssueDocuments(ctx context.Context, req IssueRequest) (Documents, error) {
	if err := validateIssue(req, s.depot.Address); err != nil {
		return Documents{}, err
	}
	if req.Direction == ToCustomer && req.Packaging == "" {
		// The depot prints and packs: a return has no drop-off code to choose.
		req.Packaging = PackagingLabel
	}
	booking, err := s.carrier.CreateShipment(ctx, s.shipment(req))
	if err != nil {
		return Documents{}, fmt.Errorf("shipping: book shipment for %s: %w", req.RMANumber, err)
	}

	issued := s.now().UTC().Truncate(time.Second)
	expires := issued.Add(LabelValidity)
	sheet := documentSheet{
		req: req, depot: s.depot, booking: booking,
		issued: issued.In(s.loc), expires: expires.In(s.loc),
	}

	label := Document{ID: newID(), Owner: req.Owner, RMANumber: req.RMANumber, Kind: KindLabel,
		TrackingNumber: booking.TrackingNumber, IssuedAt: issued, ExpiresAt: expires}
	pdfs := map[string]func() ([]byte, error){label.ID: sheet.label}
	docs := []Document{label}
	out := Documents{LabelID: label.ID, TrackingNumber: booking.TrackingNumber, ExpiresAt: expires}
	if CrossesBorder(req.From, s.depot.Address) {
		invoice := label
		invoice.ID, invoice.Kind = newID(), KindInvoice
		pdfs[invoice.ID] = sheet.invoice
		docs = append(docs, invoice)
		out.InvoiceID = invoice.ID
	}

	var written []string
	for _, d := range docs {
		pdf, err := pdfs[d.ID]()
		if err != nil {
			s.deleteBlobs(ctx, written)
			return Documents{}, fmt.Errorf("shipping: render %s for %s: %w", d.Kind, req.RMANumber, err)
		}
		if err := s.bucket.WriteAll(ctx, BlobKey(d.ID), pdf, &blob.WriterOptions{ContentType: "application/pdf"}); err != nil {
			s.deleteBlobs(ctx, written)
			return Documents{}, fmt.Errorf("shipping: store %s for %s: %w", d.Kind, req.RMANumber, err)
		}
		written = append(written, d.ID)
	}
	if err := s.store.CreateDocuments(ctx, docs); err != nil {
		s.deleteBlobs(ctx, written)
		return Documents{}, err
	}
	return out, nil
}

// Discard deletes the PDFs of docs that have no row: call it after the transaction that issued
// docs rolled back. Documents whose rows were committed are left alone, so calling it on a
// success is harmless.
func (s *Service) Discard(ctx context.Context, docs Documents) error {
	return s.discard(ctx, nonEmpty(docs.LabelID, docs.InvoiceID))
}

func (s *Service) discard(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	exists, err := s.store.ExistingDocuments(ctx, ids)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		if !exists[id] {
			errs = append(errs, s.deleteBlob(ctx, id))
		}
	}
	return errors.Join(errs...)
}

// SweepOrphans deletes stored PDFs older than grace that have no document row (left by a rolled
// back transaction whose caller did not Discard, or by a crash between the two writes). grace must
// exceed the longest transaction that issues documents. It returns how many PDFs it deleted.
func (s *Service) SweepOrphans(ctx context.Context, grace time.Duration) (int, error) {
	cutoff := s.now().Add(-grace)
	it := s.bucket.List(&blob.ListOptions{Prefix: blobPrefix})
	var batch []string
	deleted := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		exists, err := s.store.ExistingDocuments(ctx, batch)
		if err != nil {
			return err
		}
		for _, id := range batch {
			if !exists[id] {
				if err := s.deleteBlob(ctx, id); err != nil {
					return err
				}
				deleted++
			}
		}
		batch = batch[:0]
		return nil
	}
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return deleted, fmt.Errorf("shipping: list documents: %w", err)
		}
		id, ok := idFromKey(obj.Key)
		if !ok || obj.IsDir || obj.ModTime.After(cutoff) {
			continue
		}
		batch = append(batch, id)
		if len(batch) == 200 {
			if err := flush(); err != nil {
				return deleted, err
			}
		}
	}
	return deleted, flush()
}

// Opened is a document ready to stream; the caller closes Body.
type Opened struct {
	Document Document
	Size     int64
	Body     io.ReadCloser
}

// FileName is the name a browser saves the document under, e.g. "RMA-100234-label.pdf", or
// "BT-7K2M9Q4X-labels.pdf" for a batch's boxes.
func (d Document) FileName() string {
	if d.Kind == KindBatch {
		return fileSafe(d.BatchID) + "-labels.pdf"
	}
	rma := fileSafe(d.RMANumber)
	if !strings.HasPrefix(strings.ToUpper(rma), "RMA") {
		rma = "RMA-" + rma
	}
	return rma + "-" + string(d.Kind) + ".pdf"
}

// fileSafe keeps the characters a quoted Content-Disposition file name can carry as they are.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'A' && r <= 'Z', r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '-', r == '_':
			return r
		}
		return -1
	}, s)
}

// OpenDocument streams the PDF of document id to its owner. Another owner's id answers
// ErrDocumentNotFound, as if it did not exist; a document past its expiry answers
// DocumentExpired.
func (s *Service) OpenDocument(ctx context.Context, owner, id string) (Opened, error) {
	if !validID(id) || owner == "" {
		return Opened{}, ErrDocumentNotFound
	}
	d, err := s.store.Document(ctx, id)
	if err != nil {
		return Opened{}, err
	}
	if d.Owner != owner {
		return Opened{}, ErrDocumentNotFound
	}
	if s.now().After(d.ExpiresAt) {
		return Opened{}, DocumentExpired(d.ExpiresAt.In(s.loc))
	}
	r, err := s.bucket.NewReader(ctx, BlobKey(id), nil)
	if err != nil {
		if gcerrors.Code(err) == gcerrors.NotFound {
			// The row exists but its PDF is gone: the customer needs a new label either way.
			s.log.ErrorContext(ctx, "shipping document has no stored PDF", "document", id)
			return Opened{}, ErrDocumentNotFound
		}
		return Opened{}, fmt.Errorf("shipping: open %s: %w", id, err)
	}
	return Opened{Document: d, Size: r.Size(), Body: r}, nil
}

func (s *Service) deleteBlobs(ctx context.Context, ids []string) {
	// The caller's ctx may already be cancelled; cleanup still has to run.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	for _, id := range ids {
		if err := s.deleteBlob(ctx, id); err != nil {
			s.log.WarnContext(ctx, "shipping: could not delete an unrecorded PDF; SweepOrphans will", "document", id, "err", err)
		}
	}
}

func (s *Service) deleteBlob(ctx context.Context, id string) error {
	err := s.bucket.Delete(ctx, BlobKey(id))
	if err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("shipping: delete %s: %w", id, err)
	}
	return nil
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil && strings.ToLower(id) == id
}

func idFromKey(key string) (string, bool) {
	id, ok := strings.CutPrefix(key, blobPrefix)
	if !ok {
		return "", false
	}
	id, ok = strings.CutSuffix(id, ".pdf")
	return id, ok && validID(id)
}

func parcelDescription(items []DeclaredItem) string {
	for _, it := range items {
		if d := strings.TrimSpace(it.Description); d != "" {
			return d
		}
	}
	return "Rugged device"
}
