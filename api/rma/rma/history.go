package rma

import (
	"context"
	"strings"

	"rugged.example/portal/api/pkg/keyset"
)

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
