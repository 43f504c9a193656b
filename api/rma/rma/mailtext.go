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
