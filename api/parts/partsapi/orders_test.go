package partsapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
)

const fleetCo = "FleetCo Utilities"

type ordersEnv struct {
	*partstest.OrdersEnv
	router *gin.Engine
	// Tokens of the demo users: casey (parts, video serials), olivia (FleetCo, parts, PO),
	// diego (FleetCo, parts), nora (FleetCo, no role), plain (a customer without parts ordering).
	casey, olivia, diego, nora, plain string
}

func newOrdersEnv(t *testing.T) ordersEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := ordersEnv{OrdersEnv: partstest.NewOrders(t), router: gin.New()}
	s := authtest.NewSigner(t)
	partsapi.OrderRoutes(e.router, auth.NewGuard(s.Verifier(), testkit.Quiet()), e.Orders, testkit.Quiet())
	role := func(p auth.Permission) string { return authtest.ClientID + ":" + string(p) }
	customer := authtest.ClientID + ":customer"
	e.casey = s.Token(t, authtest.Claims{Subject: "usr_casey", Email: "casey@example.com",
		Roles: []string{customer, role(auth.PermCreatePartOrder), role(auth.PermVideoSerialAccess)},
		Extra: map[string]any{"given_name": "Casey", "family_name": "Morgan"}})
	org := map[string]any{"name": fleetCo}
	e.olivia = s.Token(t, authtest.Claims{Subject: "usr_olivia", Email: "olivia@fleetco.example",
		Roles: []string{customer, role(auth.PermCreatePartOrder), role(auth.PermPaymentPO), role(auth.PermVideoSerialAccess)},
		Extra: map[string]any{"org": org, "given_name": "Olivia", "family_name": "Chen"}})
	e.diego = s.Token(t, authtest.Claims{Subject: "usr_diego", Email: "diego@fleetco.example",
		Roles: []string{customer, role(auth.PermCreatePartOrder)}, Extra: map[string]any{"org": org}})
	e.nora = s.Token(t, authtest.Claims{Subject: "usr_nora", Email: "nora@fleetco.example", Extra: map[string]any{"org": org}})
	e.plain = s.Customer(t, "usr_plain")
	return e
}

func (e ordersEnv) do(t *testing.T, method, path, token, body string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	e.router.ServeHTTP(w, r)
	return w
}

