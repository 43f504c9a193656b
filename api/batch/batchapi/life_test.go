package batchapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchapi"
	"rugged.example/portal/api/batch/batchdb"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rmadb"
)

type lifeEnv struct {
	env
	svc  *batch.Service
	pay  *batchtest.Payments
	docs *batchtest.Documents
	rmas *batchtest.RMAs
}

func newLifeEnv(t *testing.T) lifeEnv {
	gin.SetMode(gin.TestMode)
	gdb := testkit.SQLite(t)
	require.NoError(t, batchdb.Migrate(t.Context(), gdb))
	e := lifeEnv{env: env{signer: authtest.NewSigner(t), discounts: &batchtest.Discounts{Percent: 10}, branches: &batchtest.Branches{}},
		pay: &batchtest.Payments{}, docs: &batchtest.Documents{PDF: []byte("%PDF-1.7 labels")}, rmas: &batchtest.RMAs{}}
	e.svc = batch.NewService(batch.Deps{
		Units: &batchtest.Units{Units: rmadb.DemoUnits()}, Options: &batchtest.Options{ByModel: rmadb.DemoRepairOptions()},
		Branches: e.branches, Discounts: e.discounts, Now: func() time.Time { return time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC) },
		Store: batchdb.NewStore(gdb), Tx: db.NewTransactor(gdb), RMAs: e.rmas, Documents: e.docs, Payments: e.pay,
		PurchaseOrders: &batchtest.PurchaseOrders{}, Mail: &batchtest.Mail{}, Addresses: batchtest.Addresses{}, Log: testkit.Quiet(),
		Settings: batch.Settings{PublicURL: "https://portal.example"},
	})
	e.r = gin.New()
	batchapi.Routes(e.r, auth.NewGuard(e.signer.Verifier(), testkit.Quiet()), e.svc, testkit.Quiet())
	return e
}

const submitBody = `{"rows":[
 {"serial":"RT10000001","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked.","customerReference":"=HYPERLINK(\"x\")"},
 {"serial":"RT10000002","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."},
 {"serial":"@SUM(A1)","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."}],
 "contact":{"firstName":"Olivia","lastName":"Reyes","email":"olivia@fleetco.example","phone":"5125550142","phoneCountryCode":"US"},
 "address":{"line1":"2100 Riverside Dr","city":"Austin","state":"TX","country":"US","postalCode":"78741"},
 "packaging":{"kind":"OWN_BOXES","unitsPerBox":10},"acknowledgeHddBackup":true,"paymentData":{"paymentMethod":"SAVE"}}`

