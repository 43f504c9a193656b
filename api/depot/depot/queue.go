package depot

import (
	"context"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Page sizes of the depot's lists.
const (
	PageDefault = 25
	PageMax     = 100
)

// Refusals are the depot lists' paging errors (depot.pageSize, depot.badCursor, …).
var Refusals = keyset.NewRefusals("depot", PageMax)

// queueOrder is the queue's cursor: oldest RMA first (created_at, then number).
var queueOrder = keyset.Order{Version: "q1", Field: "createdAt"}

// auditOrder is the audit's cursor: newest action first, by id.
var auditOrder = keyset.Order{Version: "a1", Field: "id", Desc: true}

// WorkStatuses are the statuses whose RMAs the depot has work on or waits for, in lifecycle
// order: not the customer's payment, nor an end. A unit returning unrepaired still waits to be
// shipped back.
var WorkStatuses = []rma.Status{
	rma.StatusAwaitingUnit, rma.StatusReceived, rma.StatusDiagnosing, rma.StatusQuotePending,
	rma.StatusRepairing, rma.StatusReturnUnrepaired,
}

// QueueRow is one RMA in the queue, whoever owns it.
type QueueRow struct {
	Number, Serial, Model, Type string
	Status                      rma.Status
	WarrantyType                string
	Customer                    string
	CreatedAt                   time.Time
	// ReceivedAt is when the depot received the unit; nil before.
	ReceivedAt *time.Time
	// PromisedShipDate (YYYY-MM-DD) is the ship-back date promised the customer (rma's
	// promise), "" before the unit is received.
	PromisedShipDate string
	// Breached is set by Service.Queue: the promised day has passed (BreachedOn today).
	Breached bool
}

// BreachedOn reports whether the promised ship-back date is before today (YYYY-MM-DD, the
// depot's day): the queue lists only RMAs not yet shipped back.
func (r QueueRow) BreachedOn(today string) bool {
	return r.PromisedShipDate != "" && r.PromisedShipDate < today
}

// AgeSince is when the row's age counts from: its receipt, else its creation.
func (r QueueRow) AgeSince() time.Time {
	if r.ReceivedAt != nil {
		return *r.ReceivedAt
	}
	return r.CreatedAt
}

// QueuePage is one page of the queue and the cursor of the next (empty: the last page).
type QueuePage struct {
	Rows []QueueRow
	Next string
}

// BacklogCount is how many RMAs wait in one status, since when the oldest does, and how many
// of them are past their promised ship-back date (QueueRow.Breached).
type BacklogCount struct {
	Status   rma.Status
	Count    int
	Oldest   time.Time
	Breached int
}

// QueueFilter is the queue's request as the HTTP surface read it.
type QueueFilter struct {
	Status, Model, WarrantyType, Search string
	Page                                keyset.Request
}

// Queue lists RMAs across every customer, oldest first, a page at a time.
func (s *Service) Queue(ctx context.Context, f QueueFilter) (QueuePage, error) {
	var v validate.Errors
	q := rma.WorkQuery{Statuses: WorkStatuses, Model: strings.TrimSpace(f.Model), WarrantyType: strings.TrimSpace(f.WarrantyType), Search: strings.ToUpper(strings.TrimSpace(f.Search))}
	if st := strings.TrimSpace(f.Status); st != "" {
		q.Status = rma.Status(strings.ToUpper(st))
		if !q.Status.Known() {
			v.Add("status", "Choose a status from the list")
		}
	}
	v.MaxLen("search", q.Search, SerialMax)
	if err := v.Err(); err != nil {
		return QueuePage{}, err
	}
	page, err := readForward(f.Page)
	if err != nil {
		return QueuePage{}, err
	}
	if page.Cursor != "" {
		vals, err := queueOrder.Decode(page.Cursor, 2)
		if err != nil {
			return QueuePage{}, Refusals.Of(err)
		}
		at, err := time.Parse(time.RFC3339Nano, vals[0])
		if err != nil {
			return QueuePage{}, Refusals.BadCursor
		}
		q.After = &rma.WorkKey{CreatedAt: at, Number: vals[1]}
	}
	q.Limit = page.Size + 1
	work, err := s.InWork.InWork(ctx, q)
	if err != nil {
		return QueuePage{}, err
	}
	today := s.today()
	rows := make([]QueueRow, len(work))
	for i, w := range work {
		rows[i] = queueRow(w)
		rows[i].Breached = rows[i].BreachedOn(today)
	}
	out := QueuePage{Rows: rows}
	if len(rows) > page.Size {
		out.Rows = rows[:page.Size]
		last := out.Rows[page.Size-1]
		out.Next = queueOrder.Encode(last.CreatedAt.UTC().Format(time.RFC3339Nano), last.Number)
	}
	return out, nil
}

// Backlog counts the RMAs waiting in each status the depot works on that has any, in lifecycle
// order, and their breaches as of the depot's today, for leads.
func (s *Service) Backlog(ctx context.Context) ([]BacklogCount, error) {
	counts, err := s.InWork.WorkCounts(ctx, WorkStatuses, s.today())
	if err != nil {
		return nil, err
	}
	out := make([]BacklogCount, len(counts))
	for i, c := range counts {
		out[i] = BacklogCount(c)
	}
	return out, nil
}

// queueRow is w as the queue shows it: the customer by the contact's name and company.
func queueRow(w rma.WorkRow) QueueRow {
	customer := strings.TrimSpace(w.Contact.FirstName + " " + w.Contact.LastName)
	if w.Contact.Company != "" {
		customer += " (" + w.Contact.Company + ")"
	}
	return QueueRow{Number: w.Number, Serial: w.Serial, Model: w.Model, Type: w.Type, Status: w.Status, WarrantyType: w.WarrantyType,
		Customer: customer, CreatedAt: w.CreatedAt, ReceivedAt: w.ReceivedAt, PromisedShipDate: w.PromisedShipDate}
}

// today is the depot's day (YYYY-MM-DD) in its time zone: promised dates are days of the
// depot's calendar, so a breach starts at the depot's midnight, not UTC's.
func (s *Service) today() string {
	now := s.Now().UTC()
	if s.Zone != nil {
		now = now.In(s.Zone)
	}
	return now.Format(time.DateOnly)
}

// readForward checks a page request that reads forward only (first/after): the depot's lists
// are worked through from the top.
func readForward(r keyset.Request) (keyset.Page, error) {
	page, err := r.Read(PageDefault, PageMax)
	if err != nil {
		return keyset.Page{}, Refusals.Of(err)
	}
	if page.Backward {
		return keyset.Page{}, Refusals.BothDirections
	}
	return page, nil
}
