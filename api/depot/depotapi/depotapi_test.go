package depotapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"iter"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadstest"
)

// unusedRMAs fails a test that reaches the RMA store: the cases here stop before it.
type unusedRMAs struct{ t *testing.T }

func (u unusedRMAs) LockRMA(_ context.Context, number string) (rma.RMA, error) {
	u.t.Fatalf("the RMA store was reached for %s", number)
	return rma.RMA{}, nil
}

// noTx runs the function without a transaction: the fakes keep nothing to roll back.
type noTx struct{}

func (noTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// photoStore keeps the photos' names, as uploads.Service would keep the files.
type photoStore struct{ names []string }

func (p *photoStore) Upload(_ context.Context, owner string, files iter.Seq2[uploads.File, error]) ([]uploads.Attachment, error) {
	var out []uploads.Attachment
	for f, err := range files {
		if err != nil {
			return nil, err
		}
		if _, err := io.Copy(io.Discard, f.Content); err != nil {
			return nil, err
		}
		name := "depot/" + owner + "/" + f.Name
		p.names = append(p.names, name)
		out = append(out, uploads.Attachment{OriginalName: f.Name, BucketFileName: name})
	}
	if len(out) == 0 {
		return nil, uploads.ErrNoFiles
	}
	return out, nil
}

type env struct {
	r      *gin.Engine
	signer *authtest.Signer
	store  *depottest.Store
}

func newEnv(t *testing.T) env {
	gin.SetMode(gin.TestMode)
	signer := authtest.NewSigner(t)
	store := &depottest.Store{Rows: []rma.WorkRow{
		{Number: "RMA-100501", Serial: "RT10000001", Status: rma.StatusAwaitingUnit, CreatedAt: time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)},
		{Number: "RMA-100502", Serial: "RT10000002", Status: rma.StatusReceived, CreatedAt: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)},
	}}
	svc := &depot.Service{Store: store, InWork: store, RMAs: unusedRMAs{t}, Tx: noTx{}, Log: testkit.Quiet(), Now: time.Now}
	r := gin.New()
	depotapi.Routes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), svc, &photoStore{}, testkit.Quiet())
	return env{r: r, signer: signer, store: store}
}

func (e env) token(t *testing.T, role string) string {
	switch role {
	case "":
		return ""
	case "customer":
		return e.signer.Customer(t, "usr_casey")
	default:
		return e.signer.Token(t, authtest.Claims{Subject: "usr_" + role, Email: role + "@rugged.example", Roles: []string{authtest.ClientID + ":" + role}})
	}
}

func (e env) do(t *testing.T, method, target, role, body string) (int, map[string]any) {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if tok := e.token(t, role); tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	var out map[string]any
	_ = json.Unmarshal(w.Body.Bytes(), &out)
	return w.Code, out
}

const (
	technician = string(auth.PermDepotTechnician)
	lead       = string(auth.PermDepotLead)
)

func TestRoutes_OnlyStaffAndLeadsWhereStated(t *testing.T) {
	e := newEnv(t)
	tests := []struct {
		method, target string
		want           map[string]int
	}{
		{"GET", "/depot/queue", map[string]int{"": 401, "customer": 403, technician: 200, lead: 200}},
		{"GET", "/depot/backlog", map[string]int{"": 401, "customer": 403, technician: 403, lead: 200}},
		{"GET", "/depot/audit", map[string]int{"": 401, "customer": 403, technician: 403, lead: 200}},
		{"GET", "/depot/flags", map[string]int{"": 401, "customer": 403, technician: 403, lead: 200}},
		// An empty body reaches validation, so the guard is all that differs.
		{"POST", "/depot/rmas/RMA-100501/receive", map[string]int{"": 401, "customer": 403, technician: 400, lead: 400}},
		{"POST", "/depot/photos", map[string]int{"": 401, "customer": 403, technician: 400, lead: 400}}, // no multipart body
		{"POST", "/depot/rmas/RMA-100501/repair", map[string]int{"": 401, "customer": 403, technician: 400, lead: 400}},
		{"POST", "/depot/rmas/RMA-100501/diagnosis", map[string]int{"": 401, "customer": 403, technician: 400, lead: 400}},
	}
	for _, tt := range tests {
		for role, want := range tt.want {
			code, body := e.do(t, tt.method, tt.target, role, `{}`)
			require.Equal(t, want, code, "%s %s as %q: %v", tt.method, tt.target, role, body)
		}
	}
}

