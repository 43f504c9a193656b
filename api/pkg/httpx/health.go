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
}

// Health mounts /healthz (the process is up) and /readyz (every probe answers within 2 s).
// Both are public: they say nothing about customer data.
func Health(r gin.IRoutes, probes ...Probe) {
	r.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	r.GET("/readyz", func(c *gin.Context) {
		ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
		defer cancel()
		checks := gin.H{}
		status := http.StatusOK
		for _, p := range probes {
			if err := p.Check(ctx); err != nil {
				checks[p.Name] = "unavailable"
				status = http.StatusServiceUnavailable
				continue
			}
			checks[p.Name] = "ok"
		}
		c.JSON(status, gin.H{"checks": checks})
	})
}
