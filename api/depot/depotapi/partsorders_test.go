package depotapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

func newPartsOrdersEnv(t *testing.T) (env, *depottest.PartsOrders) {
	gin.SetMode(gin.TestMode)
	e := newEnv(t)
	orders := depottest.NewPartsOrders("PB-000001")
	svc := &depot.Service{Store: e.store, RMAs: unusedRMAs{t}, PartsOrders: orders, Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}
	e.r = gin.New()
	depotapi.Routes(e.r, auth.NewGuard(e.signer.Verifier(), testkit.Quiet()), svc, &photoStore{}, testkit.Quiet())
	return e, orders
}

func TestShipPartsOrder_OnlyStaffShip(t *testing.T) {
	for role, want := range map[string]int{"": 401, "customer": 403, technician: 404, lead: 404} {
		e, orders := newPartsOrdersEnv(t)
		code, _ := e.do(t, "POST", "/depot/parts-orders/PB-000009/ship", role, `{"carrier":"UPS","trackingNumber":"1Z1"}`)
		require.Equal(t, want, code, role)
		require.Empty(t, orders.Shipped)
		require.Empty(t, e.store.Entries, "a refusal is not audited")
	}
}

func TestShipPartsOrder_ShipsOnceWithItsAuditRow(t *testing.T) {
	e, orders := newPartsOrdersEnv(t)
	code, body := e.do(t, "POST", "/depot/parts-orders/pb-000001/ship", technician, `{"carrier":"UPS","trackingNumber":"1Z999"}`)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, map[string]any{"rmaBatchId": "PB-000001", "status": "SHIPPED", "carrier": "UPS", "trackingNumber": "1Z999",
		"shippedAt": "2026-03-04T15:30:00Z"}, body)
	require.Contains(t, orders.Shipped, "PB-000001")
	require.Len(t, e.store.Entries, 1)
	a := e.store.Entries[0]
	require.Equal(t, depot.ActionShipPartsOrder, a.Action)
	require.Equal(t, "PB-000001", a.OrderNumber)
	require.Empty(t, a.RMANumber)
	require.Equal(t, "usr_"+technician, a.Actor)
	require.Equal(t, technician+"@rugged.example", a.ActorEmail)
	require.EqualValues(t, "PLACED", a.From)
	require.EqualValues(t, "SHIPPED", a.To)
	require.Equal(t, "UPS, tracking 1Z999", a.Detail)

	code, body = e.do(t, "POST", "/depot/parts-orders/PB-000001/ship", lead, `{"carrier":"UPS","trackingNumber":"1Z999"}`)
	require.Equal(t, http.StatusConflict, code)
	require.Equal(t, "parts.shippedAlready", body["error"], body)
	require.Len(t, e.store.Entries, 1, "a second shipment is not audited")

	code, body = e.do(t, "POST", "/depot/parts-orders/PB-000001/ship", lead, `{"trackingNumber":"1Z999"}`)
	require.Equal(t, http.StatusBadRequest, code, body)
	code, _ = e.do(t, "POST", "/depot/parts-orders/PB-000001/ship", lead, `not json`)
	require.Equal(t, http.StatusBadRequest, code)
}

func TestPartsOrders_StaffPageTheOrdersAwaitingShipment(t *testing.T) {
	e, orders := newPartsOrdersEnv(t)
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for i, n := range []string{"PB-000001", "PB-000002", "PB-000003"} {
		orders.Waiting = append(orders.Waiting, depot.AwaitingPartsOrder{Number: n, Kind: "parts", Customer: "Casey Morgan",
			CreatedAt: at.Add(time.Duration(i) * time.Hour), Total: money.USD(12900), ShipTo: "Austin, TX, US",
			Lines: []depot.PartsOrderLine{{PartNumber: "RL14-BAT-STD", Description: "RL14 standard battery", Quantity: 1}}})
	}
	for role, want := range map[string]int{"": 401, "customer": 403, technician: 200, lead: 200} {
		code, _ := e.do(t, "GET", "/depot/parts-orders", role, "")
		require.Equal(t, want, code, role)
	}
	code, body := e.do(t, "GET", "/depot/parts-orders?first=2", technician, "")
	require.Equal(t, http.StatusOK, code, body)
	items := body["items"].([]any)
	require.Len(t, items, 2)
	require.Equal(t, map[string]any{"rmaBatchId": "PB-000001", "kind": "parts", "customer": "Casey Morgan", "company": "",
		"createdAt": "2026-03-02T10:00:00Z", "total": map[string]any{"cents": float64(12900), "currency": "USD"}, "shipTo": "Austin, TX, US",
		"lines": []any{map[string]any{"partNumber": "RL14-BAT-STD", "description": "RL14 standard battery", "quantity": float64(1)}}}, items[0])
	next := body["next"].(string)
	require.NotEmpty(t, next)

	code, body = e.do(t, "GET", "/depot/parts-orders?first=2&after="+next, lead, "")
	require.Equal(t, http.StatusOK, code, body)
	require.Len(t, body["items"], 1)
	require.Equal(t, "PB-000003", body["items"].([]any)[0].(map[string]any)["rmaBatchId"])
	require.Empty(t, body["next"])

	code, _ = e.do(t, "GET", "/depot/parts-orders?after=not-a-cursor", lead, "")
	require.Equal(t, http.StatusBadRequest, code)
}
