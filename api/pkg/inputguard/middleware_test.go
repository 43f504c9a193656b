package inputguard_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/inputguard"
)

const webhookRoute = "/payments/webhooks/paypal"

var errUnreadable = fault.New(fault.KindInvalid, "uploads.unreadable", "Error Uploading - Please Try Again")

// guarded is an engine with the guard in front of handlers that answer what they read: the raw
// body, a form's values, an upload's files.
func guarded(t *testing.T, maxBody int64) *gin.Engine {
	t.Helper()
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.Use(inputguard.Middleware(inputguard.Options{MaxBody: maxBody, Unchecked: []string{webhookRoute}, GraphQL: []string{"/graphql"}}))
	echo := func(c *gin.Context) {
		raw, err := io.ReadAll(c.Request.Body)
		if err != nil {
			c.String(http.StatusTeapot, "read: %v", err)
			return
		}
		c.Data(http.StatusOK, "application/octet-stream", raw)
	}
	r.POST("/echo", echo)
	r.POST("/graphql", echo)
	r.POST(webhookRoute, echo)
	r.GET("/parts/:pn", func(c *gin.Context) { c.String(http.StatusOK, c.Param("pn")) })
	r.POST("/form", func(c *gin.Context) { c.String(http.StatusOK, c.PostForm("email")) })
	r.POST("/upload", httpx.Handler(nil, func(c *gin.Context) error {
		mr, err := c.Request.MultipartReader()
		if err != nil {
			return errUnreadable
		}
		var names []string
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return fmt.Errorf("%w: %w", errUnreadable, err)
			}
			content, err := io.ReadAll(p)
			if err != nil {
				return fmt.Errorf("%w: %w", errUnreadable, err)
			}
			names = append(names, fmt.Sprintf("%s:%d", p.FileName(), len(content)))
		}
		c.String(http.StatusOK, strings.Join(names, ","))
		return nil
	}))
	return r
}

type call struct {
	method, target, contentType string
	body                        io.Reader
	header                      map[string]string
}

func (c call) serve(r http.Handler) *httptest.ResponseRecorder {
	req := httptest.NewRequest(c.method, c.target, c.body)
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func upload(t *testing.T, fileName string, content []byte) (io.Reader, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, err := mw.CreateFormFile("files[0]", "crack.png")
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	w, err = mw.CreatePart(map[string][]string{"Content-Disposition": {`form-data; name="files[1]"; filename*=UTF-8''` + fileName}})
	require.NoError(t, err)
	_, err = w.Write(content)
	require.NoError(t, err)
	require.NoError(t, mw.Close())
	return &body, mw.FormDataContentType()
}

func TestMiddleware_RefusesFlawedTextWithA400NamingEachField(t *testing.T) {
	r := guarded(t, inputguard.DefaultMaxBody)
	flawedUpload, flawedType := upload(t, "crack%00.png", []byte("\x89PNG\x00\xff"))
	tests := []struct {
		name   string
		call   call
		fields map[string]string
	}{
		{"a NUL in a query parameter", call{method: "GET", target: "/parts/RL14?q=%00"}, map[string]string{"q": inputguard.MsgOneLine}},
		{"a NUL in a path parameter", call{method: "GET", target: "/parts/RL%00"}, map[string]string{"pn": inputguard.MsgOneLine}},
		{"bytes that are not UTF-8 in a path parameter", call{method: "GET", target: "/parts/RL%ff"}, map[string]string{"pn": inputguard.MsgNotUTF8}},
		{"CR LF in a JSON name", call{method: "POST", target: "/echo", contentType: "application/json",
			body: strings.NewReader(`{"contact":{"firstName":"Casey\r\nBcc: x@example.com"}}`)}, map[string]string{"contact.firstName": inputguard.MsgOneLine}},
		{"JSON sent as text/plain is judged as the JSON a handler decodes", call{method: "POST", target: "/echo", contentType: "text/plain",
			body: strings.NewReader(`{"serial":"RT\u0000"}`)}, map[string]string{"serial": inputguard.MsgOneLine}},
		{"JSON without a Content-Type", call{method: "POST", target: "/echo", body: strings.NewReader("{\"desc\":\"\xff\"}")},
			map[string]string{"desc": inputguard.MsgNotUTF8}},
		{"a NUL in an urlencoded form", call{method: "POST", target: "/form", contentType: "application/x-www-form-urlencoded",
			body: strings.NewReader("email=a%00@example.com")}, map[string]string{"email": inputguard.MsgOneLine}},
		{"a NUL in an uploaded file's name", call{method: "POST", target: "/upload", contentType: flawedType, body: flawedUpload},
			map[string]string{"files[1]": inputguard.MsgFileNameLine}},
		{"a NUL escape in a GraphQL string literal", call{method: "POST", target: "/graphql", contentType: "application/json",
			body: strings.NewReader(`{"query":"mutation{createServiceSupportTicket(ticketInput:{subject:\"Hi\\u0000\"}){success}}"}`)},
			map[string]string{"ticketInput.subject": inputguard.MsgOneLine}},
		{"a line break in a GraphQL variable", call{method: "POST", target: "/graphql", contentType: "application/json",
			body: strings.NewReader(`{"query":"mutation($t: TicketInput!){createServiceSupportTicket(ticketInput:$t){success}}","variables":{"t":{"subject":"a\nb"}}}`)},
			map[string]string{"variables.t.subject": inputguard.MsgOneLine}},
		{"bytes that are not UTF-8 in a stored header", call{method: "POST", target: "/echo", body: strings.NewReader(`{}`),
			header: map[string]string{"Idempotency-Key": "key-\xff"}}, map[string]string{"Idempotency-Key": inputguard.MsgNotUTF8}},
		{"flaws in the query and the body at once", call{method: "POST", target: "/echo?page=%00", body: strings.NewReader(`{"a":"\u0000"}`)},
			map[string]string{"page": inputguard.MsgOneLine, "a": inputguard.MsgOneLine}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.call.serve(r)
			require.Equal(t, http.StatusBadRequest, w.Code, w.Body.String())
			var body httpx.ErrorBody
			require.NoError(t, json.Unmarshal(w.Body.Bytes(), &body))
			require.Equal(t, "input.invalidText", body.Error)
			require.Equal(t, inputguard.ErrInvalidText.Message, body.Message)
			require.Equal(t, tt.fields, body.Fields)
		})
	}
}

