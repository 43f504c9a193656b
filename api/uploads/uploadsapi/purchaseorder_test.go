package uploadsapi_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsapi"
	"rugged.example/portal/api/uploads/uploadstest"
)

const poUploadPath = "/bucket-uploader/upload-to-common-gridfs"

func (h *harness) uploadPO(token string, parts ...uploadstest.Part) *http.Response {
	body, contentType := uploadstest.Multipart(parts...)
	defer body.Close()
	return h.do(http.MethodPost, poUploadPath, token, body, contentType).Result()
}

func (h *harness) downloadPO(token, id string) *http.Response {
	return h.do(http.MethodGet, "/bucket-uploader/download-from-common-gridfs?trackId="+url.QueryEscape(id), token, nil, "").Result()
}

func poPart(name string, content []byte) uploadstest.Part {
	return uploadstest.Part{Field: "file", Name: name, ContentType: "application/pdf", Content: bytes.NewReader(content)}
}

func decodePO(t *testing.T, res *http.Response) []uploadsapi.POFile {
	t.Helper()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode, string(body))
	var got []uploadsapi.POFile
	require.NoError(t, json.Unmarshal(body, &got))
	return got
}

func bodyOf(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return string(b)
}

func TestUploadPO_StoresThePDFAndServesItBackToTheOwnerAsADownload(t *testing.T) {
	h := newHarness(t)
	res := h.uploadPO(h.casey, poPart(`C:\fakepath\PO 4711 "final".pdf`, uploadstest.PDF()))
	body := bodyOf(t, res)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Regexp(t, `^\[\{"fileId":"po/\d{4}/\d{2}/[0-9a-f-]{36}\.pdf","originalname":"PO 4711 \\"final\\".pdf"\}\]$`, body)
	var got []uploadsapi.POFile
	require.NoError(t, json.Unmarshal([]byte(body), &got))

	res = h.downloadPO(h.casey, got[0].FileID)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Equal(t, "application/pdf", res.Header.Get("Content-Type"))
	require.Equal(t, `attachment; filename="PO 4711 \"final\".pdf"`, res.Header.Get("Content-Disposition"))
	require.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"))
	require.Equal(t, "private, no-store", res.Header.Get("Cache-Control"))
	require.Equal(t, string(uploadstest.PDF()), bodyOf(t, res))
}

func TestUploadPO_AcceptsTheFieldNamesBrowsersSend(t *testing.T) {
	for _, field := range []string{"file", "files", "files[0]"} {
		t.Run(field, func(t *testing.T) {
			h := newHarness(t)
			p := poPart("scan.tif", uploadstest.TIFF())
			p.Field = field
			got := decodePO(t, h.uploadPO(h.casey, uploadstest.Part{Field: "note", Name: "n.txt", Content: strings.NewReader("x")}, p))
			require.Len(t, got, 1)
			require.Equal(t, "scan.tif", got[0].OriginalName)
			res := h.downloadPO(h.casey, got[0].FileID)
			require.Equal(t, "image/tiff", res.Header.Get("Content-Type"))
		})
	}
}

