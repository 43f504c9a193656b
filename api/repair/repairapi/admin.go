package repairapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/rma/rma"
)

// maxAdvanceBody bounds a move's JSON: the note and the three repair-work texts at their
// limits fit well inside.
const maxAdvanceBody = 32 << 10

// Lifecycle moves RMAs for staff; *rma.Lifecycle implements it.
type Lifecycle interface {
	Advance(ctx context.Context, a rma.Advance) (rma.RMA, error)
}

type adminAPI struct {
	lifecycle Lifecycle
}

// AdminRoutes mounts staff's RMA endpoints.
func AdminRoutes(r gin.IRouter, guard *auth.Guard, lifecycle Lifecycle, log *slog.Logger) {
	a := adminAPI{lifecycle: lifecycle}
	// Who: signed-in staff holding the rmaOverride permission; everyone else gets 401/403. Staff
	// move any customer's RMA; an unknown number is 404, a move the lifecycle does not allow 409.
	r.POST("/rma-manager/admin/rmas/:number/advance", guard.SignedIn(), guard.Customer(), guard.AnyOf(auth.PermRMAOverride),
		httpx.Handler(log, a.advance))
}

// AdvanceRequest is staff's move of an RMA to status, with what they write for the customer
// and, for a repair, what was done.
type AdvanceRequest struct {
	Status          string `json:"status"`
	Note            string `json:"note"`
	ReturnTracking  string `json:"returnTracking"`
	PartsReplaced   string `json:"partsReplaced"`
	WorkPerformed   string `json:"workPerformed"`
	TechnicianNotes string `json:"technicianNotes"`
}

// AdvanceResponse is the RMA as the move left it.
type AdvanceResponse struct {
	RMANumber      string `json:"rmaNumber"`
	Status         string `json:"status"`
	ReturnTracking string `json:"returnTracking"`
}

func toAdvance(number, actor string, r AdvanceRequest) rma.Advance {
	return rma.Advance{
		Number: number, Status: rma.ParseStatus(r.Status), Actor: actor, Note: r.Note, ReturnTracking: r.ReturnTracking,
		Work: rma.RepairWork{PartsReplaced: r.PartsReplaced, WorkPerformed: r.WorkPerformed, TechnicianNotes: r.TechnicianNotes},
	}
}

func toAdvanceResponse(r rma.RMA) AdvanceResponse {
	return AdvanceResponse{RMANumber: r.Number, Status: string(r.Status), ReturnTracking: r.ReturnTrackingNumber}
}

func (a adminAPI) advance(c *gin.Context) error {
	var body AdvanceRequest
	if err := httpx.DecodeJSON(c, maxAdvanceBody, &body); err != nil {
		return err
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	r, err := a.lifecycle.Advance(c.Request.Context(), toAdvance(c.Param("number"), p.Subject, body))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toAdvanceResponse(r))
	return nil
}
