// Package supportapi is the HTTP surface of the support service: the public contact form (spec
// §7 POST /contact-form) and the admin endpoints that edit the info-banner reports. Tickets and
// the banner's read (queryCommonReport) are GraphQL and live in the composition root, which calls
// the support.Service directly.
package supportapi

import (
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/support/support"
)

// MaxBody bounds a request body (httpx.DecodeJSON): far above the largest valid contact message or report.
const MaxBody = 64 << 10

// API holds the handlers' dependencies.
type API struct {
	svc *support.Service
	log *slog.Logger
}

// Routes mounts the support endpoints.
//
// The contact form's rate limit is keyed by c.ClientIP(): the engine must trust only the
// ingress (gin.Engine.SetTrustedProxies with its addresses, or TrustedPlatform), otherwise a
// caller picks its own key with X-Forwarded-For and every client behind the ingress shares one.
func Routes(r gin.IRouter, guard *auth.Guard, svc *support.Service, log *slog.Logger) {
	a := API{svc: svc, log: log}

	// Who: anyone; the form is public (spec §2). Flooding is held off by per-client and global
	// limits (429 with Retry-After).
	r.POST("/contact-form", httpx.Handler(log, a.contact))

	admin := r.Group("/admin/reports", guard.SignedIn(), guard.Customer(), guard.AnyOf(auth.PermRMAOverride))
	// Who: signed-in admins holding the rmaOverride permission; everyone else gets 401/403.
	admin.GET("/:reportId", httpx.Handler(log, a.getReport))
	// Who: signed-in admins holding the rmaOverride permission; everyone else gets 401/403.
	admin.PUT("/:reportId", httpx.Handler(log, a.putReport))
}

// ContactRequest is the contact form's body. Name is the older single-field form: it is split
// (first word, rest) when firstName and lastName are both absent.
type ContactRequest struct {
	FirstName    string `json:"firstName"`
	LastName     string `json:"lastName"`
	Name         string `json:"name"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	Company      string `json:"company"`
	Subject      string `json:"subject"`
	PrimaryFault string `json:"primaryFault"`
	Desc         string `json:"desc"`
}

// SuccessResponse is the body of an accepted contact message.
type SuccessResponse struct {
	Success bool `json:"success"`
}

func toContactInput(r ContactRequest) support.ContactInput {
	first, last := r.FirstName, r.LastName
	if first == "" && last == "" && r.Name != "" {
		first, last = support.SplitName(r.Name)
	}
	return support.ContactInput{
		FirstName: first, LastName: last, Email: r.Email, Phone: r.Phone, Company: r.Company,
		Subject: r.Subject, PrimaryFault: r.PrimaryFault, Desc: r.Desc,
	}
}

func (a API) contact(c *gin.Context) error {
	var req ContactRequest
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	err := a.svc.SubmitContact(c.Request.Context(), c.ClientIP(), toContactInput(req))
	if wait, ok := support.RetryAfter(err); ok {
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	}
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, SuccessResponse{Success: true})
	return nil
}

// ReportRowRequest is one row of a PUT body.
type ReportRowRequest struct {
	Message   string `json:"message"`
	IsWarning bool   `json:"isWarning"`
	IsPaused  bool   `json:"isPaused"`
}

// ReportRowResponse is one row as stored.
type ReportRowResponse struct {
	Position  int       `json:"position"`
	Message   string    `json:"message"`
	IsWarning bool      `json:"isWarning"`
	IsPaused  bool      `json:"isPaused"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func toReportRows(in []ReportRowRequest) []support.ReportRow {
	out := make([]support.ReportRow, len(in))
	for i, r := range in {
		out[i] = support.ReportRow{Message: r.Message, IsWarning: r.IsWarning, IsPaused: r.IsPaused}
	}
	return out
}

func toReportRowResponses(rows []support.ReportRow) []ReportRowResponse {
	out := make([]ReportRowResponse, len(rows))
	for i, r := range rows {
		out[i] = ReportRowResponse{Position: r.Position, Message: r.Message, IsWarning: r.IsWarning, IsPaused: r.IsPaused, UpdatedAt: r.UpdatedAt}
	}
	return out
}

func (a API) getReport(c *gin.Context) error {
	rows, err := a.svc.Report(c.Request.Context(), c.Param("reportId"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toReportRowResponses(rows))
	return nil
}

func (a API) putReport(c *gin.Context) error {
	var req []ReportRowRequest
	if err := httpx.DecodeJSON(c, MaxBody, &req); err != nil {
		return err
	}
	ctx := c.Request.Context()
	id := c.Param("reportId")
	if err := a.svc.ReplaceReport(ctx, id, toReportRows(req)); err != nil {
		return err
	}
	if p, ok := auth.PrincipalFrom(ctx); ok {
		a.log.InfoContext(ctx, "report replaced", "report", id, "rows", len(req), "by", p.Subject)
	}
	rows, err := a.svc.Report(ctx, id)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toReportRowResponses(rows))
	return nil
}