func (e lifeEnv) call(t *testing.T, method, path, token, body string, header ...string) (int, string) {
	t.Helper()
	var raw []byte
	if body != "" {
		raw = []byte(body)
	}
	req := httptest.NewRequest(method, path, bytes.NewReader(raw))
	if strings.HasSuffix(path, "/events") {
		// The stream of a batch still processing answers until its client goes: this one goes soon.
		ctx, cancel := context.WithTimeout(req.Context(), 300*time.Millisecond)
		defer cancel()
		req = req.WithContext(ctx)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	e.r.ServeHTTP(w, req)
	return w.Code, w.Body.String()
}

func (e lifeEnv) submit(t *testing.T, token, key string) batchapi.ResultJSON {
	t.Helper()
	code, body := e.call(t, http.MethodPost, "/rma-manager/batches", token, submitBody, "Idempotency-Key", key)
	require.Equal(t, http.StatusAccepted, code, body)
	var res batchapi.ResultJSON
	require.NoError(t, json.Unmarshal([]byte(body), &res))
	return res
}

// The batch's routes through a real router and signed tokens: the owner changes it, a
// colleague reads it (403 on a change), anyone else is told it does not exist.
func TestLifeRoutes_WhoMayDoWhat(t *testing.T) {
	e := newLifeEnv(t)
	tok := e.tokens(t)
	diego := e.signer.Token(t, authtest.Claims{Subject: "usr_diego", Email: "diego@fleetco.example", Roles: []string{authtest.ClientID + ":customer"},
		Extra: map[string]any{"org": map[string]any{"name": "FleetCo"}}})

	code, body := e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], submitBody)
	require.Equal(t, http.StatusBadRequest, code)
	require.JSONEq(t, `{"Idempotency-Key":"Required"}`, fieldsOf(t, body))
	code, _ = e.call(t, http.MethodPost, "/rma-manager/batches", "", submitBody, "Idempotency-Key", "k")
	require.Equal(t, http.StatusUnauthorized, code)
	code, _ = e.call(t, http.MethodPost, "/rma-manager/batches", tok["tariq"], submitBody, "Idempotency-Key", "k")
	require.Equal(t, http.StatusForbidden, code)

	res := e.submit(t, tok["olivia"], "k1")
	b := res.Batch
	require.True(t, b.Mine)
	require.Equal(t, "PROCESSING", b.Status, "the in-warranty row is PENDING")
	require.Nil(t, res.PaymentURL)
	require.Equal(t, "260.10", b.Payment.Amount)
	require.Equal(t, "open", b.Payment.Status)
	require.Nil(t, b.Payment.Method)
	require.Equal(t, "/rma-manager/batches/"+b.ID+"/result.csv", b.ResultCSVURL)
	require.Nil(t, b.Documents)
	require.Equal(t, 10, *b.Packaging.UnitsPerBox)
	require.Equal(t, []string{"PENDING", "AWAITING_PAYMENT", "FAILED"}, []string{b.Rows[0].Status, b.Rows[1].Status, b.Rows[2].Status})
	require.Equal(t, "Serial Not Found", b.Rows[2].Reasons[0].Message)

	// Replayed: 200, the same batch.
	code, body = e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], submitBody, "Idempotency-Key", "k1")
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, b.ID)

	path := "/rma-manager/batches/" + b.ID
	for _, c := range []struct {
		who  string
		tok  string
		code int
	}{{"owner", tok["olivia"], 200}, {"colleague", diego, 200}, {"stranger", tok["casey"], 404}, {"staff", tok["tariq"], 403}, {"anonymous", "", 401}} {
		for _, p := range []string{path, path + "/result.csv", path + "/events"} {
			code, body := e.call(t, http.MethodGet, p, c.tok, "")
			require.Equal(t, c.code, code, "%s GET %s: %s", c.who, p, body)
			if c.code == 404 {
				require.Contains(t, body, "batch.notFound")
			}
		}
	}
	code, body = e.call(t, http.MethodGet, path, diego, "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, `"mine":false`)

	// Changes: the owner only.
	code, body = e.call(t, http.MethodDelete, path+"/rows/1", diego, "")
	require.Equal(t, http.StatusForbidden, code)
	require.Contains(t, body, "Only the person who submitted this batch can change it.")
	code, _ = e.call(t, http.MethodDelete, path+"/rows/1", tok["casey"], "")
	require.Equal(t, http.StatusNotFound, code)
	code, body = e.call(t, http.MethodPost, path+"/pay", diego, `{"paymentMethod":"PayPal"}`)
	require.Equal(t, http.StatusForbidden, code, body)
	code, body = e.call(t, http.MethodGet, path+"/documents.pdf", tok["olivia"], "")
	require.Equal(t, http.StatusNotFound, code)
	require.Contains(t, body, "The labels are made once every unit of the batch has its RMA.")

	code, body = e.call(t, http.MethodPost, path+"/pay", tok["olivia"], `{"paymentMethod":"PayPal"}`)
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"paymentUrl":"https://paypal.example/`)
	code, body = e.call(t, http.MethodPost, path+"/pay/confirm", tok["olivia"], `{"token":"EC-1"}`)
	require.Equal(t, http.StatusConflict, code, body)
	require.Contains(t, body, "payments.notApproved")
	code, body = e.call(t, http.MethodDelete, path+"/rows/7", tok["olivia"], "")
	require.Equal(t, http.StatusNotFound, code, body)
	code, body = e.call(t, http.MethodDelete, path+"/rows/1", tok["olivia"], "")
	require.Equal(t, http.StatusOK, code, body)
	require.Contains(t, body, `"status":"REMOVED"`)
	require.Contains(t, body, `"status":"cancelled"`)

	// The worker finishes it: the documents are the organization's to download.
	for {
		did, err := e.svc.ProcessOne(t.Context())
		require.NoError(t, err)
		if !did {
			break
		}
	}
	code, body = e.call(t, http.MethodGet, path+"/documents.pdf", diego, "")
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, "%PDF-1.7 labels", body)

	// The list: the colleague sees it, a stranger does not.
	code, body = e.call(t, http.MethodGet, "/rma-manager/batches?first=5", diego, "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, b.ID)
	code, body = e.call(t, http.MethodGet, "/rma-manager/batches", tok["casey"], "")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"items":[],"hasNext":false,"endCursor":""}`, body)
	code, _ = e.call(t, http.MethodGet, "/rma-manager/batches?first=0", diego, "")
	require.Equal(t, http.StatusBadRequest, code)
}

func fieldsOf(t *testing.T, body string) string {
	t.Helper()
	var e struct{ Fields json.RawMessage }
	require.NoError(t, json.Unmarshal([]byte(body), &e), body)
	return string(e.Fields)
}

// The result CSV has one line a row, and a cell a spreadsheet would evaluate is text.
func TestResultCSV_OneLineARowAndNoFormula(t *testing.T) {
	e := newLifeEnv(t)
	tok := e.tokens(t)
	b := e.submit(t, tok["olivia"], "k1").Batch
	code, body := e.call(t, http.MethodGet, "/rma-manager/batches/"+b.ID+"/result.csv", tok["olivia"], "")
	require.Equal(t, http.StatusOK, code)
	lines, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	require.NoError(t, err)
	require.Equal(t, []string{"serial", "rma number", "status", "price", "box", "tracking number", "reason"}, lines[0])
	require.Len(t, lines, 4)
	require.Equal(t, []string{"RT10000002", "", "AWAITING_PAYMENT", "260.10", "", "", ""}, lines[2])
	require.Equal(t, []string{"'@SUM(A1)", "", "FAILED", "", "", "", "Serial Not Found"}, lines[3])
}

// The events stream tells the progress and ends with done once no row is PENDING.
func TestEvents_ProgressThenDone(t *testing.T) {
	batchapi.PollInterval = 10 * time.Millisecond
	e := newLifeEnv(t)
	tok := e.tokens(t)
	b := e.submit(t, tok["olivia"], "k1").Batch
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(50 * time.Millisecond)
		_, _ = e.svc.ProcessOne(t.Context())
	}()
	code, body := e.call(t, http.MethodGet, "/rma-manager/batches/"+b.ID+"/events", tok["olivia"], "")
	<-done
	require.Equal(t, http.StatusOK, code)
	var events []string
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			events = append(events, name)
		}
	}
	require.Equal(t, "progress", events[0])
	require.Equal(t, "done", events[len(events)-1])
	require.Contains(t, body, `event: done`+"\n"+`data: {"status":"AWAITING_PAYMENT","rows":3,"done":2,"created":1,"failed":1,"pending":0}`)
}

// The review's refusals of the HTTP surface: /pay's fields as its body names them, the owner's
// key sent again with another body (422), OWN_BOXES without its units a box.
func TestLifeRoutes_RefusalsInTheBodysWords(t *testing.T) {
	e := newLifeEnv(t)
	tok := e.tokens(t)
	b := e.submit(t, tok["olivia"], "k1").Batch
	code, body := e.call(t, http.MethodPost, "/rma-manager/batches/"+b.ID+"/pay", tok["olivia"], `{"paymentMethod":"SAVE"}`)
	require.Equal(t, http.StatusBadRequest, code, body)
	require.JSONEq(t, `{"paymentMethod":"Must be PO or PayPal"}`, fieldsOf(t, body), "no paymentData wrapper in /pay's body")
	code, body = e.call(t, http.MethodPost, "/rma-manager/batches/"+b.ID+"/pay", tok["olivia"], `{"paymentMethod":""}`)
	require.Equal(t, http.StatusBadRequest, code, body)
	require.JSONEq(t, `{"paymentMethod":"Required"}`, fieldsOf(t, body))

	// The same body again: the same batch (200); another body: 422.
	code, _ = e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], submitBody, "Idempotency-Key", "k1")
	require.Equal(t, http.StatusOK, code)
	other := strings.Replace(submitBody, `"unitsPerBox":10`, `"unitsPerBox":5`, 1)
	code, body = e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], other, "Idempotency-Key", "k1")
	require.Equal(t, http.StatusUnprocessableEntity, code, body)
	require.Contains(t, body, `"batch.keyReused"`)
	require.Contains(t, body, "This key was used for another batch.")

	noUnits := strings.Replace(submitBody, `"unitsPerBox":10`, `"unitsPerBox":null`, 1)
	code, body = e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], noUnits, "Idempotency-Key", "k2")
	require.Equal(t, http.StatusBadRequest, code, body)
	require.JSONEq(t, `{"packaging.unitsPerBox":"Required"}`, fieldsOf(t, body))
}

// A batch whose rows are all done but whose documents are not made yet is PROCESSING, and its
// stream sends no done: a page that reads it on done finds its documents.
func TestEvents_NoDoneBeforeTheDocuments(t *testing.T) {
	batchapi.PollInterval = 10 * time.Millisecond
	e := newLifeEnv(t)
	tok := e.tokens(t)
	inWarranty := strings.Replace(submitBody, `{"serial":"RT10000002","fault":"Display","problem":"Cracked or broken screen","notes":"Cracked."},`, "", 1)
	code, body := e.call(t, http.MethodPost, "/rma-manager/batches", tok["olivia"], inWarranty, "Idempotency-Key", "k1")
	require.Equal(t, http.StatusAccepted, code, body)
	var res batchapi.ResultJSON
	require.NoError(t, json.Unmarshal([]byte(body), &res))
	e.docs.Fail = errors.New("carrier unavailable")
	_, err := e.svc.ProcessOne(t.Context())
	require.ErrorContains(t, err, "carrier unavailable")

	code, body = e.call(t, http.MethodGet, "/rma-manager/batches/"+res.Batch.ID, tok["olivia"], "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, `"status":"PROCESSING"`, "every row done, the documents not yet")
	require.Contains(t, body, `"documents":null`)
	_, body = e.call(t, http.MethodGet, "/rma-manager/batches/"+res.Batch.ID+"/events", tok["olivia"], "")
	require.Contains(t, body, `event: progress`+"\n"+`data: {"status":"PROCESSING","rows":2,"done":2,"created":1,"failed":1,"pending":0}`)
	require.NotContains(t, body, "event: done")
}
