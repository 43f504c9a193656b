package compose_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/uploads/uploadstest"
)

// livePortal serves the embedded portal on a loopback port, since the PayPal client reaches
// the PayPal sandbox through PORTAL_PUBLIC_URL as it would reach PayPal.
type livePortal struct {
	cfg compose.Config
	app *compose.App
}

func newLivePortal(t *testing.T) livePortal {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	embeddedConfig(t)
	t.Setenv("PORTAL_ADDR", ln.Addr().String())
	cfg, err := compose.LoadConfig()
	require.NoError(t, err)
	app := build(t, cfg)
	srv := &http.Server{Handler: app.Engine}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return livePortal{cfg: cfg, app: app}
}

func (p livePortal) call(t *testing.T, method, path, token string, body any, header ...string) (int, string) {
	t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		require.NoError(t, err)
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, p.cfg.PublicURL+path, r)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(b)
}

// upload posts one file and answers the id the upload endpoint gives it.
func (p livePortal) upload(t *testing.T, path, field, token, name string, content []byte, idKey string) string {
	t.Helper()
	body, contentType := uploadstest.Multipart(uploadstest.Part{Field: field, Name: name, Content: bytes.NewReader(content)})
	defer body.Close()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, p.cfg.PublicURL+path, body)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(raw))
	var files []map[string]any
	require.NoError(t, json.Unmarshal(raw, &files))
	require.Len(t, files, 1)
	return files[0][idKey].(string)
}

func oowBody(attachment string, payment map[string]any) map[string]any {
	return map[string]any{
		"serial": "RT10000002",
		"rmaInput": map[string]any{
			"rmaType": "REPAIR", "primaryFault": "Display", "problem": "Cracked or broken screen",
			"initialNotes": "Screen cracked after a drop.",
			"permissions":  map[string]any{"acknowledgeHddBackup": true},
			"attachments":  []string{attachment},
		},
		"address":     map[string]any{"line1": "2100 Riverside Dr", "city": "Austin", "state": "TX", "country": "US", "postalCode": "78741"},
		"contact":     map[string]any{"firstName": "Casey", "lastName": "Morgan", "email": "casey@example.com", "phone": "5125550142", "phoneCountryCode": "US"},
		"packaging":   map[string]any{"havePackaging": true},
		"paymentData": payment,
	}
}

func field(t *testing.T, body, name string) string {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(body), &m), body)
	s, _ := m[name].(string)
	return s
}

// approve signs in to the PayPal sandbox's approval page as its buyer and pays with a test
// card; it answers where the sandbox sends the payer back.
func approve(t *testing.T, paymentURL string) *url.URL {
	t.Helper()
	u, err := url.Parse(paymentURL)
	require.NoError(t, err)
	form := url.Values{
		"token": {u.Query().Get("token")}, "email": {"sb-buyer@personal.example.com"}, "password": {"Sandbox-Buyer-2026"},
		"card_number": {"4111 1111 1111 1111"}, "expiry": {"12/39"}, "cvv": {"123"},
	}
	u.RawQuery = ""
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(u.String(), form)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	back, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	return back
}

