package uploadsapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsapi"
	"rugged.example/portal/api/uploads/uploadsdb"
	"rugged.example/portal/api/uploads/uploadstest"
)

const uploadPath = "/bucket-uploader/upload-rma-attachment"

type harness struct {
	router  *gin.Engine
	signer  *authtest.Signer
	svc     *uploads.Service
	records func() int
	dir     string
	casey   string
	mallory string
}

func newHarness(tb testing.TB) *harness {
	tb.Helper()
	store := uploadstest.NewStore()
	h := build(tb, store, uploadstest.NoTx{})
	h.records = func() int { return len(store.All()) }
	return h
}

func build(tb testing.TB, store uploads.Store, tx db.Transactor) *harness {
	tb.Helper()
	gin.SetMode(gin.TestMode)
	log := testkit.Quiet()
	h := &harness{signer: authtest.NewSigner(tb), dir: tb.TempDir()}
	h.svc = uploads.NewService(uploadstest.Bucket(tb, h.dir), store, tx, log, nil)
	h.router = gin.New()
	uploadsapi.Routes(h.router, auth.NewGuard(h.signer.Verifier(), log), h.svc, log)
	h.casey, h.mallory = h.signer.Customer(tb, "casey"), h.signer.Customer(tb, "mallory")
	return h
}

func (h *harness) do(method, target, token string, body io.Reader, contentType string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	w := httptest.NewRecorder()
	h.router.ServeHTTP(w, req)
	return w
}

// upload sends parts as a real multipart body, generated through a pipe while it is read.
func (h *harness) upload(token string, parts ...uploadstest.Part) *httptest.ResponseRecorder {
	body, contentType := uploadstest.Multipart(parts...)
	defer body.Close()
	return h.do(http.MethodPost, uploadPath, token, body, contentType)
}

func (h *harness) download(token, name string) *httptest.ResponseRecorder {
	return h.do(http.MethodGet, "/bucket-uploader/attachments?bucketFileName="+url.QueryEscape(name), token, nil, "")
}

func (h *harness) remove(token, name string) *httptest.ResponseRecorder {
	return h.do(http.MethodDelete, uploadPath+"/"+name, token, nil, "")
}

// blobs lists every file in the bucket's folder, temp files included.
func (h *harness) blobs(tb testing.TB) []string {
	tb.Helper()
	var out []string
	require.NoError(tb, filepath.WalkDir(h.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			out = append(out, p)
		}
		return err
	}))
	return out
}

func (h *harness) requireNothingKept(t *testing.T) {
	t.Helper()
	require.Empty(t, h.blobs(t), "no blob is left behind")
	require.Zero(t, h.records(), "nothing is recorded")
}

func part(name string, content []byte) uploadstest.Part {
	return uploadstest.Part{Name: name, Content: bytes.NewReader(content)}
}

func decode(t *testing.T, w *httptest.ResponseRecorder) []uploadsapi.UploadedFile {
	t.Helper()
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var got []uploadsapi.UploadedFile
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &got))
	return got
}

func TestUpload_AcceptsAPNGAndAnMP4AndServesThemBackToTheOwner(t *testing.T) {
	h := newHarness(t)
	png, mp4 := uploadstest.PNG(), uploadstest.MP4()
	w := h.upload(h.casey, part("dent.png", png), part("boot-loop.mp4", mp4))
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Regexp(t, `^\[\{"originalname":"dent.png","bucketFileName":"rma/\d{4}/\d{2}/[0-9a-f-]{36}\.png","cancellable":true\},`+
		`\{"originalname":"boot-loop.mp4","bucketFileName":"rma/\d{4}/\d{2}/[0-9a-f-]{36}\.mp4","cancellable":true\}\]$`, w.Body.String())
	got := decode(t, w)

	tests := []struct {
		file        uploadsapi.UploadedFile
		contentType string
		content     []byte
		disposition string
	}{
		{got[0], "image/png", png, `attachment; filename=dent.png`},
		{got[1], "video/mp4", mp4, `attachment; filename=boot-loop.mp4`},
	}
	for _, tt := range tests {
		w := h.download(h.casey, tt.file.BucketFileName)
		require.Equal(t, http.StatusOK, w.Code)
		require.Equal(t, tt.contentType, w.Header().Get("Content-Type"))
		require.Equal(t, tt.disposition, w.Header().Get("Content-Disposition"))
		require.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"))
		require.Equal(t, tt.content, w.Body.Bytes())
	}
}

