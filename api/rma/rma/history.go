package rma

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/pkg/visibility"
)

// Viewer is who reads RMAs and units: the portal's one visibility rule (their own and their
// organization's). An alias, so the capability's callers name it as rma's reader.
type Viewer = visibility.Viewer

// HistoryFilter narrows the history: Text matches the RMA number, serial, model, customer
// reference or asset tag (case-insensitive, anywhere in them); Years and Months match the
// month the RMA was created in (UTC); Statuses its status. An empty part matches everything.
type HistoryFilter struct {
	Text     string
	Years    []int
	Months   []int
	Statuses []string
}

// SortField is a column the history may be sorted by.
type SortField string

const (
	SortCreatedAt SortField = "createdAt"
	SortUpdatedAt SortField = "updatedAt"
	SortRMANumber SortField = "rmaNumber"
	SortStatus    SortField = "status"
	SortSerial    SortField = "serial"
	SortModel     SortField = "model"
)

// SortFields are the fields the history sorts by; ties are always broken by the RMA number,
// so every order is total and pages never repeat or skip an RMA.
var SortFields = []SortField{SortCreatedAt, SortUpdatedAt, SortRMANumber, SortStatus, SortSerial, SortModel}

// IsTime reports whether the field's values are times (the rest are text).
func (f SortField) IsTime() bool { return f == SortCreatedAt || f == SortUpdatedAt }

// HistorySort is one key of the history's order.
type HistorySort struct {
	Field SortField
	Desc  bool
}

// DefaultHistorySort is newest first.
var DefaultHistorySort = HistorySort{Field: SortCreatedAt, Desc: true}

// HistoryItem is one row of the history list.
type HistoryItem struct {
	UID, Number, Type, Status, Serial, Model, Problem, CustomerReference, AssetTag string
	Owner, Org                                                                     string
	// OpenedBy is the name of who opened the RMA, as their token gave it then (RMA.OpenedByName):
	// what the organization sees, which the contact cannot say (a branch's, when shipped from one).
	OpenedBy             string
	CreatedAt, UpdatedAt time.Time
}

// Mine reports whether v opened the RMA (false for the organization's others).
func (i HistoryItem) Mine(v Viewer) bool { return v.Owns(i.Owner) }

// HistoryKey is a position in an order: the sort field's value of an RMA and its number.
type HistoryKey struct {
	// At is the value of a time field, Text of a text field; Number breaks ties.
	At     time.Time
	Text   string
	Number string
}

// KeyOf is item's position in an order by field f.
func KeyOf(f SortField, i HistoryItem) HistoryKey {
	k := HistoryKey{Number: i.Number}
	switch f {
	case SortCreatedAt:
		k.At = i.CreatedAt
	case SortUpdatedAt:
		k.At = i.UpdatedAt
	case SortStatus:
		k.Text = i.Status
	case SortSerial:
		k.Text = i.Serial
	case SortModel:
		k.Text = i.Model
	}
	return k
}

// Keyset asks for one page: First items after the cursor After (forward), or Last items
// before the cursor Before (backward), never both. Cursors are the ones a page gave for the
// same sort.
type Keyset = keyset.Request

// Page sizes of the history.
const (
	DefaultHistoryPageSize = 25
	MaxHistoryPageSize     = 100
)

// HistoryPage is one keyset page in display order, each item with its cursor.
type HistoryPage struct {
	Items       []HistoryItem
	Cursors     []string
	HasNext     bool
	HasPrevious bool
}

// Details is one RMA with its status timeline, oldest event first.
type Details struct {
	RMA      RMA
	Timeline []Event
}

// refusals are the history's errors for the keyset package's refusals of its arguments.
var refusals = keyset.NewRefusals("rma", MaxHistoryPageSize)

// The refusals of the history's arguments.
var (
	ErrBadCursor      = refusals.BadCursor
	ErrBothDirections = refusals.BothDirections
	ErrPageSize       = refusals.PageSize
)

// MsgSortField is the message for a sort field the history does not know.
const MsgSortField = "Must be one of createdAt, updatedAt, rmaNumber, status, serial, model"

