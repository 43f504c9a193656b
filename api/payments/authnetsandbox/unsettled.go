package authnetsandbox

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
)

// noRecords is request.api's Ok answer to a list with nothing in it.
var noRecords = messages{ResultCode: "Ok", Message: []message{{Code: "I00004", Text: "No records found."}}}

type unsettledRequest struct {
	Status  string `json:"status"`
	Sorting *struct {
		OrderBy         string `json:"orderBy"`
		OrderDescending bool   `json:"orderDescending"`
	} `json:"sorting"`
	Paging *struct {
		Limit  int `json:"limit"`
		Offset int `json:"offset"`
	} `json:"paging"`
}

// transactionSummary is one entry of getUnsettledTransactionListResponse.
type transactionSummary struct {
	TransID           string `json:"transId"`
	SubmitTimeUTC     string `json:"submitTimeUTC"`
	SubmitTimeLocal   string `json:"submitTimeLocal"`
	TransactionStatus string `json:"transactionStatus"`
	InvoiceNumber     string `json:"invoiceNumber,omitempty"`
	AccountType       string `json:"accountType"`
	AccountNumber     string `json:"accountNumber"`
	SettleAmount      cents  `json:"settleAmount"`
	MarketType        string `json:"marketType"`
	Product           string `json:"product"`
}

// unsettledList is getUnsettledTransactionListRequest: every transaction the sandbox ran that
// its batch (Settle) has not settled is listed (declined and voided ones too, as Authorize.net
// lists them until the batch);
// status pendingApproval lists those held for review, of which the sandbox has none. Sorting by
// id or submitTimeUTC and paging (limit 1 to 1000, offset from 1) are honoured.
func (s *Sandbox) unsettledList(w http.ResponseWriter, refID string, body json.RawMessage) {
	var req unsettledRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, refID, errParse)
		return
	}
	limit, offset := 1000, 1
	if p := req.Paging; p != nil {
		if p.Limit < 1 || p.Limit > 1000 {
			writeError(w, refID, invalid("Paging Limit"))
			return
		}
		if p.Offset < 1 || p.Offset > 100000 {
			writeError(w, refID, invalid("Paging Offset"))
			return
		}
		limit, offset = p.Limit, p.Offset
	}
	descending := false
	if so := req.Sorting; so != nil {
		if so.OrderBy != "id" && so.OrderBy != "submitTimeUTC" {
			writeError(w, refID, invalid("Sorting OrderBy"))
			return
		}
		descending = so.OrderDescending
	}
	switch req.Status {
	case "", "any", "pendingApproval":
	default:
		writeError(w, refID, invalid("Status"))
		return
	}

	s.mu.Lock()
	var all []*transaction
	if req.Status != "pendingApproval" {
		for _, tx := range s.txs {
			if !tx.settledLocked() {
				all = append(all, tx)
			}
		}
	}
	// Ids grow with submission, so they order both ways of sorting the sandbox offers.
	slices.SortFunc(all, func(a, b *transaction) int {
		ai, _ := strconv.ParseInt(a.id, 10, 64)
		bi, _ := strconv.ParseInt(b.id, 10, 64)
		if descending {
			ai, bi = bi, ai
		}
		switch {
		case ai < bi:
			return -1
		case ai > bi:
			return 1
		}
		return 0
	})
	total := len(all)
	start := min((offset-1)*limit, total)
	var page []transactionSummary
	for _, tx := range all[start:min(start+limit, total)] {
		page = append(page, tx.summary())
	}
	s.mu.Unlock()

	if total == 0 {
		writeJSON(w, struct {
			RefID    string   `json:"refId,omitempty"`
			Messages messages `json:"messages"`
		}{refID, noRecords})
		return
	}
	writeJSON(w, struct {
		RefID        string               `json:"refId,omitempty"`
		Messages     messages             `json:"messages"`
		Transactions []transactionSummary `json:"transactions"`
		Total        int                  `json:"totalNumInResultSet"`
	}{refID, ok, page, total})
}

func (tx *transaction) summary() transactionSummary {
	return transactionSummary{
		TransID:           tx.id,
		SubmitTimeUTC:     tx.submitted.Format("2006-01-02T15:04:05Z"),
		SubmitTimeLocal:   tx.submitted.Format("2006-01-02T15:04:05"),
		TransactionStatus: tx.status,
		InvoiceNumber:     tx.invoice,
		AccountType:       tx.cardType,
		AccountNumber:     tx.cardNumber,
		SettleAmount:      cents(tx.settled),
		MarketType:        "eCommerce",
		Product:           "Card Not Present",
	}
}
