package account

import (
	"context"
	"fmt"
	"slices"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// History is the rma capability's read side of RMAs; *rma.History implements it. Every method
// sees only what v may see: another's uid or number answers rma.ErrRMANotFound.
type History interface {
	Offset(ctx context.Context, v Viewer, f rma.HistoryFilter, s []rma.HistorySort, page, perPage int) ([]rma.HistoryItem, int, error)
	Each(ctx context.Context, v Viewer, f rma.HistoryFilter, s []rma.HistorySort, fn func(rma.HistoryItem) error) error
	Details(ctx context.Context, v Viewer, uid string) (rma.Details, error)
	RepairSummary(ctx context.Context, v Viewer, number string) (rma.RepairSummary, error)
}

// Labels knows the shipping documents' validity; the shipping capability's store implements it
// through the composition root.
type Labels interface {
	// ExpiresAt is when document id stops being served; ok is false for an unknown id.
	ExpiresAt(ctx context.Context, id string) (at time.Time, ok bool, err error)
}

// restFields are the REST query's names of the rma history's fields.
var restFields = map[string]string{
	rma.FieldText: "filterText", rma.FieldYears: "year", rma.FieldMonths: "month",
	rma.FieldStatuses: "statuses", rma.FieldPage: "page", rma.FieldPerPage: "itemsPerPage",
}

// HistoryQuery is one read of the history list.
type HistoryQuery struct {
	Filter  rma.HistoryFilter
	Sort    []rma.HistorySort
	Page    int
	PerPage int
}

// Check fills the defaults (newest first, page 1 of 25) and applies the rma history's limits,
// naming the refused fields as the REST query does; the rma history applies the same limits
// again to every read.
func (q *HistoryQuery) Check() error {
	var v validate.Errors
	if q.PerPage == 0 {
		q.PerPage = rma.DefaultHistoryPageSize
	}
	if q.Page == 0 {
		q.Page = 1
	}
	for _, err := range []error{rma.CheckOffsetPage(q.Page, q.PerPage), q.Filter.Check()} {
		if f, ok := fault.As(err); ok {
			for field, msg := range f.Fields {
				v.Add(restFields[field], msg)
			}
		}
	}
	for _, s := range q.Sort {
		if !slices.Contains(rma.SortFields, s.Field) {
			v.Add("sortBy", rma.MsgSortField)
		}
	}
	if len(q.Sort) == 0 {
		q.Sort = []rma.HistorySort{rma.DefaultHistorySort}
	}
	return v.Err()
}

// HistoryPage reads one page of the viewer's history and the count of every match.
func (s *Service) HistoryPage(ctx context.Context, v Viewer, q HistoryQuery) ([]rma.HistoryItem, int, error) {
	if err := q.Check(); err != nil {
		return nil, 0, err
	}
	return s.d.History.Offset(ctx, v, q.Filter, q.Sort, q.Page, q.PerPage)
}

// EachHistoryItem calls fn for every item of the viewer's history the query matches, in its
// order, without holding them all: the CSV download streams through it.
func (s *Service) EachHistoryItem(ctx context.Context, v Viewer, q HistoryQuery, fn func(rma.HistoryItem) error) error {
	if err := q.Check(); err != nil {
		return err
	}
	return s.d.History.Each(ctx, v, q.Filter, q.Sort, fn)
}

// Actors shown on a timeline.
const (
	ActorYou           = "You"
	ActorServiceCenter = "Service center"
	ActorPortal        = "Portal"
)

// TimelineEntry is one event as the viewer reads it.
type TimelineEntry struct {
	At                        time.Time
	Status, Kind, Actor, Note string
}

// Details is an RMA as its details window shows it.
type Details struct {
	RMA      rma.RMA
	Mine     bool
	OpenedBy string
	// LabelID and InvoiceID are set only while the viewer can download them: their own RMA's
	// documents before the label expires (the shipping service serves a document to its owner
	// alone, so an organization member would only meet a 404).
	LabelID, InvoiceID string
	LabelExpiresAt     *time.Time
	// UpdatedAt is the time of the latest event, the creation when there is none.
	UpdatedAt time.Time
	Timeline  []TimelineEntry
	// Diagnosis is the technician's diagnosis, nil before one.
	Diagnosis *rma.Diagnosis
}

// Details returns RMA uid as the viewer may see it.
func (s *Service) Details(ctx context.Context, v Viewer, uid string) (Details, error) {
	d, err := s.d.History.Details(ctx, v, uid)
	if err != nil {
		return Details{}, err
	}
	r := d.RMA
	out := Details{RMA: r, Mine: v.Owns(r.Owner), OpenedBy: r.OpenedByName, Timeline: make([]TimelineEntry, 0, len(d.Timeline))}
	out.UpdatedAt = r.CreatedAt
	for _, e := range d.Timeline {
		out.Timeline = append(out.Timeline, TimelineEntry{At: e.At, Status: string(e.Status), Kind: string(e.Kind), Actor: actorName(v, r, e.Actor), Note: e.Note})
		if e.At.After(out.UpdatedAt) {
			out.UpdatedAt = e.At
		}
	}
	if s.d.Diagnoses != nil {
		if out.Diagnosis, err = s.d.Diagnoses.Of(ctx, r.Number); err != nil {
			return Details{}, err
		}
	}
	if out.Mine && r.LabelID != "" {
		expires, ok, err := s.d.Labels.ExpiresAt(ctx, r.LabelID)
		if err != nil {
			return Details{}, err
		}
		if ok && s.now().Before(expires) {
			out.LabelID, out.InvoiceID, out.LabelExpiresAt = r.LabelID, r.InvoiceID, &expires
		}
	}
	return out, nil
}

// actorName says who made an event, in the viewer's words: themselves, the organization member
// who owns the RMA (by the name they opened it with: the contact may be a branch's), the service
// center's staff, or the portal.
func actorName(v Viewer, r rma.RMA, actor string) string {
	switch actor {
	case v.Subject:
		return ActorYou
	case rma.ActorSystem, "":
		return ActorPortal
	case r.Owner:
		return r.OpenedByName
	}
	return ActorServiceCenter
}

// Summary is the repair summary of one RMA.
type Summary struct {
	RMA                   rma.RMA
	ReceivedAt, ShippedAt *time.Time
	Work                  []rma.RepairWork
}

// RepairSummary returns what was done to the unit of RMA number, if the viewer may see it. The
// unit's arrival and its way back are the timeline's RECEIVED and SHIPPED_BACK events.
func (s *Service) RepairSummary(ctx context.Context, v Viewer, number string) (Summary, error) {
	rs, err := s.d.History.RepairSummary(ctx, v, number)
	if err != nil {
		return Summary{}, err
	}
	d, err := s.d.History.Details(ctx, v, rs.RMA.UID)
	if err != nil {
		return Summary{}, fmt.Errorf("account: timeline of %s: %w", number, err)
	}
	out := Summary{RMA: rs.RMA, Work: rs.Work}
	for _, e := range d.Timeline {
		at := e.At
		switch e.Status {
		case rma.StatusReceived:
			out.ReceivedAt = &at
		case rma.StatusShippedBack:
			out.ShippedAt = &at
		}
	}
	if out.Work == nil {
		out.Work = []rma.RepairWork{}
	}
	return out, nil
}
