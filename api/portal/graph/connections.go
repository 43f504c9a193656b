package graph

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/rma/rma"
)

// QuoteList is the payments capability's listing of quotes; *payments.Quotes implements it.
type QuoteList interface {
	Connection(ctx context.Context, v payments.Viewer, s payments.QuoteSearch, o payments.QuoteSort, k payments.Keyset) (payments.QuotePage, error)
	Count(ctx context.Context, v payments.Viewer, s payments.QuoteSearch) (int, error)
}

// RMAHistory is the rma capability's history; *rma.History implements it.
type RMAHistory interface {
	Page(ctx context.Context, v rma.Viewer, f rma.HistoryFilter, s rma.HistorySort, k rma.Keyset) (rma.HistoryPage, error)
	Count(ctx context.Context, v rma.Viewer, f rma.HistoryFilter) (int, error)
}

// RMAsConnection is a page of the history, with what its totalCount resolver counts.
type RMAsConnection struct {
	Edges    []*RMAEdge `json:"edges"`
	PageInfo *PageInfo  `json:"pageInfo"`
	viewer   rma.Viewer
	filter   rma.HistoryFilter
}

// SavedQuoteConnection is a page of quotes, with what its totalCount resolver counts: the
// count is a query of its own, run only when the field is selected.
type SavedQuoteConnection struct {
	Edges    []*SavedQuoteEdge `json:"edges"`
	PageInfo *PageInfo         `json:"pageInfo"`
	viewer   payments.Viewer
	search   payments.QuoteSearch
}

// Relay's paging arguments: first/after forward, last/before backward.
const (
	defaultPageSize = 25
	maxPageSize     = 100
)

var (
	errPageBothDirections = fault.New(fault.KindInvalid, "graphql.pageBothDirections",
		"Use first/after to page forward or last/before to page backward, not both.")
	errPageSize = fault.New(fault.KindInvalid, "graphql.pageSize", "first and last must be between 1 and 100.")
)

// pageRefusals answers the keyset package's refusals of Relay's arguments in the schema's words.
var pageRefusals = keyset.Refusals{BothDirections: errPageBothDirections, PageSize: errPageSize}

// connectionArgs is what both connections start from: the signed-in customer and their paging
// arguments, checked (one direction, a size of 1 to 100).
func connectionArgs(ctx context.Context, first *int, after *string, last *int, before *string) (auth.Principal, keyset.Request, error) {
	p, err := auth.RequireCustomer(ctx)
	if err != nil {
		return auth.Principal{}, keyset.Request{}, err
	}
	pg, err := keyset.Relay(first, after, last, before, defaultPageSize, maxPageSize)
	if err != nil {
		return auth.Principal{}, keyset.Request{}, pageRefusals.Of(err)
	}
	return p, pg.Request(), nil
}

func pageInfo(cursors []string, hasNext, hasPrevious bool) *PageInfo {
	info := &PageInfo{HasNextPage: hasNext, HasPreviousPage: hasPrevious}
	if len(cursors) > 0 {
		info.StartCursor, info.EndCursor = &cursors[0], &cursors[len(cursors)-1]
	}
	return info
}

var rmaSortFields = map[RMASortField]rma.SortField{
	RMASortFieldCreatedAt: rma.SortCreatedAt,
	RMASortFieldUpdatedAt: rma.SortUpdatedAt,
	RMASortFieldRmaNumber: rma.SortRMANumber,
	RMASortFieldStatus:    rma.SortStatus,
	RMASortFieldSerial:    rma.SortSerial,
	RMASortFieldModel:     rma.SortModel,
}

func toHistoryFilter(in *RMASearch) rma.HistoryFilter {
	var f rma.HistoryFilter
	if in == nil {
		return f
	}
	if in.Text != nil {
		f.Text = *in.Text
	}
	f.Years, f.Months, f.Statuses = in.Years, in.Months, in.Statuses
	return f
}