func TestUpload_AcceptsThePlainFilesFieldAndIgnoresOtherFields(t *testing.T) {
	h := newHarness(t)
	w := h.upload(h.casey,
		uploadstest.Part{Field: "note", Name: "note.txt", Content: strings.NewReader("hello")},
		uploadstest.Part{Field: "files", Name: "a.png", Content: bytes.NewReader(uploadstest.PNG())},
		uploadstest.Part{Field: "files", Name: "b.png", Content: bytes.NewReader(uploadstest.PNG())},
	)
	got := decode(t, w)
	require.Len(t, got, 2)
	require.Len(t, h.blobs(t), 2)
}

func TestUpload_NonUnicodeAndPathNamesAreSanitised(t *testing.T) {
	h := newHarness(t)
	got := decode(t, h.upload(h.casey, part(`C:\fakepath\Ünit "7".png`, uploadstest.PNG())))
	require.Equal(t, `Ünit "7".png`, got[0].OriginalName)
	w := h.download(h.casey, got[0].BucketFileName)
	require.Equal(t, `attachment; filename*=utf-8''%C3%9Cnit%20%227%22.png`, w.Header().Get("Content-Disposition"))
}

func TestUpload_RefusesWhatIsNotAnImageOrVideoWhateverItIsCalled(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
	}{
		{"Linux executable", uploadstest.ELF()},
		{"Windows executable", uploadstest.PE()},
		{"HTML", []byte("<html><script>alert(1)</script></html>")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			w := h.upload(h.casey, uploadstest.Part{Name: "photo.jpg", ContentType: "image/jpeg", Content: bytes.NewReader(tt.content)})
			require.Equal(t, http.StatusBadRequest, w.Code)
			require.JSONEq(t, `{"error":"uploads.notMedia","message":"\"photo.jpg\" is not an image or a video. Only images and videos can be attached."}`, w.Body.String())
			h.requireNothingKept(t)
		})
	}
}

func TestUpload_51MBVideoIsTooLargeAndLeavesNothing(t *testing.T) {
	h := newHarness(t)
	w := h.upload(h.casey, part("ok.png", uploadstest.PNG()), uploadstest.Part{Name: "ride.mp4", Content: uploadstest.Video(51 << 20)})
	require.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
	require.JSONEq(t, `{"error":"uploads.tooLarge","message":"\"ride.mp4\" is larger than 50 MB. Each file must be 50 MB or smaller."}`, w.Body.String())
	h.requireNothingKept(t)
}

