package rma

import (
	"context"
	"time"
)

// WorkQuery asks for the RMAs in work, whoever owns them, oldest first (created, then number):
// the depot's queue. Search is an RMA number or a serial, upper case, matched whole.
type WorkQuery struct {
	// Statuses are the work statuses: an RMA in any of them is listed unless Status names one.
	Statuses     []Status
	Status       Status
	Model        string
	WarrantyType string
	Search       string
	// After is the last row of the previous page (nil: the first page); Limit the rows to read.
	After *WorkKey
	Limit int
}

// WorkKey is an RMA's position in the work order.
type WorkKey struct {
	CreatedAt time.Time
	Number    string
}

// WorkRow is one RMA in work.
type WorkRow struct {
	Number, Serial, Model, Type string
	Status                      Status
	WarrantyType                string
	Contact                     Contact
	CreatedAt                   time.Time
	// ReceivedAt is the timeline's move to RECEIVED; nil before the unit arrived.
	ReceivedAt *time.Time
	// PromisedShipDate is the promise (YYYY-MM-DD), "" before the unit arrived.
	PromisedShipDate string
}

// WorkCount is how many RMAs wait in one status, since when the oldest does, and how many are
// past their promised ship-back date.
type WorkCount struct {
	Status   Status
	Count    int
	Oldest   time.Time
	Breached int
}

// WorkStore reads the RMAs in work (rmadb.Store): the depot's view of every customer's RMAs.
type WorkStore interface {
	InWork(ctx context.Context, q WorkQuery) ([]WorkRow, error)
	// WorkCounts counts per status of statuses that has RMAs, in the order given; an RMA whose
	// promised date is before today (YYYY-MM-DD) is breached.
	WorkCounts(ctx context.Context, statuses []Status, today string) ([]WorkCount, error)
}
