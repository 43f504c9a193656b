package payments

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/visibility"
)

// Mine reports whether v owns q; a quote v sees only through its organization is not mine.
func (q Quote) Mine(v visibility.Viewer) bool { return v.Owns(q.Owner) }

// VisibleTo reports whether v may see q: the portal's one visibility rule (their own, or their
// organization's).
func (q Quote) VisibleTo(v visibility.Viewer) bool { return v.Sees(q.Owner, q.Org) }

// PayPath is the page where the owner pays an open service quote (/pay-quote/{id}/{reference},
// under the portal's public URL); empty for a quote that is not paid on that page.
func (q Quote) PayPath() string {
	if q.Kind != KindService {
		return ""
	}
	return q.payQuotePath()
}

// QuoteSearch narrows the quotes a viewer lists.
type QuoteSearch struct {
	// Text matches the quote id, serial or RMA number, case-insensitive, anywhere in them.
	Text string
	// Kinds are KindSaved and KindService; none means both. Repair quotes are paid with their
	// RMA and never listed.
	Kinds []QuoteKind
	// Statuses are statuses as of now (StatusAt); none means StatusOpen: saved quotes no RMA took
	// over yet and service quotes waiting for payment, neither expired.
	Statuses []QuoteStatus
}

// QuoteSortField is what quotes are listed by; the quote id breaks ties.
type QuoteSortField string

const (
	SortCreatedAt QuoteSortField = "createdAt"
	SortExpiresAt QuoteSortField = "expiresAt"
	SortAmount    QuoteSortField = "amount"
)

// QuoteSort is the order of a listing; the zero value is oldest first by creation.
type QuoteSort struct {
	Field QuoteSortField
	Desc  bool
}

// Keyset asks for one page of a listing: First items after the cursor After (forward), or Last
// items before the cursor Before (backward), never both. Cursors are the ones a page gave for
// the same sort.
type Keyset = keyset.Request

// Page sizes of a listing.
const (
	DefaultPageSize = 25
	MaxPageSize     = 100
	// SearchTextMax bounds the search text, as the history filter's.
	SearchTextMax = 100
)

// QuotePage is one page of a listing in its order, each quote with its cursor.
type QuotePage struct {
	Items       []Quote
	Cursors     []string
	HasNext     bool
	HasPrevious bool
}

// refusals are the listing's errors for the keyset package's refusals of its arguments.
var refusals = keyset.NewRefusals("payments", MaxPageSize)

// The refusals of a listing's arguments.
var (
	ErrBadCursor      = refusals.BadCursor
	ErrBothDirections = refusals.BothDirections
	ErrPageSize       = refusals.PageSize
)

// QuoteKey is a position in a listing: the sort field's value of a quote and its id.
type QuoteKey struct {
	At    time.Time
	Cents int64
	ID    string
}

// QuoteQuery is one scan of the store: the viewer's own quotes and, for a member, their
// organization's, matching Search as of Now, in Sort's order or (Backward) its reverse, strictly
// after From when set, at most Limit.
type QuoteQuery struct {
	Viewer   visibility.Viewer
	Search   QuoteSearch
	Sort     QuoteSort
	Now      time.Time
	From     *QuoteKey
	Backward bool
	Limit    int
}

// QuoteLister is the listing side of the quote store; paymentsdb implements it.
type QuoteLister interface {
	// ListQuotes scans q; the store never answers a quote the viewer may not see.
	ListQuotes(ctx context.Context, q QuoteQuery) ([]Quote, error)
	// CountQuotes counts what ListQuotes would list without From and Limit.
	CountQuotes(ctx context.Context, v visibility.Viewer, s QuoteSearch, now time.Time) (int, error)
	// PaidQuotes are the paid quotes the viewer sees, paid at since or later.
	PaidQuotes(ctx context.Context, v visibility.Viewer, since time.Time) ([]Quote, error)
}

// MonthAmount is what was paid in one calendar month (UTC), "2026-03".
type MonthAmount struct {
	Month  string
	Amount money.Money
}

// Connection lists the quotes v sees (their own, and their organization's), one keyset page: a
// deep page costs what the first does. Quotes of anyone outside v's organization never appear.
func (s *Quotes) Connection(ctx context.Context, v visibility.Viewer, search QuoteSearch, sort QuoteSort, k Keyset) (QuotePage, error) {
	if v.Subject == "" {
		return QuotePage{}, nil
	}
	search, sort, err := normalize(search, sort)
	if err != nil {
		return QuotePage{}, err
	}
	p, err := k.Read(DefaultPageSize, MaxPageSize)
	if err != nil {
		return QuotePage{}, refusals.Of(err)
	}
	q := QuoteQuery{Viewer: v, Search: search, Sort: sort, Now: s.d.Now().UTC(), Backward: p.Backward, Limit: p.Size + 1}
	if p.Cursor != "" {
		key, err := decodeCursor(sort, p.Cursor)
		if err != nil {
			return QuotePage{}, err
		}
		q.From = &key
	}
	items, err := s.d.Store.ListQuotes(ctx, q)
	if err != nil {
		return QuotePage{}, err
	}
	var page QuotePage
	page.Items, page.HasNext, page.HasPrevious = keyset.Cut(p, items)
	page.Cursors = make([]string, len(page.Items))
	for i, it := range page.Items {
		page.Cursors[i] = encodeCursor(sort, keyOf(sort.Field, it))
	}
	return page, nil
}