// The card path end to end on the embedded default: the real checkout, the PayPal client and
// its sandbox, the uploads and the RMA.
func TestOutOfWarranty_CardPathThroughThePayPalSandbox(t *testing.T) {
	p := newLivePortal(t)
	casey := devToken(t, p.cfg, "casey@example.com")
	photo := p.upload(t, "/bucket-uploader/upload-rma-attachment", "", casey, "crack.png", uploadstest.PNG(), "bucketFileName")

	code, body := p.call(t, http.MethodGet, "/rma-manager/rma/payment-options", casey, nil)
	require.Equal(t, http.StatusOK, code, body)
	require.JSONEq(t, `{"methods":["PayPal"],"defaultMethod":"PayPal","poReleaseRequired":false,"discountPercent":0}`, body)

	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", casey, oowBody(photo, map[string]any{"paymentMethod": "PayPal"}), "Idempotency-Key", "k-card")
	require.Equal(t, http.StatusOK, code, body)
	number, paymentURL := field(t, body, "rmaNumber"), field(t, body, "paymentUrl")
	require.Equal(t, "RMA-100501", number)
	require.True(t, strings.HasPrefix(paymentURL, p.cfg.PublicURL+"/sandbox/paypal/checkoutnow?token="), paymentURL)
	_, again := p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", casey, oowBody(photo, map[string]any{"paymentMethod": "PayPal"}), "Idempotency-Key", "k-card")
	require.JSONEq(t, body, again, "a retry answers the same RMA, quote and link")

	process := map[string]any{"rmaNumber": number, "serial": "RT10000002"}
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/process/oow", casey, process)
	require.Equal(t, http.StatusConflict, code, body)
	require.Equal(t, "payments.notApproved", field(t, body, "error"), "no label before the payment")

	back := approve(t, paymentURL)
	require.Equal(t, "/create-rma/RT10000002", back.Path)
	require.Equal(t, number, back.Query().Get("rmaNumber"))
	process["token"] = back.Query().Get("token")
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/process/oow", casey, process)
	require.Equal(t, http.StatusOK, code, body)
	require.True(t, strings.HasPrefix(field(t, body, "label"), "/shipping/documents/"), body)
	_, repeat := p.call(t, http.MethodPost, "/rma-manager/rma/process/oow", casey, process)
	require.JSONEq(t, body, repeat, "repeats answer the same")

	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/cancel", casey, map[string]any{"rmaNumber": number})
	require.Equal(t, http.StatusConflict, code, body)
	require.Equal(t, "rma.notCancellable", field(t, body, "error"))
}

// olivia pays by PO with her release number and her 10 % discount from the token.
func TestOutOfWarranty_PurchaseOrderAndSavedQuote(t *testing.T) {
	p := newLivePortal(t)
	olivia := devToken(t, p.cfg, "olivia@fleetco.example")
	code, body := p.call(t, http.MethodGet, "/rma-manager/rma/payment-options", olivia, nil)
	require.Equal(t, http.StatusOK, code, body)
	require.JSONEq(t, `{"methods":["PayPal","PO"],"defaultMethod":"PO","poReleaseRequired":true,"discountPercent":10}`, body)

	photo := p.upload(t, "/bucket-uploader/upload-rma-attachment", "", olivia, "crack.png", uploadstest.PNG(), "bucketFileName")
	saved := oowBody(photo, map[string]any{"save": true})
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", olivia, saved, "Idempotency-Key", "k-save")
	require.Equal(t, http.StatusOK, code, body)
	quoteID := field(t, body, "quoteId")
	_, again := p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", olivia, saved, "Idempotency-Key", "k-save")
	require.JSONEq(t, body, again, "a retried Save Quote answers the quote it saved")
	var quote struct {
		QuoteData struct {
			Total struct{ Cents int64 } `json:"total"`
		} `json:"quoteData"`
	}
	require.NoError(t, json.Unmarshal([]byte(body), &quote))
	require.EqualValues(t, 260_10, quote.QuoteData.Total.Cents, "$289.00 less 10 %")
	code, body = p.call(t, http.MethodGet, "/payments/quote/details?uid="+quoteID, olivia, nil)
	require.Equal(t, http.StatusOK, code, body)

	po := p.upload(t, "/bucket-uploader/upload-to-common-gridfs", "file", olivia, "po.pdf", uploadstest.PDF(), "fileId")
	payment := map[string]any{"paymentMethod": "PO", "customerPO": "4471-123", "customerPOFileId": po, "quoteId": quoteID}
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", olivia, oowBody(photo, payment))
	require.Equal(t, http.StatusBadRequest, code, body)
	require.Contains(t, body, `"paymentData.poRelease":"Must be 4 or 5 digits"`)

	payment["customerPO"] = "4471-12345"
	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/create/oow", olivia, oowBody(photo, payment))
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, quoteID, field(t, body, "quoteId"), "the saved quote pays the RMA")
	require.Empty(t, field(t, body, "paymentUrl"))
	number := field(t, body, "rmaNumber")

	code, body = p.call(t, http.MethodPost, "/rma-manager/rma/process/oow", olivia, map[string]any{"rmaNumber": number, "serial": "RT10000002"})
	require.Equal(t, http.StatusOK, code, body)
	require.True(t, strings.HasPrefix(field(t, body, "label"), "/shipping/documents/"), body)

	casey := devToken(t, p.cfg, "casey@example.com")
	code, _ = p.call(t, http.MethodPost, "/rma-manager/rma/cancel", casey, map[string]any{"rmaNumber": number})
	require.Equal(t, http.StatusNotFound, code, "someone else's RMA is unknown")
}
