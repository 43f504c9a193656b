package paypalsandbox

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"hash/crc32"
	"math/big"
	"net/http"
	"strconv"
	"time"
)

// Webhook event types the sandbox sends.
const (
	eventCompleted = "PAYMENT.CAPTURE.COMPLETED"
	eventDenied    = "PAYMENT.CAPTURE.DENIED"
	eventRefunded  = "PAYMENT.CAPTURE.REFUNDED"
	authAlgo       = "SHA256withRSA"
)

// ErrNoCapture is an event asked for an order that has no capture to report on.
var ErrNoCapture = errors.New("paypalsandbox: the order has no capture")

// signingKey is the RSA key deliveries are signed with and the self-signed certificate
// PAYPAL-CERT-URL points at, as PayPal publishes its own.
type signingKey struct {
	key    *rsa.PrivateKey
	cert   []byte // PEM of the self-signed certificate over key
	certID string
}

// newSigningKey panics on failure: with crypto/rand, which cannot fail since Go 1.24, and a
// fixed key size and template, neither call returns an error.
func newSigningKey(now time.Time) signingKey {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic("paypalsandbox: signing key: " + err.Error())
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(now.UnixNano()),
		Subject:      pkix.Name{CommonName: "messageverificationcerts.paypal-sandbox.local", Organization: []string{"Rugged portal PayPal sandbox"}},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.AddDate(5, 0, 0),
		KeyUsage:     x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		panic("paypalsandbox: signing certificate: " + err.Error())
	}
	return signingKey{
		key:    key,
		cert:   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		certID: "CERT-360caa42-fca2a594-" + randomID(8),
	}
}

func (s *Sandbox) certURL() string {
	return s.cfg.BaseURL + "/v1/notifications/certs/" + s.signing().certID
}