// toHistorySort is newest first when no sort is given, as the history page opens.
func toHistorySort(in *RMASort) rma.HistorySort {
	if in == nil {
		return rma.DefaultHistorySort
	}
	return rma.HistorySort{Field: rmaSortFields[in.Field], Desc: in.Desc}
}

func toHistoryItem(i rma.HistoryItem, v rma.Viewer) *RMAHistoryItem {
	return &RMAHistoryItem{
		UID: i.UID, RmaNumber: i.Number, RmaType: i.Type, Status: i.Status, Serial: i.Serial, Model: i.Model,
		Problem: i.Problem, CustomerReference: i.CustomerReference, AssetTag: i.AssetTag, OpenedBy: i.OpenedBy,
		Mine: i.Mine(v), CreatedAt: i.CreatedAt.UTC().Format(time.RFC3339), UpdatedAt: i.UpdatedAt.UTC().Format(time.RFC3339),
	}
}

var quoteKinds = map[QuoteKind]payments.QuoteKind{QuoteKindSaved: payments.KindSaved, QuoteKindService: payments.KindService}

var quoteSortFields = map[QuoteSortField]payments.QuoteSortField{
	QuoteSortFieldCreatedAt: payments.SortCreatedAt,
	QuoteSortFieldExpiresAt: payments.SortExpiresAt,
	QuoteSortFieldAmount:    payments.SortAmount,
}

func toQuoteSearch(in *QuoteSearch) payments.QuoteSearch {
	var s payments.QuoteSearch
	if in == nil {
		return s
	}
	if in.Text != nil {
		s.Text = *in.Text
	}
	for _, k := range in.Kinds {
		s.Kinds = append(s.Kinds, quoteKinds[k])
	}
	for _, st := range in.Statuses {
		s.Statuses = append(s.Statuses, payments.QuoteStatus(strings.ToLower(strings.TrimSpace(st))))
	}
	return s
}

func toQuoteSort(in *QuoteSort) payments.QuoteSort {
	if in == nil {
		return payments.QuoteSort{Field: payments.SortCreatedAt}
	}
	return payments.QuoteSort{Field: quoteSortFields[in.Field], Desc: in.Desc}
}

// models are the models of the page's serials, from the unit registry: a quote keeps only the
// serial. A serial the registry no longer has shows no model.
func (r *Resolver) models(ctx context.Context, qs []payments.Quote) (map[string]string, error) {
	out := map[string]string{}
	for _, q := range qs {
		if _, done := out[q.Serial]; done {
			continue
		}
		u, err := r.Units.UnitBySerial(ctx, q.Serial)
		if err != nil && !errors.Is(err, rma.ErrUnitNotFound) {
			return nil, err
		}
		out[q.Serial] = u.Model
	}
	return out, nil
}

func toSavedQuote(q payments.Quote, v payments.Viewer, model string, now time.Time) (*SavedQuote, error) {
	data, err := json.Marshal(q.Saved)
	if err != nil {
		return nil, err
	}
	kind := QuoteKindSaved
	if q.Kind == payments.KindService {
		kind = QuoteKindService
	}
	status := q.StatusAt(now)
	out := &SavedQuote{
		UID: q.ID, Kind: kind, Status: string(status), Serial: q.Serial, Model: model, Amount: toMoney(q.Amount),
		CreatedAt: q.CreatedAt.UTC().Format(time.RFC3339), ExpiresAt: q.ExpiresAt.UTC().Format(time.RFC3339),
		Mine: q.Mine(v), QuoteData: string(data),
	}
	if q.RMANumber != "" {
		out.RmaNumber = &q.RMANumber
	}
	// Only the owner pays a quote (the pay-quote endpoints refuse anyone else), so a colleague's
	// quote has no link, and neither has one that can no longer be paid.
	if link := q.PayPath(); link != "" && out.Mine && status == payments.StatusOpen {
		out.PayLink = &link
	}
	return out, nil
}