func TestPrice(t *testing.T) {
	e := newOrdersEnv(t)
	tests := []struct {
		name   string
		body   string
		status int
		// total is the expected total in cents; problems the expected problems, in order.
		total    int64
		problems []partsapi.ProblemJSON
	}{
		{name: "catalogue prices times quantities (public: no token)",
			body:   `{"lines":[{"partNumber":"rl14-bat-std","quantity":2},{"partNumber":"VX12-DOCK-1","quantity":1,"model":"vx12"}]}`,
			status: http.StatusOK, total: 2*12900 + 14900},
		{name: "an unknown part is listed, left out of the total",
			body:   `{"lines":[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"NOPE-1","quantity":1}]}`,
			status: http.StatusOK, total: 12900,
			problems: []partsapi.ProblemJSON{{Index: 1, PartNumber: "NOPE-1", Code: "parts.unknownPart", Message: "Part NOPE-1 was not found."}}},
		{name: "a discontinued part", body: `{"lines":[{"partNumber":"RL14-RAD-LTE","quantity":1}]}`, status: http.StatusOK,
			problems: []partsapi.ProblemJSON{{Index: 0, PartNumber: "RL14-RAD-LTE", Code: "parts.discontinued", Message: "Part RL14-RAD-LTE is no longer sold."}}},
		{name: "quantities that are not whole numbers from 1 to 999",
			body:   `{"lines":[{"partNumber":"RL14-BAT-STD","quantity":0},{"partNumber":"RL14-BAT-STD","quantity":-2},{"partNumber":"RL14-BAT-STD","quantity":1000},{"partNumber":"RL14-BAT-STD","quantity":1.5},{"partNumber":"RL14-BAT-STD","quantity":"3"},{"partNumber":"RL14-BAT-STD"},{"partNumber":"RL14-BAT-STD","quantity":999}]}`,
			status: http.StatusOK, total: 999 * 12900,
			problems: []partsapi.ProblemJSON{
				{Index: 0, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
				{Index: 1, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
				{Index: 2, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
				{Index: 3, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
				{Index: 4, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
				{Index: 5, PartNumber: "RL14-BAT-STD", Code: "parts.badQuantity", Message: "Quantity must be a whole number from 1 to 999."},
			}},
		{name: "a part that does not fit the model", body: `{"lines":[{"partNumber":"RL14-BAT-STD","quantity":1,"model":"VX12"}]}`, status: http.StatusOK,
			problems: []partsapi.ProblemJSON{{Index: 0, PartNumber: "RL14-BAT-STD", Code: "parts.wrongModel", Message: "Part RL14-BAT-STD does not fit the VX12."}}},
		{name: "a body-worn camera part in a parts cart is a problem: only the video order takes it",
			body:   `{"kind":"parts","lines":[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"vx12-bat-std","quantity":1,"searchSerial":"VT10000007"}]}`,
			status: http.StatusOK, total: 12900,
			problems: []partsapi.ProblemJSON{{Index: 1, PartNumber: "VX12-BAT-STD", Code: "parts.videoOnly", Message: "Part VX12-BAT-STD is a body-worn camera part: order it through Order video parts."}}},
		{name: "the video cart prices its camera parts",
			body:   `{"kind":"video","lines":[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["VT10000007"]}]}`,
			status: http.StatusOK, total: 8900},
		{name: "a pricing for an unknown kind of order", body: `{"kind":"gifts","lines":[{"partNumber":"RL14-BAT-STD","quantity":1}]}`, status: http.StatusBadRequest},
		{name: "a price or total in the body is ignored: amounts are the server's",
			body:   `{"lines":[{"partNumber":"RL14-BAT-STD","quantity":1,"unitPrice":{"cents":1,"currency":"USD"},"lineTotal":{"cents":1}}],"total":{"cents":1}}`,
			status: http.StatusOK, total: 12900},
		{name: "more than 100 lines", body: `{"lines":[` + strings.Repeat(`{"partNumber":"A","quantity":1},`, 100) + `{"partNumber":"A","quantity":1}]}`, status: http.StatusBadRequest},
		{name: "not JSON", body: `{"lines":`, status: http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodPost, partsapi.PricePath, "", tt.body)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			if tt.status != http.StatusOK {
				return
			}
			var p partsapi.PricedJSON
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
			require.Equal(t, tt.total, p.Total.Cents)
			require.Equal(t, "USD", p.Total.Currency)
			if tt.problems == nil {
				tt.problems = []partsapi.ProblemJSON{}
			}
			require.Equal(t, tt.problems, p.Problems)
			require.Len(t, p.Lines, strings.Count(tt.body, "partNumber")-len(tt.problems), "a refused line is in problems only")
		})
	}

	w := e.do(t, http.MethodPost, partsapi.PricePath, "", `{"lines":[{"partNumber":" vx12-bat-std ","quantity":2,"model":"VX12","serials":["vt10000007"," VT10000008"]}]}`)
	require.Equal(t, http.StatusOK, w.Code)
	var p partsapi.PricedJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
	l := p.Lines[0]
	require.Equal(t, "VX12-BAT-STD", l.PartNumber)
	require.NotEmpty(t, l.Description)
	require.Equal(t, l.UnitPrice.Cents*2, l.LineTotal.Cents)
	require.Equal(t, []string{"VT10000007", "VT10000008"}, l.Serials)
	require.Equal(t, "IN_STOCK", l.Availability)
	require.NotEmpty(t, l.ImagePath)
}

const (
	contact = `"contact":{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"+1 202 555 0147","phoneCountryCode":"US","company":"","position":""}`
	address = `"address":{"line1":"100 Main St","line2":"","city":"Austin","state":"TX","country":"US","postalCode":"78701"}`
	paypal  = `"paymentData":{"paymentMethod":"PayPal"}`
)

func order(kind, lines, payment string) string {
	return `{"kind":"` + kind + `","lines":` + lines + `,` + contact + `,` + address + `,` + payment + `}`
}

func TestPlace_Refusals(t *testing.T) {
	e := newOrdersEnv(t)
	parts := order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)
	po := `"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/olivia.pdf"}`
	tests := []struct {
		name, token, body string
		status            int
		want              string
	}{
		{"signed out", "", parts, http.StatusUnauthorized, `"invalid_token"`},
		{"no role of the portal (spec §6)", e.nora, parts, http.StatusForbidden, `"auth.noClientRole"`},
		{"a customer without parts ordering", e.plain, parts, http.StatusForbidden, `"Your account cannot order parts. Please contact support to enable parts ordering."`},
		{"video parts without video serials", e.diego, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["VT20000001"]}]`, paypal),
			http.StatusForbidden, `"Your account cannot look up video unit serials."`},
		{"a purchase order without the permission", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, po),
			http.StatusForbidden, `"Your account cannot pay by purchase order."`},
		{"an unknown part", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"NOPE-1","quantity":1}]`, paypal),
			http.StatusBadRequest, `"lines.1":"Part NOPE-1 was not found."`},
		{"after a merge a message still names the line as sent", e.casey,
			order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"rl14-bat-std","quantity":1},{"partNumber":"NOPE-1","quantity":1}]`, paypal),
			http.StatusBadRequest, `"lines.2":"Part NOPE-1 was not found."`},
		{"merged quantities past 999", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":600},{"partNumber":"RL14-BAT-STD","quantity":600}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Quantity must be a whole number from 1 to 999."`},
		{"a serial twice on a line counts once", e.casey,
			order("video", `[{"partNumber":"VX12-BAT-STD","quantity":2,"model":"VX12","serials":["VT10000007","vt10000007"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.quantity":"Quantity must equal the number of serials."`},
		{"a discontinued part", e.casey, order("parts", `[{"partNumber":"RL14-RAD-LTE","quantity":1}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Part RL14-RAD-LTE is no longer sold."`},
		{"a tampered quantity", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":"1e9"}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Quantity must be a whole number from 1 to 999."`},
		{"a tampered model", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1,"model":"ST10"}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Part RL14-BAT-STD does not fit the ST10."`},
		{"no lines", e.casey, order("parts", `[]`, paypal), http.StatusBadRequest, `"lines":"Add at least one part to the order."`},
		{"an unknown kind", e.casey, order("gifts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal), http.StatusBadRequest, `"kind":"Required"`},
		{"another customer's serial answers like an unknown one", e.casey,
			order("video", `[{"partNumber":"VX12-BAT-STD","quantity":2,"model":"VX12","serials":["VT10000007","VT20000001"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.serials":"Serial VT20000001 is not one of your video units."`},
		{"a serial nobody has", e.casey, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["VT99999999"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.serials":"Serial VT99999999 is not one of your video units."`},
		{"a video unit of another model", e.casey, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["VT30000001"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.serials":"Serial VT30000001 is not one of your video units."`},
		{"a quantity that is not the number of serials", e.casey, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":3,"model":"VX12","serials":["VT10000007"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.quantity":"Quantity must equal the number of serials."`},
		{"a video line without serials", e.casey, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12"}]`, paypal),
			http.StatusBadRequest, `"lines.0.serials":"Add at least one serial for this part."`},
		{"a body-worn camera part on a parts order", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1},{"partNumber":"VX12-BAT-STD","quantity":1}]`, paypal),
			http.StatusBadRequest, `"lines.1":"Part VX12-BAT-STD is a body-worn camera part: order it through Order video parts."`},
		{"a camera part on a parts order by a customer who may not read video serials", e.diego, order("parts", `[{"partNumber":"VX12-DOCK-8","quantity":3}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Part VX12-DOCK-8 is a body-worn camera part: order it through Order video parts."`},
		{"a camera part on a parts order with its model and a searched serial", e.casey,
			order("parts", `[{"partNumber":"VX12-MNT-CLIP","quantity":1,"model":"VX12","searchSerial":"VT10000007"}]`, paypal),
			http.StatusBadRequest, `"lines.0":"Part VX12-MNT-CLIP is a body-worn camera part: order it through Order video parts."`},
		{"a camera part on a parts purchase order", e.olivia,
			order("parts", `[{"partNumber":"VX12-BAT-STD","quantity":1}]`, `"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/olivia.pdf"}`),
			http.StatusBadRequest, `"lines.0":"Part VX12-BAT-STD is a body-worn camera part: order it through Order video parts."`},
		{"an order total above the ceiling ($250,000.00 by default)", e.casey, order("parts", `[{"partNumber":"RL14-SCR","quantity":999}]`, paypal),
			http.StatusBadRequest, `"total":"Order total must be at most $250,000.00. Please split the parts into smaller orders."`},
		{"serials on a parts order's line", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1,"serials":["VT20000001"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.serials":"Serials are given only for video parts."`},
		{"a video line without a model", e.casey, order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"serials":["VT10000007"]}]`, paypal),
			http.StatusBadRequest, `"lines.0.model":"Choose the model this part is for."`},
		{"contact and address rules", e.casey, `{"kind":"parts","lines":[{"partNumber":"RL14-BAT-STD","quantity":1}],"contact":{"email":"not-an-email"},"address":{},` + paypal + `}`,
			http.StatusBadRequest, `"contact.firstName":"Required"`},
		{"no payment method", e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, `"paymentData":{}`),
			http.StatusBadRequest, `"paymentData.paymentMethod":"Required"`},
		{"a PO without its file", e.olivia, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, `"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234"}`),
			http.StatusBadRequest, `"paymentData.customerPOFileId":"Must Attach Files"`},
		{"a PO without its release number (PO_RELEASE_DOMAINS)", e.olivia, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, `"paymentData":{"paymentMethod":"PO","customerPO":"PO7781","customerPOFileId":"po/olivia.pdf"}`),
			http.StatusBadRequest, `"paymentData.poRelease":"Required"`},
		{"another customer's PO file", e.olivia, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, `"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/casey.pdf"}`),
			http.StatusBadRequest, `"paymentData.customerPOFileId":"The purchase order file was not found. Please upload it again."`},
		{"too long an idempotency key", e.casey, parts, http.StatusBadRequest, `"Idempotency-Key":"Must be less than 101 characters"`},
		{"a body that is not JSON", e.casey, `{"kind":"parts","lines":`, http.StatusBadRequest, `"error":"request.badBody"`},
		{"a body past its limit", e.casey, `{"kind":"parts","pad":"` + strings.Repeat(" ", 1<<20) + `"}`, http.StatusRequestEntityTooLarge, `"error":"request.tooLarge"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var header []string
			if strings.HasPrefix(tt.name, "too long") {
				header = []string{"Idempotency-Key", strings.Repeat("k", 101)}
			}
			w := e.do(t, http.MethodPost, partsapi.OrdersPath, tt.token, tt.body, header...)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			require.Contains(t, w.Body.String(), tt.want)
		})
	}
	// Nothing was ordered, nothing charged: no order, no e-mail, and the refused PO's
	// transaction (its quote included) rolled back with its batch id.
	pending, err := e.Outbox.Pending(t.Context(), 10)
	require.NoError(t, err)
	require.Empty(t, pending)
	w := e.do(t, http.MethodGet, partsapi.OrdersPath+"/PB-100001", e.olivia, "")
	require.Equal(t, http.StatusNotFound, w.Code)
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)))
	require.Equal(t, "PB-100001", p.RMABatchID, "the first order placed")
}

func placed(t *testing.T, w *httptest.ResponseRecorder) partsapi.PlacedJSON {
	t.Helper()
	require.Equal(t, http.StatusCreated, w.Code, w.Body.String())
	var p partsapi.PlacedJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
	return p
}

func orderOf(t *testing.T, w *httptest.ResponseRecorder) partsapi.OrderJSON {
	t.Helper()
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var o partsapi.OrderJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &o))
	return o
}

