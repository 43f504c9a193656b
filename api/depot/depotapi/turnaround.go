package depotapi

import (
	"context"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/rma/rma"
)

// Turnaround is what the lead's figures need of the core (depot.Turnarounds).
type Turnaround interface {
	Report(ctx context.Context, days int) (depot.TurnaroundReport, error)
}

// TurnaroundRoutes mounts GET /depot/turnaround. Who: leads only, as the backlog.
func TurnaroundRoutes(r gin.IRouter, guard *auth.Guard, t Turnaround, log *slog.Logger) {
	r.GET("/depot/turnaround", guard.SignedIn(), guard.AnyOf(auth.PermDepotLead), httpx.Handler(log, func(c *gin.Context) error {
		days := 0
		if s := c.Query("days"); s != "" {
			n, err := strconv.Atoi(s)
			switch {
			case err != nil:
				return fault.Validation(map[string]string{"days": "Must be a number"})
			case n < 1: // 0 is the core's default, not a window
				return fault.Validation(map[string]string{"days": depot.MsgTurnaroundDays})
			}
			days = n
		}
		rep, err := t.Report(c.Request.Context(), days)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, toTurnaroundResponse(rep))
		return nil
	}))
}

// spreadDTO is a group's figures in days with one decimal: what a lead reads against the
// promised turnaround.
type spreadDTO struct {
	Model        string  `json:"model,omitempty"`
	WarrantyType string  `json:"warrantyType,omitempty"`
	Count        int     `json:"count"`
	P50Days      float64 `json:"p50Days"`
	P90Days      float64 `json:"p90Days"`
}

type turnaroundResponse struct {
	Since          string      `json:"since"`
	Days           int         `json:"days"`
	Overall        spreadDTO   `json:"overall"`
	ByModel        []spreadDTO `json:"byModel"`
	ByWarrantyType []spreadDTO `json:"byWarrantyType"`
	Rows           []spreadDTO `json:"rows"`
}

func toTurnaroundResponse(r depot.TurnaroundReport) turnaroundResponse {
	return turnaroundResponse{
		Since: stamp(r.Since), Days: r.Days, Overall: toSpread("", "", r.Overall),
		ByModel: toSpreads(r.ByModel), ByWarrantyType: toSpreads(r.ByWarrantyType), Rows: toSpreads(r.ByBoth),
	}
}

func toSpreads(gs []depot.TurnaroundGroup) []spreadDTO {
	out := make([]spreadDTO, len(gs))
	for i, g := range gs {
		out[i] = toSpread(g.Model, g.WarrantyType, g.Spread)
	}
	return out
}

func toSpread(model, warrantyType string, s rma.Spread) spreadDTO {
	return spreadDTO{Model: model, WarrantyType: warrantyType, Count: s.Count, P50Days: days(s.P50), P90Days: days(s.P90)}
}

func days(d time.Duration) float64 { return math.Round(d.Hours()/24*10) / 10 }
