package rma

import (
	"slices"
	"strings"
)

// transitions is the one table of allowed moves, per kind of RMA: a repair may skip the quote
// (DIAGNOSING → REPAIRING) when the work is covered, and is cancelled only before its unit
// arrives; a recycled unit is received and recycled, nothing else.
var transitions = map[bool]map[string][]string{
	false: { // repairs
		StatusAwaitingPayment: {StatusAwaitingUnit, StatusCancelled},
		StatusAwaitingUnit:    {StatusReceived, StatusCancelled},
		StatusReceived:        {StatusDiagnosing},
		StatusDiagnosing:      {StatusQuotePending, StatusRepairing},
		StatusQuotePending:    {StatusRepairing},
		StatusRepairing:       {StatusShippedBack},
		StatusShippedBack:     {StatusClosed},
	},
	true: { // recycling
		StatusAwaitingUnit: {StatusReceived},
		StatusReceived:     {StatusRecycled},
	},
}

// IsRecycle reports whether an RMA of type rmaType recycles its unit rather than repairing it.
func IsRecycle(rmaType string) bool { return strings.HasPrefix(rmaType, RMATypeRecycle) }

// CanMove reports whether an RMA of type rmaType may move from status from to status to.
func CanMove(rmaType, from, to string) bool {
	return slices.Contains(transitions[IsRecycle(rmaType)][from], to)
}