// Limits of the history's filter and numbered pages, the same for every caller (the REST list
// and its download, the GraphQL connection): the text is LIKE-matched on five columns and each
// year and month is a bind variable, so none may grow without bound.
const (
	FilterTextMax = 100
	FilterYearMin = 2000
	FilterYearMax = 2100
	// MaxHistoryPage is the deepest numbered page: each one sorts every row before it, and
	// keyset pages (the connection) serve deeper reading at the cost of the first.
	MaxHistoryPage = 10000
)

// Fields of the history's refusals, as the GraphQL search names them.
const (
	FieldText     = "text"
	FieldYears    = "years"
	FieldMonths   = "months"
	FieldStatuses = "statuses"
	FieldPage     = "page"
	FieldPerPage  = "itemsPerPage"
)

// Messages of the history's refusals.
const (
	MsgPerPageRange = "Must be between 1 and 100"
	MsgPageRange    = "Must be between 1 and 10000"
	MsgYearRange    = "Must be a year from 2000 to 2100"
	MsgMonthRange   = "Must be a month from 1 to 12"
)

// MsgStatus is the message for a status the history does not know.
var MsgStatus = "Must be one of " + strings.Join(knownStatuses, ", ")

// HistoryStore reads the history. Every method sees only the RMAs v may see; ties of every
// order are broken by the RMA number, in the direction of the first sort key.
type HistoryStore interface {
	// HistorySeek lists up to limit RMAs matching f in the order s, strictly after the
	// position after (from the start when nil).
	HistorySeek(ctx context.Context, v Viewer, f HistoryFilter, s HistorySort, after *HistoryKey, limit int) ([]HistoryItem, error)
	HistoryCount(ctx context.Context, v Viewer, f HistoryFilter) (int, error)
	// HistoryOffset lists up to limit RMAs matching f in the order s, skipping offset.
	HistoryOffset(ctx context.Context, v Viewer, f HistoryFilter, s []HistorySort, offset, limit int) ([]HistoryItem, error)
	// HistoryEach calls fn for every RMA matching f in the order s, reading them as it goes.
	HistoryEach(ctx context.Context, v Viewer, f HistoryFilter, s []HistorySort, fn func(HistoryItem) error) error
	// VisibleRMAByUID and VisibleRMAByNumber answer ErrRMANotFound for an RMA v may not see.
	VisibleRMAByUID(ctx context.Context, v Viewer, uid string) (RMA, error)
	VisibleRMAByNumber(ctx context.Context, v Viewer, number string) (RMA, error)
	// Timeline lists an RMA's events, oldest first.
	Timeline(ctx context.Context, number string) ([]Event, error)
	// RepairWork lists what was done to the RMA's unit, oldest first.
	RepairWork(ctx context.Context, number string) ([]RepairWork, error)
}

// History is the read side of RMAs for their customers: the list (keyset pages for the
// connection, offset pages and a stream for REST and its CSV), one RMA's details and its
// repair summary.
type History struct{ store HistoryStore }

// NewHistory reads from store.
func NewHistory(store HistoryStore) *History { return &History{store: store} }

// Page reads one keyset page of the RMAs v sees. A deep page costs what the first does: the
// store seeks to the cursor's position in an index instead of counting rows up to it.
func (h *History) Page(ctx context.Context, v Viewer, f HistoryFilter, s HistorySort, k Keyset) (HistoryPage, error) {
	s, err := checkSort(s)
	if err != nil {
		return HistoryPage{}, err
	}
	p, err := k.Read(DefaultHistoryPageSize, MaxHistoryPageSize)
	if err != nil {
		return HistoryPage{}, refusals.Of(err)
	}
	var after *HistoryKey
	if p.Cursor != "" {
		key, err := decodeCursor(s, p.Cursor)
		if err != nil {
			return HistoryPage{}, err
		}
		after = &key
	}
	seek := s
	if p.Backward {
		// Backward is forward in the reverse order from the same position.
		seek.Desc = !s.Desc
	}
	if f, err = f.checked(); err != nil {
		return HistoryPage{}, err
	}
	items, err := h.store.HistorySeek(ctx, v, f, seek, after, p.Size+1)
	if err != nil {
		return HistoryPage{}, err
	}
	var page HistoryPage
	page.Items, page.HasNext, page.HasPrevious = keyset.Cut(p, items)
	page.Cursors = make([]string, len(page.Items))
	for i, item := range page.Items {
		page.Cursors[i] = HistoryCursor(s, item)
	}
	return page, nil
}