// Count is how many quotes Connection lists for v and search over all its pages.
func (s *Quotes) Count(ctx context.Context, v visibility.Viewer, search QuoteSearch) (int, error) {
	if v.Subject == "" {
		return 0, nil
	}
	search, _, err := normalize(search, QuoteSort{})
	if err != nil {
		return 0, err
	}
	return s.d.Store.CountQuotes(ctx, v, search, s.d.Now().UTC())
}

// SpendByMonth is what owner and, for a member, org paid per calendar month (UTC) since since,
// oldest month first; months without a payment are left out. Amounts of different currencies
// are never added: a month with two has two entries, by currency code.
func (s *Quotes) SpendByMonth(ctx context.Context, owner, org string, since time.Time) ([]MonthAmount, error) {
	if owner == "" {
		return nil, nil
	}
	paid, err := s.d.Store.PaidQuotes(ctx, visibility.Viewer{Subject: owner, Org: org}, since.UTC())
	if err != nil {
		return nil, err
	}
	type bucket struct{ month, currency string }
	sums := map[bucket]int64{}
	for _, q := range paid {
		if q.PaidAt == nil {
			continue
		}
		sums[bucket{q.PaidAt.UTC().Format("2006-01"), q.Amount.Currency}] += q.Amount.Cents
	}
	out := make([]MonthAmount, 0, len(sums))
	for b, cents := range sums {
		out = append(out, MonthAmount{Month: b.month, Amount: money.Money{Cents: cents, Currency: b.currency}})
	}
	slices.SortFunc(out, func(a, b MonthAmount) int {
		if c := strings.Compare(a.Month, b.Month); c != 0 {
			return c
		}
		return strings.Compare(a.Amount.Currency, b.Amount.Currency)
	})
	return out, nil
}

// normalize checks a listing's search and sort and fills in their defaults.
func normalize(search QuoteSearch, sort QuoteSort) (QuoteSearch, QuoteSort, error) {
	var v validate.Errors
	search.Text = strings.TrimSpace(search.Text)
	v.MaxLen("search.text", search.Text, SearchTextMax)
	for _, k := range search.Kinds {
		if k != KindSaved && k != KindService {
			v.Add("search.kinds", "Unknown quote kind")
		}
	}
	for _, st := range search.Statuses {
		switch st {
		case StatusOpen, StatusPaid, StatusCancelled, StatusExpired:
		default:
			v.Add("search.statuses", "Unknown quote status")
		}
	}
	switch sort.Field {
	case "":
		sort.Field = SortCreatedAt
	case SortCreatedAt, SortExpiresAt, SortAmount:
	default:
		v.Add("sort.field", "Unknown sort field")
	}
	if len(search.Kinds) == 0 {
		search.Kinds = []QuoteKind{KindSaved, KindService}
	}
	if len(search.Statuses) == 0 {
		search.Statuses = []QuoteStatus{StatusOpen}
	}
	search.Kinds, search.Statuses = dedupe(search.Kinds), dedupe(search.Statuses)
	return search, sort, v.Err()
}

func dedupe[T ~string](xs []T) []T {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

func keyOf(f QuoteSortField, q Quote) QuoteKey {
	switch f {
	case SortExpiresAt:
		return QuoteKey{At: q.ExpiresAt, ID: q.ID}
	case SortAmount:
		return QuoteKey{Cents: q.Amount.Cents, ID: q.ID}
	default:
		return QuoteKey{At: q.CreatedAt, ID: q.ID}
	}
}

// cursorVersion starts every cursor, so a later format can refuse this one plainly.
const cursorVersion = "q1"

func cursorOrder(s QuoteSort) keyset.Order {
	return keyset.Order{Version: cursorVersion, Field: string(s.Field), Desc: s.Desc}
}

// encodeCursor writes a position with the order it belongs to: its sort value (an amount in
// cents, a time in microseconds) and the quote id.
func encodeCursor(s QuoteSort, k QuoteKey) string {
	value := strconv.FormatInt(k.Cents, 10)
	if s.Field != SortAmount {
		value = strconv.FormatInt(k.At.UTC().UnixMicro(), 10)
	}
	return cursorOrder(s).Encode(value, k.ID)
}

func decodeCursor(s QuoteSort, cursor string) (QuoteKey, error) {
	values, err := cursorOrder(s).Decode(cursor, 2)
	if err != nil {
		return QuoteKey{}, refusals.Of(err)
	}
	value, id := values[0], values[1]
	n, err := strconv.ParseInt(value, 10, 64)
	if err != nil || id == "" {
		return QuoteKey{}, ErrBadCursor
	}
	k := QuoteKey{ID: id}
	if s.Field == SortAmount {
		k.Cents = n
	} else {
		k.At = time.UnixMicro(n).UTC()
	}
	return k, nil
}
