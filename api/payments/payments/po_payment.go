package payments

import (
	"context"
	"errors"
	"strings"
)

// AcceptPurchaseOrder settles q by purchase order customerPO (the caller checked the PO rules
// and the permission); joins the transaction ctx carries, with the receipt e-mail.
func (c *Checkout) AcceptPurchaseOrder(ctx context.Context, q Quote, customerPO string) (Quote, error) {
	customerPO = strings.TrimSpace(customerPO)
	if customerPO == "" {
		return Quote{}, errors.New("payments: a purchase order payment needs the PO number")
	}
	if _, err := q.Transition(StatusPaid, c.d.Now()); err != nil {
		return Quote{}, err
	}
	s, err := c.markPaid(ctx, q, Payment{Method: MethodPO, CustomerPO: customerPO, PaidAt: c.now()})
	if err != nil {
		return Quote{}, err
	}
	return s.answer(c.d.Now())
}
