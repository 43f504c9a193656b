package payments

import (
	"context"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/mail"
)

// queueReceipt queues "Payment received for quote QT-…" to the quote's contact.
func (c *Checkout) queueReceipt(ctx context.Context, q Quote) error {
	to := strings.TrimSpace(q.Saved.Shipping.Contact.EmailAddress)
	if to == "" {
		c.d.Log.WarnContext(ctx, "paid quote has no e-mail address for its receipt", "quote", q.ID)
		return nil
	}
	return c.d.Mail.Enqueue(ctx, receiptMail(q, to))
}

func receiptMail(q Quote, to string) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(q.Saved.Shipping.Contact.FirstName))
	switch q.Method {
	case MethodPO:
		fmt.Fprintf(&b, "We received your purchase order %s for %s, quote %s.\n", q.CustomerPO, q.Amount, q.ID)
	case MethodAuthNet:
		fmt.Fprintf(&b, "We received your card payment of %s for quote %s.\n", q.Amount, q.ID)
	default:
		fmt.Fprintf(&b, "We received your PayPal payment of %s for quote %s.\n", q.Amount, q.ID)
	}
	if q.RMANumber != "" {
		fmt.Fprintf(&b, "It pays the repair of unit %s under RMA %s.\n", q.Serial, q.RMANumber)
	}
	switch q.Kind {
	case KindParts:
		fmt.Fprintf(&b, "It pays your parts order %s.\n", q.OrderID)
		b.WriteString("\nWe now prepare the parts for shipping; you can follow the order under Your account, Parts orders.\n")
	case KindBatch:
		fmt.Fprintf(&b, "It pays the out-of-warranty repairs of your RMA batch %s.\n", q.BatchID)
		b.WriteString("\nWe now create the batch's RMAs; you can follow the batch under Your account, Batches, and we e-mail you once every unit of it has its RMA.\n")
	case KindService:
		b.WriteString("\nWe now repair the unit and ship it back to you; you will get its tracking number by e-mail.\n")
	default:
		b.WriteString("\nYour RMA's shipping label is on its page under Your RMAs: send the unit in with it.\n")
	}
	return mail.Message{To: []string{to}, Subject: "Payment received for quote " + q.ID, Text: b.String()}
}
