package compose_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploadstest"
)

type batchAnswer struct {
	Batch struct {
		ID      string
		Status  string
		Payment *struct {
			QuoteID string
			Amount  string
			Status  string
		}
		Summary struct{ Rows, Pending, AwaitingPayment, Created, Failed, Removed int }
		Rows    []struct {
			Status    string
			RMANumber *string
			RMAStatus *string
			Box       *int
		}
		Documents *struct{ URL string }
	}
	PaymentURL *string
}

func batchOf(t *testing.T, body string) batchAnswer {
	t.Helper()
	var a batchAnswer
	require.NoError(t, json.Unmarshal([]byte(body), &a), body)
	return a
}

// A fleet batch end to end on the embedded default, through the real capabilities: olivia
// saves the quote of her out-of-warranty rows, removes one (a new quote), pays the rest by card
// through the PayPal sandbox; the worker creates the RMAs, the boxes' packing lists and one
// e-mail; her colleague diego reads the batch and downloads its PDF, another customer cannot.
func TestBatch_SavedQuoteRemoveRowAndCardThroughThePayPalSandbox(t *testing.T) {
	p := newLivePortal(t)
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	p.app.RunBackground(ctx, testkit.Quiet())
	olivia := devToken(t, p.cfg, "olivia@fleetco.example")
	diego := devToken(t, p.cfg, "diego@fleetco.example")
	casey := devToken(t, p.cfg, "casey@example.com")

	row := func(serial string) map[string]any {
		return map[string]any{"serial": serial, "fault": "Display", "problem": "Cracked or broken screen", "notes": "Cracked in the field."}
	}
	body := map[string]any{
		"rows":                 []any{row("RT10000001"), row("RT10000002"), row("RT99999999")},
		"contact":              map[string]any{"firstName": "Olivia", "lastName": "Reyes", "email": "olivia@fleetco.example", "phone": "5125550142", "phoneCountryCode": "US"},
		"address":              map[string]any{"line1": "2100 Riverside Dr", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78741"},
		"packaging":            map[string]any{"kind": "REQUEST_BOXES"},
		"acknowledgeHddBackup": true,
		"paymentData":          map[string]any{"paymentMethod": "SAVE"},
	}
	code, resp := p.call(t, http.MethodPost, "/rma-manager/batches", olivia, body, "Idempotency-Key", "fleet-1")
	require.Equal(t, http.StatusAccepted, code, resp)
	a := batchOf(t, resp)
	id := a.Batch.ID
	require.Equal(t, "260.10", a.Batch.Payment.Amount, "$289.00 less olivia's 10 %")
	require.Equal(t, 1, a.Batch.Summary.Failed)

	// Wait for the in-warranty row's RMA: the batch then awaits its payment.
	waitFor := func(want string) batchAnswer {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			code, resp := p.call(t, http.MethodGet, "/rma-manager/batches/"+id, olivia, nil)
			require.Equal(t, http.StatusOK, code, resp)
			var got batchAnswer
			require.NoError(t, json.Unmarshal([]byte(`{"batch":`+resp+`}`), &got))
			if got.Batch.Status == want && (want != "COMPLETED" || got.Batch.Documents != nil) {
				return got
			}
			require.True(t, time.Now().Before(deadline), "batch %s is %s, not %s", id, got.Batch.Status, want)
			time.Sleep(50 * time.Millisecond)
		}
	}
	got := waitFor("AWAITING_PAYMENT")
	require.Equal(t, "CREATED", got.Batch.Rows[0].Status)
	require.Equal(t, "AWAITING_UNIT", *got.Batch.Rows[0].RMAStatus)

	// Pay by card through the sandbox; the payer comes back to the batch page.
	code, resp = p.call(t, http.MethodPost, "/rma-manager/batches/"+id+"/pay", diego, map[string]any{"paymentMethod": "PayPal"})
	require.Equal(t, http.StatusForbidden, code, resp)
	code, resp = p.call(t, http.MethodPost, "/rma-manager/batches/"+id+"/pay", olivia, map[string]any{"paymentMethod": "PayPal"})
	require.Equal(t, http.StatusOK, code, resp)
	paid := batchOf(t, resp)
	require.NotNil(t, paid.PaymentURL)
	back := approve(t, *paid.PaymentURL)
	require.Equal(t, "/your-account/batches/"+id, back.Path)
	code, resp = p.call(t, http.MethodPost, "/rma-manager/batches/"+id+"/pay/confirm", olivia, map[string]any{"token": back.Query().Get("token")})
	require.Equal(t, http.StatusOK, code, resp)
	require.Equal(t, "paid", batchOf(t, resp).Batch.Payment.Status)
	code, resp = p.call(t, http.MethodDelete, "/rma-manager/batches/"+id+"/rows/1", olivia, nil)
	require.Equal(t, http.StatusConflict, code, resp)
	require.Contains(t, resp, "batch.alreadyPaid")

	got = waitFor("COMPLETED")
	require.Equal(t, []string{"CREATED", "CREATED", "FAILED"}, []string{got.Batch.Rows[0].Status, got.Batch.Rows[1].Status, got.Batch.Rows[2].Status})
	require.Equal(t, 1, *got.Batch.Rows[1].Box)

	// The organization downloads the packing lists; anyone else is told there is no batch.
	for _, c := range []struct {
		tok  string
		code int
	}{{olivia, 200}, {diego, 200}, {casey, 404}} {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, p.cfg.PublicURL+got.Batch.Documents.URL, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+c.tok)
		r, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(r.Body)
		r.Body.Close()
		require.Equal(t, c.code, r.StatusCode, buf.String())
		if c.code == 200 {
			require.Equal(t, "application/pdf", r.Header.Get("Content-Type"))
			require.True(t, bytes.HasPrefix(buf.Bytes(), []byte("%PDF")))
		}
	}
	entries, err := mail.Recent(t.Context(), p.app.DB, "olivia@fleetco.example", 50)
	require.NoError(t, err)
	summaries := 0
	for _, e := range entries {
		if strings.Contains(e.Message.Subject, id) {
			summaries++
			require.Contains(t, e.Message.Text, "/your-account/batches/"+id)
		}
	}
	require.Equal(t, 1, summaries, "one summary e-mail for the batch")
}

