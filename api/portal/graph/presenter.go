package graph

import (
	"context"
	"errors"
	"log/slog"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rugged.example/portal/api/pkg/db/dbfault"
	"rugged.example/portal/api/pkg/fault"
)

// presenter turns every error of an answer into what a client may see: a fault's public
// message and stable code; a refused document or variables as the validator says it, without
// its suggestions; anything else the generic message, logged at ERROR with its detail.
func presenter(log *slog.Logger) graphql.ErrorPresenterFunc {
	return func(ctx context.Context, err error) *gqlerror.Error {
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
		var requestErr *gqlerror.Error
		if errors.As(err, &requestErr) && requestErr.Extensions["code"] != nil {
			// The document or its variables were refused (postJSON answers 400 and logs it at
			// INFO): the validator's message is the useful one, less any schema it suggests.
			gqlErr.Message = withoutSuggestion(gqlErr.Message)
			return gqlErr
		}
		log.ErrorContext(ctx, "graphql resolver failed", "path", gqlErr.Path.String(), "err", err)
		gqlErr.Message = "Something went wrong on our side. Please try again."
		gqlErr.Extensions = map[string]any{"code": "INTERNAL_SERVER_ERROR"}
		return gqlErr
	}
}

// withoutSuggestion cuts the validator's "Did you mean …?" (a field, argument, type or enum
// value of the schema) from a message: SetDisableSuggestion covers only some of its rules.
func withoutSuggestion(msg string) string {
	if i := strings.Index(msg, " Did you mean "); i >= 0 {
		return msg[:i]
	}
	return msg
}
