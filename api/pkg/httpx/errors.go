// Package httpx holds what every Gin surface of the portal shares: the one error mapper, request
// ids, access logs and health probes.
package httpx

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
)

// ErrorBody is the JSON shape of every error the APIs return.
type ErrorBody struct {
	Error   string            `json:"error"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

var statusByKind = map[fault.Kind]int{
	fault.KindInvalid:         http.StatusBadRequest,
	fault.KindNotFound:        http.StatusNotFound,
	fault.KindConflict:        http.StatusConflict,
	fault.KindUnauthenticated: http.StatusUnauthorized,
	fault.KindForbidden:       http.StatusForbidden,
	fault.KindUnavailable:     http.StatusServiceUnavailable,
	fault.KindTooLarge:        http.StatusRequestEntityTooLarge,
	fault.KindTooMany:         http.StatusTooManyRequests,
}

// Status maps an error to its HTTP status and public body. Errors that are not faults are
// internal: the customer sees a generic message, the log keeps the detail.
func Status(err error) (int, ErrorBody) {
	f, ok := fault.As(err)
	if !ok || f.Kind == fault.KindInternal {
		return http.StatusInternalServerError, ErrorBody{Error: "internal", Message: "Something went wrong on our side. Please try again."}
	}
	return statusByKind[f.Kind], ErrorBody{Error: f.ID, Message: f.Message, Fields: f.Fields}
}

// WriteError renders err and logs internal errors with the request id.
func WriteError(c *gin.Context, log *slog.Logger, err error) {
	status, body := Status(err)
	if status >= http.StatusInternalServerError {
		log.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
	}
	if status == http.StatusUnauthorized {
		c.Header("WWW-Authenticate", `Bearer error="invalid_token"`)
	}
	c.AbortWithStatusJSON(status, body)
}

// Handler adapts a handler that returns an error, so handlers never write 500s themselves.
func Handler(log *slog.Logger, h func(*gin.Context) error) gin.HandlerFunc {
	return func(c *gin.Context) {
		if err := h(c); err != nil {
			WriteError(c, log, err)
		}
	}
}
