package batchapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchapi"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rmadb"
)

type env struct {
	r         *gin.Engine
	signer    *authtest.Signer
	discounts *batchtest.Discounts
	branches  *batchtest.Branches
}

func newEnv(t *testing.T) env {
	gin.SetMode(gin.TestMode)
	e := env{signer: authtest.NewSigner(t), discounts: &batchtest.Discounts{Percent: 10},
		branches: &batchtest.Branches{ByOrg: map[string][]string{"FleetCo": {"Austin Depot"}}}}
	svc := batch.NewService(batch.Deps{
		Units: &batchtest.Units{Units: rmadb.DemoUnits()}, Options: &batchtest.Options{ByModel: rmadb.DemoRepairOptions()},
		Branches: e.branches, Discounts: e.discounts, Now: func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) },
	})
	e.r = gin.New()
	batchapi.Routes(e.r, auth.NewGuard(e.signer.Verifier(), testkit.Quiet()), svc, testkit.Quiet())
	return e
}

// The personas every route is tried with.
func (e env) tokens(t *testing.T) map[string]string {
	return map[string]string{
		"anonymous": "",
		"casey":     e.signer.Customer(t, "usr_casey"),
		"olivia": e.signer.Token(t, authtest.Claims{Subject: "usr_olivia", Email: "olivia@fleetco.example", Roles: []string{authtest.ClientID + ":customer"},
			Extra: map[string]any{"org": map[string]any{"name": "FleetCo"}}}),
		"tariq": e.signer.Token(t, authtest.Claims{Subject: "usr_tariq", Email: "tariq@rugged.example", Roles: []string{authtest.ClientID + ":service:depot:technician"}}),
		"nora":  e.signer.Token(t, authtest.Claims{Subject: "usr_nora", Email: "nora@example.com"}),
	}
}

func (e env) do(t *testing.T, method, path, token, contentType string, body []byte) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, bytes.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	return w
}

func multipartFile(t *testing.T, field, name string, content []byte) (string, []byte) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	fw, err := mw.CreateFormFile(field, name)
	require.NoError(t, err)
	_, err = fw.Write(content)
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	return mw.FormDataContentType(), b.Bytes()
}

// Who may call each route: a customer (a role of this client); not an anonymous caller, not
// staff without a customer role, not a signed-in user without a role.
func TestRoutes_OnlyCustomers(t *testing.T) {
	e := newEnv(t)
	ct, file := multipartFile(t, "file", "fleet.csv", []byte("serial\nRT10000001\n"))
	calls := []struct {
		method, path, contentType string
		body                      []byte
	}{
		{http.MethodGet, "/rma-manager/batches/template.csv", "", nil},
		{http.MethodPost, "/rma-manager/batches/parse", ct, file},
		{http.MethodPost, "/rma-manager/batches/preflight", "application/json", []byte(`{"rows":[{"serial":"RT10000001"}]}`)},
	}
	want := map[string]int{"anonymous": 401, "casey": 200, "olivia": 200, "tariq": 403, "nora": 403}
	for persona, token := range e.tokens(t) {
		for _, c := range calls {
			w := e.do(t, c.method, c.path, token, c.contentType, c.body)
			require.Equal(t, want[persona], w.Code, "%s %s as %s: %s", c.method, c.path, persona, w.Body.String())
		}
	}
}

func TestTemplate_IsTheCSVWithItsHeader(t *testing.T) {
	e := newEnv(t)
	w := e.do(t, http.MethodGet, "/rma-manager/batches/template.csv", e.tokens(t)["casey"], "", nil)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "text/csv; charset=utf-8", w.Header().Get("Content-Type"))
	require.Equal(t, `attachment; filename="rma-batch-template.csv"`, w.Header().Get("Content-Disposition"))
	lines := strings.Split(strings.TrimSpace(w.Body.String()), "\n")
	require.Equal(t, "serial,fault,problem,notes,customer reference,asset tag,branch,has data", lines[0])
	require.Len(t, lines, 3)
	require.True(t, strings.HasPrefix(lines[1], "RT10000001,"))
}