func confirmations(t *testing.T, e ordersEnv, to string) []mail.Entry {
	t.Helper()
	sent, err := e.Outbox.Recent(t.Context(), to, 50)
	require.NoError(t, err)
	var out []mail.Entry
	for _, m := range sent {
		if strings.HasPrefix(m.Message.Subject, "Your parts order ") {
			out = append(out, m)
		}
	}
	return out
}

func TestPlace_ByPayPal_ProcessCancelAndIdempotency(t *testing.T) {
	e := newOrdersEnv(t)
	body := order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":2},{"partNumber":"RL14-CHG-AC","quantity":1,"model":"RL14"}]`, paypal)
	first := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body, "Idempotency-Key", "k-1"))
	require.Equal(t, "PB-100001", first.RMABatchID)
	require.Equal(t, "AWAITING_PAYMENT", first.Status)
	require.Contains(t, first.PaymentURL, "return=http://portal.test/parts-order/checkout?batch=PB-100001")
	again := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body, "Idempotency-Key", "k-1"))
	require.Equal(t, first, again, "the same key answers the same order: no second charge")

	o := orderOf(t, e.do(t, http.MethodGet, partsapi.OrdersPath+"/pb-100001", e.casey, ""))
	require.Equal(t, first.Total, o.Total)
	var sum int64
	for _, l := range o.Lines {
		require.Equal(t, l.UnitPrice.Cents*int64(l.Quantity), l.LineTotal.Cents)
		sum += l.LineTotal.Cents
	}
	require.Equal(t, sum, o.Total.Cents, "the total is the lines' at the catalogue's prices")
	require.True(t, o.Mine)
	require.Equal(t, "Casey Morgan", o.OrderedByName)

	w := e.do(t, http.MethodPost, partsapi.ProcessPath, e.casey, `{"rmaBatchId":"PB-100001","token":"EC-1"}`)
	require.Equal(t, http.StatusConflict, w.Code, "not approved yet")
	require.Empty(t, confirmations(t, e, "casey@example.com"))
	w = e.do(t, http.MethodPost, partsapi.ProcessPath, e.olivia, `{"rmaBatchId":"PB-100001"}`)
	require.Equal(t, http.StatusNotFound, w.Code, "another customer's order")

	e.Payments.Approve("PB-100001")
	o = orderOf(t, e.do(t, http.MethodPost, partsapi.ProcessPath, e.casey, `{"rmaBatchId":"PB-100001","token":"EC-1"}`))
	require.Equal(t, "PLACED", o.Status)
	o = orderOf(t, e.do(t, http.MethodPost, partsapi.ProcessPath, e.casey, `{"rmaBatchId":"PB-100001","token":"EC-1"}`))
	require.Equal(t, "PLACED", o.Status, "a repeated return answers the same")
	require.NoError(t, e.Orders.QuotePaid(t.Context(), "PB-100001"), "a late webhook changes nothing")
	sent := confirmations(t, e, "casey@example.com")
	require.Len(t, sent, 1, "one confirmation")
	require.Contains(t, sent[0].Message.Text, "2 x RL14-BAT-STD")

	w = e.do(t, http.MethodPost, partsapi.CancelPath, e.casey, `{"rmaBatchId":"PB-100001"}`)
	require.Equal(t, http.StatusConflict, w.Code, "a paid order is not cancelled")
	require.Contains(t, w.Body.String(), "parts.notCancellable")

	second := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body, "Idempotency-Key", "k-2"))
	require.Equal(t, "PB-100002", second.RMABatchID)
	o = orderOf(t, e.do(t, http.MethodPost, partsapi.CancelPath, e.casey, `{"rmaBatchId":"PB-100002"}`))
	require.Equal(t, "CANCELLED", o.Status)
	q, _ := e.Payments.Quote("PB-100002")
	require.Equal(t, "cancelled", q.Status, "its quote is cancelled with it")
	w = e.do(t, http.MethodPost, partsapi.ProcessPath, e.casey, `{"rmaBatchId":"PB-100002"}`)
	require.Equal(t, http.StatusConflict, w.Code)
	require.Contains(t, w.Body.String(), "parts.orderCancelled")
	w = e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body, "Idempotency-Key", "k-2")
	require.Equal(t, http.StatusConflict, w.Code, "a cancelled order's key is not placed again")
	require.Equal(t, "CANCELLED", orderOf(t, e.do(t, http.MethodPost, partsapi.CancelPath, e.casey, `{"rmaBatchId":"PB-100002"}`)).Status, "cancelled twice")
}

