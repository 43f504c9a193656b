package depot

import (
	"context"
	"strconv"

	"rugged.example/portal/api/pkg/keyset"
)

// AuditQuery asks for a page of the audit, newest first: rows with an id below BeforeID (0:
// from the newest), at most Limit.
type AuditQuery struct {
	BeforeID int64
	Limit    int
}

// AuditPage is one page of the audit and the cursor of the next (empty: the last page).
type AuditPage struct {
	Entries []AuditEntry
	Next    string
}

// Audit lists staff actions, newest first, a page at a time: for leads.
func (s *Service) Audit(ctx context.Context, r keyset.Request) (AuditPage, error) {
	page, err := readForward(r)
	if err != nil {
		return AuditPage{}, err
	}
	q := AuditQuery{Limit: page.Size + 1}
	if page.Cursor != "" {
		vals, err := auditOrder.Decode(page.Cursor, 1)
		if err != nil {
			return AuditPage{}, Refusals.Of(err)
		}
		if q.BeforeID, err = strconv.ParseInt(vals[0], 10, 64); err != nil || q.BeforeID <= 0 {
			return AuditPage{}, Refusals.BadCursor
		}
	}
	entries, err := s.Store.Audit(ctx, q)
	if err != nil {
		return AuditPage{}, err
	}
	out := AuditPage{Entries: entries}
	if len(entries) > page.Size {
		out.Entries = entries[:page.Size]
		out.Next = auditOrder.Encode(strconv.FormatInt(out.Entries[page.Size-1].ID, 10))
	}
	return out, nil
}
