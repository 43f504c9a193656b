package rma

import "fmt"

// The wording of the timeline's events, in the portal's words: the use cases that write them
// and the demo history, which writes timelines as they would, share it.

// CreatedDetail is an EventCreated's detail.
func CreatedDetail(rmaType, serial string) string {
	return fmt.Sprintf("%s RMA created for %s by the customer", rmaType, serial)
}

// CreatedInBatchDetail is the EventCreated's detail of an RMA created in a fleet batch, and
// CreatedInBatchNote what its customer reads on the timeline.
func CreatedInBatchDetail(batchID, rmaType, serial string) string {
	return fmt.Sprintf("Created in batch %s: %s RMA for %s by the customer", batchID, rmaType, serial)
}

// CreatedInBatchNote is the note of an RMA's EventCreated in a fleet batch.
func CreatedInBatchNote(batchID string) string { return "Created in batch " + batchID }

// PaidByBatchDetail is the detail (and note) of the EventPaidByBatchQuote of an out-of-warranty
// RMA that its batch's combined quote paid.
func PaidByBatchDetail(batchID, quoteID string) string {
	return fmt.Sprintf("Paid by quote %s of batch %s", quoteID, batchID)
}

// MovedDetail is an EventStatus's detail.
func MovedDetail(from, to Status) string { return fmt.Sprintf("Moved from %s to %s", from, to) }

// LabelIssuedDetail is the detail of the EventLabelIssued of a label issued at creation.
func LabelIssuedDetail(tracking string) string { return "Tracking " + tracking }

// The details of the moves out of AWAITING_PAYMENT that its customer's payment or cancellation
// makes.
const (
	ReleasedDetail            = "Payment received; the RMA awaits the unit"
	CancelledByCustomerDetail = "Cancelled by the customer before payment"
)