// The PO path pays in the submit's transaction with the uploaded PO file.
func TestBatch_PurchaseOrderAtSubmit(t *testing.T) {
	p := newLivePortal(t)
	olivia := devToken(t, p.cfg, "olivia@fleetco.example")
	po := p.upload(t, "/bucket-uploader/upload-to-common-gridfs", "file", olivia, "po.pdf", uploadstest.PDF(), "fileId")
	body := map[string]any{
		"rows":                 []any{map[string]any{"serial": "RT10000002", "fault": "Display", "problem": "Cracked or broken screen", "notes": "Cracked."}},
		"contact":              map[string]any{"firstName": "Olivia", "lastName": "Reyes", "email": "olivia@fleetco.example", "phone": "5125550142", "phoneCountryCode": "US"},
		"address":              map[string]any{"line1": "2100 Riverside Dr", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78741"},
		"packaging":            map[string]any{"kind": "OWN_BOXES", "unitsPerBox": 5},
		"acknowledgeHddBackup": true,
		"paymentData":          map[string]any{"paymentMethod": "PO", "customerPO": "4471-123", "customerPOFileId": po},
	}
	code, resp := p.call(t, http.MethodPost, "/rma-manager/batches", olivia, body, "Idempotency-Key", "po-1")
	require.Equal(t, http.StatusBadRequest, code, resp)
	require.Contains(t, resp, `"paymentData.poRelease":"Must be 4 or 5 digits"`)
	body["paymentData"].(map[string]any)["customerPO"] = "4471-12345"
	code, resp = p.call(t, http.MethodPost, "/rma-manager/batches", olivia, body, "Idempotency-Key", "po-1")
	require.Equal(t, http.StatusAccepted, code, resp)
	a := batchOf(t, resp)
	require.Equal(t, "paid", a.Batch.Payment.Status)
	require.Equal(t, "PROCESSING", a.Batch.Status)
	code, again := p.call(t, http.MethodPost, "/rma-manager/batches", olivia, body, "Idempotency-Key", "po-1")
	require.Equal(t, http.StatusOK, code, again)
	require.Equal(t, a.Batch.ID, batchOf(t, again).Batch.ID)
	// The PO file is the batch's now: another batch cannot cite it.
	code, resp = p.call(t, http.MethodPost, "/rma-manager/batches", olivia, body, "Idempotency-Key", "po-2")
	require.Equal(t, http.StatusBadRequest, code, resp)
	require.Contains(t, resp, "paymentData.customerPOFileId")
}
