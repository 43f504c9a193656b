package depotapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
)

var errShippedAlready = fault.New(fault.KindConflict, "parts.shippedAlready", "This order was shipped already.")

// partsOrders ships PB-000001 once, as the parts service would; its field rules stand in
// for the parts service's.
type partsOrders struct{ shipped map[string]string }

func (p *partsOrders) ShipPartsOrder(_ context.Context, actor string, s depot.PartsOrderShipment) (depot.ShippedPartsOrder, error) {
	if s.Carrier == "" {
		return depot.ShippedPartsOrder{}, fault.Validation(map[string]string{"carrier": "Required"})
	}
	if s.Number != "PB-000001" {
		return depot.ShippedPartsOrder{}, fault.New(fault.KindNotFound, "parts.orderNotFound", "Order not found")
	}
	if _, ok := p.shipped[s.Number]; ok {
		return depot.ShippedPartsOrder{}, errShippedAlready
	}
	p.shipped[s.Number] = actor
	return depot.ShippedPartsOrder{Number: s.Number, Status: "SHIPPED", Carrier: s.Carrier, TrackingNumber: s.TrackingNumber,
		ShippedAt: time.Date(2026, 3, 20, 14, 0, 0, 0, time.UTC)}, nil
}

func newPartsOrdersEnv(t *testing.T) (env, *partsOrders) {
	gin.SetMode(gin.TestMode)
	e := newEnv(t)
	orders := &partsOrders{shipped: map[string]string{}}
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
		require.Empty(t, orders.shipped)
		require.Empty(t, e.store.Entries, "a refusal is not audited")
	}
}

func TestShipPartsOrder_ShipsOnceWithItsAuditRow(t *testing.T) {
	e, orders := newPartsOrdersEnv(t)
	code, body := e.do(t, "POST", "/depot/parts-orders/pb-000001/ship", technician, `{"carrier":"UPS","trackingNumber":"1Z999"}`)
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, map[string]any{"rmaBatchId": "PB-000001", "status": "SHIPPED", "carrier": "UPS", "trackingNumber": "1Z999",
		"shippedAt": "2026-03-20T14:00:00Z"}, body)
	require.Equal(t, "usr_"+technician, orders.shipped["PB-000001"])
	require.Len(t, e.store.Entries, 1)
	a := e.store.Entries[0]
	require.Equal(t, depot.ActionShipPartsOrder, a.Action)
	require.Equal(t, "PB-000001", a.RMANumber)
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
