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
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// QuoteList is the payments capability's listing of quotes; *payments.Quotes implements it.
type QuoteList interface {
	Connection(ctx context.Context, v visibility.Viewer, s payments.QuoteSearch, o payments.QuoteSort, k payments.Keyset) (payments.QuotePage, error)
	Count(ctx context.Context, v visibility.Viewer, s payments.QuoteSearch) (int, error)
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
	viewer   visibility.Viewer
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
	f.Years, f.Months, f.Statuses = in.Years, in.Months, rma.ParseStatuses(in.Statuses)
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
	item := &RMAHistoryItem{
		UID: i.UID, RmaNumber: i.Number, RmaType: i.Type, Status: string(i.Status), Serial: i.Serial, Model: i.Model,
		Problem: i.Problem, CustomerReference: i.CustomerReference, AssetTag: i.AssetTag, OpenedBy: i.OpenedBy,
		Mine: i.Mine(v), CreatedAt: i.CreatedAt.UTC().Format(time.RFC3339), UpdatedAt: i.UpdatedAt.UTC().Format(time.RFC3339),
	}
	if i.BatchID != "" {
		batch := i.BatchID
		item.BatchID = &batch
	}
	return item
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

// registered is a quote's unit as the registry has it now (a quote keeps only the serial); found
// is false for a serial the registry no longer has, which shows no model and no block.
type registered struct {
	unit  rma.Unit
	found bool
}

// units are the units of the page's serials, from the unit registry, each read once.
func (r *Resolver) units(ctx context.Context, qs []payments.Quote) (map[string]registered, error) {
	out := map[string]registered{}
	for _, q := range qs {
		if _, done := out[q.Serial]; done {
			continue
		}
		u, err := r.Units.UnitBySerial(ctx, q.Serial)
		if err != nil && !errors.Is(err, rma.ErrUnitNotFound) {
			return nil, err
		}
		out[q.Serial] = registered{unit: u, found: err == nil}
	}
	return out, nil
}

// unitBlockOf is why the saved quote q's unit would refuse the RMA q opens into (its rmaInput's
// rmaType, a repair when it names none), by the rule creation applies; nil when it would not,
// for a service quote and for a unit the registry no longer has (the page it opens says so).
func unitBlockOf(q payments.Quote, reg registered) *UnitBlock {
	if q.Kind == payments.KindService || !reg.found {
		return nil
	}
	rmaType, _ := q.Saved.ExternalResource.RMAInput["rmaType"].(string)
	if rmaType == "" {
		rmaType = rma.DefaultRMAType
	}
	var block UnitBlock
	switch err := rma.RefusalForNewRMA(reg.unit, rmaType); {
	case err == nil:
		return nil
	case reg.unit.Model == rma.ModelEX80:
		block = UnitBlockHelpdeskOnly
	case reg.unit.EndOfService:
		block = UnitBlockEndOfService
	default:
		block = UnitBlockOpenRma
	}
	return &block
}

func toSavedQuote(q payments.Quote, v visibility.Viewer, reg registered, now time.Time) (*SavedQuote, error) {
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
		UID: q.ID, Kind: kind, Status: string(status), Serial: q.Serial, Model: reg.unit.Model, Amount: toMoney(q.Amount),
		CreatedAt: q.CreatedAt.UTC().Format(time.RFC3339), ExpiresAt: q.ExpiresAt.UTC().Format(time.RFC3339),
		Mine: q.Mine(v), QuoteData: string(data), UnitBlock: unitBlockOf(q, reg),
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
