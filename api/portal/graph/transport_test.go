package graph_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/portal/graph"
)

// marker stands for whatever a caller sends: it must never come back in a log line.
const marker = "BODY-MARKER-7f3a"

// countingReader is a body of n bytes of marker text that counts what the server reads of it.
type countingReader struct{ left, read int }

func (c *countingReader) Read(p []byte) (int, error) {
	if c.left == 0 {
		return 0, io.EOF
	}
	n := min(len(p), c.left)
	for i := range n {
		p[i] = marker[(c.read+i)%len(marker)]
	}
	c.left -= n
	c.read += n
	return n, nil
}

// refusalAnswer is a refused request's JSON: one error, no data.
type refusalAnswer struct {
	Data   any
	Errors []struct {
		Message    string
		Extensions struct{ Code, ID string }
	}
}

// TestPOST_ClientMistakesAre4xxWithTheirCodeLoggedAtMostAtInfo sends every kind of request that
// is not one valid operation, anonymous and signed in: each answers its 4xx status with one
// error of its code, no suggestion of the schema, Cache-Control: no-store, and at most an INFO
// log line that holds nothing of the body.
func TestPOST_ClientMistakesAreFourHundredsWithTheirCodeLoggedAtMostAtInfo(t *testing.T) {
	q := func(query string, vars map[string]any) string {
		b, err := json.Marshal(map[string]any{"query": query, "variables": vars})
		require.NoError(t, err)
		return string(b)
	}
	tests := []struct {
		name        string
		contentType string
		body        string
		status      int
		code        string
	}{
		{"bad JSON", "application/json", `{"query": "{ __typename } ` + marker, http.StatusBadRequest, graph.CodeBadRequest},
		{"an empty body", "application/json", ``, http.StatusBadRequest, graph.CodeBadRequest},
		{"a body of spaces", "application/json", "  \n\t ", http.StatusBadRequest, graph.CodeBadRequest},
		{"a batch array", "application/json", `[{"query":"{ __typename }"},{"query":"{ __typename }"}]`, http.StatusBadRequest, graph.CodeBadRequest},
		{"a JSON string instead of an object", "application/json", `"` + marker + `"`, http.StatusBadRequest, graph.CodeBadRequest},
		{"two objects", "application/json", `{"query":"{ __typename }"} {"query":"{ __typename }"}`, http.StatusBadRequest, graph.CodeBadRequest},
		{"variables that are not an object", "application/json", `{"query":"{ __typename }","variables":"` + marker + `"}`, http.StatusBadRequest, graph.CodeBadRequest},
		{"a query that is not a string", "application/json", `{"query":42}`, http.StatusBadRequest, graph.CodeBadRequest},
		{"no query", "application/json", `{"variables":{}}`, http.StatusBadRequest, graph.CodeBadRequest},
		{"a form instead of JSON", "application/x-www-form-urlencoded", `query=` + marker, http.StatusBadRequest, graph.CodeBadRequest},
		{"no content type", "", `{"query":"{ __typename }"}`, http.StatusBadRequest, graph.CodeBadRequest},
		{"a query that does not parse", "application/json", q("{ queryCommonReport(reportId: ", nil), http.StatusBadRequest, graph.CodeParseFailed},
		{"an unknown field, a letter off", "application/json", q("{ queryCommonReprot(reportId: \"X\") { message } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an unknown sub-field", "application/json", q("{ queryCommonReport(reportId: \"X\") { mesage } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an unknown argument", "application/json", q("{ queryCommonReport(reportID: \"X\") { message } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an unknown type", "application/json", q("query($s: PartsOrderSrt) { partsOrderBatchConnection(sort: $s) { totalCount } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a literal enum value a letter off", "application/json", q("{ partsOrderBatchConnection(sort: {field: TOTL, desc: true}) { totalCount } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a variable of the wrong type", "application/json", q("query($id: String!) { queryCommonReport(reportId: $id) { message } }", map[string]any{"id": 5}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a number variable given a string", "application/json", q("query($n: Int) { partsOrderBatchConnection(first: $n) { totalCount } }", map[string]any{"n": marker}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an input variable with an unknown enum value", "application/json", q("query($s: PartsOrderSort) { partsOrderBatchConnection(sort: $s) { totalCount } }", map[string]any{"s": map[string]any{"field": "TOTL", "desc": true}}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an input variable with an enum value in lower case", "application/json", q("query($s: PartsOrderSort) { partsOrderBatchConnection(sort: $s) { totalCount } }", map[string]any{"s": map[string]any{"field": "total", "desc": true}}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an input variable with a number for an enum", "application/json", q("query($s: PartsOrderSort) { partsOrderBatchConnection(sort: $s) { totalCount } }", map[string]any{"s": map[string]any{"field": 1, "desc": true}}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a fraction for an Int", "application/json", q("query($n: Int) { partsOrderBatchConnection(first: $n) { totalCount } }", map[string]any{"n": 2.5}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an Int past 32 bits", "application/json", q("query($n: Int) { partsOrderBatchConnection(first: $n) { totalCount } }", map[string]any{"n": int64(1) << 40}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a number in a list of strings", "application/json", q("query($st: [String!]) { partsOrderBatchConnection(statuses: $st) { totalCount } }", map[string]any{"st": []any{"PLACED", 7}}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an input variable with an unknown field", "application/json", q("query($s: PartsOrderSort) { partsOrderBatchConnection(sort: $s) { totalCount } }", map[string]any{"s": map[string]any{"field": "TOTAL", "dsc": true}}), http.StatusBadRequest, graph.CodeValidationFailed},
		{"a required variable missing", "application/json", q("query($id: String!) { queryCommonReport(reportId: $id) { message } }", nil), http.StatusBadRequest, graph.CodeValidationFailed},
		{"an operation name the document lacks", "application/json", `{"query":"query A { __typename }","operationName":"B"}`, http.StatusBadRequest, graph.CodeValidationFailed},
		{"a body past MaxBody", "application/json", `{"query":"{ __typename }","variables":{"x":"` + strings.Repeat(marker, graph.MaxBody/len(marker)) + `"}}`, http.StatusRequestEntityTooLarge, graph.CodePayloadTooLarge},
	}
	callers := map[string]*auth.Principal{"anonymous": nil, "signed in": &olivia}
	for _, tt := range tests {
		for who, p := range callers {
			t.Run(tt.name+", "+who, func(t *testing.T) {
				var logs bytes.Buffer
				h := graph.Handler(&graph.Resolver{}, slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
				r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(tt.body))
				if tt.contentType != "" {
					r.Header.Set("Content-Type", tt.contentType)
				}
				if p != nil {
					r = r.WithContext(auth.WithPrincipal(r.Context(), *p))
				}
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)

				require.Equal(t, tt.status, w.Code, w.Body.String())
				require.Equal(t, "no-store", w.Header().Get("Cache-Control"))
				var answer refusalAnswer
				require.NoError(t, json.Unmarshal(w.Body.Bytes(), &answer), w.Body.String())
				require.Nil(t, answer.Data)
				require.NotEmpty(t, answer.Errors, w.Body.String())
				for _, e := range answer.Errors {
					require.Equal(t, tt.code, e.Extensions.Code, e.Message)
				}
				require.NotContains(t, w.Body.String(), "Did you mean", "no suggestion of the schema")
				require.NotContains(t, w.Body.String(), "INTERNAL_SERVER_ERROR")
				requireQuietLogs(t, logs.String())
			})
		}
	}
}

// requireQuietLogs: nothing above INFO, and nothing of any body.
func requireQuietLogs(t *testing.T, logs string) {
	t.Helper()
	require.NotContains(t, logs, marker, "no request body in a log")
	for line := range strings.Lines(logs) {
		var rec struct{ Level string }
		require.NoError(t, json.Unmarshal([]byte(line), &rec))
		require.Contains(t, []string{"DEBUG", "INFO"}, rec.Level, line)
	}
}

// TestPOST_ReadsNoFurtherThanMaxBody sends 32 MB, with its length declared and without (chunked):
// a declared length past MaxBody is refused before a byte is read, an undeclared one after at
// most MaxBody+1 bytes; both answer 413 with nothing of the body logged.
func TestPOST_ReadsNoFurtherThanMaxBody(t *testing.T) {
	const size = 32 << 20
	for _, declared := range []bool{true, false} {
		var logs bytes.Buffer
		h := graph.Handler(&graph.Resolver{}, slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
		body := &countingReader{left: size}
		r := httptest.NewRequest(http.MethodPost, "/graphql", body)
		r.Header.Set("Content-Type", "application/json")
		r.ContentLength = -1
		if declared {
			r.ContentLength = size
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)

		require.Equal(t, http.StatusRequestEntityTooLarge, w.Code, w.Body.String())
		require.JSONEq(t, `{"errors":[{"message":"The request body is too large.","extensions":{"code":"PAYLOAD_TOO_LARGE","id":"request.tooLarge"}}],"data":null}`, w.Body.String())
		require.Equal(t, "no-store", w.Header().Get("Cache-Control"))
		if declared {
			require.Zero(t, body.read, "a declared length past the limit is refused unread")
		} else {
			require.LessOrEqual(t, body.read, graph.MaxBody+1, "read no further than the limit")
		}
		requireQuietLogs(t, logs.String())
	}
}

// TestPOST_AnswersAreNoStore: an operation that runs, and one whose resolver refuses the caller,
// answer 200 (GraphQL's rule for field errors) and are never stored by a cache.
func TestPOST_AnswersAreNoStore(t *testing.T) {
	h := graph.Handler(&graph.Resolver{}, slog.New(slog.DiscardHandler))
	for _, query := range []string{"{ __typename }", "{ myServiceSupportTickets { uid } }"} {
		r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(`{"query":"`+query+`"}`))
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		require.Equal(t, http.StatusOK, w.Code, w.Body.String())
		require.Equal(t, "no-store", w.Header().Get("Cache-Control"), query)
	}
}
