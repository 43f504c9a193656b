package partsapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

// The customer and their organization read a shipped order's carrier and tracking; an order
// not shipped yet answers shipment null.
func TestGetOrder_ShowsTheShipment(t *testing.T) {
	e := newOrdersEnv(t)
	body := `{"kind":"parts","lines":[{"partNumber":"RL14-BAT-STD","quantity":1}],` +
		strings.Replace(contact, "casey@example.com", "olivia@fleetco.example", 1) + `,` + address +
		`,"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/olivia.pdf"}}`
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.olivia, body))
	w := e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.olivia, "")
	require.Contains(t, w.Body.String(), `"shipment":null`)

	shipper := &parts.Shipper{Store: e.Store, Mail: e.Outbox, Tx: db.NewTransactor(e.DB), Log: testkit.Quiet()}
	_, err := shipper.Ship(t.Context(), parts.ShipRequest{ID: p.RMABatchID, Carrier: "UPS", TrackingNumber: "1Z999AA10123456784", Actor: "usr_tariq"})
	require.NoError(t, err)

	o := orderOf(t, e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.diego, ""))
	require.Equal(t, "SHIPPED", o.Status)
	require.NotNil(t, o.Shipment)
	require.Equal(t, "UPS", o.Shipment.Carrier)
	require.Equal(t, "1Z999AA10123456784", o.Shipment.TrackingNumber)
	require.Regexp(t, `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$`, o.Shipment.ShippedAt)
	require.NotContains(t, e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.olivia, "").Body.String(), "usr_tariq",
		"who at the depot sent it is not the customer's")
}