func TestParse_AnswersTheRowsAndRefusesBadFiles(t *testing.T) {
	e := newEnv(t)
	casey := e.tokens(t)["casey"]
	ct, body := multipartFile(t, "file", "units.txt", []byte("Serial,Has Data,notes\nRT10000001,no,=cmd|' /C calc'!A0\n\nVT10000007,,x\n"))
	w := e.do(t, http.MethodPost, "/rma-manager/batches/parse", casey, ct, body)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rows":[
		{"line":2,"serial":"RT10000001","fault":"","problem":"","notes":"=cmd|' /C calc'!A0","customerReference":"","assetTag":"","branch":"","hasData":false},
		{"line":4,"serial":"VT10000007","fault":"","problem":"","notes":"x","customerReference":"","assetTag":"","branch":"","hasData":null}]}`, w.Body.String())

	refusals := []struct {
		name, contentType string
		body              []byte
		status            int
		id, message       string
	}{}
	add := func(name string, content []byte, status int, id, message string) {
		ct, body := multipartFile(t, "file", "fleet.csv", content)
		refusals = append(refusals, struct {
			name, contentType string
			body              []byte
			status            int
			id, message       string
		}{name, ct, body, status, id, message})
	}
	add("unknown column", []byte("Serail\nRT10000001\n"), 400, "batch.badFile", `Unknown column "Serail". The columns are: serial, fault, problem, notes, customer reference, asset tag, branch, has data`)
	add("a PNG named .csv", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 400, "batch.badFile", "The file is neither a CSV nor an XLSX file.")
	add("empty", nil, 400, "batch.badFile", "The file is empty.")
	add("over 2 MB", append([]byte("serial\n"), bytes.Repeat([]byte("RT10000001\n"), batch.MaxFileSize/11+1)...), 413, "batch.tooLarge", "A batch file must be 2 MB or smaller.")
	ctOther, otherField := multipartFile(t, "files[0]", "fleet.csv", []byte("serial\nRT10000001\n"))
	refusals = append(refusals, struct {
		name, contentType string
		body              []byte
		status            int
		id, message       string
	}{"no file field", ctOther, otherField, 400, "uploads.noFiles", "Must Attach Files"})
	for _, r := range refusals {
		t.Run(r.name, func(t *testing.T) {
			w := e.do(t, http.MethodPost, "/rma-manager/batches/parse", casey, r.contentType, r.body)
			require.Equal(t, r.status, w.Code, w.Body.String())
			var got struct{ Error, Message string }
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
			require.Equal(t, r.id, got.Error)
			require.Equal(t, r.message, got.Message)
		})
	}
}

func TestPreflight_AnswersEachRowsVerdictAndTheSummary(t *testing.T) {
	e := newEnv(t)
	olivia := e.tokens(t)["olivia"]
	body := `{"rows":[
		{"serial":"RT10000001","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked.","branch":"austin depot"},
		{"serial":"RT10000002","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."},
		{"serial":"RT10000003","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked.","branch":"Reno"},
		{"serial":"RT10000001","fault":"Display","problem":"Dead pixels or lines","notes":"Lines."},
		{"serial":"VT10000007","fault":"Display","problem":"Touch not responding","notes":"Dead.","hasData":true},
		{"serial":"NOPE-1"}]}`
	w := e.do(t, http.MethodPost, "/rma-manager/batches/preflight", olivia, "application/json", []byte(body))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"rows":[
		{"index":0,"serial":"RT10000001","ok":false,"reasons":[{"field":"serial","message":"Listed twice: rows 1 and 4"}],"model":"RL14","entitlement":"IN_WARRANTY","price":null},
		{"index":1,"serial":"RT10000002","ok":true,"reasons":[],"model":"ST12","entitlement":"OUT_OF_WARRANTY","price":"260.10"},
		{"index":2,"serial":"RT10000003","ok":false,"reasons":[{"field":"branch","message":"Your organization has no branch \"Reno\"."}],"model":"RL15","entitlement":"OVERRIDE","price":null},
		{"index":3,"serial":"RT10000001","ok":false,"reasons":[{"field":"serial","message":"Listed twice: rows 1 and 4"}],"model":"RL14","entitlement":"IN_WARRANTY","price":null},
		{"index":4,"serial":"VT10000007","ok":true,"reasons":[],"model":"VX12","entitlement":"IN_WARRANTY","price":null},
		{"index":5,"serial":"NOPE-1","ok":false,"reasons":[{"field":"serial","message":"Serial Not Found"},{"field":"fault","message":"Required"},{"field":"problem","message":"Required"},{"field":"notes","message":"Required"}],"model":null,"entitlement":null,"price":null}],
		"summary":{"rows":6,"ok":2,"failed":4,"inWarranty":1,"outOfWarranty":1,"override":0,"total":"260.10"}}`, w.Body.String())
	require.Len(t, e.discounts.Tokens, 1)
	require.Equal(t, olivia, e.discounts.Tokens[0], "the discount is the caller's, read with their token")
}

func TestPreflight_RefusesTooManyRowsNoneAndABadBody(t *testing.T) {
	e := newEnv(t)
	casey := e.tokens(t)["casey"]
	rows := make([]string, batch.MaxRows+1)
	for i := range rows {
		rows[i] = fmt.Sprintf(`{"serial":"RT%08d"}`, 10001000+i)
	}
	tests := []struct {
		name, body string
		want       string
	}{
		{"1,001 rows", `{"rows":[` + strings.Join(rows, ",") + `]}`, `{"error":"validation","message":"Some fields are invalid.","fields":{"rows":"A batch holds at most 1,000 rows"}}`},
		{"no rows", `{"rows":[]}`, `{"error":"validation","message":"Some fields are invalid.","fields":{"rows":"Required"}}`},
		{"not JSON", `rows`, `{"error":"batch.badRequest","message":"The request body must be JSON: {rows: [...]}."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := e.do(t, http.MethodPost, "/rma-manager/batches/preflight", casey, "application/json", []byte(tt.body))
			require.Equal(t, http.StatusBadRequest, w.Code)
			require.JSONEq(t, tt.want, w.Body.String())
		})
	}
	t.Run("over 4 MB", func(t *testing.T) {
		body := `{"rows":[{"serial":"RT10000001","notes":"` + strings.Repeat("x", 4<<20) + `"}]}`
		w := e.do(t, http.MethodPost, "/rma-manager/batches/preflight", casey, "application/json", []byte(body))
		require.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
		require.JSONEq(t, `{"error":"batch.bodyTooLarge","message":"The rows must be 4 MB of JSON or less."}`, w.Body.String())
	})
}
