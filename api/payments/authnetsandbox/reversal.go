package authnetsandbox

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// createTransactionRequest is the part of a createTransactionRequest the sandbox runs: a void of
// a transaction that has not settled, and a refund of one that has. Payments themselves are
// taken by the hosted form only.
type createTransactionRequest struct {
	TransactionRequest *struct {
		TransactionType string   `json:"transactionType"`
		Amount          *decimal `json:"amount"`
		Payment         *struct {
			CreditCard *struct {
				CardNumber     string `json:"cardNumber"`
				ExpirationDate string `json:"expirationDate"`
			} `json:"creditCard"`
		} `json:"payment"`
		RefTransID string `json:"refTransId"`
		Order      struct {
			InvoiceNumber string `json:"invoiceNumber"`
			Description   string `json:"description"`
		} `json:"order"`
	} `json:"transactionRequest"`
}

// txResponse is createTransactionResponse's transactionResponse.
type txResponse struct {
	ResponseCode   string      `json:"responseCode"`
	AuthCode       string      `json:"authCode"`
	AVSResultCode  string      `json:"avsResultCode"`
	CVVResultCode  string      `json:"cvvResultCode"`
	CAVVResultCode string      `json:"cavvResultCode"`
	TransID        string      `json:"transId"`
	RefTransID     string      `json:"refTransID"`
	TransHash      string      `json:"transHash"`
	TestRequest    string      `json:"testRequest"`
	AccountNumber  string      `json:"accountNumber"`
	AccountType    string      `json:"accountType"`
	Messages       []txMessage `json:"messages,omitempty"`
	Errors         []txError   `json:"errors,omitempty"`
}

type txMessage struct {
	Code        string `json:"code"`
	Description string `json:"description"`
}

type txError struct {
	ErrorCode string `json:"errorCode"`
	ErrorText string `json:"errorText"`
}

// The response reason codes of a void or refund, with Authorize.net's texts.
var (
	reasonApproved      = txMessage{"1", "This transaction has been approved."}
	reasonAlreadyVoided = txMessage{"310", "This transaction has already been voided."}
	errAmount           = txError{"5", "A valid amount is required."}
	errCardNumber       = txError{"6", "The credit card number is invalid."}
	errNotFound         = txError{"16", "The transaction cannot be found."}
	errRefTransID       = txError{"33", "Reference transaction ID cannot be left blank."}
	errCreditCriteria   = txError{"54", "The referenced transaction does not meet the criteria for issuing a credit."}
	errCreditExceeds    = txError{"55", "The sum of credits against the referenced transaction would exceed original debit amount."}
	errTxUnsuccessful   = apiError{"E00027", "The transaction was unsuccessful."}
)

// createTransaction is createTransactionRequest for voidTransaction and refundTransaction. A
// voided transaction reads voided (and is voided again with reason 310); a refund is a new
// transaction (refundPendingSettlement) that names the one it gives back. Each sends its
// webhook: void.created, refund.created.
func (s *Sandbox) createTransaction(w http.ResponseWriter, refID string, body json.RawMessage) {
	var req createTransactionRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, refID, errParse)
		return
	}
	tr := req.TransactionRequest
	if tr == nil {
		writeError(w, refID, apiError{"E00014", "Transaction request is required."})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var (
		resp  txResponse
		event string
		done  *transaction
	)
	switch tr.TransactionType {
	case "voidTransaction":
		resp, event, done = s.voidLocked(tr.RefTransID)
	case "refundTransaction":
		card := ""
		if tr.Payment != nil && tr.Payment.CreditCard != nil {
			card = tr.Payment.CreditCard.CardNumber
		}
		var amount int64
		if tr.Amount != nil && tr.Amount.ok {
			amount = tr.Amount.cents
		}
		resp, event, done = s.refundLocked(tr.RefTransID, amount, card, tr.Order.InvoiceNumber)
	default:
		// Authorize.net runs many more types; the portal asks for none of them here.
		writeError(w, refID, invalid("Transaction type"))
		return
	}
	if done != nil {
		s.notify(event, done)
	}
	result := ok
	if len(resp.Errors) > 0 {
		result = errorMessages(errTxUnsuccessful)
	}
	writeJSON(w, struct {
		TransactionResponse txResponse `json:"transactionResponse"`
		RefID               string     `json:"refId,omitempty"`
		Messages            messages   `json:"messages"`
	}{resp, refID, result})
}

