package rma

// The statuses an RMA moves through, from creation to closure. The stored values are the API's;
// AWAITING_UNIT is what a new RMA has been since the first release.
const (
	StatusAwaitingPayment = "AWAITING_PAYMENT"
	StatusAwaitingUnit    = "AWAITING_UNIT"
	StatusReceived        = "RECEIVED"
	StatusDiagnosing      = "DIAGNOSING"
	StatusQuotePending    = "QUOTE_PENDING"
	StatusRepairing       = "REPAIRING"
	StatusShippedBack     = "SHIPPED_BACK"
	StatusClosed          = "CLOSED"
	StatusCancelled       = "CANCELLED"
	StatusRecycled        = "RECYCLED"
)

// knownStatuses are the statuses staff may name.
var knownStatuses = []string{
	StatusAwaitingPayment, StatusAwaitingUnit, StatusReceived, StatusDiagnosing, StatusQuotePending,
	StatusRepairing, StatusShippedBack, StatusClosed, StatusCancelled, StatusRecycled,
}

// freesUnit are the end states: the unit may get a new RMA.
func freesUnit(status string) bool {
	return status == StatusClosed || status == StatusCancelled || status == StatusRecycled
}