func TestUpload_SixFilesAreTooMany(t *testing.T) {
	h := newHarness(t)
	var parts []uploadstest.Part
	for range 6 {
		parts = append(parts, part("a.png", uploadstest.PNG()))
	}
	w := h.upload(h.casey, parts...)
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"uploads.tooMany","message":"You can attach at most 5 files per upload."}`, w.Body.String())
	h.requireNothingKept(t)
}

func TestUpload_NoFilesIsMustAttachFiles(t *testing.T) {
	h := newHarness(t)
	empty, emptyType := uploadstest.Multipart()
	defer empty.Close()
	onlyField, onlyFieldType := uploadstest.Multipart(uploadstest.Part{Field: "note", Name: "n.txt", Content: strings.NewReader("x")})
	defer onlyField.Close()
	tests := []struct {
		name        string
		body        io.Reader
		contentType string
	}{
		{"empty multipart body", empty, emptyType},
		{"only other fields", onlyField, onlyFieldType},
		{"not multipart at all", strings.NewReader(`{"files":[]}`), "application/json"},
		{"no body", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := h.do(http.MethodPost, uploadPath, h.casey, tt.body, tt.contentType)
			require.Equal(t, http.StatusBadRequest, w.Code)
			require.JSONEq(t, `{"error":"uploads.noFiles","message":"Must Attach Files"}`, w.Body.String())
		})
	}
}

func TestUpload_MalformedBodyIsAnUploadError(t *testing.T) {
	h := newHarness(t)
	body := "--b\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.png\"\r\n\r\n" + string(uploadstest.PNG()) // never ends
	w := h.do(http.MethodPost, uploadPath, h.casey, strings.NewReader(body), "multipart/form-data; boundary=b")
	require.Equal(t, http.StatusBadRequest, w.Code)
	require.JSONEq(t, `{"error":"uploads.unreadable","message":"Error Uploading - Please Try Again"}`, w.Body.String())
	h.requireNothingKept(t)
}

func TestUpload_IsAllOrNothing(t *testing.T) {
	h := newHarness(t)
	w := h.upload(h.casey, part("first.png", uploadstest.PNG()), part("photo.jpg", uploadstest.ELF()))
	require.Equal(t, http.StatusBadRequest, w.Code)
	h.requireNothingKept(t)
}

// A real connection: the client sends one file and part of the next, then gives up.
func TestUpload_ClientThatCancelsMidUploadLeavesNothing(t *testing.T) {
	h := newHarness(t)
	done := make(chan struct{})
	intoSecond := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		// Once the server has read 1 MB it is inside the second file: the first is stored.
		r.Body = &signalAfter{ReadCloser: r.Body, left: 1 << 20, reached: intoSecond}
		h.router.ServeHTTP(w, r)
	}))
	defer srv.Close()

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	second := io.MultiReader(uploadstest.Video(8<<20), readerFunc(func([]byte) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	}))
	body, contentType := uploadstest.Multipart(part("first.png", uploadstest.PNG()), uploadstest.Part{Name: "second.mp4", Content: second})
	defer body.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+uploadPath, body)
	require.NoError(t, err)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Authorization", "Bearer "+h.casey)

	sent := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		sent <- err
	}()
	<-intoSecond
	require.NotEmpty(t, h.blobs(t), "the first file was stored")
	cancel() // the browser's cancel button: the connection closes mid-body
	require.ErrorIs(t, <-sent, context.Canceled)
	<-done // the handler has returned and cleaned up
	h.requireNothingKept(t)
}

// signalAfter closes reached once left bytes have been read.
type signalAfter struct {
	io.ReadCloser
	left    int
	reached chan struct{}
}

func (s *signalAfter) Read(p []byte) (int, error) {
	n, err := s.ReadCloser.Read(p)
	if s.left > 0 {
		if s.left -= n; s.left <= 0 {
			close(s.reached)
		}
	}
	return n, err
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

func TestAttachments_AreTheOwnersAlone(t *testing.T) {
	h := newHarness(t)
	name := decode(t, h.upload(h.casey, part("a.png", uploadstest.PNG())))[0].BucketFileName

	require.Equal(t, http.StatusNotFound, h.download(h.mallory, name).Code)
	w := h.remove(h.mallory, name)
	require.Equal(t, http.StatusNotFound, w.Code)
	require.JSONEq(t, `{"error":"uploads.notFound","message":"File not found."}`, w.Body.String())
	require.Equal(t, http.StatusOK, h.download(h.casey, name).Code, "still there for its owner")

	require.Equal(t, http.StatusNotFound, h.download(h.casey, "rma/../../etc/passwd").Code)
	require.Equal(t, http.StatusNotFound, h.download(h.casey, "").Code)

	require.Equal(t, http.StatusNoContent, h.remove(h.casey, name).Code)
	require.Empty(t, h.blobs(t))
	require.Equal(t, http.StatusNotFound, h.download(h.casey, name).Code)
	require.Equal(t, http.StatusNotFound, h.remove(h.casey, name).Code)
}

func TestRemove_TakesTheNameInThePathOrTheQuery(t *testing.T) {
	tests := []struct {
		name   string
		target func(bucketFileName string) string
	}{
		{"path", func(n string) string { return uploadPath + "/" + n }},
		{"escaped path", func(n string) string { return uploadPath + "/" + url.PathEscape(n) }},
		{"query, as packages/api-client sends it", func(n string) string { return uploadPath + "?bucketFileName=" + url.QueryEscape(n) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			name := decode(t, h.upload(h.casey, part("a.png", uploadstest.PNG())))[0].BucketFileName
			require.Equal(t, http.StatusNotFound, h.do(http.MethodDelete, tt.target(name), h.mallory, nil, "").Code)
			require.Equal(t, http.StatusNoContent, h.do(http.MethodDelete, tt.target(name), h.casey, nil, "").Code)
			require.Empty(t, h.blobs(t))
			h.requireNothingKept(t)
		})
	}
	h := newHarness(t)
	require.Equal(t, http.StatusNotFound, h.do(http.MethodDelete, uploadPath, h.casey, nil, "").Code, "no name at all")
}

func TestRemove_ClaimedFileIsAConflict(t *testing.T) {
	h := newHarness(t)
	name := decode(t, h.upload(h.casey, part("a.png", uploadstest.PNG())))[0].BucketFileName
	require.NoError(t, h.svc.Claim(t.Context(), "casey", []string{name}, "RMA-1"))
	w := h.remove(h.casey, name)
	require.Equal(t, http.StatusConflict, w.Code)
	require.Contains(t, w.Body.String(), `"uploads.claimed"`)
}

func TestRoutes_Access(t *testing.T) {
	h := newHarness(t)
	stranger := authtest.NewSigner(t).Customer(t, "casey")
	noRole := h.signer.Token(t, authtest.Claims{Subject: "nora", Roles: []string{"field-app:viewer"}})
	name := "rma/2026/11/00000000-0000-4000-8000-000000000000.png"
	for _, tc := range []struct {
		token  string
		status int
	}{{"", http.StatusUnauthorized}, {stranger, http.StatusUnauthorized}, {noRole, http.StatusForbidden}} {
		require.Equal(t, tc.status, h.upload(tc.token, part("a.png", uploadstest.PNG())).Code)
		require.Equal(t, tc.status, h.download(tc.token, name).Code)
		require.Equal(t, tc.status, h.remove(tc.token, name).Code)
	}
	require.Empty(t, h.blobs(t))
}

// The same flow over the real SQLite store: upload, all-or-nothing, download, remove.
func TestUpload_OnTheSQLiteStore(t *testing.T) {
	gdb := testkit.SQLite(t)
	require.NoError(t, uploadsdb.Migrate(t.Context(), gdb))
	store := uploadsdb.NewStore(gdb)
	h := build(t, store, db.NewTransactor(gdb))

	require.Equal(t, http.StatusBadRequest, h.upload(h.casey, part("a.png", uploadstest.PNG()), part("b.jpg", uploadstest.PE())).Code)
	require.Empty(t, h.blobs(t))

	got := decode(t, h.upload(h.casey, part("a.png", uploadstest.PNG()), part("b.mp4", uploadstest.MP4())))
	for _, f := range got {
		a, err := store.Get(t.Context(), f.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, "casey", a.Owner)
		require.Equal(t, f.OriginalName, a.OriginalName)
		require.WithinDuration(t, time.Now(), a.CreatedAt, time.Hour)
	}
	require.Equal(t, uploadstest.MP4(), h.download(h.casey, got[1].BucketFileName).Body.Bytes())
	require.Equal(t, http.StatusNoContent, h.remove(h.casey, got[0].BucketFileName).Code)
	_, err := store.Get(t.Context(), got[0].BucketFileName)
	require.ErrorIs(t, err, uploads.ErrNotFound)
}
