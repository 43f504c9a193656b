// Package geoapi is the HTTP surface of the geography capability (spec §7, /fn/LocationsAPI/*):
// the country, state and city lists the address form is fed from.
package geoapi

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/validate"
)

// CacheControl is sent with every list: the data changes only with a new release.
const CacheControl = "public, max-age=86400"

// Messages for bad query parameters.
const (
	MsgNotANumber   = "Must be a whole number"
	MsgUnknownPlace = "Must be the geonameId of a known country or state"
	MsgNotABool     = "Must be true or false"
)

// API holds the handlers' dependencies.
type API struct {
	catalog *geo.Catalog
	log     *slog.Logger
}

// Routes mounts the location lists.
func Routes(r gin.IRouter, catalog *geo.Catalog, log *slog.Logger) {
	a := API{catalog: catalog, log: log}
	g := r.Group("/fn/LocationsAPI")

	// Who: anyone, signed in or not. These are public reference data (GeoNames), hold no
	// customer data, and the pages that load them before sign-in need them.
	g.GET("/countries", httpx.Handler(log, a.countries))
	// Who: anyone (public reference data, as above).
	g.GET("/states", httpx.Handler(log, a.states))
	// Who: anyone (public reference data, as above).
	g.GET("/cities", httpx.Handler(log, a.cities))
}

// CountryResponse is the Country of spec §3.
type CountryResponse struct {
	Name        string `json:"name"`
	CountryCode string `json:"countryCode"`
	GeonameID   int64  `json:"geonameId"`
}

// StateResponse is the State of spec §3; apo marks the military states AA, AE and AP.
type StateResponse struct {
	Name      string `json:"name"`
	StateCode string `json:"stateCode"`
	GeonameID int64  `json:"geonameId"`
	APO       bool   `json:"apo"`
}

// CityResponse is the City of spec §3.
type CityResponse struct {
	Name string `json:"name"`
}

// countries answers every country, sorted by name.
func (a API) countries(c *gin.Context) error {
	cs := a.catalog.Countries()
	out := make([]CountryResponse, len(cs))
	for i, x := range cs {
		out[i] = toCountryResponse(x)
	}
	ok(c, out)
	return nil
}

// states answers the states of the country ?geonameId=, sorted by name.
func (a API) states(c *gin.Context) error {
	id, err := geonameID(c)
	if err != nil {
		return err
	}
	ss, err := a.catalog.States(id)
	if err != nil {
		return placeError(err)
	}
	out := make([]StateResponse, len(ss))
	for i, x := range ss {
		out[i] = toStateResponse(x)
	}
	ok(c, out)
	return nil
}

// cities answers the cities of the state ?geonameId=, sorted by name. ?apo=true asks for the
// military cities (APO, DPO, FPO), apo=false for the ordinary ones; without apo, the state's own
// flag decides, so a military state gives its military cities.
func (a API) cities(c *gin.Context) error {
	id, err := geonameID(c)
	if err != nil {
		return err
	}
	var apo bool
	switch raw, given := c.GetQuery("apo"); {
	case !given || raw == "":
		st, _ := a.catalog.StateByID(id)
		apo = st.APO
	case raw == "true":
		apo = true
	case raw == "false":
		apo = false
	default:
		return fault.Validation(map[string]string{"apo": MsgNotABool})
	}
	cs, err := a.catalog.Cities(id, apo)
	if err != nil {
		return placeError(err)
	}
	out := make([]CityResponse, len(cs))
	for i, x := range cs {
		out[i] = CityResponse{Name: x.Name}
	}
	ok(c, out)
	return nil
}

func ok(c *gin.Context, body any) {
	c.Header("Cache-Control", CacheControl)
	c.JSON(http.StatusOK, body)
}

// geonameID reads the required ?geonameId= query parameter.
func geonameID(c *gin.Context) (int64, error) {
	raw := c.Query("geonameId")
	if raw == "" {
		return 0, fault.Validation(map[string]string{"geonameId": validate.MsgRequired})
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return 0, fault.Validation(map[string]string{"geonameId": MsgNotANumber})
	}
	return id, nil
}

// placeError turns the catalog's unknown id into a 400 on the query parameter: the caller sent
// an id no list ever gave it.
func placeError(err error) error {
	if errors.Is(err, geo.ErrUnknownPlace) {
		return fault.Validation(map[string]string{"geonameId": MsgUnknownPlace})
	}
	return err
}

func toCountryResponse(x geo.Country) CountryResponse {
	return CountryResponse{Name: x.Name, CountryCode: x.Code, GeonameID: x.GeonameID}
}

func toStateResponse(x geo.State) StateResponse {
	return StateResponse{Name: x.Name, StateCode: x.Code, GeonameID: x.GeonameID, APO: x.APO}
}
