package rma

import (
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/validate"
)

// HistoryFilter narrows the history: Text matches the RMA number, serial, model, customer
// reference or asset tag (case-insensitive, anywhere in them); Years and Months match the
// month the RMA was created in (UTC); Statuses its status. An empty part matches everything.
type HistoryFilter struct {
	Text     string
	Years    []int
	Months   []int
	Statuses []Status
}

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
var MsgStatus = "Must be one of " + strings.Join(statusNames(), ", ")

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
		if !ParseStatus(string(st)).Known() {
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
	statuses := make([]Status, len(f.Statuses))
	for i, st := range f.Statuses {
		statuses[i] = ParseStatus(string(st))
	}
	return HistoryFilter{Text: strings.TrimSpace(f.Text), Years: unique(f.Years), Months: unique(f.Months), Statuses: unique(statuses)}
}

func unique[T int | Status](xs []T) []T {
	out := slices.Clone(xs)
	slices.Sort(out)
	return slices.Compact(out)
}