// Count is how many RMAs v sees that match f, over all pages.
func (h *History) Count(ctx context.Context, v Viewer, f HistoryFilter) (int, error) {
	f, err := f.checked()
	if err != nil {
		return 0, err
	}
	return h.store.HistoryCount(ctx, v, f)
}

// Offset reads page (from 1) of perPage RMAs v sees in the order s (newest first when empty),
// with the count of every match: the REST list, whose pages are numbered.
func (h *History) Offset(ctx context.Context, v Viewer, f HistoryFilter, s []HistorySort, page, perPage int) ([]HistoryItem, int, error) {
	if err := CheckOffsetPage(page, perPage); err != nil {
		return nil, 0, err
	}
	sorts, err := checkSorts(s)
	if err != nil {
		return nil, 0, err
	}
	if f, err = f.checked(); err != nil {
		return nil, 0, err
	}
	total, err := h.store.HistoryCount(ctx, v, f)
	if err != nil {
		return nil, 0, err
	}
	items, err := h.store.HistoryOffset(ctx, v, f, sorts, (page-1)*perPage, perPage)
	if err != nil {
		return nil, 0, err
	}
	return items, total, nil
}

// Each calls fn for every RMA v sees that matches f, in the order s (newest first when
// empty), without holding them all: the CSV download streams through it. An error of fn stops
// the stream and is returned.
func (h *History) Each(ctx context.Context, v Viewer, f HistoryFilter, s []HistorySort, fn func(HistoryItem) error) error {
	sorts, err := checkSorts(s)
	if err != nil {
		return err
	}
	if f, err = f.checked(); err != nil {
		return err
	}
	return h.store.HistoryEach(ctx, v, f, sorts, fn)
}

// Details returns the RMA uid with its timeline; one v may not see answers ErrRMANotFound,
// exactly as an unknown uid does.
func (h *History) Details(ctx context.Context, v Viewer, uid string) (Details, error) {
	uid = strings.TrimSpace(uid)
	if uid == "" {
		return Details{}, ErrRMANotFound
	}
	rec, err := h.store.VisibleRMAByUID(ctx, v, uid)
	if err != nil {
		return Details{}, err
	}
	timeline, err := h.store.Timeline(ctx, rec.Number)
	if err != nil {
		return Details{}, err
	}
	return Details{RMA: rec, Timeline: timeline}, nil
}

// RepairSummary returns the RMA number with what was done to its unit; one v may not see
// answers ErrRMANotFound, exactly as an unknown number does.
func (h *History) RepairSummary(ctx context.Context, v Viewer, number string) (RepairSummary, error) {
	number = strings.ToUpper(strings.TrimSpace(number))
	if number == "" {
		return RepairSummary{}, ErrRMANotFound
	}
	rec, err := h.store.VisibleRMAByNumber(ctx, v, number)
	if err != nil {
		return RepairSummary{}, err
	}
	work, err := h.store.RepairWork(ctx, number)
	if err != nil {
		return RepairSummary{}, err
	}
	return RepairSummary{RMA: rec, Work: work}, nil
}

// CheckOffsetPage refuses a numbered page outside 1..MaxHistoryPage and a page size outside
// 1..MaxHistoryPageSize: within them the offset stays far from overflowing.
func CheckOffsetPage(page, perPage int) error {
	var errs validate.Errors
	if perPage < 1 || perPage > MaxHistoryPageSize {
		errs.Add(FieldPerPage, MsgPerPageRange)
	}
	if page < 1 || page > MaxHistoryPage {
		errs.Add(FieldPage, MsgPageRange)
	}
	return errs.Err()
}

