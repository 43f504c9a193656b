// Package batchapi is the batch process's HTTP surface: the template, the parse of a batch file
// and the pre-flight (this file), and the batch's life: submit, list, the batch, its progress
// events, result CSV and documents PDF, pay, confirm and remove a row (life.go). Handlers never
// touch gorm; errors go to httpx's one mapper.
package batchapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/uploads/uploads"
)

// Preflighter is what the pre-flight route needs of the core.
type Preflighter interface {
	Preflight(ctx context.Context, caller auth.Principal, accessToken string, rows []batch.Row) (batch.Preflight, error)
}

// Routes mounts the batch routes. Every route needs a signed-in customer (a role of this
// client: others 401/403); each route's comment says whose batch it reads or changes.
func Routes(r gin.IRouter, guard *auth.Guard, svc Service, log *slog.Logger) {
	h := handlers{svc: svc}
	g := r.Group(Path, guard.SignedIn(), guard.Customer())
	// Who: any customer; nothing here reads or writes another customer's records, and the
	// pre-flight judges rows as the caller's own (their organization's branches, their discount).
	g.GET("/template.csv", httpx.Handler(log, h.template))
	g.POST("/parse", httpx.Handler(log, h.parse))
	g.POST("/preflight", httpx.Handler(log, h.preflight))
	lifeRoutes(g, svc, log)
}

type handlers struct{ svc Service }

func (h handlers) template(c *gin.Context) error {
	c.Header("Content-Disposition", `attachment; filename="rma-batch-template.csv"`)
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, "text/csv; charset=utf-8", batch.Template())
	return nil
}

// fileField is the parse's one multipart field.
var fileField = regexp.MustCompile(`^file$`)

// parseBody bounds the request: the file and its multipart framing.
const parseBody = batch.MaxFileSize + 64<<10

type parsedRow struct {
	Line              int    `json:"line"`
	Serial            string `json:"serial"`
	Fault             string `json:"fault"`
	Problem           string `json:"problem"`
	Notes             string `json:"notes"`
	CustomerReference string `json:"customerReference"`
	AssetTag          string `json:"assetTag"`
	Branch            string `json:"branch"`
	HasData           *bool  `json:"hasData"`
}

type parseResponse struct {
	Rows []parsedRow `json:"rows"`
}

// parse reads the multipart field file (the first one) as a CSV or XLSX. It stores nothing.
func (h handlers) parse(c *gin.Context) error {
	files, err := uploads.MultipartBody(c.Writer, c.Request, parseBody, fileField)
	if err != nil {
		return err
	}
	var rows []batch.Parsed
	found := false
	for f, err := range files {
		if err != nil {
			return tooLarge(err, uploads.ErrUnreadable)
		}
		found = true
		if rows, err = batch.Parse(f.Content); err != nil {
			return tooLarge(err, err)
		}
		break
	}
	if !found {
		return uploads.ErrNoFiles
	}
	out := parseResponse{Rows: make([]parsedRow, len(rows))}
	for i, r := range rows {
		out.Rows[i] = toParsedRow(r)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// tooLarge answers a body cut at its limit as batch.ErrTooLarge, and otherwise answer.
func tooLarge(err, answer error) error {
	if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
		return batch.ErrTooLarge
	}
	return answer
}

func toParsedRow(p batch.Parsed) parsedRow {
	return parsedRow{
		Line: p.Line, Serial: p.Serial, Fault: p.Fault, Problem: p.Problem, Notes: p.Notes,
		CustomerReference: p.CustomerReference, AssetTag: p.AssetTag, Branch: p.Branch, HasData: p.HasData,
	}
}

type rowRequest struct {
	Serial            string `json:"serial"`
	Fault             string `json:"fault"`
	Problem           string `json:"problem"`
	Notes             string `json:"notes"`
	CustomerReference string `json:"customerReference"`
	AssetTag          string `json:"assetTag"`
	Branch            string `json:"branch"`
	HasData           *bool  `json:"hasData"`
}

type preflightRequest struct {
	Rows []rowRequest `json:"rows"`
}

type reasonResponse struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

type verdictResponse struct {
	Index       int              `json:"index"`
	Serial      string           `json:"serial"`
	OK          bool             `json:"ok"`
	Reasons     []reasonResponse `json:"reasons"`
	Model       *string          `json:"model"`
	Entitlement *string          `json:"entitlement"`
	Price       *string          `json:"price"`
}

type summaryResponse struct {
	Rows          int    `json:"rows"`
	OK            int    `json:"ok"`
	Failed        int    `json:"failed"`
	InWarranty    int    `json:"inWarranty"`
	OutOfWarranty int    `json:"outOfWarranty"`
	Override      int    `json:"override"`
	Total         string `json:"total"`
}

type preflightResponse struct {
	Rows    []verdictResponse `json:"rows"`
	Summary summaryResponse   `json:"summary"`
}

// maxPreflightBody bounds the JSON of 1,000 rows of the longest cells with room to spare.
const maxPreflightBody = 4 << 20

// errBody refuses a body that is not the pre-flight's JSON.
var errBody = fault.New(fault.KindInvalid, "batch.badRequest", "The request body must be JSON: {rows: [...]}.")

// errBodyTooLarge refuses a pre-flight body over maxPreflightBody.
var errBodyTooLarge = fault.New(fault.KindTooLarge, "batch.bodyTooLarge", "The rows must be 4 MB of JSON or less.")

func (h handlers) preflight(c *gin.Context) error {
	ctx := c.Request.Context()
	caller, ok := auth.PrincipalFrom(ctx)
	if !ok {
		return auth.ErrInvalidToken
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxPreflightBody)
	var req preflightRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
			return errBodyTooLarge
		}
		return errBody
	}
	token, _ := auth.BearerToken(c.GetHeader("Authorization"))
	rows := make([]batch.Row, len(req.Rows))
	for i, r := range req.Rows {
		rows[i] = batch.Row{
			Serial: r.Serial, Fault: r.Fault, Problem: r.Problem, Notes: r.Notes, CustomerReference: r.CustomerReference,
			AssetTag: r.AssetTag, Branch: r.Branch, HasData: r.HasData,
		}
	}
	res, err := h.svc.Preflight(ctx, caller, token, rows)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPreflightResponse(res))
	return nil
}

func toPreflightResponse(p batch.Preflight) preflightResponse {
	out := preflightResponse{Rows: make([]verdictResponse, len(p.Rows))}
	for i, v := range p.Rows {
		r := verdictResponse{Index: v.Index, Serial: v.Serial, OK: v.OK, Reasons: make([]reasonResponse, len(v.Reasons))}
		for j, reason := range v.Reasons {
			r.Reasons[j] = reasonResponse{Field: reason.Field, Message: reason.Message}
		}
		if v.Model != "" {
			r.Model = &v.Model
		}
		if v.Entitlement != "" {
			e := string(v.Entitlement)
			r.Entitlement = &e
		}
		if v.Price != nil {
			d := v.Price.Decimal()
			r.Price = &d
		}
		out.Rows[i] = r
	}
	s := p.Summary
	out.Summary = summaryResponse{
		Rows: s.Rows, OK: s.OK, Failed: s.Failed, InWarranty: s.InWarranty, OutOfWarranty: s.OutOfWarranty,
		Override: s.Override, Total: s.Total.Decimal(),
	}
	return out
}
