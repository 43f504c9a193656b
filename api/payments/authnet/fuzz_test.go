package authnet_test

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"rugged.example/portal/api/payments/authnet"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/money"
)

func sign(body []byte) string {
	mac := hmac.New(sha512.New, []byte("signature-key-secret"))
	mac.Write(body)
	return hex.EncodeToString(mac.Sum(nil))
}

// A webhook is accepted only under the HMAC of its exact body, in either case of the hex digest;
// a signed body is never called unverified, and what it decodes to has its id and event type
// and an amount in the account's currency.
func FuzzVerifyWebhook(f *testing.F) {
	good := []byte(`{"notificationId":"d0e8e7fe-c3e7-4add-a480-27bc5ce28e7b","eventType":"net.authorize.payment.authcapture.created","eventDate":"2026-11-23T10:48:02.0080095Z","webhookId":"w1","payload":{"entityName":"transaction","id":"120010001","responseCode":1,"authCode":"ABC123","avsResponse":"Y","authAmount":289.00,"invoiceNumber":"RMA-100501"}}`)
	f.Add(good, "sha512="+sign(good))
	f.Add(good, "SHA512="+strings.ToUpper(sign(good)))
	f.Add(good, "sha512="+sign([]byte("{}")))
	f.Add([]byte(`{"notificationId":"n","eventType":"e","payload":{"authAmount":"1e3"}}`), "sha512=")
	f.Add([]byte(`{"notificationId":"n","eventType":"e","payload":{"authAmount":-0.001}}`), "md5=00")
	f.Add([]byte(`not json`), "")
	cfg := validConfig()
	c, err := authnet.New(cfg, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte, signature string) {
		want := sign(body)
		if _, err := c.VerifyWebhook(signature, body); err == nil {
			hexSum, _ := strings.CutPrefix(strings.ToLower(strings.TrimSpace(signature)), "sha512=")
			if hexSum != want {
				t.Fatalf("accepted %q, signed %q", signature, want)
			}
		}
		for _, sig := range []string{"sha512=" + want, " SHA512=" + strings.ToUpper(want) + " "} {
			n, err := c.VerifyWebhook(sig, body)
			if errors.Is(err, payments.ErrWebhookUnverified) {
				t.Fatalf("signed body refused as unverified under %q", sig)
			}
			if err != nil {
				continue
			}
			if n.NotificationID == "" || n.EventType == "" {
				t.Fatalf("accepted %q without an id or type: %+v", body, n)
			}
			if a := n.Payload.AuthAmount; a != (money.Money{}) && a.Currency != authnet.Currency {
				t.Fatalf("amount %+v of %q is not in %s", a, body, authnet.Currency)
			}
		}
	})
}
