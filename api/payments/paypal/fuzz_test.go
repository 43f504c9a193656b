package paypal_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paypal"
)

// signingPayPal stands in for PayPal's verification endpoint: it vouches for a delivery whose
// transmission signature is its HMAC of the transmission id and the event, as the portal spliced
// it into the request, and keeps that event.
type signingPayPal struct {
	mu   sync.Mutex
	seen json.RawMessage
}

func transmissionSig(id string, event []byte) string {
	mac := hmac.New(sha256.New, []byte("paypal-fuzz-key"))
	mac.Write([]byte(id + "|"))
	mac.Write(event)
	return hex.EncodeToString(mac.Sum(nil))
}

func (p *signingPayPal) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/v1/oauth2/token":
		_, _ = w.Write([]byte(`{"access_token":"A21-fuzz","token_type":"Bearer","expires_in":32400}`))
	case "/v1/notifications/verify-webhook-signature":
		var req struct {
			TransmissionID  string          `json:"transmission_id"`
			TransmissionSig string          `json:"transmission_sig"`
			WebhookEvent    json.RawMessage `json:"webhook_event"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"name":"VALIDATION_ERROR","message":"Invalid request"}`))
			return
		}
		p.mu.Lock()
		p.seen = req.WebhookEvent
		p.mu.Unlock()
		status := "FAILURE"
		if hmac.Equal([]byte(req.TransmissionSig), []byte(transmissionSig(req.TransmissionID, req.WebhookEvent))) {
			status = "SUCCESS"
		}
		_, _ = w.Write([]byte(`{"verification_status":"` + status + `"}`))
	default:
		http.NotFound(w, r)
	}
}

// paypalEvent is the shape of PayPal's event documents, as far as the portal reads them.
type paypalEvent struct {
	ID        string `json:"id"`
	EventType string `json:"event_type"`
	Resource  struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Amount *struct {
			Currency string `json:"currency_code"`
			Value    string `json:"value"`
		} `json:"amount"`
		InvoiceID         string `json:"invoice_id"`
		SupplementaryData struct {
			RelatedIDs struct {
				OrderID string `json:"order_id"`
			} `json:"related_ids"`
		} `json:"supplementary_data"`
	} `json:"resource"`
}

// A delivery is accepted only when PayPal vouches for it, and PayPal is always shown the event
// byte for byte as received; a genuine delivery of a PayPal event is never refused, and answers
// that event's id.
func FuzzVerify(f *testing.F) {
	f.Add([]byte(`{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"3C6","status":"COMPLETED","amount":{"currency_code":"USD","value":"289.00"},"invoice_id":"q1"}}`), true)
	f.Add([]byte("{\n  \"id\": \"WH-2\",\n  \"summary\": \"Repair & return <RT10000002>\"\n}\n"), true)
	f.Add([]byte(`{"id":"WH-3"}`), false)
	f.Add([]byte(`{"id":"WH-4","resource":{"amount":{"currency_code":"USD","value":"1e9"}}}`), true)
	f.Add([]byte(`{"id":"WH-5"}{"id":"WH-6"}`), true)
	f.Add([]byte(`"just a string"`), true)
	fake := &signingPayPal{}
	srv := httptest.NewServer(fake)
	f.Cleanup(srv.Close)
	c, err := paypal.New(paypal.Config{BaseURL: srv.URL, ClientID: "portal-app", ClientSecret: "s3cret", WebhookID: "WH-ID"}, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte, genuine bool) {
		var event paypalEvent
		isEvent := json.Unmarshal(body, &event) == nil && event.ID != ""
		sig := transmissionSig("b2384410", bytes.Trim(body, " \t\r\n"))
		if !genuine {
			sig = transmissionSig("b2384410", append(bytes.Trim(body, " \t\r\n"), ' '))
		}
		header := http.Header{}
		for k, v := range map[string]string{
			"PAYPAL-TRANSMISSION-ID": "b2384410", "PAYPAL-TRANSMISSION-TIME": "2026-11-23T10:48:02Z", "PAYPAL-TRANSMISSION-SIG": sig,
			"PAYPAL-CERT-URL": "https://api.paypal.com/cert", "PAYPAL-AUTH-ALGO": "SHA256withRSA",
		} {
			header.Set(k, v)
		}
		fake.mu.Lock()
		fake.seen = nil
		fake.mu.Unlock()

		ev, err := c.Verify(context.Background(), header, body)
		fake.mu.Lock()
		seen := fake.seen
		fake.mu.Unlock()
		if seen != nil && !bytes.Equal(seen, bytes.Trim(body, " \t\r\n")) {
			t.Fatalf("PayPal was shown %q for %q", seen, body)
		}
		switch {
		case err == nil && !genuine:
			t.Fatalf("accepted a forged delivery of %q", body)
		case err == nil && !isEvent:
			t.Fatalf("accepted %q, which is not a PayPal event", body)
		case err == nil && ev.ID != event.ID:
			t.Fatalf("event %q answered as %q", event.ID, ev.ID)
		case err != nil && genuine && isEvent:
			t.Fatalf("refused a genuine delivery of %q: %v", body, err)
		case err != nil && !errors.Is(err, payments.ErrWebhookUnverified):
			t.Fatalf("refused %q with %v, want ErrWebhookUnverified", body, err)
		}
	})
}
