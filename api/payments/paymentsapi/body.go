package paymentsapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
)

// MaxBody bounds a request body: far above the largest valid service-quote request.
const MaxBody = 16 << 10

// ErrBadBody is for a body that is not the JSON the endpoint expects (an amount that is not an
// integer number of cents among others).
var ErrBadBody = fault.New(fault.KindInvalid, "payments.badBody", "The request body is not valid JSON of the expected shape.")

var errTooLarge = fault.New(fault.KindTooLarge, "payments.bodyTooLarge", "The request body is too large.")

// decode reads one JSON object of at most MaxBody bytes into dst, refusing unknown fields so a
// misspelt amount is not silently zero.
func decode(c *gin.Context, dst any) error {
	dec := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errTooLarge
		}
		return ErrBadBody
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return ErrBadBody
	}
	return nil
}
