package depotapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotapi"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// stays answers the stays shipped at or after since, and remembers since.
type stays struct {
	all   []rma.DepotStay
	since time.Time
}

func (s *stays) DepotStays(_ context.Context, since time.Time) ([]rma.DepotStay, error) {
	s.since = since
	var out []rma.DepotStay
	for _, st := range s.all {
		if !st.ShippedAt.Before(since) {
			out = append(out, st)
		}
	}
	return out, nil
}

func stay(model, warranty string, received time.Time, days float64) rma.DepotStay {
	return rma.DepotStay{Model: model, WarrantyType: warranty, ReceivedAt: received, ShippedAt: received.Add(time.Duration(days * float64(24*time.Hour)))}
}

func turnaroundEnv(t *testing.T, now time.Time, all []rma.DepotStay) (env, *stays) {
	gin.SetMode(gin.TestMode)
	signer := authtest.NewSigner(t)
	s := &stays{all: all}
	r := gin.New()
	depotapi.TurnaroundRoutes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), depot.Turnarounds{Stays: s, Now: func() time.Time { return now }}, testkit.Quiet())
	return env{r: r, signer: signer}, s
}

func TestTurnaround_LeadsReadP50AndP90PerModelAndWarrantyType(t *testing.T) {
	now := time.Date(2026, 6, 30, 12, 0, 0, 0, time.UTC)
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	e, s := turnaroundEnv(t, now, []rma.DepotStay{
		stay("RL14", "STANDARD", at, 2), stay("RL14", "STANDARD", at, 4), stay("RL14", "STANDARD", at, 9),
		stay("RL14", "PREMIUM", at, 1.5),
		stay("ST12", "STANDARD", at, 6),
		stay("ST12", "STANDARD", at.AddDate(-1, 0, 0), 30), // shipped before the window
	})

	code, body := e.do(t, "GET", "/depot/turnaround", lead, "")
	require.Equal(t, http.StatusOK, code, body)
	require.Equal(t, now.AddDate(0, 0, -90), s.since)
	require.Equal(t, float64(90), body["days"])
	require.Equal(t, map[string]any{"count": float64(5), "p50Days": float64(4), "p90Days": float64(9)}, body["overall"])
	require.Equal(t, []any{
		map[string]any{"model": "RL14", "count": float64(4), "p50Days": float64(2), "p90Days": float64(9)},
		map[string]any{"model": "ST12", "count": float64(1), "p50Days": float64(6), "p90Days": float64(6)},
	}, body["byModel"])
	require.Equal(t, []any{
		map[string]any{"warrantyType": "PREMIUM", "count": float64(1), "p50Days": 1.5, "p90Days": 1.5},
		map[string]any{"warrantyType": "STANDARD", "count": float64(4), "p50Days": float64(4), "p90Days": float64(9)},
	}, body["byWarrantyType"])
	require.Equal(t, []any{
		map[string]any{"model": "RL14", "warrantyType": "PREMIUM", "count": float64(1), "p50Days": 1.5, "p90Days": 1.5},
		map[string]any{"model": "RL14", "warrantyType": "STANDARD", "count": float64(3), "p50Days": float64(4), "p90Days": float64(9)},
		map[string]any{"model": "ST12", "warrantyType": "STANDARD", "count": float64(1), "p50Days": float64(6), "p90Days": float64(6)},
	}, body["rows"])

	code, body = e.do(t, "GET", "/depot/turnaround?days=400", lead, "")
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, float64(6), body["overall"].(map[string]any)["count"])
}

func TestTurnaround_LeadsOnlyAndTheWindowIsChecked(t *testing.T) {
	e, _ := turnaroundEnv(t, time.Now(), nil)
	for role, want := range map[string]int{"": 401, "customer": 403, technician: 403, lead: 200} {
		code, body := e.do(t, "GET", "/depot/turnaround", role, "")
		require.Equal(t, want, code, "as %q: %v", role, body)
	}
	for q, msg := range map[string]string{"days=abc": "Must be a number", "days=0": "Must be 1 to 730", "days=731": "Must be 1 to 730"} {
		code, body := e.do(t, "GET", "/depot/turnaround?"+q, lead, "")
		require.Equal(t, http.StatusBadRequest, code, q)
		require.Equal(t, map[string]any{"days": msg}, body["fields"], q)
	}
	code, body := e.do(t, "GET", "/depot/turnaround", lead, "")
	require.Equal(t, http.StatusOK, code)
	require.Equal(t, map[string]any{"count": float64(0), "p50Days": float64(0), "p90Days": float64(0)}, body["overall"])
	require.Equal(t, []any{}, body["rows"])
}