// voidLocked voids refTransID when it has not settled. Callers hold s.mu.
func (s *Sandbox) voidLocked(refTransID string) (txResponse, string, *transaction) {
	if refTransID == "" {
		return failed("", errRefTransID), "", nil
	}
	tx, found := s.txs[refTransID]
	if !found || tx.txType != typeAuthCapture {
		return failed(refTransID, errNotFound), "", nil
	}
	switch tx.status {
	case statusVoided:
		return approved(tx, tx.id, reasonAlreadyVoided), "", nil
	case statusCaptured:
		tx.status, tx.settled = statusVoided, 0
		return approved(tx, tx.id, reasonApproved), eventVoid, tx
	}
	// Settled (refund it instead) or declined: nothing a void can cancel.
	return failed(refTransID, errNotFound), "", nil
}

// refundLocked gives back cents of settled transaction refTransID, paid with the card whose last
// four digits are card, as a new refund transaction. Callers hold s.mu.
func (s *Sandbox) refundLocked(refTransID string, cents int64, card, invoice string) (txResponse, string, *transaction) {
	switch {
	case refTransID == "":
		return failed("", errRefTransID), "", nil
	case cents <= 0:
		return failed(refTransID, errAmount), "", nil
	}
	orig, found := s.txs[refTransID]
	switch {
	case !found || orig.txType != typeAuthCapture:
		return failed(refTransID, errNotFound), "", nil
	case orig.status != statusSettled:
		return failed(refTransID, errCreditCriteria), "", nil
	case strings.TrimPrefix(card, "XXXX") != orig.cardNumber[len(orig.cardNumber)-4:]:
		return failed(refTransID, errCardNumber), "", nil
	case orig.refunded+cents > orig.settled:
		return failed(refTransID, errCreditExceeds), "", nil
	}
	if invoice == "" {
		invoice = orig.invoice
	}
	refund := &transaction{
		id: strconv.FormatInt(s.nextID, 10), txType: typeRefund, submitted: s.cfg.Now().UTC(), status: statusRefundPending,
		responseCd: 1, reasonCode: 1, reasonText: reasonApproved.Description, cents: cents, settled: cents,
		invoice: invoice, refID: orig.refID, cardType: orig.cardType, cardNumber: orig.cardNumber, refTransID: orig.id,
		avs: "P", cardCodeRes: "P",
	}
	s.nextID++
	s.txs[refund.id] = refund
	orig.refunded += cents
	return approved(refund, orig.id, reasonApproved), eventRefund, refund
}

func approved(tx *transaction, refTransID string, m txMessage) txResponse {
	return txResponse{
		ResponseCode: "1", AVSResultCode: "P", TransID: tx.id, RefTransID: refTransID, TestRequest: "0",
		AccountNumber: tx.cardNumber, AccountType: tx.cardType, Messages: []txMessage{m},
	}
}

func failed(refTransID string, e txError) txResponse {
	return txResponse{ResponseCode: "3", AVSResultCode: "P", TransID: "0", RefTransID: refTransID, TestRequest: "0", Errors: []txError{e}}
}

func errorMessages(e apiError) messages {
	return messages{ResultCode: "Error", Message: []message{{Code: e.code, Text: e.text}}}
}

// Settle runs the sandbox's settlement batch, as Authorize.net does once a day: every captured
// payment becomes settledSuccessfully (voiding it is then refused; refund it instead) and every
// refund refundSettledSuccessfully; settled transactions leave the unsettled list. It returns
// how many settled.
func (s *Sandbox) Settle() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, tx := range s.txs {
		switch tx.status {
		case statusCaptured:
			tx.status = statusSettled
		case statusRefundPending:
			tx.status = statusRefundSettled
		default:
			continue
		}
		n++
	}
	return n
}

// settledLocked reports whether a batch settled tx. Callers hold s.mu.
func (tx *transaction) settledLocked() bool {
	return tx.status == statusSettled || tx.status == statusRefundSettled
}
