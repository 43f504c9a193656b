package compose_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/uploads/uploadstest"
)

// A payer who left PayPal without paying finds the RMA again by its unit, pays it with the same
// PayPal order, and the label's answer says what was paid: end to end on the embedded default,
// through the real checkout, the PayPal client and its sandbox.
func TestOutOfWarranty_LeftUnpaidThenPaidAgainWithItsReceipt(t *testing.T) {
	p := newLivePortal(t)
	casey := devToken(t, p.cfg, "casey@example.com")
	diego := devToken(t, p.cfg, "diego@fleetco.example")
	photo := p.upload(t, "/bucket-uploader/upload-rma-attachment", "", casey, "crack.png", uploadstest.PNG(), "bucketFileName")
	code, body := p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", casey, oowBody(photo, map[string]any{"paymentMethod": "PayPal"}), "Idempotency-Key", "k-left")
	require.Equal(t, http.StatusOK, code, body)
	number, paymentURL := field(t, body, "rmaNumber"), field(t, body, "paymentUrl")

	// The browser's Back button: nothing came back from PayPal. The unit's page asks.
	code, body = p.call(t, http.MethodGet, "/rma-manager/rma/awaiting-payment?serial=RT10000002", casey, nil)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, number, field(t, body, "rmaNumber"))
	code, _ = p.call(t, http.MethodGet, "/rma-manager/rma/awaiting-payment?serial=RT10000002", diego, nil)
	require.Equal(t, http.StatusNotFound, code, "another customer learns nothing of it")

	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/pay", casey, map[string]any{"rmaNumber": number})
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, paymentURL, field(t, body, "paymentUrl"), "the same PayPal order")
	code, _ = p.call(t, http.MethodPost, "/rma-manager/rma/pay", diego, map[string]any{"rmaNumber": number})
	require.Equal(t, http.StatusNotFound, code)

	back := approve(t, paymentURL)
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/process/oow", casey,
		map[string]any{"rmaNumber": number, "serial": "RT10000002", "token": back.Query().Get("token")})
	require.Equal(t, http.StatusOK, code, body)
	var processed struct {
		Unit    struct{ Model, ModelFamily, PN string }
		Receipt struct {
			Amount    struct{ Cents int64 }
			Method    string
			Reference string
			PaidAt    string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(body), &processed))
	require.Equal(t, "Summit", processed.Unit.ModelFamily)
	require.Equal(t, "ST12-G2-16", processed.Unit.PN)
	require.Equal(t, int64(289_00), processed.Receipt.Amount.Cents)
	require.Equal(t, "PayPal", processed.Receipt.Method)
	require.NotEmpty(t, processed.Receipt.Reference, "PayPal's capture id")
	require.NotEmpty(t, processed.Receipt.PaidAt)

	code, _ = p.call(t, http.MethodGet, "/rma-manager/rma/awaiting-payment?serial=RT10000002", casey, nil)
	require.Equal(t, http.StatusNotFound, code, "a paid RMA no longer waits")
}
