package authnet

import (
	"context"
	"errors"
	"fmt"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// Statuses of a transaction that gave its money back, or of a refund.
const (
	StatusVoided                    = "voided"
	StatusRefundPendingSettlement   = "refundPendingSettlement"
	StatusRefundSettledSuccessfully = "refundSettledSuccessfully"
)

// The response reason codes a void or a refund is answered with that the client tells apart.
const (
	reasonAlreadyVoided  = "310" // the transaction is voided already: nothing left to void
	reasonNotFound       = "16"  // no such transaction, or none a void can cancel
	reasonCreditCriteria = "54"  // a refund of a transaction that has not settled
	reasonCreditExceeds  = "55"  // the refunds would exceed what the transaction took
)

var (
	// ErrNotSettled is a refund of a transaction that has not settled: void it instead.
	ErrNotSettled = errors.New("authnet: the transaction has not settled; void it instead")
	// ErrAlreadyRefunded is a refund the transaction's earlier refunds leave no room for.
	ErrAlreadyRefunded = errors.New("authnet: the transaction is refunded in full already")
)

// Reversal is a void or a refund the gateway ran.
type Reversal struct {
	// TransID is the voided transaction's id (a void keeps it), or the new refund
	// transaction's.
	TransID string
	// RefTransID is the transaction given back.
	RefTransID string
	// AlreadyVoided is a void of a transaction voided before (reason 310).
	AlreadyVoided bool
}

// The wire shapes of createTransactionRequest for a void or a refund, in the schema's element
// order.
type reversalRequest struct {
	MerchantAuthentication merchantAuthentication `json:"merchantAuthentication"`
	TransactionRequest     reversalTransaction    `json:"transactionRequest"`
}

type reversalTransaction struct {
	TransactionType string         `json:"transactionType"`
	Amount          string         `json:"amount,omitempty"`
	Payment         *refundPayment `json:"payment,omitempty"`
	RefTransID      string         `json:"refTransId"`
	Order           *order         `json:"order,omitempty"`
}

type refundPayment struct {
	CreditCard refundCard `json:"creditCard"`
}

// refundCard names the card of the transaction refunded: its last four digits, and XXXX for
// the expiry, as Authorize.net asks of a refund.
type refundCard struct {
	CardNumber     string `json:"cardNumber"`
	ExpirationDate string `json:"expirationDate"`
}

type createTransactionResponse struct {
	TransactionResponse *struct {
		ResponseCode string `json:"responseCode"`
		TransID      string `json:"transId"`
		RefTransID   string `json:"refTransID"`
		Messages     []struct {
			Code        string `json:"code"`
			Description string `json:"description"`
		} `json:"messages"`
		Errors []struct {
			ErrorCode string `json:"errorCode"`
			ErrorText string `json:"errorText"`
		} `json:"errors"`
	} `json:"transactionResponse"`
	Messages messages `json:"messages"`
}

func (r *createTransactionResponse) result() messages { return r.Messages }

// Void cancels transaction transID before it settles (voidTransaction): the card is never
// charged. One voided before answers with AlreadyVoided; one that has settled, or cannot be
// found, payments.ErrNotFound.
func (c *Client) Void(ctx context.Context, transID string) (Reversal, error) {
	if !validTransID(transID) {
		return Reversal{}, fmt.Errorf("%w: transaction id must be 1 to %d digits", ErrInvalidRequest, maxTransID)
	}
	return c.reverse(ctx, reversalTransaction{TransactionType: "voidTransaction", RefTransID: transID})
}

// RefundTransaction gives amount of settled transaction transID back to the card it took it
// from (refundTransaction), as a new transaction for invoice. card is the transaction's card as
// its details show it (XXXX1111): Authorize.net asks for the last four digits. A transaction
// that has not settled is ErrNotSettled (void it instead); one whose refunds already reach its
// amount ErrAlreadyRefunded.
func (c *Client) RefundTransaction(ctx context.Context, transID string, amount money.Money, card, invoice string) (Reversal, error) {
	if !validTransID(transID) {
		return Reversal{}, fmt.Errorf("%w: transaction id must be 1 to %d digits", ErrInvalidRequest, maxTransID)
	}
	amt, err := FormatAmount(amount)
	if err != nil {
		return Reversal{}, err
	}
	if len(card) < 4 {
		return Reversal{}, fmt.Errorf("%w: the card's last four digits are required", ErrInvalidRequest)
	}
	return c.reverse(ctx, reversalTransaction{
		TransactionType: "refundTransaction", Amount: amt, RefTransID: transID,
		Payment: &refundPayment{CreditCard: refundCard{CardNumber: card[len(card)-4:], ExpirationDate: "XXXX"}},
		Order:   &order{InvoiceNumber: invoice},
	})
}

func (c *Client) reverse(ctx context.Context, tr reversalTransaction) (Reversal, error) {
	var resp createTransactionResponse
	err := c.call(ctx, "createTransactionRequest", reversalRequest{MerchantAuthentication: c.auth(), TransactionRequest: tr}, &resp)
	t := resp.TransactionResponse
	if t != nil && len(t.Errors) > 0 {
		// The transaction's own reason says more than the envelope's E00027.
		e := t.Errors[0]
		switch e.ErrorCode {
		case reasonNotFound:
			return Reversal{}, fmt.Errorf("%w: authnet %s of %s: %s %s", payments.ErrNotFound, tr.TransactionType, tr.RefTransID, e.ErrorCode, e.ErrorText)
		case reasonCreditCriteria:
			return Reversal{}, fmt.Errorf("%w: %s %s", ErrNotSettled, e.ErrorCode, e.ErrorText)
		case reasonCreditExceeds:
			return Reversal{}, fmt.Errorf("%w: %s %s", ErrAlreadyRefunded, e.ErrorCode, e.ErrorText)
		}
		return Reversal{}, fmt.Errorf("%w: authnet %s of %s: %s %s", payments.ErrProviderUnavailable, tr.TransactionType, tr.RefTransID, e.ErrorCode, e.ErrorText)
	}
	if err != nil {
		return Reversal{}, err
	}
	if t == nil || t.ResponseCode != "1" {
		return Reversal{}, fmt.Errorf("%w: authnet %s of %s was not approved", payments.ErrProviderUnavailable, tr.TransactionType, tr.RefTransID)
	}
	out := Reversal{TransID: t.TransID, RefTransID: tr.RefTransID}
	for _, m := range t.Messages {
		out.AlreadyVoided = out.AlreadyVoided || m.Code == reasonAlreadyVoided
	}
	return out, nil
}
