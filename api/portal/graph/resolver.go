// Package graph is the portal's GraphQL endpoint (gqlgen, schema first). Resolvers call the
// domain cores; errors become GraphQL errors with a stable code and the public message only.
package graph

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rugged.example/portal/api/pkg/db/dbfault"
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

// Handler serves POST /graphql. The caller mounts it behind the sign-in guard.
func Handler(r *Resolver, log *slog.Logger) http.Handler {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: r}))
	srv.AddTransport(transport.POST{})
	srv.Use(extension.FixedComplexityLimit(200))
	srv.SetErrorPresenter(func(ctx context.Context, err error) *gqlerror.Error {
		gqlErr := graphql.DefaultErrorPresenter(ctx, err)
		var f *fault.Error
		if errors.As(err, &f) && f.Kind != fault.KindInternal {
			gqlErr.Message = f.Message
			gqlErr.Extensions = map[string]any{"code": codeByKind[f.Kind], "id": f.ID, "fields": f.Fields}
			return gqlErr
		}
		// A database outage is no bug of ours and no detail for the client: the same message and
		// Retry-After hint as the REST answer's 503. gqlgen answers 200 with the error in the
		// body, as GraphQL over HTTP does for resolver errors; clients match on the code.
		if dbfault.Unreachable(err) {
			log.WarnContext(ctx, "graphql resolver: database unavailable", "path", gqlErr.Path.String(), "err", err)
			gqlErr.Message = dbfault.ErrUnavailable.Message
			gqlErr.Extensions = map[string]any{"code": codeByKind[fault.KindUnavailable], "id": dbfault.ErrUnavailable.ID, "retryAfter": dbfault.RetryAfterSeconds}
			return gqlErr
		}
		var parseErr *gqlerror.Error
		if errors.As(err, &parseErr) && parseErr.Extensions != nil {
			return gqlErr // the query itself was malformed: gqlgen's message is the useful one
		}
		log.ErrorContext(ctx, "graphql resolver failed", "path", gqlErr.Path.String(), "err", err)
		gqlErr.Message = "Something went wrong on our side. Please try again."
		gqlErr.Extensions = map[string]any{"code": "INTERNAL_SERVER_ERROR"}
		return gqlErr
	})
	srv.SetRecoverFunc(func(ctx context.Context, rec any) error {
		log.ErrorContext(ctx, "graphql panic", "panic", rec)
		return errors.New("internal")
	})
	return srv
}
