// Package graph is the portal's GraphQL endpoint (gqlgen, schema first). Resolvers call the
// domain cores; errors become GraphQL errors with a stable code and the public message only.
package graph

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/support/support"
)

// Resolver holds the domain services the schema reads.
type Resolver struct {
	Units   rma.Store
	Options rma.OptionsStore
	Support *support.Service
	// History lists the your-account RMAs (RMAsConnection).
	History RMAHistory
	// Quotes lists the your-account quotes (savedQuoteConnection).
	Quotes QuoteList
	// PartsOrders lists the your-account parts orders (partsOrderBatchConnection).
	PartsOrders PartsOrderList
	// Now is the clock quote statuses are read at (time.Now when nil).
	Now func() time.Time
}

func (r *Resolver) now() time.Time {
	if r.Now == nil {
		return time.Now()
	}
	return r.Now()
}

// codeByKind names fault kinds the way GraphQL clients expect.
var codeByKind = map[fault.Kind]string{
	fault.KindInvalid:         "BAD_USER_INPUT",
	fault.KindNotFound:        "NOT_FOUND",
	fault.KindUnauthenticated: "UNAUTHENTICATED",
	fault.KindForbidden:       "FORBIDDEN",
	fault.KindUnavailable:     "UNAVAILABLE",
}

// Handler serves POST /graphql: one JSON operation of at most MaxBody bytes (postJSON), every
// answer marked Cache-Control: no-store (it is a customer's data, or a refusal of their
// request). The caller mounts it behind the sign-in guard (and NoStore, for the guard's own
// refusals).
func Handler(r *Resolver, log *slog.Logger) http.Handler {
	schema := NewExecutableSchema(Config{Resolvers: r})
	srv := handler.New(schema)
	srv.AddTransport(postJSON{log: log})
	srv.Use(strictVariables{schema: schema.Schema()})
	srv.Use(extension.FixedComplexityLimit(200))
	// Introspection is off for everyone, so the schema is not offered through suggestions either
	// (signed-in callers included: the browser's operations are fixed when it is built, and any
	// customer account would otherwise do to map the schema).
	srv.SetDisableSuggestion(true)
	srv.SetErrorPresenter(presenter(log))
	srv.SetRecoverFunc(func(ctx context.Context, rec any) error {
		log.ErrorContext(ctx, "graphql panic", "panic", rec)
		return errors.New("internal")
	})
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		srv.ServeHTTP(w, req)
	})
}

// NoStore marks every answer of the route no-store, the guard's refusals (401, 403) included.
func NoStore() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Cache-Control", "no-store")
		c.Next()
	}
}
