package authnet

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// gateway is the client as the checkout's Authorize.net port (payments.AuthNet).
type gateway struct{ c *Client }

// NewGateway adapts c to payments.AuthNet.
func NewGateway(c *Client) payments.AuthNet { return gateway{c} }

func (g gateway) HostedForm(ctx context.Context, r payments.FormRequest) (payments.HostedForm, error) {
	page, err := g.c.HostedPaymentPage(ctx, PageRequest{
		Amount: r.Amount, InvoiceNumber: r.InvoiceNumber, Description: r.Description,
		ReturnURL: r.ReturnURL, CancelURL: r.CancelURL,
	})
	if err != nil {
		return payments.HostedForm{}, err
	}
	return payments.HostedForm{FormURL: page.FormURL, Token: page.Token}, nil
}

func (g gateway) ConfirmPayment(ctx context.Context, transID, invoice string, want money.Money) error {
	_, err := g.c.ConfirmPayment(ctx, transID, Expected{Amount: want, InvoiceNumber: invoice})
	return err
}

// FindPayment confirms the invoice's unsettled transactions, captured ones first and each kind
// newest first, and returns the first that is the payment of want. A payer may have been
// declined before paying with another card: the declined transaction then answers only when
// nothing else does.
func (g gateway) FindPayment(ctx context.Context, invoice string, want money.Money) (string, error) {
	list, err := g.c.UnsettledByInvoice(ctx, invoice)
	if err != nil {
		return "", err
	}
	if len(list) == 0 {
		return "", fmt.Errorf("%w: no transaction for invoice %s yet", payments.ErrNotApproved, invoice)
	}
	slices.SortStableFunc(list, func(a, b TransactionSummary) int {
		return captureRank(a.Status) - captureRank(b.Status)
	})
	var first error
	for _, s := range list {
		err := g.ConfirmPayment(ctx, s.ID, invoice, want)
		if err == nil {
			return s.ID, nil
		}
		if errors.Is(err, payments.ErrProviderUnavailable) {
			return "", err
		}
		if first == nil {
			first = err
		}
	}
	return "", first
}

// captureRank puts transactions that took the money before the others.
func captureRank(status string) int {
	if tookMoney(status) {
		return 0
	}
	return 1
}

// FormURL is where the browser posts a hosted-form token.
func (g gateway) FormURL() string { return g.c.FormURL() }

// CapturedPayment is the money transID took for invoice, checked on the gateway.
func (g gateway) CapturedPayment(ctx context.Context, transID, invoice string) (payments.Captured, error) {
	tx, err := g.c.CapturedTransaction(ctx, transID, invoice)
	if err != nil {
		return payments.Captured{}, err
	}
	return payments.Captured{Ref: tx.ID, Amount: tx.SettleAmount}, nil
}

// CapturedPayments lists invoice's unsettled transactions that took money (refunds and voided,
// declined or held ones left out).
func (g gateway) CapturedPayments(ctx context.Context, invoice string) ([]payments.Captured, error) {
	list, err := g.c.UnsettledByInvoice(ctx, invoice)
	if err != nil {
		return nil, err
	}
	var out []payments.Captured
	for _, s := range list {
		if tookMoney(s.Status) {
			out = append(out, payments.Captured{Ref: s.ID, Amount: s.SettleAmount})
		}
	}
	return out, nil
}

// Reverse gives invoice's transaction transID back as its status allows: a void until it
// settles, a refund of what it took after. The transaction is read first, so another invoice's
// is never touched and one voided or refunded in full before answers as given back.
func (g gateway) Reverse(ctx context.Context, transID, invoice string) (payments.Reversed, error) {
	tx, err := g.c.TransactionDetails(ctx, transID)
	if err != nil {
		return payments.Reversed{}, err
	}
	if tx.InvoiceNumber != invoice {
		return payments.Reversed{}, fmt.Errorf("%w: transaction %s is for invoice %q, not %q", ErrInvoiceMismatch, tx.ID, tx.InvoiceNumber, invoice)
	}
	voided := payments.Reversed{Reversal: payments.ReversalVoid, Ref: tx.ID, Amount: tx.AuthAmount}
	switch {
	case tx.Status == StatusVoided:
		return voided, nil
	case tx.Status == StatusSettledSuccessfully:
		r, err := g.c.RefundTransaction(ctx, tx.ID, tx.SettleAmount, tx.CardNumber, invoice)
		if errors.Is(err, ErrAlreadyRefunded) {
			return payments.Reversed{Reversal: payments.ReversalRefund, Amount: tx.SettleAmount}, nil
		}
		if err != nil {
			return payments.Reversed{}, err
		}
		return payments.Reversed{Reversal: payments.ReversalRefund, Ref: r.TransID, Amount: tx.SettleAmount}, nil
	case tx.Status == StatusCapturedPendingSettlement || reviewStatuses[tx.Status]:
		if _, err := g.c.Void(ctx, tx.ID); err != nil {
			return payments.Reversed{}, err
		}
		return voided, nil
	}
	return payments.Reversed{}, fmt.Errorf("%w: transaction %s is %s: nothing to give back", ErrNotCaptured, tx.ID, tx.Status)
}