func TestPlace_ByPurchaseOrder_AndWhoSeesIt(t *testing.T) {
	e := newOrdersEnv(t)
	body := `{"kind":"video","lines":[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["vt20000001"],"searchSerial":"VT20000001"}],` +
		strings.Replace(contact, "casey@example.com", "olivia@fleetco.example", 1) + `,` + address +
		`,"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/olivia.pdf"}}`
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.olivia, body))
	require.Equal(t, "PLACED", p.Status)
	require.Empty(t, p.PaymentURL)
	q, _ := e.Payments.Quote(p.RMABatchID)
	require.Equal(t, "paid", q.Status)
	require.Equal(t, "PO-7781-1234", q.CustomerPO)
	require.Len(t, confirmations(t, e, "olivia@fleetco.example"), 1, "the confirmation is queued with the order")

	o := orderOf(t, e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.diego, ""))
	require.False(t, o.Mine, "a colleague's order")
	require.Equal(t, "Olivia Chen", o.OrderedByName)
	require.Equal(t, "video", o.Kind)
	require.Equal(t, []string{"VT20000001"}, o.Lines[0].Serials)
	require.Equal(t, "PO", o.PaymentMethod)
	for _, token := range []string{e.casey, e.plain} {
		w := e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, token, "")
		require.Equal(t, http.StatusNotFound, w.Code, "another customer's order answers like an unknown one")
		require.JSONEq(t, `{"error":"parts.orderNotFound","message":"Order not found"}`, w.Body.String())
	}
	w := e.do(t, http.MethodPost, partsapi.CancelPath, e.diego, `{"rmaBatchId":"`+p.RMABatchID+`"}`)
	require.Equal(t, http.StatusNotFound, w.Code, "only the owner cancels")

	w = e.do(t, http.MethodPost, partsapi.OrdersPath, e.olivia, strings.Replace(body, "VX12-BAT-STD", "VX12-DOCK-1", 1))
	require.Equal(t, http.StatusBadRequest, w.Code, "a PO file pays one order")
	require.Contains(t, w.Body.String(), "already used by another order")
}

