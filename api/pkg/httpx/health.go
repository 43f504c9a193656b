package httpx

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// Probe reports whether one dependency (database, cache) answers.
type Probe struct {
	Name  string
	Check func(context.Context) error
	// Optional marks a dependency the process serves without (the cache: it is bypassed while
	// down). Its failure makes /readyz report "degraded" and stay 200, so an orchestrator keeps
	// the pod in service; a failed required probe makes it 503.
	Optional bool
}

// Health mounts /healthz (the process is up) and /readyz (every probe answers within 2 s):
// status "ok", "degraded" (an optional dependency is down, 200) or "unavailable" (a required one
// is down, 503). Both are public: they say nothing about customer data.
func Health(r gin.IRoutes, probes ...Probe) { HealthOf(r, nil, probes...) }

// HealthOf is Health whose answers also say which releases the process runs ("versions":
// deployable → version), so a rollout can tell the new process from the old one; nil: none.
func HealthOf(r gin.IRoutes, versions map[string]string, probes ...Probe) {
	r.GET("/healthz", func(c *gin.Context) {
		body := gin.H{"status": "ok"}
		if versions != nil {
			body["versions"] = versions
		}
		c.JSON(http.StatusOK, body)
	})
	r.GET("/readyz", func(c *gin.Context) {
		ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
		defer cancel()
		checks := gin.H{}
		status, code := "ok", http.StatusOK
		for _, p := range probes {
			if err := p.Check(ctx); err != nil {
				checks[p.Name] = "unavailable"
				if !p.Optional {
					status, code = "unavailable", http.StatusServiceUnavailable
				} else if code == http.StatusOK {
					status = "degraded"
				}
				continue
			}
			checks[p.Name] = "ok"
		}
		body := gin.H{"status": status, "checks": checks}
		if versions != nil {
			body["versions"] = versions
		}
		c.JSON(code, body)
	})
}
