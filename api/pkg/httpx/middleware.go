package httpx

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"regexp"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/logging"
)

// RequestIDHeader carries the request id in and out.
const RequestIDHeader = "X-Request-Id"

// An inbound id is only reused when it looks like one, so a client cannot inject text into logs.
var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// RequestID reuses a well-formed inbound X-Request-Id or makes one, echoes it in the response
// and puts it in the request context for logging.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(RequestIDHeader)
		if !requestIDPattern.MatchString(id) {
			id = newID()
		}
		c.Header(RequestIDHeader, id)
		c.Request = c.Request.WithContext(logging.WithRequestID(c.Request.Context(), id))
		c.Next()
	}
}

func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// AccessLog logs one line per request. It logs the route pattern and never the query string or
// headers, which can carry tokens.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		log.LogAttrs(c.Request.Context(), slog.LevelInfo, "request",
			slog.String("method", c.Request.Method),
			slog.String("route", route),
			slog.Int("status", c.Writer.Status()),
			slog.Duration("duration", time.Since(start)),
		)
	}
}

// Recover turns a panic into the generic 500 body and a logged stack-free error.
func Recover(log *slog.Logger) gin.HandlerFunc {
	return gin.CustomRecoveryWithWriter(nil, func(c *gin.Context, rec any) {
		log.ErrorContext(c.Request.Context(), "panic", "route", c.FullPath(), "panic", rec)
		WriteError(c, log, fault.New(fault.KindInternal, "internal", "panic"))
	})
}
