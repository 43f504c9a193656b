package partsapi_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// invHoldings is a fake of rma.Holdings: each subject's units, each unit's RMAs.
type invHoldings struct {
	held map[string][]rma.HeldUnit
	rmas map[string][]rma.HistoryItem
}

func (h invHoldings) Held(_ context.Context, v visibility.Viewer, _ rma.HeldFilter) ([]rma.HeldUnit, error) {
	return append([]rma.HeldUnit(nil), h.held[v.Subject]...), nil
}

func (h invHoldings) Unit(_ context.Context, v visibility.Viewer, serial rma.Serial) (rma.HeldUnit, []rma.HistoryItem, error) {
	for _, u := range h.held[v.Subject] {
		if u.Unit.Serial == serial.String() {
			return u, h.rmas[serial.String()], nil
		}
	}
	return rma.HeldUnit{}, nil, rma.ErrUnitNotFound
}

type invOrders map[string][]parts.OrderedUnit

func (o invOrders) OrderedSerials(_ context.Context, v visibility.Viewer, serial string, _ int) ([]parts.OrderedUnit, error) {
	var out []parts.OrderedUnit
	for _, u := range o[v.Subject] {
		if serial == "" || u.Serial == serial {
			out = append(out, u)
		}
	}
	return out, nil
}

type invEnv struct {
	r      *gin.Engine
	signer *authtest.Signer
}

func newInventoryRouter(t *testing.T) invEnv {
	t.Helper()
	gin.SetMode(gin.TestMode)
	end := time.Date(2029, 2, 28, 0, 0, 0, 0, time.UTC)
	past := time.Date(2024, 2, 28, 0, 0, 0, 0, time.UTC)
	reg := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	created := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	h := invHoldings{
		held: map[string][]rma.HeldUnit{"usr_casey": {
			{Unit: rma.Unit{Serial: "VT10000007", Model: "VX12", ModelFamily: "Veretos", ProductType: rma.ProductTypeVeretos, WarrantyEnd: &end},
				Registered: true, RegisteredAt: &reg, Sources: []string{rma.SourceRegistration}},
			{Unit: rma.Unit{Serial: "RT20000001", Model: "=HYPERLINK(\"x\")", ModelFamily: "-Ranger", ProductType: "LAPTOP", WarrantyEnd: &past},
				OpenRMA: &rma.OpenRMARef{Number: "RMA-100001", UID: "uid1", Status: rma.StatusReceived}, Sources: []string{rma.SourceRMA}},
		}},
		rmas: map[string][]rma.HistoryItem{"RT20000001": {{Number: "RMA-100001", UID: "uid1", Type: "REPAIR", Status: rma.StatusReceived, CreatedAt: created}}},
	}
	o := invOrders{"usr_casey": {{Serial: "VT10000007", RMABatchID: "PB-100001", CreatedAt: created, PartNumber: "VX12-BAT-STD", Quantity: 1}}}
	inv := parts.NewInventory(h, o, partstest.DemoUnits(), func() time.Time { return time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC) })
	signer := authtest.NewSigner(t)
	r := gin.New()
	partsapi.InventoryRoutes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), inv, testkit.Quiet())
	return invEnv{r: r, signer: signer}
}

func (e invEnv) get(t *testing.T, token, path string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	return w
}

