// Package paymentsdb keeps the payments module's tables with gorm: quotes and the log of
// provider webhook events already handled. Rows never leave this package: converters (toQuote,
// toQuoteRow) turn them into core types.
package paymentsdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
)

// quoteRow is one quote. The listing reads it by owner and, for a member, by organization, each
// through its own composite index per sort (migration 00003): (owner|org, status, sort column,
// id), so a keyset page is an ordered index range scan however deep it is.
type quoteRow struct {
	ID   string `gorm:"primaryKey;size:20;index:payments_quotes_owner_created,priority:4;index:payments_quotes_owner_expires,priority:4;index:payments_quotes_owner_amount,priority:4;index:payments_quotes_org_created,priority:4;index:payments_quotes_org_expires,priority:4;index:payments_quotes_org_amount,priority:4"`
	Kind string `gorm:"size:10;not null"`
	// Owner is the customer's subject.
	Owner string `gorm:"size:100;not null;index:payments_quotes_owner_created,priority:1;index:payments_quotes_owner_expires,priority:1;index:payments_quotes_owner_amount,priority:1"`
	// Org is the organization the quote was made under, "" for none (migration 00003).
	Org       string `gorm:"size:100;not null;default:'';index:payments_quotes_org_created,priority:1;index:payments_quotes_org_expires,priority:1;index:payments_quotes_org_amount,priority:1"`
	RMANumber string `gorm:"column:rma_number;size:20;not null;index"`
	// OrderID is the parts order a parts quote pays, "" for other kinds (migration 00004).
	OrderID string `gorm:"size:20;not null;default:'';index:payments_quotes_order"`
	// BatchID is the RMA batch a batch quote pays, "" for other kinds (migration 00006).
	BatchID     string `gorm:"size:20;not null;default:'';index:payments_quotes_batch"`
	Serial      string `gorm:"size:50;not null"`
	Reference   string `gorm:"size:40;not null"`
	AmountCents int64  `gorm:"not null;index:payments_quotes_owner_amount,priority:3;index:payments_quotes_org_amount,priority:3"`
	Currency    string `gorm:"size:3;not null"`
	Status      string `gorm:"size:12;not null;index:payments_quotes_owner_created,priority:2;index:payments_quotes_owner_expires,priority:2;index:payments_quotes_owner_amount,priority:2;index:payments_quotes_org_created,priority:2;index:payments_quotes_org_expires,priority:2;index:payments_quotes_org_amount,priority:2"`
	Note        string `gorm:"type:text;not null"`
	IssuedBy    string `gorm:"size:100;not null"`
	// Saved is the Saved quote of spec §3 as JSON.
	Saved string `gorm:"type:text;not null"`
	// Method, ProviderRef, CaptureID, CustomerPO and PaidAt say how the quote is paid (migration
	// 00002); empty and NULL until someone starts paying.
	Method      string     `gorm:"size:20;not null;default:''"`
	ProviderRef string     `gorm:"size:64;not null;default:''"`
	CaptureID   string     `gorm:"size:64;not null;default:''"`
	CustomerPO  string     `gorm:"column:customer_po;size:50;not null;default:''"`
	PaidAt      *time.Time `gorm:""`
	ExpiresAt   time.Time  `gorm:"not null;index:payments_quotes_owner_expires,priority:3;index:payments_quotes_org_expires,priority:3"`
	CreatedAt   time.Time  `gorm:"not null;index:payments_quotes_owner_created,priority:3;index:payments_quotes_org_created,priority:3"`
	UpdatedAt   time.Time  `gorm:"not null"`

	// FormToken and FormIssuedAt are the Authorize.net form the quote handed out last
	// (migration 00005): while the token can still be used, every form request answers it.
	FormToken    string     `gorm:"type:text;not null;default:''"`
	FormIssuedAt *time.Time `gorm:""`
}

func (quoteRow) TableName() string { return "payments_quotes" }

// eventRow is one handled webhook event; the primary key makes a second claim of it fail.
type eventRow struct {
	Provider string `gorm:"primaryKey;size:20"`
	EventID  string `gorm:"primaryKey;size:100"`
	// EventType and QuoteID note what the event was about (migration 00002): a denial or a refund
	// changes no quote, and this row is where it is kept.
	EventType  string    `gorm:"size:80;not null;default:''"`
	QuoteID    string    `gorm:"size:20;not null;default:''"`
	ReceivedAt time.Time `gorm:"not null"`
}

func (eventRow) TableName() string { return "payments_events" }

// Store implements payments.QuoteStore and payments.EventLog on gorm.
type Store struct {
	db  *gorm.DB
	now func() time.Time
}

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{db: gdb, now: time.Now} }

var (
	_ payments.CheckoutStore = (*Store)(nil)
	_ payments.EventLog      = (*Store)(nil)
)

