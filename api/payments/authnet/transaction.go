package authnet

import (
	"context"
	"fmt"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// Transaction statuses (transactionStatus) the portal tells apart. Any other status (voided,
// expired, failedReview, generalError …) is a transaction that took no money.
const (
	StatusCapturedPendingSettlement = "capturedPendingSettlement"
	StatusSettledSuccessfully       = "settledSuccessfully"
	StatusDeclined                  = "declined"
)

// reviewStatuses are transactions held by the fraud filters or for review: the outcome is still
// open, and a fraud.approved or fraud.declined webhook tells it.
var reviewStatuses = map[string]bool{
	"underReview": true, "FDSPendingReview": true, "FDSAuthorizedPendingReview": true, "approvedReview": true,
}

// Transaction is what getTransactionDetails says about one transaction.
type Transaction struct {
	ID            string
	Type          string // transactionType, e.g. authCaptureTransaction
	Status        string // transactionStatus
	ResponseCode  int    // 1 approved, 2 declined, 3 error, 4 held for review
	ReasonCode    int
	ReasonText    string
	AuthCode      string
	InvoiceNumber string
	AuthAmount    money.Money
	SettleAmount  money.Money
	CardType      string
	CardNumber    string // masked by the gateway: XXXX1111
}

// Expected is the payment a quote waits for.
type Expected struct {
	Amount        money.Money
	InvoiceNumber string
}

type transactionDetailsRequest struct {
	MerchantAuthentication merchantAuthentication `json:"merchantAuthentication"`
	TransID                string                 `json:"transId"`
}

type transactionDetailsResponse struct {
	Transaction *wireTransaction `json:"transaction"`
	Messages    messages         `json:"messages"`
}

func (r *transactionDetailsResponse) result() messages { return r.Messages }

type wireTransaction struct {
	TransID                   string  `json:"transId"`
	TransactionType           string  `json:"transactionType"`
	TransactionStatus         string  `json:"transactionStatus"`
	ResponseCode              int     `json:"responseCode"`
	ResponseReasonCode        int     `json:"responseReasonCode"`
	ResponseReasonDescription string  `json:"responseReasonDescription"`
	AuthCode                  string  `json:"authCode"`
	Order                     order   `json:"order"`
	AuthAmount                *amount `json:"authAmount"`
	SettleAmount              *amount `json:"settleAmount"`
	Payment                   struct {
		CreditCard struct {
			CardNumber string `json:"cardNumber"`
			CardType   string `json:"cardType"`
		} `json:"creditCard"`
	} `json:"payment"`
}

// maxTransID is the most digits a transaction id has; ids are decimal numbers.
const maxTransID = 20

// TransactionDetails reads one transaction from the gateway. An id that is not a transaction
// id is refused without a call (ErrInvalidRequest); an unknown one is ErrNotFound.
func (c *Client) TransactionDetails(ctx context.Context, transID string) (Transaction, error) {
	if !validTransID(transID) {
		return Transaction{}, fmt.Errorf("%w: transaction id must be 1 to %d digits", ErrInvalidRequest, maxTransID)
	}
	var resp transactionDetailsResponse
	req := transactionDetailsRequest{MerchantAuthentication: c.auth(), TransID: transID}
	if err := c.call(ctx, "getTransactionDetailsRequest", req, &resp); err != nil {
		return Transaction{}, err
	}
	if resp.Transaction == nil || resp.Transaction.TransID != transID {
		return Transaction{}, fmt.Errorf("%w: authnet getTransactionDetailsRequest: no transaction %s in the answer", payments.ErrProviderUnavailable, transID)
	}
	return toTransaction(*resp.Transaction), nil
}

// ConfirmPayment reads the transaction from the gateway and accepts it only as the payment of
// want: its invoice number is want's (else ErrInvoiceMismatch), it is captured
// (capturedPendingSettlement) or settled (settledSuccessfully) (else payments.ErrDeclined for a
// declined transaction, payments.ErrPending for one under review, ErrNotCaptured for the rest),
// and the captured amount is exactly want.Amount (else payments.ErrAmountMismatch). The redirect
// back from the hosted form carries nothing and a webhook is only news, so this is the one check
// that a quote is paid. A refusal returns the transaction too, for the caller's log.
func (c *Client) ConfirmPayment(ctx context.Context, transID string, want Expected) (Transaction, error) {
	tx, err := c.CapturedTransaction(ctx, transID, want.InvoiceNumber)
	if err != nil {
		return tx, err
	}
	if tx.SettleAmount != want.Amount {
		return tx, fmt.Errorf("%w: authnet transaction %s captured %s, expected %s", payments.ErrAmountMismatch, tx.ID, tx.SettleAmount, want.Amount)
	}
	return tx, nil
}

// CapturedTransaction reads the transaction from the gateway and accepts it only as money taken
// for invoice, whatever its amount: its invoice number is invoice (else ErrInvoiceMismatch) and
// it is captured or settled (else payments.ErrDeclined, payments.ErrPending or ErrNotCaptured,
// as ConfirmPayment answers). A refusal returns the transaction too, for the caller's log.
func (c *Client) CapturedTransaction(ctx context.Context, transID, invoice string) (Transaction, error) {
	tx, err := c.TransactionDetails(ctx, transID)
	if err != nil {
		return Transaction{}, err
	}
	switch {
	case tx.InvoiceNumber != invoice:
		return tx, fmt.Errorf("%w: transaction %s is for invoice %q, not %q", ErrInvoiceMismatch, tx.ID, tx.InvoiceNumber, invoice)
	case tx.Status == StatusDeclined:
		return tx, fmt.Errorf("%w: authnet transaction %s: %s", payments.ErrDeclined, tx.ID, tx.ReasonText)
	case reviewStatuses[tx.Status]:
		return tx, fmt.Errorf("%w: authnet transaction %s is %s", payments.ErrPending, tx.ID, tx.Status)
	case !tookMoney(tx.Status):
		return tx, fmt.Errorf("%w: transaction %s is %s", ErrNotCaptured, tx.ID, tx.Status)
	}
	return tx, nil
}

// tookMoney reports whether a transaction of status holds the payer's money: captured, or
// settled.
func tookMoney(status string) bool {
	return status == StatusCapturedPendingSettlement || status == StatusSettledSuccessfully
}

func toTransaction(w wireTransaction) Transaction {
	return Transaction{
		ID:            w.TransID,
		Type:          w.TransactionType,
		Status:        w.TransactionStatus,
		ResponseCode:  w.ResponseCode,
		ReasonCode:    w.ResponseReasonCode,
		ReasonText:    w.ResponseReasonDescription,
		AuthCode:      w.AuthCode,
		InvoiceNumber: w.Order.InvoiceNumber,
		AuthAmount:    toMoney(w.AuthAmount),
		SettleAmount:  toMoney(w.SettleAmount),
		CardType:      w.Payment.CreditCard.CardType,
		CardNumber:    w.Payment.CreditCard.CardNumber,
	}
}

// toMoney is an absent amount as zero dollars, so it never equals a positive expected amount.
func toMoney(a *amount) money.Money {
	if a == nil {
		return money.Money{Cents: 0, Currency: Currency}
	}
	return money.Money(*a)
}

func validTransID(s string) bool {
	if s == "" || len(s) > maxTransID {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
