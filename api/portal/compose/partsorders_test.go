package compose_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func partsOrder(kind string, lines []map[string]any, contact map[string]any, payment map[string]any) map[string]any {
	return map[string]any{
		"kind": kind, "lines": lines, "contact": contact,
		"address":     map[string]any{"line1": "800 Congress Ave", "line2": "Floor 4", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78701"},
		"paymentData": payment,
	}
}

var adamContact = map[string]any{"firstName": "Adam", "lastName": "Price", "email": "adam@example.com", "phone": "5125550199", "phoneCountryCode": "US"}

// Parts orders end to end on the embedded default: the catalogue's prices, the real checkout
// and its PayPal sandbox, the uploads' PO claim, the rma capability's holdings for video units,
// and the GraphQL history.
func TestPartsOrders_CardPOAndVideoThroughTheEmbeddedDefault(t *testing.T) {
	p := newLivePortal(t)
	adam := devToken(t, p.cfg, "adam@example.com")

	// adam orders two parts by manual entry and pays by card.
	lines := []map[string]any{{"partNumber": "rl14-bat-std", "quantity": 2}, {"partNumber": "RL14-CHG-AC", "quantity": 1}}
	code, body := p.call(t, http.MethodPost, "/parts-manager/orders/price", "", map[string]any{"lines": lines})
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"total":{"cents":34700,"currency":"USD"}`, "2 x $129.00 + $89.00")
	order := partsOrder("parts", lines, adamContact, map[string]any{"paymentMethod": "PayPal"})
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders", adam, order, "Idempotency-Key", "k-parts-1")
	require.Equal(t, http.StatusCreated, code, body)
	batch, paymentURL := field(t, body, "rmaBatchId"), field(t, body, "paymentUrl")
	require.Equal(t, "PB-100001", batch)
	require.True(t, strings.HasPrefix(paymentURL, p.cfg.PublicURL+"/sandbox/paypal/checkoutnow?token="), paymentURL)
	_, again := p.call(t, http.MethodPost, "/parts-manager/orders", adam, order, "Idempotency-Key", "k-parts-1")
	require.JSONEq(t, body, again, "a retry answers the same order and link")

	back := approve(t, paymentURL)
	require.Equal(t, "/parts-order/checkout", back.Path)
	require.Equal(t, batch, back.Query().Get("batch"))
	process := map[string]any{"rmaBatchId": batch, "token": back.Query().Get("token")}
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders/process", adam, process)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, "PLACED", field(t, body, "status"))
	require.Contains(t, body, `"total":{"cents":34700,"currency":"USD"}`)

	// Paying by PO needs service:payment:po too, which adam does not hold: he is refused, nothing
	// is ordered (olivia holds both; partsapi's tests place PO orders).
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders", adam, partsOrder("parts",
		[]map[string]any{{"partNumber": "VX12-DOCK-1", "quantity": 1}}, adamContact,
		map[string]any{"paymentMethod": "PO", "customerPO": "PO-7781", "customerPOFileId": "po/none.pdf"}))
	require.Equal(t, http.StatusForbidden, code, body)
	require.Equal(t, "payments.poNotAllowed", field(t, body, "error"))
	casey := devToken(t, p.cfg, "casey@example.com")
	code, _ = p.call(t, http.MethodGet, "/parts-manager/orders/"+batch, casey, nil)
	require.Equal(t, http.StatusNotFound, code, "another customer's order answers like an unknown one")
	diego := devToken(t, p.cfg, "diego@fleetco.example")
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders", diego, order)
	require.Equal(t, http.StatusForbidden, code, body)
	require.Equal(t, "parts.cannotOrder", field(t, body, "error"))

	// adam's video units come from the rma capability's holdings; another customer's is refused.
	code, body = p.call(t, http.MethodGet, "/parts-manager/video/serials?model=VX12", adam, nil)
	require.Equal(t, http.StatusOK, code, body)
	var units struct {
		Items []struct{ Serial, Model string }
	}
	require.NoError(t, json.Unmarshal([]byte(body), &units))
	require.NotEmpty(t, units.Items)
	held := units.Items[0].Serial
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders", adam, partsOrder("video",
		[]map[string]any{{"partNumber": "VX12-BAT-STD", "quantity": 1, "model": "VX12", "serials": []string{held}}}, adamContact,
		map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusCreated, code, body)
	require.Equal(t, "AWAITING_PAYMENT", field(t, body, "status"))
	code, body = p.call(t, http.MethodPost, "/parts-manager/orders", adam, partsOrder("video",
		[]map[string]any{{"partNumber": "VX12-BAT-STD", "quantity": 1, "model": "VX12", "serials": []string{"VT10000007"}}}, adamContact,
		map[string]any{"paymentMethod": "PayPal"}))
	require.Equal(t, http.StatusBadRequest, code, body)
	require.Contains(t, body, `"lines.0.serials":"Serial VT10000007 is not one of your video units."`)
	code, body = p.call(t, http.MethodGet, "/parts-manager/video/serials", casey, nil)
	require.Equal(t, http.StatusForbidden, code, body)

	// The history lists the organization's orders (the demo's), a colleague's marked, never adam's:
	// diego, signed in above, sees olivia's.
	code, body = p.call(t, http.MethodPost, "/graphql", diego, map[string]any{
		"query": `{partsOrderBatchConnection(first: 50){totalCount edges{node{rmaBatchId mine orderedByName}}}}`,
	}, "Content-Type", "application/json")
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"rmaBatchId":"PB-090101","mine":false,"orderedByName":"Olivia Chen"`)
	require.Contains(t, body, `"totalCount":6`)
	require.NotContains(t, body, batch, "adam's order is not FleetCo's")
}
