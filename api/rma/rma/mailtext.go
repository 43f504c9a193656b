package rma

import (
	"fmt"
	"strings"
)

// confirmationText is the e-mail a customer gets once their RMA is created.
func (c *Creator) confirmationText(rec RMA) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\nyour %s %s for unit %s (%s) has been created.\n\n", rec.Contact.FirstName, requestKind(rec.Type), rec.Number, rec.Serial, rec.Model)
	switch rec.Method {
	case ShipLabel, ShipQR:
		c.writeDocuments(&b, rec)
	case ShipBox:
		b.WriteString("We are sending you a shipping box with a prepaid label; allow 3-5 business days for delivery.\n")
	case ShipInternational:
		b.WriteString("International shipments get no automatic label: please contact support to arrange shipping.\n")
	}
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}

// requestKind names an RMA of rmaType in the customer's e-mails.
func requestKind(rmaType string) string {
	switch {
	case strings.HasPrefix(rmaType, RMATypeRecycle):
		return "recycle request"
	case rmaType == RMATypeUpgrade:
		return "upgrade request"
	}
	return "service request"
}

// writeDocuments writes the links to rec's label and invoice, and how a QR label is used.
func (c *Creator) writeDocuments(b *strings.Builder, rec RMA) {
	fmt.Fprintf(b, "Your shipping label (valid for 30 days): %s\n", c.DocumentURL(rec.LabelID))
	if rec.InvoiceID != "" {
		fmt.Fprintf(b, "Your commercial invoice: %s\n", c.DocumentURL(rec.InvoiceID))
	}
	if rec.Method == ShipQR {
		b.WriteString("Show the QR code on the label at a drop-off office; no printer needed.\n")
	}
}

// customerSubjects are the transitions a customer is e-mailed about, with the e-mail's subject.
var customerSubjects = map[Status]string{
	StatusReceived:         "we received your unit",
	StatusQuotePending:     "diagnosis done, quote on its way",
	StatusRepairing:        "your unit is being repaired",
	StatusReturnUnrepaired: "your unit is returning unrepaired",
	StatusShippedBack:      "your unit is on its way back",
	StatusRecycled:         "your unit was recycled",
	StatusCancelled:        "cancelled",
}

func statusText(rec RMA, note string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", rec.Contact.FirstName)
	switch rec.Status {
	case StatusReceived:
		fmt.Fprintf(&b, "we have received unit %s (%s) of RMA %s.\n", rec.Serial, rec.Model, rec.Number)
		b.WriteString(promiseLine(rec))
	case StatusQuotePending:
		fmt.Fprintf(&b, "we have diagnosed unit %s of RMA %s. The repair needs your decision: the quote follows in a separate e-mail.\n", rec.Serial, rec.Number)
	case StatusRepairing:
		fmt.Fprintf(&b, "unit %s of RMA %s is being repaired.\n", rec.Serial, rec.Number)
	case StatusReturnUnrepaired:
		fmt.Fprintf(&b, "unit %s of RMA %s will be shipped back to you unrepaired.\n", rec.Serial, rec.Number)
	case StatusShippedBack:
		fmt.Fprintf(&b, "unit %s of RMA %s is on its way back to you. Return tracking number: %s\n", rec.Serial, rec.Number, rec.ReturnTrackingNumber)
	case StatusRecycled:
		if rec.TPM == "" {
			// A repair recycled at its customer's choice: no recycling facility was named.
			fmt.Fprintf(&b, "unit %s of RMA %s has been recycled.\n", rec.Serial, rec.Number)
			break
		}
		fmt.Fprintf(&b, "unit %s of RMA %s has been recycled (%s).\n", rec.Serial, rec.Number, rec.TPM)
	case StatusCancelled:
		fmt.Fprintf(&b, "RMA %s for unit %s has been cancelled.\n", rec.Number, rec.Serial)
	}
	if note != "" {
		fmt.Fprintf(&b, "\n%s\n", note)
	}
	b.WriteString("\nThank you,\nRugged Devices Service\n")
	return b.String()
}