// CreateQuote implements payments.QuoteStore.
func (s *Store) CreateQuote(ctx context.Context, q payments.Quote) error {
	row, err := toQuoteRow(q)
	if err != nil {
		return err
	}
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("paymentsdb: create quote: %w", err)
	}
	return nil
}

// QuoteByID implements payments.QuoteStore.
func (s *Store) QuoteByID(ctx context.Context, id string) (payments.Quote, error) {
	var row quoteRow
	err := db.Conn(ctx, s.db).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	if err != nil {
		return payments.Quote{}, fmt.Errorf("paymentsdb: quote %s: %w", id, err)
	}
	return toQuote(row)
}

// SetQuoteStatus implements payments.QuoteStore: one conditional UPDATE, so of two changes racing
// from the same status exactly one is written.
func (s *Store) SetQuoteStatus(ctx context.Context, q payments.Quote, from payments.QuoteStatus) error {
	res := db.Conn(ctx, s.db).Model(&quoteRow{}).Where("id = ? AND status = ?", q.ID, string(from)).
		Updates(map[string]any{"status": string(q.Status), "updated_at": q.UpdatedAt.UTC()})
	if res.Error != nil {
		return fmt.Errorf("paymentsdb: quote %s status: %w", q.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return payments.ErrQuoteChanged
	}
	return nil
}

// Claim implements payments.EventLog: the insert of (provider, event id) succeeds once; a
// second claim, concurrent or later, inserts nothing and reports false. Called inside a
// transaction, the claim commits or rolls back with the change the event causes.
func (s *Store) Claim(ctx context.Context, provider, eventID string) (bool, error) {
	return s.claim(ctx, eventRow{Provider: provider, EventID: eventID, ReceivedAt: s.now().UTC()})
}

func (s *Store) claim(ctx context.Context, row eventRow) (bool, error) {
	res := db.Conn(ctx, s.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return false, fmt.Errorf("paymentsdb: claim %s event %s: %w", row.Provider, row.EventID, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// QuoteOfRMA implements payments.CheckoutStore: the owner's quote the RMA is paid through, never
// a service quote staff issued for it later.
func (s *Store) QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (payments.Quote, error) {
	if owner == "" || rmaNumber == "" {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	var row quoteRow
	err := db.Conn(ctx, s.db).
		Where("rma_number = ? AND owner = ? AND kind <> ?", rmaNumber, owner, string(payments.KindService)).
		Order("created_at DESC").Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	if err != nil {
		return payments.Quote{}, fmt.Errorf("paymentsdb: quote of %s: %w", rmaNumber, err)
	}
	return toQuote(row)
}

// QuoteOfOrder implements payments.CheckoutStore: the owner's parts quote of a parts order.
func (s *Store) QuoteOfOrder(ctx context.Context, owner, orderID string) (payments.Quote, error) {
	if owner == "" || orderID == "" {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	var row quoteRow
	err := db.Conn(ctx, s.db).
		Where("order_id = ? AND owner = ? AND kind = ?", orderID, owner, string(payments.KindParts)).
		Order("created_at DESC").Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	if err != nil {
		return payments.Quote{}, fmt.Errorf("paymentsdb: quote of order %s: %w", orderID, err)
	}
	return toQuote(row)
}

// QuoteOfBatch implements payments.CheckoutStore: the owner's latest batch quote of an RMA batch
// that is not cancelled (removing rows cancels the open quote and opens one for the new total).
func (s *Store) QuoteOfBatch(ctx context.Context, owner, batchID string) (payments.Quote, error) {
	if owner == "" || batchID == "" {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	var row quoteRow
	err := db.Conn(ctx, s.db).
		Where("batch_id = ? AND owner = ? AND kind = ? AND status <> ?", batchID, owner, string(payments.KindBatch), string(payments.StatusCancelled)).
		Order("created_at DESC").Order("id DESC").Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return payments.Quote{}, payments.ErrQuoteNotFound
	}
	if err != nil {
		return payments.Quote{}, fmt.Errorf("paymentsdb: quote of batch %s: %w", batchID, err)
	}
	return toQuote(row)
}

// AttachRMA implements payments.CheckoutStore: one conditional UPDATE, so two RMAs racing for
// one saved quote cannot both take it.
func (s *Store) AttachRMA(ctx context.Context, id, rmaNumber string, at time.Time) error {
	return s.updateOpen(ctx, id, "rma_number = ''", map[string]any{"rma_number": rmaNumber, "updated_at": at.UTC()})
}

// SetProviderRef implements payments.CheckoutStore.
func (s *Store) SetProviderRef(ctx context.Context, id string, method payments.PaymentMethod, ref string, at time.Time) error {
	return s.updateOpen(ctx, id, "", map[string]any{"method": string(method), "provider_ref": ref, "updated_at": at.UTC()})
}

// SetFormToken implements payments.CheckoutStore: one conditional UPDATE on the token it
// replaces, so of two form requests racing from the same token exactly one stores its own.
func (s *Store) SetFormToken(ctx context.Context, id, token, previous string, at time.Time) error {
	res := db.Conn(ctx, s.db).Model(&quoteRow{}).
		Where("id = ? AND status = ? AND form_token = ?", id, string(payments.StatusOpen), previous).
		Updates(map[string]any{"form_token": token, "form_issued_at": at.UTC(), "updated_at": at.UTC()})
	if res.Error != nil {
		return fmt.Errorf("paymentsdb: form token of quote %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return payments.ErrQuoteChanged
	}
	return nil
}

// MarkPaid implements payments.CheckoutStore: UPDATE … WHERE status = 'open', so of any number of
// racing calls one changes a row and the others none.
func (s *Store) MarkPaid(ctx context.Context, id string, p payments.Payment) (bool, error) {
	paidAt := p.PaidAt.UTC()
	set := map[string]any{
		"status": string(payments.StatusPaid), "method": string(p.Method), "capture_id": p.CaptureID,
		"customer_po": p.CustomerPO, "paid_at": paidAt, "updated_at": paidAt,
	}
	if p.ProviderRef != "" {
		set["provider_ref"] = p.ProviderRef
	}
	err := s.updateOpen(ctx, id, "", set)
	if errors.Is(err, payments.ErrQuoteChanged) {
		return false, nil
	}
	return err == nil, err
}

// updateOpen writes set on quote id if it is still open (and matches extra, when given);
// ErrQuoteChanged when no row was.
func (s *Store) updateOpen(ctx context.Context, id, extra string, set map[string]any) error {
	q := db.Conn(ctx, s.db).Model(&quoteRow{}).Where("id = ? AND status = ?", id, string(payments.StatusOpen))
	if extra != "" {
		q = q.Where(extra)
	}
	res := q.Updates(set)
	if res.Error != nil {
		return fmt.Errorf("paymentsdb: update quote %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return payments.ErrQuoteChanged
	}
	return nil
}

// ClaimEvent implements payments.CheckoutStore: Claim with what the event was about.
func (s *Store) ClaimEvent(ctx context.Context, e payments.WebhookEvent, at time.Time) (bool, error) {
	row := eventRow{Provider: e.Provider, EventID: e.ID, EventType: e.Type, QuoteID: e.QuoteID, ReceivedAt: at.UTC()}
	return s.claim(ctx, row)
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func toQuoteRow(q payments.Quote) (quoteRow, error) {
	saved, err := json.Marshal(q.Saved)
	if err != nil {
		return quoteRow{}, fmt.Errorf("paymentsdb: quote %s content: %w", q.ID, err)
	}
	return quoteRow{
		ID: q.ID, Kind: string(q.Kind), Owner: q.Owner, Org: q.Org, RMANumber: q.RMANumber, OrderID: q.OrderID, BatchID: q.BatchID, Serial: q.Serial,
		Reference: q.Reference, AmountCents: q.Amount.Cents, Currency: q.Amount.Currency,
		Status: string(q.Status), Note: q.Note, IssuedBy: q.IssuedBy, Saved: string(saved),
		Method: string(q.Method), ProviderRef: q.ProviderRef, CaptureID: q.CaptureID, CustomerPO: q.CustomerPO,
		PaidAt: utcPtr(q.PaidAt), FormToken: q.FormToken, FormIssuedAt: utcPtr(q.FormIssuedAt), ExpiresAt: q.ExpiresAt.UTC(), CreatedAt: q.CreatedAt.UTC(), UpdatedAt: q.UpdatedAt.UTC(),
	}, nil
}

func toQuote(r quoteRow) (payments.Quote, error) {
	var saved payments.SavedQuote
	if err := json.Unmarshal([]byte(r.Saved), &saved); err != nil {
		return payments.Quote{}, fmt.Errorf("paymentsdb: quote %s content: %w", r.ID, err)
	}
	return payments.Quote{
		ID: r.ID, Kind: payments.QuoteKind(r.Kind), Owner: r.Owner, Org: r.Org, RMANumber: r.RMANumber, OrderID: r.OrderID, BatchID: r.BatchID, Serial: r.Serial,
		Reference: r.Reference, Amount: money.Money{Cents: r.AmountCents, Currency: r.Currency},
		Status: payments.QuoteStatus(r.Status), Note: r.Note, IssuedBy: r.IssuedBy, Saved: saved,
		Method: payments.PaymentMethod(r.Method), ProviderRef: r.ProviderRef, CaptureID: r.CaptureID, CustomerPO: r.CustomerPO,
		PaidAt: utcPtr(r.PaidAt), FormToken: r.FormToken, FormIssuedAt: utcPtr(r.FormIssuedAt), ExpiresAt: r.ExpiresAt.UTC(), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}, nil
}
