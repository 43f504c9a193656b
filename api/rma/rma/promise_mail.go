package rma

import (
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/rma/promise"
)

// slipText is the e-mail of a promised date that moved by more than one business day (days):
// the new date and why, in plain words.
func slipText(rec RMA, from, to time.Time, c PromiseChange, days int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", rec.Contact.FirstName)
	fmt.Fprintf(&b, "the date we promised to ship unit %s (%s) of RMA %s back to you has moved from %s to %s, %d business days later.\n\n",
		rec.Serial, rec.Model, rec.Number, promise.FormatDate(from), promise.FormatDate(to), days)
	fmt.Fprintf(&b, "Why: %s.\n", slipReason(c.Reason))
	if c.Detail != "" {
		fmt.Fprintf(&b, "\n%s\n", c.Detail)
	}
	b.WriteString("\nYou can follow every step of your RMA in your account.\n\nThank you,\nRugged Devices Service\n")
	return b.String()
}

func slipReason(r PromiseReason) string {
	if why, ok := revisionReasons[r]; ok {
		return why
	}
	if r == PromiseDecisionMade {
		return "the repair waited for your decision on the quote, and the clock stopped while it did"
	}
	return "our service team changed the repair schedule"
}

// promiseLine is the sentence of the received e-mail that names the promised date.
func promiseLine(rec RMA) string {
	if rec.PromisedShipDate == nil {
		return ""
	}
	return fmt.Sprintf("We plan to ship it back to you by %s.\n", promise.FormatDate(*rec.PromisedShipDate))
}