func TestReceive_WithoutPhotoOrSerialIsRefusedByField(t *testing.T) {
	e := newEnv(t)
	code, body := e.do(t, "POST", "/depot/rmas/RMA-100501/receive", technician, `{"serial":" ","photos":[],"notes":"ok"}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, map[string]any{"serial": "Required", "photos": depot.MsgPhotoRequired}, body["fields"])
}

func TestQueue_SearchesByTheScannedSerialAndPages(t *testing.T) {
	e := newEnv(t)
	code, body := e.do(t, "GET", "/depot/queue?q=rt10000002", technician, "")
	require.Equal(t, http.StatusOK, code)
	items := body["items"].([]any)
	require.Len(t, items, 1)
	require.Equal(t, "RMA-100502", items[0].(map[string]any)["rmaNumber"])

	code, body = e.do(t, "GET", "/depot/queue?first=1", technician, "")
	require.Equal(t, http.StatusOK, code)
	require.Len(t, body["items"], 1)
	next := body["next"].(string)
	require.NotEmpty(t, next)
	code, body = e.do(t, "GET", "/depot/queue?first=1&after="+next, technician, "")
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, "RMA-100502", body["items"].([]any)[0].(map[string]any)["rmaNumber"])

	code, body = e.do(t, "GET", "/depot/queue?status=LOST", technician, "")
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, map[string]any{"status": "Choose a status from the list"}, body["fields"])
	code, body = e.do(t, "GET", "/depot/queue?after=garbage", technician, "")
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, "depot.badCursor", body["error"])
}

func TestRepair_WithoutWorkOrWithAFailedCheckIsRefusedByField(t *testing.T) {
	e := newEnv(t)
	code, body := e.do(t, "POST", "/depot/rmas/RMA-100501/repair", technician, `{"workPerformed":"","qa":[{"check":"Powers on","passed":false}]}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, map[string]any{"workPerformed": "Required", "qa": depot.MsgQAFailed}, body["fields"])
	code, body = e.do(t, "POST", "/depot/rmas/RMA-100501/repair", technician, `{"workPerformed":"Replaced display"}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.Equal(t, map[string]any{"qa": depot.MsgQARequired}, body["fields"])
}

func TestPhotos_StaffUploadConditionPhotosAsTheirOwn(t *testing.T) {
	e := newEnv(t)
	body, contentType := uploadstest.Multipart(uploadstest.Part{Field: "files[0]", Name: "front.png", Content: bytes.NewReader(uploadstest.PNG())})
	defer body.Close()
	req := httptest.NewRequest(http.MethodPost, "/depot/photos", body)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+e.token(t, technician))
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var got []map[string]any
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	require.Equal(t, []map[string]any{{"originalname": "front.png", "bucketFileName": "depot/usr_" + technician + "/front.png"}}, got)
}

func TestDiagnose_AnswersEveryFieldMessageBeforeTheStore(t *testing.T) {
	e := newEnv(t)
	code, body := e.do(t, "POST", "/depot/rmas/RMA-100502/diagnosis", technician,
		`{"findings":[{"code":"LIQUID_DAMAGE","description":"Corrosion","photos":["depot/a.jpg"]}],"lineItems":[{"kind":"LABOUR","code":"","quantity":100}]}`)
	require.Equal(t, 400, code, body)
	require.Equal(t, map[string]any{
		"findings[0].photos":    depot.MsgCoverPhotos,
		"lineItems[0].kind":     depot.MsgChooseKind,
		"lineItems[0].code":     "Required",
		"lineItems[0].quantity": depot.MsgQuantity,
	}, body["fields"])
}
