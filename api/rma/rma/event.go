package rma

import "time"

// ActorSystem is the actor of a transition no person made (a payment, a webhook).
const ActorSystem = "system"

// Event is one entry of an RMA's timeline.
type Event struct {
	RMANumber string
	At        time.Time
	Kind      string
	// Status is the status the event moved the RMA to; "" for one that moved nothing.
	Status string
	// Actor is the customer's or staff member's subject, or ActorSystem.
	Actor string
	// Note is what the actor wrote; the customer reads it.
	Note string
	// Detail says what happened, in the portal's words.
	Detail string
}
