package rma

import (
	"slices"
	"strings"
)

// Status is where an RMA stands in its lifecycle (lifecycle_graph.go says where it may go).
// Its values are the ones stored and answered by the API.
type Status string

// The statuses an RMA moves through, from creation to closure, in lifecycle order. AWAITING_UNIT
// is what a new RMA has been since the first release.
const (
	StatusAwaitingPayment Status = "AWAITING_PAYMENT"
	StatusAwaitingUnit    Status = "AWAITING_UNIT"
	StatusReceived        Status = "RECEIVED"
	StatusDiagnosing      Status = "DIAGNOSING"
	StatusQuotePending    Status = "QUOTE_PENDING"
	StatusRepairing       Status = "REPAIRING"
	// StatusReturnUnrepaired is a unit going back without the repair its quote priced: the
	// customer chose so, or left the quote undecided for 30 days.
	StatusReturnUnrepaired Status = "RETURN_UNREPAIRED"
	StatusShippedBack      Status = "SHIPPED_BACK"
	StatusClosed           Status = "CLOSED"
	StatusCancelled        Status = "CANCELLED"
	StatusRecycled         Status = "RECYCLED"
)

// knownStatuses are every status, in lifecycle order: the ones staff and filters may name.
var knownStatuses = []Status{
	StatusAwaitingPayment, StatusAwaitingUnit, StatusReceived, StatusDiagnosing, StatusQuotePending,
	StatusRepairing, StatusReturnUnrepaired, StatusShippedBack, StatusClosed, StatusCancelled, StatusRecycled,
}

// ParseStatus reads a status as a person or a query string names it (any case, spaces around).
// It may name none of the lifecycle's: the use case that takes it refuses that (Known) with the
// field's message.
func ParseStatus(raw string) Status { return Status(strings.ToUpper(strings.TrimSpace(raw))) }

// Known reports whether the status is one of the lifecycle's.
func (s Status) Known() bool { return slices.Contains(knownStatuses, s) }

// EndStatuses end an RMA: nothing more happens to it, and its unit may get a new RMA.
var EndStatuses = []Status{StatusClosed, StatusCancelled, StatusRecycled}

// Ends reports whether the status is one of EndStatuses.
func (s Status) Ends() bool { return slices.Contains(EndStatuses, s) }

// statusNames are knownStatuses as text, for messages that list them.
func statusNames() []string {
	names := make([]string, len(knownStatuses))
	for i, s := range knownStatuses {
		names[i] = string(s)
	}
	return names
}

// ParseStatuses reads each of raw with ParseStatus.
func ParseStatuses(raw []string) []Status {
	out := make([]Status, len(raw))
	for i, r := range raw {
		out[i] = ParseStatus(r)
	}
	return out
}
