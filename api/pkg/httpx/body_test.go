package httpx_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/httpx"
)

// order is a route's body: what DecodeJSON fills.
type order struct {
	Serial   string `json:"serial"`
	Quantity int    `json:"quantity"`
}

// decodeRouter answers the decoded body, or DecodeJSON's refusal, for bodies of at most limit
// bytes.
func decodeRouter(limit int64) *gin.Engine {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.POST("/orders", httpx.Handler(slog.New(slog.DiscardHandler), func(c *gin.Context) error {
		var o order
		if err := httpx.DecodeJSON(c, limit, &o); err != nil {
			return err
		}
		c.JSON(http.StatusOK, o)
		return nil
	}))
	return r
}

// unsized hides a body's length, as a chunked upload does: only reading it finds its end.
type unsized struct{ io.Reader }

func TestDecodeJSON_OneSizePolicyAndOneRefusalOfABadBody(t *testing.T) {
	const limit = 64
	tooLarge := `{"error":"request.tooLarge","message":"The request body is too large."}`
	badBody := `{"error":"request.badBody","message":"The request could not be read. Please reload the page and try again."}`
	long := `{"serial":"` + strings.Repeat("R", limit) + `"}`
	tests := []struct {
		name     string
		body     io.Reader
		wantCode int
		wantBody string
	}{
		{"a body within the limit", strings.NewReader(`{"serial":"RT10000001","quantity":2}`), http.StatusOK, `{"serial":"RT10000001","quantity":2}`},
		{"members the route does not read are ignored", strings.NewReader(`{"serial":"RT10000001","userId":"usr_1"}`), http.StatusOK, `{"serial":"RT10000001","quantity":0}`},
		{"white space after the value", strings.NewReader("{\"quantity\":1}\n  "), http.StatusOK, `{"serial":"","quantity":1}`},
		{"exactly the limit", strings.NewReader(`{"serial":"` + strings.Repeat("R", limit-13) + `"}`), http.StatusOK, ""},
		{"declared longer than the limit", strings.NewReader(long), http.StatusRequestEntityTooLarge, tooLarge},
		{"found longer than the limit while reading", unsized{strings.NewReader(long)}, http.StatusRequestEntityTooLarge, tooLarge},
		{"empty", strings.NewReader(""), http.StatusBadRequest, badBody},
		{"white space only", strings.NewReader("  \n"), http.StatusBadRequest, badBody},
		{"not JSON", strings.NewReader(`{"serial":`), http.StatusBadRequest, badBody},
		{"a wrong type", strings.NewReader(`{"serial":5}`), http.StatusBadRequest, badBody},
		{"not an integer", strings.NewReader(`{"quantity":1.5}`), http.StatusBadRequest, badBody},
		{"an array for an object", strings.NewReader(`[{"serial":"RT10000001"}]`), http.StatusBadRequest, badBody},
		{"a second value after the first", strings.NewReader(`{"quantity":1}{"quantity":2}`), http.StatusBadRequest, badBody},
		{"trailing text", strings.NewReader(`{"quantity":1} x`), http.StatusBadRequest, badBody},
	}
	r := decodeRouter(limit)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/orders", tt.body)
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			require.Equal(t, tt.wantCode, w.Code, w.Body.String())
			if tt.wantBody != "" {
				require.JSONEq(t, tt.wantBody, w.Body.String())
			}
		})
	}
}

// endless is a body that never ends, counting what was read of it.
type endless struct{ read int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.read += len(p)
	return len(p), nil
}

func TestReadBody_ReadsNoFurtherThanTheLimit(t *testing.T) {
	const limit = 1 << 10
	body := &endless{}
	req := httptest.NewRequest(http.MethodPost, "/webhook", nil)
	req.Body, req.ContentLength = io.NopCloser(body), -1
	_, err := httpx.ReadBody(httptest.NewRecorder(), req, limit)
	require.ErrorIs(t, err, httpx.ErrBodyTooLarge)
	require.Equal(t, limit+1, body.read, "one byte past the limit tells it is too large")
}
