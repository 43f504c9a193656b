// Package partsapi is the HTTP surface of the parts service (process `parts`): the parts
// catalogue under /parts-manager. Browsing the catalogue is public.
package partsapi

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
)

// Paths of the parts service.
const (
	PartsPath = "/parts-manager/parts"
)

// API holds the handlers' dependencies.
type API struct {
	svc *parts.Service
}

// Routes mounts the parts endpoints.
func Routes(r gin.IRouter, svc *parts.Service, log *slog.Logger) {
	a := API{svc: svc}

	// Who: anyone, signed in or not: browsing the catalogue is public (ordering is not). A
	// serial stands for its unit's model; an unknown one answers 404 'Serial Not Found'.
	r.GET(PartsPath, httpx.Handler(log, a.search))

	// Who: anyone, signed in or not; an unknown part number answers 404 'Part Not Found'.
	r.GET(PartsPath+"/:pn", httpx.Handler(log, a.part))
}

// FitJSON is a model a part fits.
type FitJSON struct {
	Model  string `json:"model"`
	Family string `json:"family"`
}

// PartJSON is one part of the catalogue.
type PartJSON struct {
	PartNumber   string      `json:"partNumber"`
	Description  string      `json:"description"`
	Fits         []FitJSON   `json:"fits"`
	Price        money.Money `json:"price"`
	Availability string      `json:"availability"`
	Discontinued bool        `json:"discontinued"`
	ImagePath    string      `json:"imagePath"`
	IsHighValue  bool        `json:"isHighValue"`
	// VideoOnly is a body-worn camera's part: only the video order takes it.
	VideoOnly bool `json:"videoOnly"`
}

// PageJSON is one page of a search.
type PageJSON struct {
	Items        []PartJSON `json:"items"`
	Total        int64      `json:"total"`
	Page         int        `json:"page"`
	ItemsPerPage int        `json:"itemsPerPage"`
}

func toJSON(p parts.Part) PartJSON {
	fits := make([]FitJSON, 0, len(p.Fits))
	for _, f := range p.Fits {
		fits = append(fits, FitJSON(f))
	}
	return PartJSON{
		PartNumber: p.PartNumber, Description: p.Description, Fits: fits, Price: p.Price,
		Availability: p.Availability, Discontinued: p.Discontinued(), ImagePath: p.ImagePath, IsHighValue: p.HighValue,
		VideoOnly: p.VideoOnly,
	}
}

// intParam reads an optional positive integer query parameter.
func intParam(c *gin.Context, name string, v *fault.Error) int {
	raw := c.Query(name)
	if raw == "" {
		return 0
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		v.Fields[name] = "Must be a positive number"
		return 0
	}
	return n
}

func (a API) search(c *gin.Context) error {
	bad := fault.Validation(map[string]string{})
	page, perPage := intParam(c, "page", bad), intParam(c, "itemsPerPage", bad)
	if len(bad.Fields) > 0 {
		return bad
	}
	res, err := a.svc.Search(c.Request.Context(), parts.SearchRequest{
		Serial: c.Query("serial"), Model: c.Query("model"), Text: c.Query("q"), Page: page, ItemsPerPage: perPage,
	})
	if err != nil {
		return err
	}
	out := PageJSON{Items: make([]PartJSON, 0, len(res.Items)), Total: res.Total, Page: res.Page, ItemsPerPage: res.ItemsPerPage}
	for _, p := range res.Items {
		out.Items = append(out.Items, toJSON(p))
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (a API) part(c *gin.Context) error {
	p, err := a.svc.Part(c.Request.Context(), c.Param("pn"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toJSON(p))
	return nil
}
