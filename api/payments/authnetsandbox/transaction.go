package authnetsandbox

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

const (
	statusCaptured      = "capturedPendingSettlement"
	statusSettled       = "settledSuccessfully"
	statusDeclined      = "declined"
	statusVoided        = "voided"
	statusRefundPending = "refundPendingSettlement"
	statusRefundSettled = "refundSettledSuccessfully"
)

// The transaction types the sandbox runs.
const (
	typeAuthCapture = "authCaptureTransaction"
	typeRefund      = "refundTransaction"
)

// transaction is an auth-and-capture the hosted form ran, or a refund of one.
type transaction struct {
	id          string
	txType      string
	submitted   time.Time
	status      string
	responseCd  int // 1 approved, 2 declined
	reasonCode  int
	reasonText  string
	authCode    string
	avs         string
	cardCodeRes string
	cents       int64
	settled     int64
	invoice     string
	description string
	refID       string
	cardType    string
	cardNumber  string // XXXX and the last four digits
	zip         string
	// refTransID is the transaction a refund gives back; refunded is how much of an
	// auth-and-capture refunds gave back so far.
	refTransID string
	refunded   int64
}

// chargeLocked runs the payment of p with c: declined for the decline card or ZIP, approved and
// captured otherwise.
func (s *Sandbox) chargeLocked(p *page, c card) *transaction {
	tx := &transaction{
		id:          strconv.FormatInt(s.nextID, 10),
		txType:      typeAuthCapture,
		submitted:   s.cfg.Now().UTC(),
		cents:       p.cents,
		invoice:     p.invoice,
		description: p.description,
		refID:       p.refID,
		cardType:    testCards[c.number],
		cardNumber:  "XXXX" + c.number[len(c.number)-4:],
		zip:         c.zip,
		cardCodeRes: "P", // not processed: no card code was given
	}
	s.nextID++
	if c.code != "" {
		tx.cardCodeRes = "M"
	}
	if c.number == declineCard || c.zip == declineZIP {
		tx.status, tx.responseCd, tx.reasonCode = statusDeclined, 2, 2
		tx.reasonText, tx.authCode, tx.avs = "This transaction has been declined.", "000000", "N"
	} else {
		tx.status, tx.responseCd, tx.reasonCode = statusCaptured, 1, 1
		tx.reasonText, tx.authCode, tx.avs = "This transaction has been approved.", authCode(), "Y"
		tx.settled = p.cents
	}
	s.txs[tx.id] = tx
	return tx
}

// authCode is six random letters and digits, the shape of a processor's approval code.
func authCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// transactionDetails is the transaction element of getTransactionDetailsResponse.
type transactionDetails struct {
	TransID                   string `json:"transId"`
	SubmitTimeUTC             string `json:"submitTimeUTC"`
	TransactionType           string `json:"transactionType"`
	TransactionStatus         string `json:"transactionStatus"`
	RefTransID                string `json:"refTransId,omitempty"`
	ResponseCode              int    `json:"responseCode"`
	ResponseReasonCode        int    `json:"responseReasonCode"`
	ResponseReasonDescription string `json:"responseReasonDescription"`
	AuthCode                  string `json:"authCode"`
	AVSResponse               string `json:"AVSResponse"`
	CardCodeResponse          string `json:"cardCodeResponse"`
	Order                     struct {
		InvoiceNumber string `json:"invoiceNumber,omitempty"`
		Description   string `json:"description,omitempty"`
	} `json:"order"`
	AuthAmount   cents `json:"authAmount"`
	SettleAmount cents `json:"settleAmount"`
	Payment      struct {
		CreditCard struct {
			CardNumber     string `json:"cardNumber"`
			ExpirationDate string `json:"expirationDate"`
			CardType       string `json:"cardType"`
		} `json:"creditCard"`
	} `json:"payment"`
	BillTo struct {
		Zip string `json:"zip,omitempty"`
	} `json:"billTo"`
	RecurringBilling bool   `json:"recurringBilling"`
	Product          string `json:"product"`
	MarketType       string `json:"marketType"`
}

