// Package httpx holds what every Gin surface of the portal shares: the one error mapper, request
// ids, access logs and health probes.
package httpx

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/db/dbfault"
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

// Refusal is an error that answers for its request wherever it sits in an error's chain: the
// request itself was refused (inputguard judges a multipart body while its handler reads it, so
// the refusal comes back as the cause of the handler's own read error, behind the handler's
// fault).
type Refusal interface {
	error
	Refusal() *fault.Error
}

// Status maps an error to its HTTP status and public body. A Refusal anywhere in err answers
// first. A database that cannot be reached is dbfault.ErrUnavailable (503: try again in a
// moment); other errors that are not faults are internal: the customer sees a generic message,
// the log keeps the detail.
func Status(err error) (int, ErrorBody) {
	if r, ok := errors.AsType[Refusal](err); ok {
		f := r.Refusal()
		return statusByKind[f.Kind], ErrorBody{Error: f.ID, Message: f.Message, Fields: f.Fields}
	}
	f, ok := fault.As(err)
	if (!ok || f.Kind == fault.KindInternal) && dbfault.Unreachable(err) {
		f, ok = dbfault.ErrUnavailable, true
	}
	if !ok || f.Kind == fault.KindInternal {
		return http.StatusInternalServerError, ErrorBody{Error: "internal", Message: "Something went wrong on our side. Please try again."}
	}
	return statusByKind[f.Kind], ErrorBody{Error: f.ID, Message: f.Message, Fields: f.Fields}
}

// WriteError renders err and logs server-side errors with the request id. A 503 carries
// Retry-After, so clients and proxies wait a moment instead of hammering or giving up.
func WriteError(c *gin.Context, log *slog.Logger, err error) {
	status, body := Status(err)
	switch {
	case status == http.StatusServiceUnavailable:
		log.WarnContext(c.Request.Context(), "request refused: a dependency is unavailable", "path", c.FullPath(), "err", err)
		c.Header("Retry-After", strconv.Itoa(dbfault.RetryAfterSeconds))
	case status >= http.StatusInternalServerError:
		log.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
	case status == http.StatusUnauthorized:
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
