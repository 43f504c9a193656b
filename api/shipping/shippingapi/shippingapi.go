// Package shippingapi is the HTTP surface of the shipping capability: drop-off offices near an
// address (spec §7 GET /shipping/offices) and the issued labels and invoices.
package shippingapi

import (
	"errors"
	"log/slog"
	"math"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/shipping/shipping"
)

// MaxOffices is the most offices GET /shipping/offices returns.
const MaxOffices = 10

// API holds the handlers' dependencies.
type API struct {
	svc *shipping.Service
	log *slog.Logger
}

// documentsPrefix is where documents are served; DocumentPath is the one place that builds links.
const documentsPrefix = "/shipping/documents/"

// DocumentPath is the API path of a stored label or invoice: what create responses and e-mails
// link to.
func DocumentPath(id string) string { return documentsPrefix + id }

// Routes mounts the shipping endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, svc *shipping.Service, log *slog.Logger) {
	a := API{svc: svc, log: log}
	g := r.Group("/shipping")

	// Who: any signed-in customer (a role of this client). The answer is public reference data
	// about offices; the address in the query is not stored or logged.
	g.GET("/offices", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.offices))

	// Who: the document's owner only; anyone else's id answers 404 as if it did not exist.
	r.GET(documentsPrefix+":id", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.document))
}

// OfficeResponse is one drop-off office, nearest first.
type OfficeResponse struct {
	ID            string  `json:"id"`
	Name          string  `json:"name"`
	Line1         string  `json:"line1"`
	City          string  `json:"city"`
	State         string  `json:"state"`
	PostalCode    string  `json:"postalCode"`
	Country       string  `json:"country"`
	DistanceMiles float64 `json:"distanceMiles"`
	Hours         string  `json:"hours"`
	Lat           float64 `json:"lat"`
	Lng           float64 `json:"lng"`
}

// officesQuery is the contact and address of spec §7's call; names are accepted and checked but
// play no part in the search.
type officesQuery struct {
	FirstName  string `form:"firstName"`
	LastName   string `form:"lastName"`
	Line1      string `form:"line1"`
	Line2      string `form:"line2"`
	City       string `form:"city"`
	State      string `form:"state"`
	PostalCode string `form:"postalCode"`
	Country    string `form:"country"`
}

func (q officesQuery) validate() error {
	var v validate.Errors
	v.MaxLen("firstName", q.FirstName, 35)
	v.MaxLen("lastName", q.LastName, 35)
	v.MaxLen("line1", q.Line1, 35)
	v.MaxLen("line2", q.Line2, 35)
	v.MaxLen("city", q.City, 35)
	v.MaxLen("state", q.State, 35)
	v.Required("postalCode", q.PostalCode)
	v.MaxLen("postalCode", q.PostalCode, 12)
	v.Required("country", q.Country)
	v.MaxLen("country", q.Country, 35)
	return v.Err()
}

func (a API) offices(c *gin.Context) error {
	q := officesQuery{
		FirstName: c.Query("firstName"), LastName: c.Query("lastName"),
		Line1: c.Query("line1"), Line2: c.Query("line2"), City: c.Query("city"), State: c.Query("state"),
		PostalCode: c.Query("postalCode"), Country: c.Query("country"),
	}
	if err := q.validate(); err != nil {
		return err
	}
	found, err := a.svc.NearbyOffices(c.Request.Context(), shipping.Address{
		Line1: q.Line1, Line2: q.Line2, City: q.City, State: q.State, PostalCode: q.PostalCode, Country: q.Country,
	}, MaxOffices)
	if err != nil {
		return err
	}
	out := make([]OfficeResponse, len(found))
	for i, o := range found {
		out[i] = toOfficeResponse(o)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func toOfficeResponse(o shipping.NearbyOffice) OfficeResponse {
	return OfficeResponse{
		ID: o.ID, Name: o.Name, Line1: o.Line1, City: o.City, State: o.State, PostalCode: o.PostalCode,
		Country: o.Country, DistanceMiles: math.Round(o.DistanceMiles*10) / 10, Hours: o.Hours, Lat: o.Lat, Lng: o.Lng,
	}
}

func (a API) document(c *gin.Context) error {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	doc, err := a.svc.OpenDocument(c.Request.Context(), p.Subject, c.Param("id"))
	if errors.Is(err, shipping.ErrDocumentExpired) {
		// 410 Gone: the document existed and is the caller's, but may no longer be used. The
		// shared mapper knows no 'gone' kind, so the body is written here in its shape.
		_, body := httpx.Status(err)
		c.AbortWithStatusJSON(http.StatusGone, body)
		return nil
	}
	if err != nil {
		return err
	}
	defer doc.Body.Close()
	c.Header("Cache-Control", "private, no-store")
	c.DataFromReader(http.StatusOK, doc.Size, "application/pdf", doc.Body, map[string]string{
		"Content-Disposition": `inline; filename="` + doc.Document.FileName() + `"`,
	})
	return nil
}