func (s *Sandbox) certificate(w http.ResponseWriter, r *http.Request) {
	k := s.signing()
	if r.PathValue("id") != k.certID {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/x-pem-file")
	_, _ = w.Write(k.cert)
}

// signedMessage is what PayPal signs: transmission id, time, webhook id and the body's CRC32.
func signedMessage(transmissionID, transmissionTime, webhookID string, body []byte) []byte {
	return []byte(transmissionID + "|" + transmissionTime + "|" + webhookID + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
}

// verifyRequest is the body of POST /v1/notifications/verify-webhook-signature.
type verifyRequest struct {
	AuthAlgo         string          `json:"auth_algo"`
	CertURL          string          `json:"cert_url"`
	TransmissionID   string          `json:"transmission_id"`
	TransmissionSig  string          `json:"transmission_sig"`
	TransmissionTime string          `json:"transmission_time"`
	WebhookID        string          `json:"webhook_id"`
	WebhookEvent     json.RawMessage `json:"webhook_event"`
}

// verifyWebhook answers SUCCESS only for a delivery the sandbox signed for the configured webhook,
// over exactly these event bytes.
func (s *Sandbox) verifyWebhook(w http.ResponseWriter, r *http.Request) {
	var req verifyRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(&req); err != nil {
		s.fail(w, http.StatusBadRequest, errorDetail{Issue: "MALFORMED_REQUEST_JSON", Description: "The request JSON is not well formed."})
		return
	}
	for _, f := range []struct{ name, value string }{
		{"auth_algo", req.AuthAlgo}, {"cert_url", req.CertURL}, {"transmission_id", req.TransmissionID},
		{"transmission_sig", req.TransmissionSig}, {"transmission_time", req.TransmissionTime}, {"webhook_id", req.WebhookID},
		{"webhook_event", string(req.WebhookEvent)},
	} {
		if f.value == "" {
			writeJSON(w, http.StatusBadRequest, map[string]any{
				"name": "VALIDATION_ERROR", "message": "Invalid request - see details", "debug_id": newDebugID(),
				"details": []map[string]string{{"field": f.name, "location": "body", "issue": "Required field cannot be blank"}},
			})
			return
		}
	}
	status := "FAILURE"
	sig, err := base64.StdEncoding.DecodeString(req.TransmissionSig)
	if err == nil && req.AuthAlgo == authAlgo && req.CertURL == s.certURL() && req.WebhookID == s.cfg.WebhookID {
		digest := sha256.Sum256(signedMessage(req.TransmissionID, req.TransmissionTime, req.WebhookID, req.WebhookEvent))
		if rsa.VerifyPKCS1v15(&s.signing().key.PublicKey, crypto.SHA256, digest[:], sig) == nil {
			status = "SUCCESS"
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"verification_status": status})
}

// delivery is a signed webhook ready to send.
type delivery struct {
	body   []byte
	header http.Header
}

// captureEvent builds and signs the event of type about o's capture. Callers hold s.mu.
func (s *Sandbox) captureEvent(o *order, eventType string) delivery {
	now := s.cfg.Now().UTC()
	resourceType, resource, summary := "capture", s.captureJSON(o), ""
	switch eventType {
	case eventCompleted:
		summary = fmt.Sprintf("Payment completed for %s %s", o.Amount.Decimal(), o.Amount.Currency)
	case eventDenied:
		summary = fmt.Sprintf("A %s %s capture payment was denied", o.Amount.Decimal(), o.Amount.Currency)
	case eventRefunded:
		resourceType, resource = "refund", s.refundJSON(o)
		summary = fmt.Sprintf("A %s %s capture payment was refunded", o.Amount.Decimal(), o.Amount.Currency)
	}
	id := "WH-" + randomID(17) + "-" + randomID(17)
	body, _ := json.Marshal(map[string]any{
		"id": id, "event_version": "1.0", "create_time": now.Format(time.RFC3339Nano),
		"resource_type": resourceType, "resource_version": "2.0", "event_type": eventType,
		"summary": summary, "resource": resource,
		"links": []link{
			{Href: s.cfg.BaseURL + "/v1/notifications/webhooks-events/" + id, Rel: "self", Method: "GET"},
			{Href: s.cfg.BaseURL + "/v1/notifications/webhooks-events/" + id + "/resend", Rel: "resend", Method: "POST"},
		},
	})
	return s.sign(body, now)
}

// sign adds PayPal's transmission headers for body, as sent to the configured webhook.
func (s *Sandbox) sign(body []byte, at time.Time) delivery {
	transmissionID := randomUUID()
	transmissionTime := at.Format(time.RFC3339Nano)
	digest := sha256.Sum256(signedMessage(transmissionID, transmissionTime, s.cfg.WebhookID, body))
	sig, _ := rsa.SignPKCS1v15(rand.Reader, s.signing().key, crypto.SHA256, digest[:])
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", "PayPal/AUHD-214.0-58012893")
	h.Set("Paypal-Transmission-Id", transmissionID)
	h.Set("Paypal-Transmission-Time", transmissionTime)
	h.Set("Paypal-Transmission-Sig", base64.StdEncoding.EncodeToString(sig))
	h.Set("Paypal-Cert-Url", s.certURL())
	h.Set("Paypal-Auth-Algo", authAlgo)
	return delivery{body: body, header: h}
}

func randomUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// notification counts a delivery of d as under way (Delivered waits for it) and returns what
// starts it: the handler starts it once it has answered, as PayPal notifies after it answers. A
// failed delivery is logged, as PayPal retries it. Without a webhook URL nothing is sent.
func (s *Sandbox) notification(d delivery, event string) (start func()) {
	if s.cfg.WebhookURL == "" {
		return func() {}
	}
	s.deliveries.Add(1)
	return func() {
		go func() {
			defer s.deliveries.Done()
			if err := s.deliver(d); err != nil {
				s.cfg.Logger.Warn("paypal sandbox: webhook delivery failed", "event", event, "err", err)
			}
		}()
	}
}

// Delivered returns once every webhook delivery under way has been answered or has failed. A
// test calls it between requests to see that no notification was sent, instead of waiting for
// one that never comes.
func (s *Sandbox) Delivered() { s.deliveries.Wait() }

// deliver posts d to the configured webhook URL; anything but a 2xx is a failure.
func (s *Sandbox) deliver(d delivery) error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return s.post(ctx, d)
}

func (s *Sandbox) post(ctx context.Context, d delivery) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.cfg.WebhookURL, bytes.NewReader(d.body))
	if err != nil {
		return err
	}
	req.Header = d.header.Clone()
	res, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("paypalsandbox: webhook answered %s", res.Status)
	}
	return nil
}

// SendEvent sends the configured webhook an event about the capture of an order, as PayPal does:
// PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DENIED (the capture becomes DECLINED) or
// PAYMENT.CAPTURE.REFUNDED (the capture becomes REFUNDED). The capture must exist.
func (s *Sandbox) SendEvent(ctx context.Context, orderID, eventType string) error {
	if s.cfg.WebhookURL == "" {
		return errors.New("paypalsandbox: no webhook URL is configured")
	}
	s.mu.Lock()
	o, ok := s.orders[orderID]
	if !ok || o.Capture == nil {
		s.mu.Unlock()
		return ErrNoCapture
	}
	now := s.cfg.Now().UTC()
	switch eventType {
	case eventCompleted:
	case eventDenied:
		o.Capture.Status, o.Capture.Updated = "DECLINED", now
	case eventRefunded:
		o.Capture.Status, o.Capture.Updated = "REFUNDED", now
		if o.Capture.RefundID == "" {
			o.Capture.RefundID, o.Capture.Refunded = randomID(17), now
		}
	default:
		s.mu.Unlock()
		return fmt.Errorf("paypalsandbox: event type %q is not one the sandbox sends", eventType)
	}
	d := s.captureEvent(o, eventType)
	s.mu.Unlock()
	return s.post(ctx, d)
}
