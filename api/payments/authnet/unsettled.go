package authnet

import (
	"context"
	"fmt"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

// TransactionSummary is one entry of getUnsettledTransactionList: enough to find a quote's
// transaction by invoice number, whose details TransactionDetails then reads.
type TransactionSummary struct {
	ID            string
	SubmitTimeUTC string
	Status        string
	InvoiceNumber string
	SettleAmount  money.Money
	AccountType   string
	AccountNumber string // masked by the gateway: XXXX1111
}

// unsettledPageSize is the most transactions one getUnsettledTransactionList page holds
// (Authorize.net's limit is 1000).
const unsettledPageSize = 1000

// maxUnsettledPages bounds a search: a day's unsettled transactions of the portal's account fit
// in far fewer pages, and a runaway answer must not keep the caller reading.
const maxUnsettledPages = 20

// The wire shapes of getUnsettledTransactionListRequest, in the schema's element order.
type unsettledRequest struct {
	MerchantAuthentication merchantAuthentication `json:"merchantAuthentication"`
	Sorting                sorting                `json:"sorting"`
	Paging                 paging                 `json:"paging"`
}

type sorting struct {
	OrderBy         string `json:"orderBy"`
	OrderDescending bool   `json:"orderDescending"`
}

type paging struct {
	Limit  int `json:"limit"`
	Offset int `json:"offset"`
}

type unsettledResponse struct {
	Transactions        []wireSummary `json:"transactions"`
	TotalNumInResultSet int           `json:"totalNumInResultSet"`
	Messages            messages      `json:"messages"`
}

func (r *unsettledResponse) result() messages { return r.Messages }

type wireSummary struct {
	TransID           string  `json:"transId"`
	SubmitTimeUTC     string  `json:"submitTimeUTC"`
	TransactionStatus string  `json:"transactionStatus"`
	InvoiceNumber     string  `json:"invoiceNumber"`
	AccountType       string  `json:"accountType"`
	AccountNumber     string  `json:"accountNumber"`
	SettleAmount      *amount `json:"settleAmount"`
}

// UnsettledByInvoice returns the transactions not settled yet whose invoice number is invoice,
// newest first. Accept Hosted's redirect back to the portal carries no transaction id, so this is
// how the portal finds a payment the webhook has not announced (yet). getUnsettledTransactionList
// filters by nothing but status, so the client pages through the list, newest first, and keeps
// the invoice's entries. An empty list is Authorize.net's I00004 "No records found", not an error.
func (c *Client) UnsettledByInvoice(ctx context.Context, invoice string) ([]TransactionSummary, error) {
	if invoice == "" {
		return nil, fmt.Errorf("%w: an invoice number is required", ErrInvalidRequest)
	}
	var found []TransactionSummary
	for page := 1; page <= maxUnsettledPages; page++ {
		var resp unsettledResponse
		req := unsettledRequest{
			MerchantAuthentication: c.auth(),
			Sorting:                sorting{OrderBy: "submitTimeUTC", OrderDescending: true},
			Paging:                 paging{Limit: unsettledPageSize, Offset: page},
		}
		if err := c.call(ctx, "getUnsettledTransactionListRequest", req, &resp); err != nil {
			return nil, err
		}
		for _, w := range resp.Transactions {
			if w.InvoiceNumber == invoice {
				found = append(found, toSummary(w))
			}
		}
		if len(resp.Transactions) < unsettledPageSize || page*unsettledPageSize >= resp.TotalNumInResultSet {
			return found, nil
		}
	}
	return nil, fmt.Errorf("%w: authnet getUnsettledTransactionListRequest: more than %d pages", payments.ErrProviderUnavailable, maxUnsettledPages)
}

func toSummary(w wireSummary) TransactionSummary {
	return TransactionSummary{
		ID: w.TransID, SubmitTimeUTC: w.SubmitTimeUTC, Status: w.TransactionStatus, InvoiceNumber: w.InvoiceNumber,
		SettleAmount: toMoney(w.SettleAmount), AccountType: w.AccountType, AccountNumber: w.AccountNumber,
	}
}