func (tx *transaction) details() transactionDetails {
	d := transactionDetails{
		TransID:                   tx.id,
		SubmitTimeUTC:             tx.submitted.Format("2006-01-02T15:04:05.000Z"),
		TransactionType:           tx.txType,
		TransactionStatus:         tx.status,
		RefTransID:                tx.refTransID,
		ResponseCode:              tx.responseCd,
		ResponseReasonCode:        tx.reasonCode,
		ResponseReasonDescription: tx.reasonText,
		AuthCode:                  tx.authCode,
		AVSResponse:               tx.avs,
		CardCodeResponse:          tx.cardCodeRes,
		AuthAmount:                cents(tx.cents),
		SettleAmount:              cents(tx.settled),
		Product:                   "Card Not Present",
		MarketType:                "eCommerce",
	}
	d.Order.InvoiceNumber, d.Order.Description = tx.invoice, tx.description
	d.Payment.CreditCard.CardNumber = tx.cardNumber
	d.Payment.CreditCard.ExpirationDate = "XXXX"
	d.Payment.CreditCard.CardType = tx.cardType
	d.BillTo.Zip = tx.zip
	return d
}

// notification is a webhook body as Authorize.net sends it.
type notification struct {
	NotificationID string              `json:"notificationId"`
	EventType      string              `json:"eventType"`
	EventDate      string              `json:"eventDate"`
	WebhookID      string              `json:"webhookId"`
	Payload        notificationPayload `json:"payload"`
}

type notificationPayload struct {
	ResponseCode        int    `json:"responseCode"`
	AuthCode            string `json:"authCode"`
	AVSResponse         string `json:"avsResponse"`
	AuthAmount          cents  `json:"authAmount"`
	InvoiceNumber       string `json:"invoiceNumber,omitempty"`
	MerchantReferenceID string `json:"merchantReferenceId,omitempty"`
	EntityName          string `json:"entityName"`
	ID                  string `json:"id"`
}

// The webhook event types the sandbox sends.
const (
	eventAuthCapture = "net.authorize.payment.authcapture.created"
	eventVoid        = "net.authorize.payment.void.created"
	eventRefund      = "net.authorize.payment.refund.created"
)

// notify queues eventType for tx when a webhook URL is configured:
// net.authorize.payment.authcapture.created for every payment the form ran, approved or
// declined alike (the payload's response code tells which), void.created for a voided one,
// refund.created for a refund transaction.
func (s *Sandbox) notify(eventType string, tx *transaction) {
	if s.cfg.WebhookURL == "" {
		return
	}
	body, err := json.Marshal(notification{
		NotificationID: newUUID(),
		EventType:      eventType,
		EventDate:      s.cfg.Now().UTC().Format("2006-01-02T15:04:05.0000000Z"),
		WebhookID:      s.webhookID,
		Payload: notificationPayload{
			ResponseCode: tx.responseCd, AuthCode: tx.authCode, AVSResponse: tx.avs,
			AuthAmount: cents(tx.cents), InvoiceNumber: tx.invoice, MerchantReferenceID: tx.refID,
			EntityName: "transaction", ID: tx.id,
		},
	})
	if err != nil {
		s.cfg.Logger.Error("authnetsandbox: encode notification", "transId", tx.id, "error", err)
		return
	}
	signature := Sign(s.cfg.SignatureKey, body)
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.deliver(body, signature)
	}()
}

// Sign is the X-ANET-Signature value of body under key: "sha512=" and the upper-case hex
// HMAC-SHA512, keyed with the signature key's text.
func Sign(key string, body []byte) string {
	mac := hmac.New(sha512.New, []byte(key))
	mac.Write(body)
	return "sha512=" + strings.ToUpper(hex.EncodeToString(mac.Sum(nil)))
}

// deliver posts one notification until it is answered with a 2xx, the retries run out, or the
// sandbox closes.
func (s *Sandbox) deliver(body []byte, signature string) {
	for attempt := 0; ; attempt++ {
		status, err := s.post(body, signature)
		if err == nil && status >= 200 && status < 300 {
			return
		}
		if attempt == len(s.cfg.RetryDelays) {
			s.cfg.Logger.Warn("authnetsandbox: webhook not delivered", "attempts", attempt+1, "status", status, "error", err)
			return
		}
		select {
		case <-s.ctx.Done():
			return
		case <-time.After(s.cfg.RetryDelays[attempt]):
		}
	}
}

func (s *Sandbox) post(body []byte, signature string) (int, error) {
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.cfg.WebhookURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-ANET-Signature", signature)
	resp, err := s.cfg.WebhookClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, nil
}
