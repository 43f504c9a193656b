package paymentsdb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// DemoCharge is one quote the demo service history implies for an RMA: made at At, then paid
// at PaidAt or cancelled at CancelledAt, or still open when neither is set.
type DemoCharge struct {
	Amount              money.Money
	At                  time.Time
	PaidAt, CancelledAt *time.Time
	// Note is staff's explanation of a service quote; a repair quote has none.
	Note string
}

// DemoRMA is one RMA of the demo history with the quotes its timeline implies.
type DemoRMA struct {
	Number, Owner, Org, Serial string
	Contact                    payments.QuoteContact
	Address                    payments.QuoteAddress
	// Repair is the quote an out-of-warranty RMA was opened with (create/oow, before its
	// payment); nil for an RMA the warranty covered. RMAInput and Packaging are its content.
	Repair    *DemoCharge
	RMAInput  map[string]any
	Packaging payments.QuotePackaging
	// Service is the quote staff issued after diagnosis (the RMA's move to QUOTE_PENDING); nil
	// when there was none.
	Service *DemoCharge
}

// DemoSavedQuote is a quote a demo customer saved from the create-RMA flow ('Save Quote') at
// At for their unit Serial.
type DemoSavedQuote struct {
	Owner, Org, Serial string
	Amount             money.Money
	Contact            payments.QuoteContact
	Address            payments.QuoteAddress
	RMAInput           map[string]any
	Packaging          payments.QuotePackaging
	At                 time.Time
}

// DemoQuotes is what SeedDemoQuotes writes and as of when.
type DemoQuotes struct {
	Now time.Time
	// Staff is the subject service quotes are issued by.
	Staff string
	// PurchaseOrders gives the owners who pay by purchase order the prefix of their PO numbers;
	// the others pay by PayPal or, for a service quote, also by card.
	PurchaseOrders map[string]string
	// History is the number of every RMA of the demo history and Owners its customers: what
	// DemoQuotesWritten looks at.
	History, Owners []string
	RMAs            []DemoRMA
	Saved           []DemoSavedQuote
}

// demoMinValidity is how long an open demo quote stays payable after the seed at least: a
// history whose open quotes had expired would show nothing to pay.
const demoMinValidity = 14 * 24 * time.Hour

// SeedDemoQuotes writes the quotes of the demo service history in one transaction, through the
// store's row types and never through the checkout, so nobody is e-mailed: for each RMA its
// repair quote (open, paid or cancelled, as create/oow and the checkout would have left it)
// and its service quote (issued by d.Staff, open or paid), and the saved quotes. Ids and
// pay-link references are random like every quote's; the rest (payment methods, provider
// references, PO numbers) comes from a fixed random seed. An open quote expires
// payments.QuoteValidity after it was made, but not within demoMinValidity of d.Now. A
// database DemoQuotesWritten answers true for is left alone.
func SeedDemoQuotes(ctx context.Context, gdb *gorm.DB, d DemoQuotes) error {
	history, owners := slices.Clone(d.History), slices.Clone(d.Owners)
	for _, r := range d.RMAs {
		history = append(history, r.Number)
	}
	for _, s := range d.Saved {
		owners = append(owners, s.Owner)
	}
	if len(d.RMAs) == 0 && len(d.Saved) == 0 {
		return nil
	}
	return gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		written, err := demoQuotesWritten(tx, history, owners)
		if err != nil || written {
			return err
		}
		rows, err := planDemoQuotes(d)
		if err != nil {
			return err
		}
		if err := tx.CreateInBatches(rows, 200).Error; err != nil {
			return fmt.Errorf("paymentsdb: demo quotes: %w", err)
		}
		return nil
	})
}

// DemoQuotesWritten reports whether an RMA of the demo history has a quote or one of its
// customers a saved quote: then the demo quotes were written (or the customers went on from
// there) and SeedDemoQuotes leaves the database alone. One query, so a caller can skip reading
// the history to plan them.
func DemoQuotesWritten(ctx context.Context, gdb *gorm.DB, history, owners []string) (bool, error) {
	return demoQuotesWritten(gdb.WithContext(ctx), history, owners)
}

func demoQuotesWritten(tx *gorm.DB, history, owners []string) (bool, error) {
	slices.Sort(history)
	history = slices.Compact(history)
	slices.Sort(owners)
	owners = slices.Compact(owners)
	var conds []string
	var args []any
	if len(history) > 0 {
		conds, args = append(conds, "rma_number IN ?"), append(args, history)
	}
	if len(owners) > 0 {
		conds, args = append(conds, "(kind = ? AND owner IN ?)"), append(args, string(payments.KindSaved), owners)
	}
	if len(conds) == 0 {
		return false, nil
	}
	var n int64
	if err := tx.Model(&quoteRow{}).Where(strings.Join(conds, " OR "), args...).Count(&n).Error; err != nil {
		return false, fmt.Errorf("paymentsdb: demo quotes: %w", err)
	}
	return n > 0, nil
}

