package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
)

// The refusals of a request body, the same for every route. Neither echoes the body: a client's
// mistake is named, never repeated back to it or to a log.
var (
	// ErrBodyTooLarge is a body longer than its route takes (413).
	ErrBodyTooLarge = fault.New(fault.KindTooLarge, "request.tooLarge", "The request body is too large.")
	// ErrBadBody is a body that is not one JSON value of the shape the route reads: empty, not
	// JSON, the wrong type for a field, or followed by more than white space (400).
	ErrBadBody = fault.New(fault.KindInvalid, "request.badBody", "The request could not be read. Please reload the page and try again.")
)

// ReadBody reads the whole request body when it is at most limit bytes, and refuses a longer
// one with ErrBodyTooLarge: at once when its Content-Length says so, else as soon as the read
// passes the limit, reading no further (http.MaxBytesReader, which also closes the connection
// after the answer, so a client cannot keep streaming). It serves handlers that need the body's
// raw bytes (a webhook's signature is over them, GraphQL judges its own shape); every other
// handler decodes with DecodeJSON.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, ErrBodyTooLarge
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
		return nil, ErrBodyTooLarge
	}
	if err != nil {
		return nil, ErrBadBody
	}
	return body, nil
}

// DecodeJSON is the one decoder of a JSON request body: at most limit bytes (ReadBody), exactly
// one JSON value, decoded into dst. Members dst does not declare are ignored, as encoding/json
// does: the API contract's bodies carry fields the server sets itself (spec §3's userId, the
// recycle body's fixed fields). No customer's body carries an amount the server reads
// (ARCHITECTURE.md §5), so a stray one changes nothing, and staff's one amount (a service quote's
// amountCents) must be above zero, so a misspelt one is refused by its rule.
func DecodeJSON(c *gin.Context, limit int64, dst any) error {
	body, err := ReadBody(c.Writer, c.Request, limit)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(dst); err != nil {
		return ErrBadBody
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrBadBody
	}
	return nil
}
