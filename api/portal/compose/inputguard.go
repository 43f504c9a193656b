package compose

import (
	"log/slog"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/pkg/inputguard"
)

// guardInput is the edge's one input guard, in front of every domain's routes in every process
// (the all-in-one binary and each process of a split): text no handler can keep or may print is
// refused before any handler reads it, the same on SQLite and PostgreSQL (inputguard).
//
// The payment providers' webhooks pass untouched: their signatures are verified over the raw
// bytes, their content is the provider's, and a refusal would only have it sent again and again.
func guardInput(log *slog.Logger) gin.HandlerFunc {
	return inputguard.Middleware(inputguard.Options{
		Unchecked: []string{paymentsapi.PayPalWebhookPath, paymentsapi.AuthNetWebhookPath},
		GraphQL:   []string{"/graphql"},
		Log:       log,
	})
}