// demoPlanner turns d into quotes; its random source is fixed, so the plan repeats.
type demoPlanner struct {
	d   DemoQuotes
	now time.Time
	rng *rand.Rand
}

func planDemoQuotes(d DemoQuotes) ([]*quoteRow, error) {
	p := &demoPlanner{d: d, now: d.Now.UTC().Truncate(time.Microsecond), rng: rand.New(rand.NewPCG(2026, 12))}
	var rows []*quoteRow
	add := func(q payments.Quote) error {
		row, err := toQuoteRow(q)
		if err != nil {
			return err
		}
		rows = append(rows, &row)
		return nil
	}
	for _, r := range d.RMAs {
		if r.Repair != nil {
			q := p.quote(payments.KindRepair, r.Owner, r.Org, r.Serial, r.Number, *r.Repair, r.Contact, r.Address)
			q.Saved.ExternalResource.RMAInput = r.RMAInput
			q.Saved.ExternalResource.Packaging = &r.Packaging
			if err := add(p.settle(q, *r.Repair, false)); err != nil {
				return nil, err
			}
		}
		if r.Service != nil {
			q := p.quote(payments.KindService, r.Owner, r.Org, r.Serial, r.Number, *r.Service, r.Contact, r.Address)
			q.Note, q.IssuedBy = r.Service.Note, d.Staff
			if err := add(p.settle(q, *r.Service, true)); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range d.Saved {
		q := p.quote(payments.KindSaved, s.Owner, s.Org, s.Serial, "", DemoCharge{Amount: s.Amount, At: s.At}, s.Contact, s.Address)
		q.Saved.ExternalResource.RMAInput = s.RMAInput
		q.Saved.ExternalResource.Packaging = &s.Packaging
		if err := add(q); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// quote is an open quote of c with the content the checkout and the quote service give one.
func (p *demoPlanner) quote(kind payments.QuoteKind, owner, org, serial, number string, c DemoCharge, contact payments.QuoteContact, address payments.QuoteAddress) payments.Quote {
	at := c.At.UTC().Truncate(time.Microsecond)
	expires := at.Add(payments.QuoteValidity)
	if floor := p.now.Add(demoMinValidity); c.PaidAt == nil && c.CancelledAt == nil && expires.Before(floor) {
		expires = floor
	}
	return payments.Quote{
		ID: payments.NewQuoteID(), Kind: kind, Owner: owner, Org: org, RMANumber: number, Serial: serial,
		Reference: payments.NewReference(), Amount: c.Amount, Status: payments.StatusOpen,
		ExpiresAt: expires, CreatedAt: at, UpdatedAt: at,
		Saved: payments.SavedQuote{
			Shipping:         payments.QuoteShipping{Address: address, Contact: contact},
			ExternalResource: payments.ExternalResource{Serial: serial},
			Total:            c.Amount,
		},
	}
}

// settle moves q as c says: paid the way its owner pays (a service quote on its pay-quote page,
// by PayPal or card; a repair quote when its RMA was submitted, by PayPal or purchase order), or
// cancelled after its PayPal order was started.
func (p *demoPlanner) settle(q payments.Quote, c DemoCharge, service bool) payments.Quote {
	switch {
	case c.PaidAt != nil:
		at := c.PaidAt.UTC().Truncate(time.Microsecond)
		q.Status, q.PaidAt, q.UpdatedAt = payments.StatusPaid, &at, at
		switch prefix, po := p.d.PurchaseOrders[q.Owner]; {
		case po:
			// A release number after the last dash, as organizations that require one send it.
			q.Method, q.CustomerPO = payments.MethodPO, fmt.Sprintf("%s%06d-%04d", prefix, 100_000+p.rng.IntN(900_000), 1+p.rng.IntN(9_999))
		case service && p.rng.IntN(3) == 0:
			q.Method, q.ProviderRef = payments.MethodAuthNet, strconv.FormatInt(60_000_000_001+p.rng.Int64N(9_000_000_000), 10)
		default:
			q.Method, q.ProviderRef, q.CaptureID = payments.MethodPayPal, p.paypalID(), p.paypalID()
		}
	case c.CancelledAt != nil:
		at := c.CancelledAt.UTC().Truncate(time.Microsecond)
		q.Status, q.UpdatedAt = payments.StatusCancelled, at
		q.Method, q.ProviderRef = payments.MethodPayPal, p.paypalID()
	}
	return q
}

// paypalID is an order or capture id in PayPal's shape: 17 characters of its alphabet.
func (p *demoPlanner) paypalID() string {
	const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	b := make([]byte, 17)
	for i := range b {
		b[i] = alphabet[p.rng.IntN(len(alphabet))]
	}
	return string(b)
}
