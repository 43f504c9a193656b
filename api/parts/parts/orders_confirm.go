package parts

import (
	"context"
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/mail"
)

// confirm queues the order's confirmation e-mail to its contact, in the transaction ctx carries.
func (s *Orders) confirm(ctx context.Context, o Order) error {
	to := strings.TrimSpace(o.Contact.Email)
	if to == "" {
		s.d.Log.WarnContext(ctx, "parts order has no e-mail address for its confirmation", "order", o.ID)
		return nil
	}
	return s.d.Mail.Enqueue(ctx, confirmationMail(o, to))
}

func confirmationMail(o Order, to string) mail.Message {
	var b strings.Builder
	b.WriteString(mail.Greeting(o.Contact.FirstName))
	fmt.Fprintf(&b, "thank you for your order %s. We are preparing these parts for shipping:\n\n", o.ID)
	for _, l := range o.Lines {
		fmt.Fprintf(&b, "  %d x %s  %s  %s\n", l.Quantity, l.PartNumber, l.Description, l.LineTotal)
		if len(l.Serials) > 0 {
			fmt.Fprintf(&b, "      for %s %s\n", l.Model, strings.Join(l.Serials, ", "))
		}
	}
	fmt.Fprintf(&b, "\nTotal: %s\n", o.Total)
	if o.PaymentMethod == MethodPO {
		fmt.Fprintf(&b, "Paid by purchase order %s.\n", o.CustomerPO)
	} else {
		b.WriteString("Paid by PayPal.\n")
	}
	a := o.Address
	fmt.Fprintf(&b, "\nShipping to:\n%s %s\n%s\n", o.Contact.FirstName, o.Contact.LastName, a.Line1)
	if a.Line2 != "" {
		fmt.Fprintf(&b, "%s\n", a.Line2)
	}
	fmt.Fprintf(&b, "%s, %s %s, %s\n\nYou can follow the order under Your account, Parts orders.\n", a.City, a.State, a.PostalCode, a.Country)
	return mail.Message{To: []string{to}, Subject: "Your parts order " + o.ID, Text: b.String()}
}
