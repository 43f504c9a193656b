package payments

import (
	"context"
	"time"

	"rugged.example/portal/api/pkg/money"
)

// CheckoutStore is what the checkout needs of the quote store beyond QuoteStore; paymentsdb
// implements it. Every method joins the transaction ctx carries.
type CheckoutStore interface {
	QuoteStore
	RefundStore
	// QuoteOfRMA returns owner's quote the RMA rmaNumber is paid through (a saved quote it took
	// over, or its repair quote; never a service quote); ErrQuoteNotFound when there is none.
	QuoteOfRMA(ctx context.Context, owner, rmaNumber string) (Quote, error)
	// QuoteOfOrder returns owner's parts quote of the parts order orderID; ErrQuoteNotFound when
	// there is none.
	QuoteOfOrder(ctx context.Context, owner, orderID string) (Quote, error)
	// QuoteOfBatch returns owner's latest batch quote of the RMA batch batchID that is not
	// cancelled; ErrQuoteNotFound when there is none.
	QuoteOfBatch(ctx context.Context, owner, batchID string) (Quote, error)
	// AttachRMA ties an open quote without an RMA to rmaNumber; ErrQuoteChanged when the quote is
	// no longer open or already has an RMA.
	AttachRMA(ctx context.Context, id, rmaNumber string, at time.Time) error
	// SetProviderRef records the payment started for an open quote (method and the provider's
	// handle); ErrQuoteChanged when the quote is no longer open.
	SetProviderRef(ctx context.Context, id string, method PaymentMethod, ref string, at time.Time) error
	// SetFormToken records the Authorize.net form token handed out for an open quote, replacing
	// previous ("" for none); ErrQuoteChanged when the quote is no longer open or another
	// request replaced previous first.
	SetFormToken(ctx context.Context, id, token, previous string, at time.Time) error
	// MarkPaid moves the quote from open to paid with p in one conditional write and reports
	// whether this call did it: of any number of racing calls exactly one gets true.
	MarkPaid(ctx context.Context, id string, p Payment) (bool, error)
	// ClaimEvent records a verified webhook event (provider, id, type and quote) and reports
	// whether this call was the first to record it.
	ClaimEvent(ctx context.Context, e WebhookEvent, at time.Time) (bool, error)
}

// PayPal is the PayPal side of the checkout; paypal.NewGateway adapts the client to it.
type PayPal interface {
	// CreateOrder creates an order with intent CAPTURE; the same RequestID gives the same order.
	CreateOrder(ctx context.Context, r OrderRequest) (ProviderOrder, error)
	// Capture takes the money of an approved order, accepted only as a COMPLETED capture of want,
	// under an idempotency key derived from the quote; returns the capture id.
	Capture(ctx context.Context, orderID, quoteID string, want money.Money) (captureID string, err error)
	// Refund gives capture captureID of quoteID's order back in full, under an idempotency key
	// derived from the capture, so a retry never refunds twice.
	Refund(ctx context.Context, captureID, quoteID string) (Reversed, error)
}

// AuthNet is the Authorize.net side of the checkout; authnet.NewGateway adapts the client to it.
type AuthNet interface {
	HostedForm(ctx context.Context, r FormRequest) (HostedForm, error)
	// ConfirmPayment accepts transID only as a captured payment of want for invoice.
	ConfirmPayment(ctx context.Context, transID, invoice string, want money.Money) error
	// FindPayment looks among the transactions not settled yet for invoice's payment and
	// confirms it as ConfirmPayment does; ErrNotApproved when there is none yet.
	FindPayment(ctx context.Context, invoice string, want money.Money) (transID string, err error)
	// FormURL is where the browser posts a hosted-form token.
	FormURL() string
	// CapturedPayment reads transID and returns the money it took for invoice (captured or
	// settled); the provider's refusal (declined, voided, under review) when it took none.
	CapturedPayment(ctx context.Context, transID, invoice string) (Captured, error)
	// CapturedPayments lists invoice's transactions not settled yet that took money.
	CapturedPayments(ctx context.Context, invoice string) ([]Captured, error)
	// Reverse gives invoice's transaction transID back: a void before it settles, a refund of
	// the settled amount after; one already voided or refunded in full answers as given back.
	Reverse(ctx context.Context, transID, invoice string) (Reversed, error)
}

// Fulfiller is told, after the commit, of every quote the payments side itself moved to paid
// (webhooks, service-quote capture and confirm). It is not told of quotes SettleRMA, SettleOrder,
// SettleBatch or AcceptPurchaseOrder pay: their callers go on processing the RMA, parts order or
// batch themselves.
type Fulfiller interface {
	QuotePaid(ctx context.Context, q Quote) error
}