func TestUploadPO_Errors(t *testing.T) {
	tests := []struct {
		name   string
		parts  []uploadstest.Part
		status int
		body   string
	}{
		{
			"an office document", []uploadstest.Part{poPart("po.docx", uploadstest.DOCX())}, http.StatusBadRequest,
			`{"error":"uploads.notPODocument","message":"\"po.docx\" is not a PDF, PNG, JPEG or TIFF file. A document must be a PDF, PNG, JPEG or TIFF file."}`,
		},
		{
			"an executable named like a PDF", []uploadstest.Part{poPart("po.pdf", uploadstest.PE())}, http.StatusBadRequest,
			`{"error":"uploads.notPODocument","message":"\"po.pdf\" is not a PDF, PNG, JPEG or TIFF file. A document must be a PDF, PNG, JPEG or TIFF file."}`,
		},
		{
			"over 10 MB", []uploadstest.Part{{Field: "file", Name: "po.pdf", Content: uploadstest.PDFOfSize(uploads.MaxPOFileSize + 1)}}, http.StatusRequestEntityTooLarge,
			`{"error":"uploads.poTooLarge","message":"\"po.pdf\" is larger than 10 MB. A document must be 10 MB or smaller."}`,
		},
		{
			// The body limit trips before any file is read: the message cannot name the file.
			"a body over the limit", []uploadstest.Part{{Field: "note", Name: "n.txt", Content: uploadstest.Filler(uploadsapi.MaxPOBody)}, poPart("po.pdf", uploadstest.PDF())}, http.StatusRequestEntityTooLarge,
			`{"error":"uploads.poTooLarge","message":"A document must be 10 MB or smaller."}`,
		},
		{
			"two files", []uploadstest.Part{poPart("a.pdf", uploadstest.PDF()), poPart("b.pdf", uploadstest.PDF())}, http.StatusBadRequest,
			`{"error":"uploads.poTooMany","message":"Attach one document per upload."}`,
		},
		{
			"no file", []uploadstest.Part{{Field: "note", Name: "n.txt", Content: strings.NewReader("x")}}, http.StatusBadRequest,
			`{"error":"uploads.noFiles","message":"Must Attach Files"}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			res := h.uploadPO(h.casey, tt.parts...)
			require.Equal(t, tt.status, res.StatusCode)
			require.JSONEq(t, tt.body, bodyOf(t, res))
			h.requireNothingKept(t)
		})
	}

	h := newHarness(t)
	w := h.do(http.MethodPost, poUploadPath, h.casey, strings.NewReader(`{}`), "application/json")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"uploads.noFiles","message":"Must Attach Files"}`, w.Body.String())
	body := "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"po.pdf\"\r\n\r\n" + string(uploadstest.PDF()) // never ends
	w = h.do(http.MethodPost, poUploadPath, h.casey, strings.NewReader(body), "multipart/form-data; boundary=b")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"uploads.unreadable","message":"Error Uploading - Please Try Again"}`, w.Body.String())
	h.requireNothingKept(t)
}

func TestDownloadPO_IsTheOwnersAlone(t *testing.T) {
	h := newHarness(t)
	id := decodePO(t, h.uploadPO(h.casey, poPart("po.pdf", uploadstest.PDF())))[0].FileID
	attachment := decode(t, h.upload(h.casey, part("a.png", uploadstest.PNG())))[0].BucketFileName

	tests := []struct {
		name, token, id string
	}{
		{"someone else's", h.mallory, id},
		{"unknown", h.casey, "po/2026/11/00000000-0000-4000-8000-000000000000.pdf"},
		{"an attachment", h.casey, attachment},
		{"a path", h.casey, "po/../../etc/passwd"},
		{"no id", h.casey, ""},
	}
	for _, tt := range tests {
		res := h.downloadPO(tt.token, tt.id)
		require.Equal(t, http.StatusNotFound, res.StatusCode, tt.name)
		require.JSONEq(t, `{"error":"uploads.notFound","message":"File not found."}`, bodyOf(t, res), tt.name)
	}
	require.Equal(t, http.StatusNotFound, h.download(h.casey, id).Code, "the attachment download does not serve PO files")
	require.Equal(t, http.StatusOK, h.downloadPO(h.casey, id).StatusCode, "still there for its owner")
}

func TestPORoutes_Access(t *testing.T) {
	h := newHarness(t)
	stranger := authtest.NewSigner(t).Customer(t, "casey")
	noRole := h.signer.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer"}})
	id := "po/2026/11/00000000-0000-4000-8000-000000000000.pdf"
	for _, tc := range []struct {
		name   string
		token  string
		status int
	}{{"no token", "", http.StatusUnauthorized}, {"another issuer's", stranger, http.StatusUnauthorized}, {"no role of the portal", noRole, http.StatusForbidden}} {
		require.Equal(t, tc.status, h.uploadPO(tc.token, poPart("po.pdf", uploadstest.PDF())).StatusCode, tc.name)
		require.Equal(t, tc.status, h.downloadPO(tc.token, id).StatusCode, tc.name)
	}
	h.requireNothingKept(t)
}

// A 10 MB purchase order through the real handler allocates a small, fixed amount: the file
// streams to the bucket, it is never held in memory. (The total counts the test's own client
// too, which generates the body as it is read.)
func TestUploadPO_StreamsWithoutHoldingTheFile(t *testing.T) {
	h := newHarness(t)
	send := func() {
		res := h.uploadPO(h.casey, uploadstest.Part{Field: "file", Name: "po.pdf", Content: uploadstest.PDFOfSize(uploads.MaxPOFileSize)})
		require.Equal(t, http.StatusOK, res.StatusCode, bodyOf(t, res))
	}
	send() // warm pools and lazily built state
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	send()
	runtime.ReadMemStats(&after)
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %d bytes for a %d-byte file", allocated, uploads.MaxPOFileSize)
	require.Less(t, allocated, uint64(uploads.MaxPOFileSize/10), "allocations stay far below the file size")
}
