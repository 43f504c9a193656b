package paymentsapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
)

// QuoteResponse is a quote as its owner (and staff who issued it) sees it.
type QuoteResponse struct {
	UID       string      `json:"uid"`
	Kind      string      `json:"kind"`
	RMANumber string      `json:"rmaNumber,omitempty"`
	Serial    string      `json:"serial"`
	Amount    money.Money `json:"amount"`
	Status    string      `json:"status"`
	Note      string      `json:"note,omitempty"`
	ExpiresAt time.Time   `json:"expiresAt"`
	CreatedAt time.Time   `json:"createdAt"`
	// Reference is the random part of the pay-quote links, which the owner's pages build.
	Reference string `json:"reference"`
	// Method is how the quote is being or was paid ("PayPal", "PO", "AuthorizeNet"; "" before).
	Method string `json:"method"`
	// PaidAt is null while the quote is unpaid.
	PaidAt     *time.Time `json:"paidAt"`
	CustomerPO string     `json:"customerPO"`
	// QuoteData is spec §3's Saved quote, which prefills the create-RMA flow and pay pages.
	QuoteData payments.SavedQuote `json:"quoteData"`
	// Refunds are payments that reached a provider after the quote was paid by another one,
	// cancelled or expired, and went back (or are going back); [] when there are none.
	Refunds []RefundResponse `json:"refunds"`
}

// RefundResponse is money given back for a quote: which provider, the payment it took (PayPal's
// capture id, Authorize.net's transaction id), how much, how it went back and when.
type RefundResponse struct {
	Provider    string      `json:"provider"`
	ProviderRef string      `json:"providerRef"`
	Amount      money.Money `json:"amount"`
	// Reason is quote_paid, quote_cancelled or quote_expired.
	Reason string `json:"reason"`
	// Status is pending (the provider has not taken it back yet; it is retried) or refunded.
	Status string `json:"status"`
	// Reversal is void or refund, and RefundRef the provider's reference of it; empty while
	// pending.
	Reversal  string `json:"reversal"`
	RefundRef string `json:"refundRef"`
	// RequestedAt is when the payment was found not to pay the quote; RefundedAt when it went
	// back (null while pending).
	RequestedAt time.Time  `json:"requestedAt"`
	RefundedAt  *time.Time `json:"refundedAt"`
}

func toQuoteResponse(q payments.Quote, refunds []payments.Refund) QuoteResponse {
	out := QuoteResponse{
		UID: q.ID, Kind: string(q.Kind), RMANumber: q.RMANumber, Serial: q.Serial, Amount: q.Amount,
		Status: string(q.Status), Note: q.Note, ExpiresAt: q.ExpiresAt, CreatedAt: q.CreatedAt,
		Reference: q.Reference, Method: string(q.Method), PaidAt: q.PaidAt, CustomerPO: q.CustomerPO, QuoteData: q.Saved,
		Refunds: make([]RefundResponse, len(refunds)),
	}
	for i, r := range refunds {
		out.Refunds[i] = RefundResponse{
			Provider: r.Provider, ProviderRef: r.ProviderRef, Amount: r.Amount, Reason: string(r.Reason),
			Status: string(r.Status), Reversal: string(r.Reversal), RefundRef: r.RefundRef,
			RequestedAt: r.CreatedAt, RefundedAt: r.RefundedAt,
		}
	}
	return out
}

// respondQuote answers q, which the caller may see, with its refunds as refunds lists them.
func respondQuote(c *gin.Context, q payments.Quote, refunds func(context.Context, string) ([]payments.Refund, error)) error {
	list, err := refunds(c.Request.Context(), q.ID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toQuoteResponse(q, list))
	return nil
}

func (a api) quoteDetails(c *gin.Context) error {
	q, err := a.quotes.Details(c.Request.Context(), subject(c), c.Query("uid"))
	if err != nil {
		return err
	}
	return respondQuote(c, q, a.quotes.Refunds)
}

// ServiceQuoteRequest is staff's request for a service quote; amountCents is an integer number
// of US cents.
type ServiceQuoteRequest struct {
	RMANumber   string `json:"rmaNumber"`
	AmountCents int64  `json:"amountCents"`
	Note        string `json:"note"`
}

// ServiceQuoteResponse is the issued quote and the link e-mailed to the customer.
type ServiceQuoteResponse struct {
	QuoteResponse
	Owner  string `json:"owner"`
	PayURL string `json:"payUrl"`
}

func (a api) issueServiceQuote(c *gin.Context) error {
	var req ServiceQuoteRequest
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	q, err := a.quotes.IssueServiceQuote(c.Request.Context(), payments.ServiceQuoteRequest{
		RMANumber: req.RMANumber, AmountCents: req.AmountCents, Note: req.Note, IssuedBy: subject(c),
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, ServiceQuoteResponse{QuoteResponse: toQuoteResponse(q, nil), Owner: q.Owner, PayURL: a.quotes.PayLink(q)})
	return nil
}
