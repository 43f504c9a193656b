package httpx

import (
	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/idempotency"
)

// IdempotencyKey reads the request's Idempotency-Key header (idempotency.Parse): every handler
// that takes one reads it here, so the same limit and refusal hold on every route.
func IdempotencyKey(c *gin.Context) (idempotency.Key, error) {
	return idempotency.Parse(c.GetHeader(idempotency.Header))
}
