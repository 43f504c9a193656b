package parts

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/visibility"
)

// Limits of the orders' listing (the parts-orders-history page).
const (
	OrderSearchMax       = 100
	DefaultOrderPageSize = 25
	MaxOrderPageSize     = 100
)

// OrderSearch is what the history lists: text in the rmaBatchId, a line's part number,
// description or serial, or the customer PO (any case, literal); the statuses (all when empty).
type OrderSearch struct {
	Text     string
	Statuses []OrderStatus
}

// OrderSortField is what the history is sorted by; the rmaBatchId breaks ties.
type OrderSortField string

const (
	SortOrderCreatedAt OrderSortField = "createdAt"
	SortOrderTotal     OrderSortField = "total"
)

// OrderSort is the history's order; the zero value is newest first.
type OrderSort struct {
	Field OrderSortField
	Desc  bool
}

// DefaultOrderSort is newest first, as the page opens.
var DefaultOrderSort = OrderSort{Field: SortOrderCreatedAt, Desc: true}

// OrderKey is an order's position in a sort: its sort value and its id.
type OrderKey struct {
	CreatedAt  time.Time
	TotalCents int64
	ID         string
}

// OrderPageQuery is one keyset read of the store: Size+1 orders (the extra one tells that more
// follow) strictly after After (nil: from the start) in Sort, read backward when Backward.
type OrderPageQuery struct {
	Search   OrderSearch
	Sort     OrderSort
	Size     int
	Backward bool
	After    *OrderKey
}

// OrderLister is the store's side of the listing.
type OrderLister interface {
	// OrdersPage reads orders v sees (v's own and v's organization's, never anyone else's).
	OrdersPage(ctx context.Context, v visibility.Viewer, q OrderPageQuery) ([]Order, error)
	CountOrders(ctx context.Context, v visibility.Viewer, s OrderSearch) (int, error)
}

// OrderPage is one page of the history, with a cursor per order.
type OrderPage struct {
	Items       []Order
	Cursors     []string
	HasNext     bool
	HasPrevious bool
}

// orderRefusals are the listing's errors for keyset's.
var orderRefusals = keyset.NewRefusals("parts", MaxOrderPageSize)

// ErrOrderSearch is a search the listing refuses.
var ErrOrderSearch = fault.New(fault.KindInvalid, "parts.orderSearch", "Search for at most 100 characters and known statuses.")

func (o OrderSort) order() keyset.Order {
	return keyset.Order{Version: "1", Field: string(o.Field), Desc: o.Desc}
}

func (o OrderSort) cursor(x Order) string {
	v := x.CreatedAt.UTC().Format(time.RFC3339Nano)
	if o.Field == SortOrderTotal {
		v = strconv.FormatInt(x.Total.Cents, 10)
	}
	return o.order().Encode(v, x.ID)
}

// checkSearch trims the search and refuses one over the limits.
func checkSearch(s OrderSearch) (OrderSearch, error) {
	s.Text = strings.TrimSpace(s.Text)
	if len([]rune(s.Text)) > OrderSearchMax {
		return s, ErrOrderSearch
	}
	var statuses []OrderStatus
	for _, st := range s.Statuses {
		st = OrderStatus(strings.ToUpper(strings.TrimSpace(string(st))))
		if !slices.Contains(OrderStatuses, st) {
			return s, ErrOrderSearch
		}
		if !slices.Contains(statuses, st) {
			statuses = append(statuses, st)
		}
	}
	s.Statuses = statuses
	return s, nil
}

// OrderHistory lists the orders a customer sees (the parts-orders-history page, GraphQL's
// partsOrderBatchConnection). It reads the store only, so a process that lists orders needs
// neither the checkout nor the uploads, and cannot place, pay or cancel through it.
type OrderHistory struct{ store OrderLister }

// NewOrderHistory lists the orders store holds.
func NewOrderHistory(store OrderLister) *OrderHistory { return &OrderHistory{store: store} }

// Page reads one keyset page of the orders v sees: v's own and, for a member, the organization's
// (Mine false); nobody else's. A caller without a subject is not signed in, and is told so
// (auth.ErrInvalidToken, as a request without a token is) rather than that some order is missing.
func (s *OrderHistory) Page(ctx context.Context, v visibility.Viewer, search OrderSearch, sort OrderSort, k keyset.Request) (OrderPage, error) {
	if v.Subject == "" {
		return OrderPage{}, auth.ErrInvalidToken
	}
	search, err := checkSearch(search)
	if err != nil {
		return OrderPage{}, err
	}
	if sort.Field == "" {
		sort = DefaultOrderSort
	}
	if sort.Field != SortOrderCreatedAt && sort.Field != SortOrderTotal {
		return OrderPage{}, ErrOrderSearch
	}
	p, err := k.Read(DefaultOrderPageSize, MaxOrderPageSize)
	if err != nil {
		return OrderPage{}, orderRefusals.Of(err)
	}
	q := OrderPageQuery{Search: search, Sort: sort, Size: p.Size, Backward: p.Backward}
	if p.Cursor != "" {
		vals, err := sort.order().Decode(p.Cursor, 2)
		if err != nil {
			return OrderPage{}, orderRefusals.Of(err)
		}
		key := &OrderKey{ID: vals[1]}
		if sort.Field == SortOrderTotal {
			if key.TotalCents, err = strconv.ParseInt(vals[0], 10, 64); err != nil {
				return OrderPage{}, orderRefusals.Of(keyset.ErrBadCursor)
			}
		} else if key.CreatedAt, err = time.Parse(time.RFC3339Nano, vals[0]); err != nil {
			return OrderPage{}, orderRefusals.Of(keyset.ErrBadCursor)
		}
		q.After = key
	}
	items, err := s.store.OrdersPage(ctx, v, q)
	if err != nil {
		return OrderPage{}, err
	}
	page, hasNext, hasPrev := keyset.Cut(p, items)
	out := OrderPage{Items: page, Cursors: make([]string, len(page)), HasNext: hasNext, HasPrevious: hasPrev}
	for i, o := range page {
		out.Cursors[i] = sort.cursor(o)
	}
	return out, nil
}

// Count is how many orders the search lists over all pages; an anonymous caller is refused as
// Page refuses them.
func (s *OrderHistory) Count(ctx context.Context, v visibility.Viewer, search OrderSearch) (int, error) {
	if v.Subject == "" {
		return 0, auth.ErrInvalidToken
	}
	search, err := checkSearch(search)
	if err != nil {
		return 0, err
	}
	return s.store.CountOrders(ctx, v, search)
}
