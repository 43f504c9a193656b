package accounttest

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// RMA is one RMA of the fake history, with its timeline and repair work.
type RMA struct {
	rma.RMA
	UpdatedAt time.Time
	Timeline  []rma.Event
	Work      []rma.RepairWork
}

// RMAs is the history over a slice, with the rma capability's visibility.
type RMAs struct {
	mu   sync.Mutex
	list []RMA
	// EachFails makes Each fail with it after EachFailsAfter items, as a database that goes
	// away midway through a download.
	EachFails      error
	EachFailsAfter int
}

// Reset forgets every RMA.
func (h *RMAs) Reset() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = nil
}

// Add stores r.
func (h *RMAs) Add(r RMA) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = append(h.list, r)
}

func (h *RMAs) visible(v rma.Viewer, f rma.HistoryFilter) []RMA {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []RMA
	text := strings.ToLower(f.Text)
	for _, r := range h.list {
		if !v.Sees(r.Owner, r.Org) {
			continue
		}
		if text != "" && !slices.ContainsFunc([]string{r.Number, r.Serial, r.Model, r.Problem.CustomerReference, r.Problem.AssetTag},
			func(s string) bool { return strings.Contains(strings.ToLower(s), text) }) {
			continue
		}
		if len(f.Years) > 0 && !slices.Contains(f.Years, r.CreatedAt.Year()) {
			continue
		}
		if len(f.Months) > 0 && !slices.Contains(f.Months, int(r.CreatedAt.Month())) {
			continue
		}
		out = append(out, r)
	}
	// Newest first, the default sort; the fakes do not sort otherwise.
	slices.SortFunc(out, func(a, b RMA) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out
}

func item(r RMA) rma.HistoryItem {
	return rma.HistoryItem{
		UID: r.UID, Number: r.Number, Type: r.Type, Status: r.Status, Serial: r.Serial, Model: r.Model,
		Problem: r.Problem.Problem, CustomerReference: r.Problem.CustomerReference, AssetTag: r.Problem.AssetTag,
		Owner: r.Owner, Org: r.Org, OpenedBy: r.OpenedByName, BatchID: r.BatchID,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
}

// Offset implements account.History.
func (h *RMAs) Offset(_ context.Context, v rma.Viewer, f rma.HistoryFilter, _ []rma.HistorySort, page, perPage int) ([]rma.HistoryItem, int, error) {
	all := h.visible(v, f)
	from := min((page-1)*perPage, len(all))
	to := min(from+perPage, len(all))
	out := []rma.HistoryItem{}
	for _, r := range all[from:to] {
		out = append(out, item(r))
	}
	return out, len(all), nil
}

// Each implements account.History.
func (h *RMAs) Each(_ context.Context, v rma.Viewer, f rma.HistoryFilter, _ []rma.HistorySort, fn func(rma.HistoryItem) error) error {
	for i, r := range h.visible(v, f) {
		if h.EachFails != nil && i == h.EachFailsAfter {
			return h.EachFails
		}
		if err := fn(item(r)); err != nil {
			return err
		}
	}
	return nil
}

func (h *RMAs) find(v rma.Viewer, match func(RMA) bool) (RMA, error) {
	for _, r := range h.visible(v, rma.HistoryFilter{}) {
		if match(r) {
			return r, nil
		}
	}
	return RMA{}, rma.ErrRMANotFound
}

// Details implements account.History.
func (h *RMAs) Details(_ context.Context, v rma.Viewer, uid string) (rma.Details, error) {
	r, err := h.find(v, func(r RMA) bool { return r.UID == uid })
	if err != nil {
		return rma.Details{}, err
	}
	return rma.Details{RMA: r.RMA, Timeline: r.Timeline}, nil
}

// RepairSummary implements account.History.
func (h *RMAs) RepairSummary(_ context.Context, v rma.Viewer, number string) (rma.RepairSummary, error) {
	r, err := h.find(v, func(r RMA) bool { return r.Number == number })
	if err != nil {
		return rma.RepairSummary{}, err
	}
	return rma.RepairSummary{RMA: r.RMA, Work: r.Work}, nil
}
