package paypalsandbox_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

func issueOf(body map[string]any) string {
	return body["details"].([]any)[0].(map[string]any)["issue"].(string)
}

func TestRefund_ACompletedCaptureOnceInFull(t *testing.T) {
	f := newFixture(t)
	token := f.token(t)
	id := f.approveOrder(t, token)
	_, order := f.call(t, http.MethodPost, "/v2/checkout/orders/"+id+"/capture", token, `{}`, nil)
	captureID := order["purchase_units"].([]any)[0].(map[string]any)["payments"].(map[string]any)["captures"].([]any)[0].(map[string]any)["id"].(string)
	<-f.hooks // PAYMENT.CAPTURE.COMPLETED

	tests := []struct {
		name      string
		body      string
		wantIssue string
	}{
		{"more than the capture", `{"amount":{"currency_code":"USD","value":"289.01"}}`, "REFUND_AMOUNT_EXCEEDED"},
		{"part of the capture", `{"amount":{"currency_code":"USD","value":"100.00"}}`, "PARTIAL_REFUND_NOT_ALLOWED"},
		{"another currency", `{"amount":{"currency_code":"EUR","value":"289.00"}}`, "INVALID_PARAMETER_VALUE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.call(t, http.MethodPost, "/v2/payments/captures/"+captureID+"/refund", token, tt.body, nil)
			require.Equal(t, http.StatusUnprocessableEntity, status)
			require.Equal(t, tt.wantIssue, issueOf(body))
		})
	}

	status, refund := f.call(t, http.MethodPost, "/v2/payments/captures/"+captureID+"/refund", token,
		`{"invoice_id":"Q-1","note_to_payer":"Paid twice."}`, map[string]string{"PayPal-Request-Id": "refund-1"})
	require.Equal(t, http.StatusCreated, status)
	require.Equal(t, "COMPLETED", refund["status"])
	require.Equal(t, map[string]any{"currency_code": "USD", "value": "289.00"}, refund["amount"])
	require.Equal(t, "Paid twice.", refund["note_to_payer"])

	status, replay := f.call(t, http.MethodPost, "/v2/payments/captures/"+captureID+"/refund", token, `{}`, map[string]string{"PayPal-Request-Id": "refund-1"})
	require.Equal(t, http.StatusOK, status, "the same request id replays the refund")
	require.Equal(t, refund["id"], replay["id"])
	status, body := f.call(t, http.MethodPost, "/v2/payments/captures/"+captureID+"/refund", token, `{}`, map[string]string{"PayPal-Request-Id": "refund-2"})
	require.Equal(t, http.StatusUnprocessableEntity, status)
	require.Equal(t, "CAPTURE_FULLY_REFUNDED", issueOf(body))

	_, capture := f.call(t, http.MethodGet, "/v2/payments/captures/"+captureID, token, "", nil)
	require.Equal(t, "REFUNDED", capture["status"])
	_, read := f.call(t, http.MethodGet, "/v2/payments/refunds/"+refund["id"].(string), token, "", nil)
	require.Equal(t, refund, read)
	status, _ = f.call(t, http.MethodGet, "/v2/payments/refunds/UNKNOWN", token, "", nil)
	require.Equal(t, http.StatusNotFound, status)

	hook := <-f.hooks
	var event map[string]any
	raw, _ := io.ReadAll(hook.Body)
	require.NoError(t, json.Unmarshal(raw, &event))
	require.Equal(t, "PAYMENT.CAPTURE.REFUNDED", event["event_type"], "one webhook for the one refund")
	require.Equal(t, refund["id"], event["resource"].(map[string]any)["id"])
}

func TestRefund_OnlyOfAKnownCaptureWithAToken(t *testing.T) {
	f := newFixture(t)
	status, _ := f.call(t, http.MethodPost, "/v2/payments/captures/UNKNOWN/refund", "", `{}`, nil)
	require.Equal(t, http.StatusUnauthorized, status)
	status, body := f.call(t, http.MethodPost, "/v2/payments/captures/UNKNOWN/refund", f.token(t), `{}`, nil)
	require.Equal(t, http.StatusNotFound, status)
	require.Equal(t, "INVALID_RESOURCE_ID", issueOf(body))
}