func TestMiddleware_HandlersReadTheBodyTheClientSent(t *testing.T) {
	r := guarded(t, inputguard.DefaultMaxBody)
	cleanUpload, cleanType := upload(t, "crack.png", bytes.Repeat([]byte("\x89PNG\x00\xff"), 100_000))
	notes := `{"rmaInput":{"initialNotes":"Cracked.\r\n\tTwice.","customerReference":"PO-1"},"contact":{"firstName":"Zoë"}}`
	tests := []struct {
		name string
		call call
		want string
	}{
		{"a clean JSON body, line breaks in its notes", call{method: "POST", target: "/echo", contentType: "application/json", body: strings.NewReader(notes)}, notes},
		{"a GraphQL document spanning lines", call{method: "POST", target: "/graphql", contentType: "application/json",
			body: strings.NewReader(`{"query":"{\n  queryCommonReport(reportId: \"QUERY_RMA_WARNING\") {\n    message\n  }\n}"}`)},
			`{"query":"{\n  queryCommonReport(reportId: \"QUERY_RMA_WARNING\") {\n    message\n  }\n}"}`},
		{"a body that is not JSON", call{method: "POST", target: "/echo", contentType: "application/octet-stream", body: strings.NewReader("\x00\xff raw")}, "\x00\xff raw"},
		{"an urlencoded form", call{method: "POST", target: "/form", contentType: "application/x-www-form-urlencoded",
			body: strings.NewReader("email=casey%40example.com")}, "casey@example.com"},
		{"an upload, its files streamed", call{method: "POST", target: "/upload", contentType: cleanType, body: cleanUpload},
			"crack.png:600000,crack.png:600000"},
		{"a webhook, whatever its bytes: verified over them by its handler", call{method: "POST", target: webhookRoute,
			contentType: "application/json", body: strings.NewReader("{\"summary\":\"a\\u0000\nb\xff\"}")}, "{\"summary\":\"a\\u0000\nb\xff\"}"},
		{"a path parameter", call{method: "GET", target: "/parts/RL14-BAT-STD?q=battery"}, "RL14-BAT-STD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.call.serve(r)
			require.Equal(t, http.StatusOK, w.Code, w.Body.String())
			require.Equal(t, tt.want, w.Body.String())
		})
	}
}

func TestMiddleware_RefusesABodyLongerThanItReadsAhead(t *testing.T) {
	r := guarded(t, 64)
	long := `{"desc":"` + strings.Repeat("a", 100) + `"}`
	for name, req := range map[string]*http.Request{
		"by its Content-Length": httptest.NewRequest("POST", "/echo", strings.NewReader(long)),
		"as it streams":         httptest.NewRequest("POST", "/echo", io.MultiReader(strings.NewReader(long))),
	} {
		t.Run(name, func(t *testing.T) {
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			require.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
			require.JSONEq(t, `{"error":"request.tooLarge","message":"The request body is too large."}`, w.Body.String())
		})
	}
	w := call{method: "POST", target: "/echo", body: strings.NewReader(long[:64])}.serve(r)
	require.Equal(t, http.StatusOK, w.Code, "a body of exactly the limit is read")
}

// brokenBody is a client that goes away after a few bytes.
type brokenBody struct{ sent bool }

var errGone = errors.New("client gone")

func (b *brokenBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, `{"a":`), nil
	}
	return 0, errGone
}

func TestMiddleware_AHandlerMeetsTheClientsOwnReadError(t *testing.T) {
	w := call{method: "POST", target: "/echo", body: &brokenBody{}}.serve(guarded(t, inputguard.DefaultMaxBody))
	require.Equal(t, http.StatusTeapot, w.Code)
	require.Equal(t, "read: client gone", w.Body.String())
}
