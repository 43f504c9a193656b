package payments

import (
	"context"
	"errors"
	"time"
)

// HostedFormLifetime is how long an Authorize.net hosted-form token opens the form and takes a
// payment, as Authorize.net documents it.
const HostedFormLifetime = 15 * time.Minute

// formRaces bounds how often a form request reads the quote again after losing the race to
// store its token; each loss means another request stored one, which the next read returns.
const formRaces = 3

// StartQuoteAuthNet opens Authorize.net's hosted form for owner's quote id: its amount, the uid
// as invoice number, back to /authnet-response?quote={uid} or /service-quote-cancel?quote={uid}.
//
// A quote has one open form: Authorize.net cannot cancel a token it issued, and every token
// charges the card typed into its form, so while the quote's token can still be used every
// request answers that same token (a second tab, a reload, a double click). Only once it has
// expired does a request get a new one. Two requests at once may each get a token from the
// provider, but only the one stored first is ever handed out; the other expires unused.
func (c *Checkout) StartQuoteAuthNet(ctx context.Context, owner, id, reference string) (HostedForm, error) {
	q, err := c.payPageQuote(ctx, owner, id, reference)
	if err != nil {
		return HostedForm{}, err
	}
	for range formRaces {
		if err := c.payable(q); err != nil {
			return HostedForm{}, err
		}
		if form, ok := c.openForm(q); ok {
			return form, nil
		}
		form, err := c.d.AuthNet.HostedForm(ctx, FormRequest{
			Amount: q.Amount, InvoiceNumber: q.ID, Description: describe(q),
			ReturnURL: c.d.PublicURL + q.authNetReturnPath(),
			CancelURL: c.d.PublicURL + q.quoteCancelPath(),
		})
		if err != nil {
			return HostedForm{}, err
		}
		// The time is taken once the provider answered: the token expires there no later than
		// HostedFormLifetime after it, so a token replaced here can no longer charge.
		err = c.d.Store.SetFormToken(ctx, q.ID, form.Token, q.FormToken, c.now())
		if err == nil {
			c.d.Log.InfoContext(ctx, "authorize.net form opened", "quote", q.ID, "replaces", q.FormToken != "")
			return form, nil
		}
		if !errors.Is(err, ErrQuoteChanged) {
			return HostedForm{}, err
		}
		// Another request stored its token first, or the quote was paid or cancelled meanwhile:
		// answer for the quote as it is now.
		if q, err = c.d.Store.QuoteByID(ctx, q.ID); err != nil {
			return HostedForm{}, err
		}
	}
	return HostedForm{}, ErrQuoteChanged
}

// openForm is q's stored form while its token can still be used.
func (c *Checkout) openForm(q Quote) (HostedForm, bool) {
	if q.FormToken == "" || q.FormIssuedAt == nil || !c.d.Now().Before(q.FormIssuedAt.Add(HostedFormLifetime)) {
		return HostedForm{}, false
	}
	return HostedForm{FormURL: c.d.AuthNet.FormURL(), Token: q.FormToken}, true
}

// ConfirmQuoteAuthNet tells whether owner's quote id is paid after the hosted form sent the
// browser back (which carries nothing): paid already (by the webhook) or found now among the
// transactions not settled yet, confirmed, and marked paid. ErrNotApproved while there is no
// transaction yet: the browser asks again.
//
// A form submitted late — after another payment paid the quote, or after it was cancelled or
// expired — took money that pays nothing: it is found here and voided at once, whether or not
// its webhook came first (the refund is recorded once either way).
func (c *Checkout) ConfirmQuoteAuthNet(ctx context.Context, owner, id string) (Quote, error) {
	q, err := c.ownQuote(ctx, owner, id)
	if err != nil {
		return Quote{}, err
	}
	if q.Kind == KindBatch {
		// No form is ever opened for a batch quote (StartQuoteAuthNet refuses it), so there is
		// no card payment to look for.
		return Quote{}, ErrBatchQuoteNotPayable
	}
	if q.StatusAt(c.d.Now()) == StatusOpen {
		transID, err := c.d.AuthNet.FindPayment(ctx, q.ID, q.Amount)
		if err != nil {
			return Quote{}, err
		}
		s, err := c.markPaid(ctx, q, Payment{Method: MethodAuthNet, ProviderRef: transID, PaidAt: c.now(), Amount: q.Amount})
		if err != nil {
			return Quote{}, err
		}
		c.refundNow(ctx, s.refund)
		c.fulfil(ctx, s.quote, s.won)
		q = s.quote
	}
	c.giveBackLateForms(ctx, q)
	return settlement{quote: q}.answer(c.d.Now())
}

// giveBackLateForms gives back the card payments q's hosted forms took that do not pay it, now
// that q is no longer open. A quote that never handed out a form has none. A provider that
// cannot be asked now leaves them to the transactions' webhooks and to the next confirm.
func (c *Checkout) giveBackLateForms(ctx context.Context, q Quote) {
	if q.FormToken == "" || q.StatusAt(c.d.Now()) == StatusOpen {
		return
	}
	captured, err := c.d.AuthNet.CapturedPayments(ctx, q.ID)
	if err != nil {
		c.d.Log.WarnContext(ctx, "could not look for late card payments of a quote", "quote", q.ID, "err", err)
		return
	}
	var refunds []*Refund
	for _, m := range captured {
		r, err := c.recordSurplus(ctx, q, Payment{Method: MethodAuthNet, ProviderRef: m.Ref, Amount: m.Amount})
		if err != nil {
			c.d.Log.ErrorContext(ctx, "late card payment not recorded for a refund", "quote", q.ID, "ref", m.Ref, "err", err)
			continue
		}
		refunds = append(refunds, r)
	}
	c.refundNow(ctx, refunds...)
}
