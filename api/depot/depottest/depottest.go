// Package depottest holds fakes of the depot domain's ports for other packages' tests.
package depottest

import (
	"context"
	"slices"
	"strings"
	"sync"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/rma/rma"
)

// Store is an in-memory depot.Store, and an rma.WorkStore over Rows.
type Store struct {
	mu       sync.Mutex
	Receipts []depot.Receipt
	Flagged  []depot.Flag
	Entries  []depot.AuditEntry
	Rows     []rma.WorkRow
	// Repairs are the repairs recorded, by RMA number.
	Repairs map[string]depot.RepairRecord
}

// Receipt answers the last receipt of number.
func (s *Store) Receipt(_ context.Context, number string) (depot.Receipt, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.Receipts) - 1; i >= 0; i-- {
		if s.Receipts[i].RMANumber == number {
			return s.Receipts[i], true, nil
		}
	}
	return depot.Receipt{}, false, nil
}

func (s *Store) AddRepair(_ context.Context, r depot.RepairRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Repairs == nil {
		s.Repairs = map[string]depot.RepairRecord{}
	}
	s.Repairs[r.RMANumber] = r
	return nil
}

func (s *Store) RepairOf(_ context.Context, number string) (depot.RepairRecord, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.Repairs[number]
	return r, ok, nil
}

func (s *Store) AddReceipt(_ context.Context, r depot.Receipt) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Receipts = append(s.Receipts, r)
	return nil
}

func (s *Store) AddFlag(_ context.Context, f depot.Flag) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Flagged = append(s.Flagged, f)
	return nil
}

func (s *Store) AddAudit(_ context.Context, e depot.AuditEntry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e.ID = int64(len(s.Entries) + 1)
	s.Entries = append(s.Entries, e)
	return nil
}

// Flags answers newest first, as depotdb does.
func (s *Store) Flags(context.Context) ([]depot.Flag, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Collect(func(yield func(depot.Flag) bool) {
		for _, f := range slices.Backward(s.Flagged) {
			if !yield(f) {
				return
			}
		}
	}), nil
}

// Audit answers newest first, as depotdb does.
func (s *Store) Audit(_ context.Context, q depot.AuditQuery) ([]depot.AuditEntry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []depot.AuditEntry
	for _, e := range slices.Backward(s.Entries) {
		if (q.BeforeID == 0 || e.ID < q.BeforeID) && len(out) < q.Limit {
			out = append(out, e)
		}
	}
	return out, nil
}

// StaffEmails maps the actors of Entries on rmaNumber to their e-mails, as depotdb does.
func (s *Store) StaffEmails(_ context.Context, rmaNumber string) (map[string]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for _, e := range s.Entries {
		if e.RMANumber == rmaNumber {
			out[e.Actor] = e.ActorEmail
		}
	}
	return out, nil
}

// InWork answers Rows (kept oldest first by the test) matching the status and search.
func (s *Store) InWork(_ context.Context, q rma.WorkQuery) ([]rma.WorkRow, error) {
	var out []rma.WorkRow
	for _, r := range s.Rows {
		if (q.Status == "" && slices.Contains(q.Statuses, r.Status) || r.Status == q.Status) && (q.Search == "" || strings.EqualFold(r.Number, q.Search) || strings.EqualFold(r.Serial, q.Search)) &&
			(q.After == nil || r.CreatedAt.After(q.After.CreatedAt) || (r.CreatedAt.Equal(q.After.CreatedAt) && r.Number > q.After.Number)) && len(out) < q.Limit {
			out = append(out, r)
		}
	}
	return out, nil
}

// WorkCounts counts Rows per status of statuses that has any, with the oldest creation and the
// breaches, as rmadb does.
func (s *Store) WorkCounts(_ context.Context, statuses []rma.Status, today string) ([]rma.WorkCount, error) {
	var out []rma.WorkCount
	for _, st := range statuses {
		c := rma.WorkCount{Status: st}
		for _, r := range s.Rows {
			if r.Status == st {
				if c.Count == 0 || r.CreatedAt.Before(c.Oldest) {
					c.Oldest = r.CreatedAt
				}
				c.Count++
				if r.PromisedShipDate != "" && r.PromisedShipDate < today {
					c.Breached++
				}
			}
		}
		if c.Count > 0 {
			out = append(out, c)
		}
	}
	return out, nil
}
