package partsapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
)

// newUnpaidEnv is the orders' routes with the way back to an unpaid order beside them.
func newUnpaidEnv(t *testing.T) ordersEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := ordersEnv{OrdersEnv: partstest.NewOrders(t), router: gin.New()}
	s := authtest.NewSigner(t)
	guard := auth.NewGuard(s.Verifier(), testkit.Quiet())
	partsapi.OrderRoutes(e.router, guard, e.Orders, testkit.Quiet())
	partsapi.UnpaidOrderRoutes(e.router, guard, e.Orders, testkit.Quiet())
	orders := authtest.ClientID + ":" + string(auth.PermCreatePartOrder)
	e.casey = s.Token(t, authtest.Claims{Subject: "usr_casey", Email: "casey@example.com", Roles: []string{authtest.ClientID + ":customer", orders}})
	e.olivia = s.Token(t, authtest.Claims{Subject: "usr_olivia", Email: "olivia@fleetco.example", Roles: []string{authtest.ClientID + ":customer", orders}})
	e.nora = s.Token(t, authtest.Claims{Subject: "usr_nora", Email: "nora@fleetco.example"})
	return e
}

func TestAwaitingPayment_ListsTheCallersOwnUnpaidOrders(t *testing.T) {
	e := newUnpaidEnv(t)
	body := order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body))
	tests := []struct {
		name     string
		token    string
		query    string
		wantCode int
		wantIDs  []string
	}{
		{name: "the owner's order awaiting its payment", token: e.casey, query: "?kind=parts", wantCode: http.StatusOK, wantIDs: []string{p.RMABatchID}},
		{name: "none of the other kind", token: e.casey, query: "?kind=video", wantCode: http.StatusOK, wantIDs: []string{}},
		{name: "another customer sees none of it", token: e.olivia, query: "?kind=parts", wantCode: http.StatusOK, wantIDs: []string{}},
		{name: "an unknown kind is refused", token: e.casey, query: "?kind=gadgets", wantCode: http.StatusBadRequest},
		{name: "a user without a role of the portal", token: e.nora, query: "?kind=parts", wantCode: http.StatusForbidden},
		{name: "signed out", token: "", query: "?kind=parts", wantCode: http.StatusUnauthorized},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodGet, partsapi.AwaitingPaymentPath+tt.query, tt.token, "")
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			if tt.wantIDs == nil {
				return
			}
			var got partsapi.AwaitingPaymentJSON
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
			ids := []string{}
			for _, o := range got.Items {
				ids = append(ids, o.RMABatchID)
				require.Equal(t, "AWAITING_PAYMENT", o.Status)
			}
			require.Equal(t, tt.wantIDs, ids)
		})
	}
	w := e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.casey, "")
	require.Equal(t, http.StatusOK, w.Code, "an order's own path is still its own: %s", w.Body.String())
}

func TestPay_GivesTheOwnerTheSameApproveLinkAndNobodyElse(t *testing.T) {
	e := newUnpaidEnv(t)
	body := order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body))
	id := `{"rmaBatchId":"` + p.RMABatchID + `"}`

	w := e.do(t, http.MethodPost, partsapi.PayPath, e.casey, id)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var again partsapi.PlacedJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &again))
	require.Equal(t, p, again, "the same order, total and approve link")

	w = e.do(t, http.MethodPost, partsapi.PayPath, e.olivia, id)
	require.Equal(t, http.StatusNotFound, w.Code, "another customer's order is unknown")
	require.Equal(t, http.StatusUnauthorized, e.do(t, http.MethodPost, partsapi.PayPath, "", id).Code)
	require.Equal(t, http.StatusBadRequest, e.do(t, http.MethodPost, partsapi.PayPath, e.casey, "{").Code)

	require.Equal(t, http.StatusOK, e.do(t, http.MethodPost, partsapi.CancelPath, e.casey, id).Code)
	w = e.do(t, http.MethodPost, partsapi.PayPath, e.casey, id)
	require.Equal(t, http.StatusConflict, w.Code)
	require.Contains(t, w.Body.String(), "parts.orderCancelled")
}