func TestOrderCalls_NeedARoleOfThePortal(t *testing.T) {
	e := newOrdersEnv(t)
	placedByOlivia := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.olivia, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)))
	// nora is of olivia's organization but has no role of the portal: she reaches no call, not
	// even her colleague's order (spec §6).
	for _, c := range []struct{ method, path, body string }{
		{http.MethodPost, partsapi.OrdersPath, order("parts", `[{"partNumber":"RL14-BAT-STD","quantity":1}]`, paypal)},
		{http.MethodPost, partsapi.ProcessPath, `{"rmaBatchId":"` + placedByOlivia.RMABatchID + `"}`},
		{http.MethodPost, partsapi.CancelPath, `{"rmaBatchId":"` + placedByOlivia.RMABatchID + `"}`},
		{http.MethodGet, partsapi.OrdersPath + "/" + placedByOlivia.RMABatchID, ""},
		{http.MethodGet, partsapi.VideoSerialsPath, ""},
	} {
		w := e.do(t, c.method, c.path, e.nora, c.body)
		require.Equal(t, http.StatusForbidden, w.Code, c.method+" "+c.path)
		require.JSONEq(t, `{"error":"auth.noClientRole","message":"You do not have permission to use the service portal."}`, w.Body.String())
	}
	require.Equal(t, http.StatusOK, e.do(t, http.MethodPost, partsapi.PricePath, e.nora, `{"lines":[]}`).Code, "pricing stays public")
}

