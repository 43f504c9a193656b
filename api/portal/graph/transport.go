package graph

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
)

// MaxBody bounds a GraphQL request body, as every REST route bounds its own (support's 64 KB,
// payments' 16 KB): far above the largest valid request, a support ticket of TicketDescriptionMax
// (5,000) characters, at most 30 KB even JSON-escaped, with its mutation.
const MaxBody = 64 << 10

// The refusals of a request that is not one GraphQL operation. Their messages are the whole
// public answer: nothing of the body is ever echoed, to the client or to a log.
var (
	ErrNotJSON   = fault.New(fault.KindInvalid, "graphql.notJSON", "Send the operation as JSON (Content-Type: application/json).")
	ErrEmptyBody = fault.New(fault.KindInvalid, "graphql.emptyBody", "The request body is empty: send one JSON object with a query.")
	ErrBadJSON   = fault.New(fault.KindInvalid, "graphql.badJSON", "The request body is not one JSON object of query, operationName, variables and extensions.")
	ErrBatch     = fault.New(fault.KindInvalid, "graphql.batch", "Batched operations are not supported: send one operation per request.")
	ErrNoQuery   = fault.New(fault.KindInvalid, "graphql.noQuery", "The request has no query.")
)

// requestCodes are the GraphQL codes of a refused request: its body, its document or its
// variables, each the client's mistake.
const (
	CodeBadRequest       = "BAD_REQUEST"
	CodePayloadTooLarge  = "PAYLOAD_TOO_LARGE"
	CodeParseFailed      = "GRAPHQL_PARSE_FAILED"
	CodeValidationFailed = "GRAPHQL_VALIDATION_FAILED"
)

// postJSON is the endpoint's one transport (gqlgen's POST read the whole body, however large,
// and wrote it into its error message, which the presenter logged): one JSON object of at most
// MaxBody bytes, read no further; every refusal of the request itself is a 4xx with its code,
// logged at INFO without the body; only an operation that runs answers 200.
type postJSON struct{ log *slog.Logger }

var _ graphql.Transport = postJSON{}

// Supports takes every POST, so a wrong content type is refused here with its reason rather
// than as gqlgen's bare "transport not supported".
func (postJSON) Supports(r *http.Request) bool { return r.Method == http.MethodPost }

func (t postJSON) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	w.Header().Set("Content-Type", "application/json")
	start := graphql.Now()
	params, err := readParams(w, r)
	if err != nil {
		t.refuse(w, r, err)
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	opCtx, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		// The document does not parse or validate, or the variables do not fit it.
		t.log.InfoContext(ctx, "graphql request refused", "code", firstCode(errs))
		w.WriteHeader(http.StatusBadRequest)
		writeResponse(w, exec.DispatchError(graphql.WithOperationContext(ctx, opCtx), errs))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, opCtx)
	writeResponse(w, responses(ctx))
}

// readParams reads one operation: a JSON object, not an array of them, of at most MaxBody bytes.
func readParams(w http.ResponseWriter, r *http.Request) (*graphql.RawParams, error) {
	if media, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || media != "application/json" {
		return nil, ErrNotJSON
	}
	// The REST routes' size policy: 413 httpx.ErrBodyTooLarge, read no further than MaxBody.
	body, err := httpx.ReadBody(w, r, MaxBody)
	if err != nil {
		return nil, err
	}
	body = bytes.TrimSpace(body)
	switch {
	case len(body) == 0:
		return nil, ErrEmptyBody
	case body[0] == '[':
		return nil, ErrBatch
	case body[0] != '{':
		return nil, ErrBadJSON
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	params := &graphql.RawParams{}
	if err := dec.Decode(params); err != nil || dec.More() {
		return nil, ErrBadJSON
	}
	if strings.TrimSpace(params.Query) == "" {
		return nil, ErrNoQuery
	}
	return params, nil
}

// refuse answers a request that is not one operation with its status (the one mapper's: 413
// or 400) and its code, and logs the refusal at INFO: the client's mistake, not the server's.
func (t postJSON) refuse(w http.ResponseWriter, r *http.Request, err error) {
	status, body := httpx.Status(err)
	code := CodeBadRequest
	if status == http.StatusRequestEntityTooLarge {
		code = CodePayloadTooLarge
	}
	t.log.InfoContext(r.Context(), "graphql request refused", "code", code, "id", body.Error)
	w.WriteHeader(status)
	writeResponse(w, &graphql.Response{Errors: gqlerror.List{{
		Message: body.Message, Extensions: map[string]any{"code": code, "id": body.Error},
	}}})
}

func firstCode(errs gqlerror.List) string {
	for _, e := range errs {
		if code, ok := e.Extensions["code"].(string); ok {
			return code
		}
	}
	return ""
}

func writeResponse(w io.Writer, resp *graphql.Response) {
	b, err := json.Marshal(resp)
	if err != nil {
		// A response the schema's own types produced always marshals; say so rather than
		// send half an answer.
		b = []byte(`{"errors":[{"message":"Something went wrong on our side. Please try again.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}`)
	}
	_, _ = w.Write(b)
}
