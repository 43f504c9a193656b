package rma

import (
	"time"

	"rugged.example/portal/api/pkg/money"
)

// RMA is a created service request.
type RMA struct {
	Number string
	// UID names the RMA in links (details?uid=): random, so a customer cannot guess another's.
	UID   string
	Owner string
	// Org is the organization the RMA was opened under, "" for none: its members see it too.
	Org string
	// OpenedByName is the display name of who opened it, at the time: the organization's
	// "Opened by", which the contact cannot be (a member shipping from a branch gives the
	// branch's contact).
	OpenedByName string
	Serial       string
	Model        string
	PartNumber   string
	Type         string
	Status       Status
	Problem      Problem
	ProblemPrice money.Money
	Contact      Contact
	Address      Address
	Packaging    Packaging
	Method       ShippingMethod
	// TPM is the facility a recycled unit goes to; empty for repairs.
	TPM            string
	LabelID        string
	InvoiceID      string
	TrackingNumber string
	ShippingError  string
	// ReturnTrackingNumber is the carrier's number of the unit's way back, once shipped back.
	ReturnTrackingNumber string
	// PromisedShipDate is the date the depot promises to ship the unit back (a calendar date as
	// midnight UTC, promise.DateOf), nil until the unit is received; PromisePausedAt is when its
	// clock stopped for the customer's decision, nil while it runs (promise.go).
	PromisedShipDate *time.Time
	PromisePausedAt  *time.Time
	// BatchID is the fleet batch the RMA was created in (CreateInBatch), "" for one opened on
	// its own; BatchBox is the batch's box it ships in, 0 until the batch assigns its boxes.
	BatchID   string
	BatchBox  int
	CreatedAt time.Time
	// UpdatedAt is when anything of the RMA last changed (its status, its label).
	UpdatedAt time.Time
}

// Created is the answer to a create request.
type Created struct {
	RMA RMA
}
