package rma

import (
	"slices"
	"strings"
)

// transitions is the one table of allowed moves, per kind of RMA: a repair may skip the quote
// (DIAGNOSING → REPAIRING) when the work is covered, waits in QUOTE_PENDING for its customer's
// decision on a revised quote (repair, return unrepaired, recycle), and is cancelled only before
// its unit arrives; a recycled unit is received and recycled, nothing else. Moves out of
// AWAITING_PAYMENT are the payment's and its customer's (MoveEvent), every other one staff's.
var transitions = map[bool]map[Status][]Status{
	false: { // repairs
		StatusAwaitingPayment:  {StatusAwaitingUnit, StatusCancelled},
		StatusAwaitingUnit:     {StatusReceived, StatusCancelled},
		StatusReceived:         {StatusDiagnosing},
		StatusDiagnosing:       {StatusQuotePending, StatusRepairing},
		StatusQuotePending:     {StatusRepairing, StatusReturnUnrepaired, StatusRecycled},
		StatusRepairing:        {StatusShippedBack},
		StatusReturnUnrepaired: {StatusShippedBack},
		StatusShippedBack:      {StatusClosed},
	},
	true: { // recycling
		StatusAwaitingUnit: {StatusReceived},
		StatusReceived:     {StatusRecycled},
	},
}

// IsRecycle reports whether an RMA of type rmaType recycles its unit rather than repairing it.
func IsRecycle(rmaType string) bool { return strings.HasPrefix(rmaType, RMATypeRecycle) }

// CanMove reports whether an RMA of type rmaType may move from status from to status to.
func CanMove(rmaType string, from, to Status) bool {
	return slices.Contains(transitions[IsRecycle(rmaType)][from], to)
}

// Moves are the statuses an RMA of type rmaType may move to from status from, in the table's
// order; none for an end state.
func Moves(rmaType string, from Status) []Status {
	return slices.Clone(transitions[IsRecycle(rmaType)][from])
}

// StatusesOf are the statuses an RMA of type rmaType can be in, in lifecycle order.
func StatusesOf(rmaType string) []Status {
	graph := transitions[IsRecycle(rmaType)]
	return slices.DeleteFunc(slices.Clone(knownStatuses), func(s Status) bool {
		if _, from := graph[s]; from {
			return false
		}
		for _, to := range graph {
			if slices.Contains(to, s) {
				return false
			}
		}
		return true
	})
}

// MoveEvent is the kind of timeline event a move from status from writes: the payment releases
// an RMA that awaited it, or its customer (or the abandoned-payment sweep) cancels it; every
// other move is a status move.
func MoveEvent(from, to Status) EventKind {
	switch {
	case from != StatusAwaitingPayment:
		return EventStatus
	case to == StatusCancelled:
		return EventCancelled
	default:
		return EventReleased
	}
}
