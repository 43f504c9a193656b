package rma

import "time"

// ActorSystem is the actor of a transition no person made (a payment, a webhook).
const ActorSystem = "system"

// EventKind is what an entry of an RMA's timeline records. Its values are the ones stored and
// answered by the API.
type EventKind string

const (
	// EventCreated opens every timeline, with the status the RMA was created in.
	EventCreated EventKind = "created"
	// EventStatus is a move of the lifecycle by staff, or by the system for a paid quote.
	EventStatus EventKind = "status"
	// EventReleased is the payment moving an RMA that awaited it on to its unit.
	EventReleased EventKind = "released"
	// EventCancelled is an RMA that awaited its payment cancelled by its customer or, abandoned,
	// by the system.
	EventCancelled EventKind = "cancelled"
	// EventServiceQuotePaid notes a service quote paid when the RMA had moved on already.
	EventServiceQuotePaid EventKind = "service_quote_paid"
	// EventLabelIssued, EventLabelFailed and EventLabelRetriesExhausted are the inbound label's:
	// issued, failed (it will be retried), or given up on (support sends one).
	EventLabelIssued           EventKind = "label_issued"
	EventLabelFailed           EventKind = "label_failed"
	EventLabelRetriesExhausted EventKind = "label_retries_exhausted"
	// EventPaidByBatchQuote notes, on an out-of-warranty RMA created in a fleet batch, the
	// batch's combined quote that paid its repair (it opens awaiting its unit, never its payment).
	EventPaidByBatchQuote EventKind = "paid_by_batch_quote"
)

// Event is one entry of an RMA's timeline.
type Event struct {
	RMANumber string
	At        time.Time
	Kind      EventKind
	// Status is the status the event moved the RMA to; "" for one that moved nothing.
	Status Status
	// Actor is the customer's or staff member's subject, or ActorSystem.
	Actor string
	// Note is what the actor wrote; the customer reads it.
	Note string
	// Detail says what happened, in the portal's words.
	Detail string
}
