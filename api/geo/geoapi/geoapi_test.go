package geoapi_test

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/geo/geoapi"
)

var loaded = sync.OnceValues(geo.Load)

func newRouter(t *testing.T) (*gin.Engine, *geo.Catalog) {
	t.Helper()
	c, err := loaded()
	require.NoError(t, err)
	gin.SetMode(gin.TestMode)
	r := gin.New()
	geoapi.Routes(r, c, slog.New(slog.DiscardHandler))
	return r, c
}

func get(r http.Handler, target string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, target, nil)
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	return w
}

func decode[T any](t *testing.T, w *httptest.ResponseRecorder) T {
	t.Helper()
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.Equal(t, geoapi.CacheControl, w.Header().Get("Cache-Control"))
	require.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
	var v T
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &v))
	return v
}

func id(n int64) string { return strconv.FormatInt(n, 10) }

func TestCountries_EveryCountrySortedByNameWithoutSignIn(t *testing.T) {
	r, _ := newRouter(t)
	w := get(r, "/fn/LocationsAPI/countries")
	list := decode[[]map[string]any](t, w)
	require.Len(t, list, 234)
	require.Equal(t, map[string]any{"name": "Afghanistan", "countryCode": "AF", "geonameId": float64(1149361)}, list[0])
	require.Contains(t, list, map[string]any{"name": "United States", "countryCode": "US", "geonameId": float64(6252001)})
	require.Contains(t, list, map[string]any{"name": "Canada", "countryCode": "CA", "geonameId": float64(6251999)})
	// Accents sort with their letter: Åland Islands comes among the A's, not after Zimbabwe.
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = c["name"].(string)
	}
	require.Less(t, indexOf(names, "Åland Islands"), indexOf(names, "Algeria"))
}

func indexOf(s []string, v string) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func TestStates_OfTheUS(t *testing.T) {
	r, c := newRouter(t)
	us, _ := c.Country("US")
	list := decode[[]map[string]any](t, get(r, "/fn/LocationsAPI/states?geonameId="+id(us.GeonameID)))
	require.Len(t, list, 54)
	require.Equal(t, map[string]any{"name": "Alabama", "stateCode": "AL", "geonameId": float64(4829764), "apo": false}, list[0])
	require.Contains(t, list, map[string]any{"name": "Armed Forces Pacific", "stateCode": "AP", "geonameId": float64(-3), "apo": true})
	require.Contains(t, list, map[string]any{"name": "Texas", "stateCode": "TX", "geonameId": float64(4736286), "apo": false})
}

func TestCities(t *testing.T) {
	r, c := newRouter(t)
	tx, _ := c.State("US", "TX")
	ap, _ := c.State("US", "AP")
	military := []map[string]any{{"name": "APO"}, {"name": "DPO"}, {"name": "FPO"}}
	tests := []struct {
		name  string
		query string
		check func(t *testing.T, list []map[string]any)
	}{
		{"a state's cities", "geonameId=" + id(tx.GeonameID) + "&apo=false", func(t *testing.T, list []map[string]any) {
			require.Contains(t, list, map[string]any{"name": "Austin"})
			require.Greater(t, len(list), 500)
		}},
		{"a military state with apo=true", "geonameId=" + id(ap.GeonameID) + "&apo=true", func(t *testing.T, list []map[string]any) {
			require.Equal(t, military, list)
		}},
		{"a military state without apo", "geonameId=" + id(ap.GeonameID), func(t *testing.T, list []map[string]any) {
			require.Equal(t, military, list)
		}},
		{"an ordinary state without apo", "geonameId=" + id(tx.GeonameID), func(t *testing.T, list []map[string]any) {
			require.Contains(t, list, map[string]any{"name": "Austin"})
		}},
		{"an ordinary state with apo=true has none", "geonameId=" + id(tx.GeonameID) + "&apo=true", func(t *testing.T, list []map[string]any) {
			require.Empty(t, list)
		}},
		{"a military state with apo=false has none", "geonameId=" + id(ap.GeonameID) + "&apo=false", func(t *testing.T, list []map[string]any) {
			require.Empty(t, list)
		}},
		{"a country's id has no cities of its own", "geonameId=6252001", func(t *testing.T, list []map[string]any) {
			require.Empty(t, list)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, decode[[]map[string]any](t, get(r, "/fn/LocationsAPI/cities?"+tt.query)))
		})
	}
}

func TestEmptyListsAreArrays(t *testing.T) {
	r, c := newRouter(t)
	tx, _ := c.State("US", "TX")
	for _, target := range []string{
		"/fn/LocationsAPI/states?geonameId=" + id(tx.GeonameID),
		"/fn/LocationsAPI/cities?geonameId=" + id(tx.GeonameID) + "&apo=true",
	} {
		w := get(r, target)
		require.Equal(t, http.StatusOK, w.Code)
		require.Equal(t, "[]", w.Body.String(), target)
	}
}

func TestBadQueryIsA400NeverA500(t *testing.T) {
	r, _ := newRouter(t)
	tests := []struct {
		name, target, body string
	}{
		{"states without id", "/fn/LocationsAPI/states", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Required"}}`},
		{"states with a word", "/fn/LocationsAPI/states?geonameId=abc", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be a whole number"}}`},
		{"states with a fraction", "/fn/LocationsAPI/states?geonameId=6252001.5", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be a whole number"}}`},
		{"states with a huge number", "/fn/LocationsAPI/states?geonameId=99999999999999999999999", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be a whole number"}}`},
		{"states of an unknown id", "/fn/LocationsAPI/states?geonameId=1", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be the geonameId of a known country or state"}}`},
		{"states of a city's id", "/fn/LocationsAPI/states?geonameId=4671654", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be the geonameId of a known country or state"}}`},
		{"cities without id", "/fn/LocationsAPI/cities?apo=false", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Required"}}`},
		{"cities of an unknown negative id", "/fn/LocationsAPI/cities?geonameId=-4", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be the geonameId of a known country or state"}}`},
		{"cities with a bad apo", "/fn/LocationsAPI/cities?geonameId=4736286&apo=yes", `{"error":"validation","message":"Some fields are invalid.","fields":{"apo":"Must be true or false"}}`},
		{"cities with SQL", "/fn/LocationsAPI/cities?geonameId=1%27%20OR%20%271%27=%271", `{"error":"validation","message":"Some fields are invalid.","fields":{"geonameId":"Must be a whole number"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := get(r, tt.target)
			require.Equal(t, http.StatusBadRequest, w.Code)
			require.JSONEq(t, tt.body, w.Body.String())
			require.Empty(t, w.Header().Get("Cache-Control"), "errors are not cached")
		})
	}
}

func TestOnlyGET(t *testing.T) {
	r, _ := newRouter(t)
	req := httptest.NewRequest(http.MethodPost, "/fn/LocationsAPI/countries", nil)
	w := httptest.NewRecorder()
	r.ServeHTTP(w, req)
	require.Equal(t, http.StatusNotFound, w.Code)
}

func BenchmarkCitiesHandler(b *testing.B) {
	c, err := loaded()
	require.NoError(b, err)
	gin.SetMode(gin.TestMode)
	r := gin.New()
	geoapi.Routes(r, c, slog.New(slog.DiscardHandler))
	tx, _ := c.State("US", "TX")
	target := "/fn/LocationsAPI/cities?apo=false&geonameId=" + id(tx.GeonameID)
	b.ReportAllocs()
	for b.Loop() {
		if w := get(r, target); w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
	}
}
