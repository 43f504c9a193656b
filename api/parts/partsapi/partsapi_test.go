package partsapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/testkit"
)

func newRouter(t *testing.T) *gin.Engine {
	t.Helper()
	gin.SetMode(gin.TestMode)
	e := partstest.New(t)
	r := gin.New()
	partsapi.Routes(r, e.Service, testkit.Quiet())
	return r
}

func get(t *testing.T, r *gin.Engine, path string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

func TestSearch(t *testing.T) {
	r := newRouter(t)
	tests := []struct {
		name      string
		query     url.Values
		status    int
		body      string
		wantTotal int64
		check     func(t *testing.T, p partsapi.PageJSON)
	}{
		{name: "everything, first page of 20 (public: no token)", query: url.Values{}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.Len(t, p.Items, 20)
			require.Equal(t, 1, p.Page)
			require.Equal(t, 20, p.ItemsPerPage)
			require.Greater(t, p.Total, int64(80))
		}},
		{name: "by serial: the unit's model", query: url.Values{"serial": {" vt10000007 "}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.EqualValues(t, 9, p.Total)
			for _, it := range p.Items {
				require.Equal(t, []partsapi.FitJSON{{Model: "VX12", Family: "Veretos"}}, it.Fits)
				require.True(t, it.VideoOnly, "a body-worn camera's part is flagged: only the video order takes it")
			}
		}},
		{name: "other parts are not video-only", query: url.Values{"model": {"RL14"}, "itemsPerPage": {"100"}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.NotEmpty(t, p.Items)
			for _, it := range p.Items {
				require.False(t, it.VideoOnly, it.PartNumber)
			}
		}},
		{name: "by model and text", query: url.Values{"model": {"rl14"}, "q": {"keyboard"}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.EqualValues(t, 2, p.Total)
			require.Equal(t, "RL14-KBD-UK", p.Items[0].PartNumber)
		}},
		{name: "discontinued parts are listed, flagged", query: url.Values{"q": {"RL14-RAD-LTE"}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.Len(t, p.Items, 1)
			require.True(t, p.Items[0].Discontinued)
			require.Equal(t, "DISCONTINUED", p.Items[0].Availability)
			require.True(t, p.Items[0].IsHighValue)
			require.EqualValues(t, 34900, p.Items[0].Price.Cents)
			require.Equal(t, "USD", p.Items[0].Price.Currency)
		}},
		{name: "a serial and another model find nothing", query: url.Values{"serial": {"RT10000001"}, "model": {"VX12"}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.Empty(t, p.Items)
		}},
		{name: "second page", query: url.Values{"model": {"VX12"}, "page": {"2"}, "itemsPerPage": {"5"}}, status: http.StatusOK, check: func(t *testing.T, p partsapi.PageJSON) {
			require.Len(t, p.Items, 4)
			require.Equal(t, 2, p.Page)
		}},
		{name: "unknown serial", query: url.Values{"serial": {"ZZ99999999"}}, status: http.StatusNotFound, body: `{"error":"rma.unitNotFound","message":"Serial Not Found"}`},
		{name: "serial that cannot be one", query: url.Values{"serial": {"RT1' OR '1'='1"}}, status: http.StatusNotFound, body: `"Serial Not Found"`},
		{name: "too long a serial", query: url.Values{"serial": {strings.Repeat("A", 200)}}, status: http.StatusNotFound, body: `"Serial Not Found"`},
		{name: "q over 100 characters", query: url.Values{"q": {strings.Repeat("a", 101)}}, status: http.StatusBadRequest, body: `"q":"Must be less than 101 characters"`},
		{name: "bad page", query: url.Values{"page": {"0"}, "itemsPerPage": {"x"}}, status: http.StatusBadRequest, body: `"itemsPerPage":"Must be a positive number","page":"Must be a positive number"`},
		{name: "too many per page", query: url.Values{"itemsPerPage": {"101"}}, status: http.StatusBadRequest, body: `"itemsPerPage":"Must be between 1 and 100"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(t, r, partsapi.PartsPath+"?"+tt.query.Encode())
			require.Equal(t, tt.status, w.Code, w.Body.String())
			if tt.body != "" {
				require.Contains(t, w.Body.String(), tt.body)
			}
			if tt.check != nil {
				var p partsapi.PageJSON
				require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
				tt.check(t, p)
			}
		})
	}
}

func TestPart(t *testing.T) {
	r := newRouter(t)
	w := get(t, r, partsapi.PartsPath+"/vx12-dock-8")
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	var p partsapi.PartJSON
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &p))
	require.Equal(t, "VX12-DOCK-8", p.PartNumber)
	require.True(t, p.IsHighValue)
	require.Equal(t, "IN_STOCK", p.Availability)
	require.NotEmpty(t, p.ImagePath)

	for _, pn := range []string{"NOPE-1", strings.Repeat("X", 60)} {
		w = get(t, r, partsapi.PartsPath+"/"+pn)
		require.Equal(t, http.StatusNotFound, w.Code)
		require.JSONEq(t, `{"error":"parts.notFound","message":"Part Not Found"}`, w.Body.String())
	}
}
