package inputguard_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/inputguard"
)

// createRMABody is a create-RMA request as the stepper sends it.
const createRMABody = `{"serial":"RT10000001","rmaInput":{"rmaType":"REPAIR","primaryFault":"Display","problem":"Cracked or broken screen",` +
	`"initialNotes":"Screen cracked after a drop.\nThe touch layer still answers.","customerReference":"PO-4471","assetTag":"AT-0091",` +
	`"permissions":{"reimage":true,"biosFirmware":false,"acknowledgeHddBackup":true},"acc":{"acPower":true,"storage":false},` +
	`"attachments":["rma/2026/11/8f0c2a8e-6a0b-4a59-9a57-3c1c0d1e2f3a.png"]},` +
	`"address":{"line1":"2100 Riverside Dr","line2":"Suite 4","city":"Austin","state":"TX","country":"US","postalCode":"78741"},` +
	`"contact":{"firstName":"Casey","lastName":"Morgan","email":"casey@example.com","phone":"5125550142","phoneCountryCode":"US",` +
	`"company":"Morgan Field Services","position":"Lead technician"},"packaging":{"havePackaging":true}}`

// benchEngine is the guard in front of a handler that reads the whole body.
func benchEngine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(inputguard.Middleware(inputguard.Options{}))
	drain := func(c *gin.Context) {
		_, _ = io.Copy(io.Discard, c.Request.Body)
		c.Status(http.StatusNoContent)
	}
	r.POST("/rma-manager/rma/create", drain)
	r.POST("/bucket-uploader/upload-rma-attachment", drain)
	return r
}

func benchServe(b *testing.B, r http.Handler, body func() io.Reader, contentType string, size int) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/create?lang=en", body())
		req.Header.Set("Content-Type", contentType)
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		if w.Code != http.StatusNoContent {
			b.Fatalf("status %d: %s", w.Code, w.Body.String())
		}
	}
}

// The guard's cost on a create-RMA request: the body read ahead and its tokens walked.
func BenchmarkMiddleware_CreateRMABody(b *testing.B) {
	benchServe(b, benchEngine(), func() io.Reader { return strings.NewReader(createRMABody) }, "application/json", len(createRMABody))
}

// The guard's cost on the largest body it reads ahead: a parts order of 1 MiB.
func BenchmarkMiddleware_OneMiBJSONBody(b *testing.B) {
	line := `{"partNumber":"RL14-BAT-STD","quantity":1,"serials":["RT10000001","RT10000002"]},`
	body := `{"lines":[` + strings.Repeat(line, (inputguard.DefaultMaxBody-64)/len(line))
	body = strings.TrimSuffix(body, ",") + `]}`
	benchServe(b, benchEngine(), func() io.Reader { return strings.NewReader(body) }, "application/json", len(body))
}

// The guard's cost on an upload of one 20 MB file: streamed through, never held.
func BenchmarkMiddleware_UploadStreamsThrough(b *testing.B) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, _ := mw.CreateFormFile("files[0]", "inspection.mp4")
	_, _ = w.Write(bytes.Repeat([]byte("\x00\x00\x00\x18ftypmp42\xff\xfe"), 20<<20/14))
	_ = mw.Close()
	body := buf.Bytes()
	r := benchEngine()
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest(http.MethodPost, "/bucket-uploader/upload-rma-attachment", bytes.NewReader(body))
		req.Header.Set("Content-Type", mw.FormDataContentType())
		rec := httptest.NewRecorder()
		r.ServeHTTP(rec, req)
		if rec.Code != http.StatusNoContent {
			b.Fatalf("status %d", rec.Code)
		}
	}
}
