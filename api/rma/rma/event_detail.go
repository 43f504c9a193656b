package rma

import "fmt"

// The wording of the timeline's events, in the portal's words: the use cases that write them
// and the demo history, which writes timelines as they would, share it.

// CreatedDetail is an EventCreated's detail.
func CreatedDetail(rmaType, serial string) string {
	return fmt.Sprintf("%s RMA created for %s by the customer", rmaType, serial)
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