func TestInventory_ListAndFilters(t *testing.T) {
	e := newInventoryRouter(t)
	casey := e.signer.Customer(t, "usr_casey")
	tests := []struct {
		name   string
		token  string
		query  string
		status int
		body   string
		want   []string
	}{
		{name: "signed out", query: "", status: http.StatusUnauthorized},
		{name: "signed in without a role of the portal", token: e.signer.Token(t, authtest.Claims{Subject: "usr_nora", Roles: []string{"field-app:viewer"}}),
			status: http.StatusForbidden, body: `{"error":"auth.noClientRole","message":"You do not have permission to use the service portal."}`},
		{name: "everything", token: casey, status: http.StatusOK, want: []string{"RT20000001", "VT10000007"}},
		{name: "by text", token: casey, query: "?q=veretos", status: http.StatusOK, want: []string{"VT10000007"}},
		{name: "by model", token: casey, query: "?model=vx12", status: http.StatusOK, want: []string{"VT10000007"}},
		{name: "by warranty", token: casey, query: "?warranty=OUT_OF_WARRANTY", status: http.StatusOK, want: []string{"RT20000001"}},
		{name: "with an open RMA", token: casey, query: "?openRma=true", status: http.StatusOK, want: []string{"RT20000001"}},
		{name: "without one", token: casey, query: "?openRma=false", status: http.StatusOK, want: []string{"VT10000007"}},
		{name: "paged", token: casey, query: "?page=2&itemsPerPage=1", status: http.StatusOK, want: []string{"VT10000007"}},
		{name: "another customer holds none of casey's", token: e.signer.Customer(t, "usr_diego"), status: http.StatusOK, want: []string{}},
		{name: "bad warranty and openRma", token: casey, query: "?warranty=x&openRma=maybe&page=0", status: http.StatusBadRequest,
			body: `"openRma":"Must be true or false","page":"Must be a positive number"`},
		{name: "bad warranty", token: casey, query: "?warranty=x", status: http.StatusBadRequest,
			body: `{"error":"validation","message":"Some fields are invalid.","fields":{"warranty":"Must be one of IN_WARRANTY, OUT_OF_WARRANTY, END_OF_SERVICE"}}`},
		{name: "page size", token: casey, query: "?itemsPerPage=101", status: http.StatusBadRequest, body: `"itemsPerPage":"Must be between 1 and 100"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.get(t, tt.token, partsapi.InventoryPath+tt.query)
			require.Equal(t, tt.status, w.Code, w.Body.String())
			if tt.body != "" {
				require.Contains(t, w.Body.String(), tt.body)
			}
			if tt.want == nil {
				return
			}
			var page partsapi.InventoryPageJSON
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &page))
			got := []string{}
			for _, it := range page.Items {
				got = append(got, it.Serial)
			}
			require.Equal(t, tt.want, got)
		})
	}
}

func TestInventory_UnitJSON(t *testing.T) {
	e := newInventoryRouter(t)
	w := e.get(t, e.signer.Customer(t, "usr_casey"), partsapi.InventoryPath)
	require.Equal(t, http.StatusOK, w.Code)
	require.JSONEq(t, `{"items":[
		{"serial":"RT20000001","model":"=HYPERLINK(\"x\")","modelFamily":"-Ranger","productType":"LAPTOP","warrantyState":"OUT_OF_WARRANTY",
		 "warrantyEnd":"2024-02-28","openRma":{"rmaNumber":"RMA-100001","uid":"uid1","status":"RECEIVED"},"registered":false,"registeredAt":null,"sources":["rma"]},
		{"serial":"VT10000007","model":"VX12","modelFamily":"Veretos","productType":"VERETOS","warrantyState":"IN_WARRANTY",
		 "warrantyEnd":"2029-02-28","openRma":null,"registered":true,"registeredAt":"2026-01-02T03:04:05Z","sources":["registration","order"]}
	],"total":2,"page":1,"itemsPerPage":20,"models":["=HYPERLINK(\"x\")","VX12"]}`, w.Body.String())
	require.Equal(t, "no-store", w.Header().Get("Cache-Control"))
}

func TestInventory_CSVHasEveryMatchAndNoFormulas(t *testing.T) {
	e := newInventoryRouter(t)
	w := e.get(t, e.signer.Customer(t, "usr_casey"), partsapi.InventoryPath+"?format=csv&itemsPerPage=1&page=2")
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "text/csv; charset=utf-8", w.Header().Get("Content-Type"))
	require.Equal(t, `attachment; filename="inventory.csv"`, w.Header().Get("Content-Disposition"))
	rows, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	require.NoError(t, err)
	require.Equal(t, [][]string{
		partsapi.InventoryCSVHeader,
		{"RT20000001", `'=HYPERLINK("x")`, "'-Ranger", "LAPTOP", "OUT_OF_WARRANTY", "2024-02-28", "RMA-100001", "RECEIVED", "no", "", "rma"},
		{"VT10000007", "VX12", "Veretos", "VERETOS", "IN_WARRANTY", "2029-02-28", "", "", "yes", "2026-01-02T03:04:05Z", "registration order"},
	}, rows, "every match, whatever the page")

	w = e.get(t, e.signer.Customer(t, "usr_casey"), partsapi.InventoryPath+"?format=csv&warranty=IN_WARRANTY")
	rows, err = csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2, "filtered")

	w = e.get(t, e.signer.Customer(t, "usr_casey"), partsapi.InventoryPath+"?format=csv&warranty=nope")
	require.Equal(t, http.StatusBadRequest, w.Code, "a bad filter is refused before any byte of CSV")
	require.NotContains(t, w.Header().Get("Content-Type"), "csv")

	w = e.get(t, "", partsapi.InventoryPath+"?format=csv")
	require.Equal(t, http.StatusUnauthorized, w.Code)
}

func TestInventory_Profile(t *testing.T) {
	e := newInventoryRouter(t)
	casey := e.signer.Customer(t, "usr_casey")
	w := e.get(t, casey, partsapi.InventoryPath+"/rt20000001")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"serial":"RT20000001","model":"=HYPERLINK(\"x\")","modelFamily":"-Ranger","productType":"LAPTOP","warrantyState":"OUT_OF_WARRANTY",
		 "warrantyEnd":"2024-02-28","openRma":{"rmaNumber":"RMA-100001","uid":"uid1","status":"RECEIVED"},"registered":false,"registeredAt":null,"sources":["rma"],
		 "rmas":[{"rmaNumber":"RMA-100001","uid":"uid1","type":"REPAIR","status":"RECEIVED","createdAt":"2026-05-06T07:08:09Z"}],"orders":[]}`, w.Body.String())

	w = e.get(t, casey, partsapi.InventoryPath+"/VT10000007")
	require.Equal(t, http.StatusOK, w.Code)
	var p partsapi.UnitProfileJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
	require.Equal(t, []partsapi.UnitOrderJSON{{RMABatchID: "PB-100001", CreatedAt: "2026-05-06T07:08:09Z", PartNumber: "VX12-BAT-STD", Quantity: 1}}, p.Orders)
	require.Equal(t, []partsapi.UnitRMAJSON{}, p.RMAs)

	notFound := `{"error":"rma.unitNotFound","message":"Serial Not Found"}`
	for _, tt := range []struct{ name, token, serial string }{
		{"another customer's unit", e.signer.Customer(t, "usr_diego"), "VT10000007"},
		{"unknown", casey, "ZZ99999999"},
		{"cannot be a serial", casey, "RT1'%20OR%201=1"},
	} {
		w := e.get(t, tt.token, partsapi.InventoryPath+"/"+tt.serial)
		require.Equal(t, http.StatusNotFound, w.Code, tt.name)
		require.JSONEq(t, notFound, w.Body.String(), tt.name)
	}
	require.Equal(t, http.StatusUnauthorized, e.get(t, "", partsapi.InventoryPath+"/VT10000007").Code)
}