// Check refuses a filter beyond the history's limits: text over FilterTextMax characters, years
// outside FilterYearMin..FilterYearMax, months outside 1..12, unknown statuses. Repeated values
// are not refused; they are dropped before the query.
func (f HistoryFilter) Check() error {
	var errs validate.Errors
	errs.MaxLen(FieldText, strings.TrimSpace(f.Text), FilterTextMax)
	for _, y := range f.Years {
		if y < FilterYearMin || y > FilterYearMax {
			errs.Add(FieldYears, MsgYearRange)
		}
	}
	for _, m := range f.Months {
		if m < 1 || m > 12 {
			errs.Add(FieldMonths, MsgMonthRange)
		}
	}
	for _, st := range f.Statuses {
		if !slices.Contains(knownStatuses, normalStatus(st)) {
			errs.Add(FieldStatuses, MsgStatus)
		}
	}
	return errs.Err()
}

// checked is f checked and normalized.
func (f HistoryFilter) checked() (HistoryFilter, error) {
	if err := f.Check(); err != nil {
		return HistoryFilter{}, err
	}
	return f.normalized(), nil
}

// normalized trims the text, reads statuses in upper case and drops repeated years, months and
// statuses.
func (f HistoryFilter) normalized() HistoryFilter {
	statuses := make([]string, len(f.Statuses))
	for i, st := range f.Statuses {
		statuses[i] = normalStatus(st)
	}
	return HistoryFilter{Text: strings.TrimSpace(f.Text), Years: unique(f.Years), Months: unique(f.Months), Statuses: unique(statuses)}
}

func normalStatus(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

func unique[T int | string](xs []T) []T {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}

// checkSort answers the default order (newest first) for a sort without a field and refuses
// unknown fields.
func checkSort(s HistorySort) (HistorySort, error) {
	if s.Field == "" {
		return DefaultHistorySort, nil
	}
	if !slices.Contains(SortFields, s.Field) {
		return HistorySort{}, fault.Validation(map[string]string{"sortBy": MsgSortField})
	}
	return s, nil
}

// checkSorts checks every key of a multi-key order; no key is newest first.
func checkSorts(s []HistorySort) ([]HistorySort, error) {
	if len(s) == 0 {
		return []HistorySort{DefaultHistorySort}, nil
	}
	out := make([]HistorySort, 0, len(s))
	for _, key := range s {
		key, err := checkSort(key)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(out, func(o HistorySort) bool { return o.Field == key.Field }) {
			out = append(out, key)
		}
	}
	return out, nil
}

// cursorVersion starts every cursor, so a later format can refuse this one plainly.
const cursorVersion = "h1"

func cursorOrder(s HistorySort) keyset.Order {
	return keyset.Order{Version: cursorVersion, Field: string(s.Field), Desc: s.Desc}
}

// HistoryCursor is the opaque cursor of item in the order s: the order, the item's number and
// its sort value (times in nanoseconds, as stored; the value last, as a text value may hold
// the cursor's separator).
func HistoryCursor(s HistorySort, item HistoryItem) string {
	k := KeyOf(s.Field, item)
	value := k.Text
	if s.Field.IsTime() {
		value = strconv.FormatInt(k.At.UTC().UnixNano(), 10)
	}
	return cursorOrder(s).Encode(k.Number, value)
}

func decodeCursor(s HistorySort, cursor string) (HistoryKey, error) {
	values, err := cursorOrder(s).Decode(cursor, 2)
	if err != nil {
		return HistoryKey{}, refusals.Of(err)
	}
	number, value := values[0], values[1]
	if number == "" {
		return HistoryKey{}, ErrBadCursor
	}
	k := HistoryKey{Number: number}
	switch {
	case s.Field.IsTime():
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return HistoryKey{}, ErrBadCursor
		}
		k.At = time.Unix(0, n).UTC()
	case s.Field == SortRMANumber:
		if value != "" {
			return HistoryKey{}, ErrBadCursor
		}
	default:
		k.Text = value
	}
	return k, nil
}