func TestVideoSerials(t *testing.T) {
	e := newOrdersEnv(t)
	w := e.do(t, http.MethodGet, partsapi.VideoSerialsPath+"?model=vx12", e.casey, "")
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"items":[{"serial":"VT10000007","model":"VX12","modelFamily":"Veretos"},{"serial":"VT10000008","model":"VX12","modelFamily":"Veretos"}]}`, w.Body.String())
	w = e.do(t, http.MethodGet, partsapi.VideoSerialsPath, e.olivia, "")
	require.JSONEq(t, `{"items":[{"serial":"VT20000001","model":"VX12","modelFamily":"Veretos"}]}`, w.Body.String(), "the organization's, never another customer's")
	w = e.do(t, http.MethodGet, partsapi.VideoSerialsPath, e.diego, "")
	require.Equal(t, http.StatusForbidden, w.Code)
	require.Contains(t, w.Body.String(), `"Your account cannot look up video unit serials."`)
	require.Equal(t, http.StatusUnauthorized, e.do(t, http.MethodGet, partsapi.VideoSerialsPath, "", "").Code)
}

func TestPlace_RecordsOnlyASearchedSerialTheCustomerHolds(t *testing.T) {
	e := newOrdersEnv(t)
	// The fake holdings know video units only; what is checked is the serial, not the part.
	body := `{"kind":"parts","lines":[` +
		`{"partNumber":"RL14-BAT-STD","quantity":1,"searchSerial":"vt10000007"},` +
		`{"partNumber":"RL14-CHG-AC","quantity":1,"searchSerial":"VT20000001"},` +
		`{"partNumber":"RL14-CASE","quantity":1,"searchSerial":"` + strings.Repeat("V", 51) + `"}],` +
		strings.Replace(contact, "casey@example.com", "olivia@fleetco.example", 1) + `,` + address +
		`,"paymentData":{"paymentMethod":"PO","customerPO":"PO-7781-1234","customerPOFileId":"po/olivia.pdf"}}`
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.olivia, body))
	require.Equal(t, "PLACED", p.Status)

	o, err := e.Store.Order(t.Context(), p.RMABatchID)
	require.NoError(t, err)
	require.Equal(t, "", o.Lines[0].SearchSerial, "casey's unit is not olivia's: the order is placed, the serial not recorded")
	require.Equal(t, "VT20000001", o.Lines[1].SearchSerial, "her own unit is")
	require.Equal(t, "", o.Lines[2].SearchSerial, "too long to be a unit")

	units, err := e.Store.OrderedSerials(t.Context(), visibility.Viewer{Subject: "usr_olivia", Org: fleetCo}, "", 100)
	require.NoError(t, err)
	require.Len(t, units, 1, "another customer's unit never reaches olivia's inventory through her order")
	require.Equal(t, "VT20000001", units[0].Serial)
}

func TestPlace_MergesLinesOfOnePartAndModel(t *testing.T) {
	e := newOrdersEnv(t)
	body := order("video", `[{"partNumber":"VX12-BAT-STD","quantity":1,"model":"VX12","serials":["VT10000007"]},`+
		`{"partNumber":"vx12-bat-std","quantity":2,"model":"VX12","serials":["VT10000007","VT10000008"]}]`, paypal)
	p := placed(t, e.do(t, http.MethodPost, partsapi.OrdersPath, e.casey, body))

	o := orderOf(t, e.do(t, http.MethodGet, partsapi.OrdersPath+"/"+p.RMABatchID, e.casey, ""))
	require.Len(t, o.Lines, 1, "one line per part and model, as the cart keeps them")
	require.Equal(t, []string{"VT10000007", "VT10000008"}, o.Lines[0].Serials)
	require.Equal(t, 2, o.Lines[0].Quantity, "one part per unit, not one per line sent")
	require.Equal(t, 2*o.Lines[0].UnitPrice.Cents, o.Total.Cents)
}
