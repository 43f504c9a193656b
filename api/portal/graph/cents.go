package graph

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"

	"rugged.example/portal/api/pkg/money"
)

// The Cents scalar is every amount of the schema: integer minor units, a JSON number, within
// JavaScript's safe integers (±money.MaxSafeCents), so the browser reads every amount exactly.
// GraphQL's Int is 32 bits ($21,474,836.47 at most), which order totals and sums outgrow.

// MarshalCents writes v as a JSON number, and refuses (an error on its field, never a wrong
// number) one a JavaScript number would not hold exactly.
func MarshalCents(v int64) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(_ context.Context, w io.Writer) error {
		if v > money.MaxSafeCents || v < -money.MaxSafeCents {
			return fmt.Errorf("graph: %d cents is beyond the Cents scalar's range", v)
		}
		_, err := io.WriteString(w, strconv.FormatInt(v, 10))
		return err
	})
}

// UnmarshalCents reads a whole number within the scalar's range (no field takes one as input
// today; a scalar has both directions).
func UnmarshalCents(_ context.Context, v any) (int64, error) {
	var n int64
	var err error
	switch x := v.(type) {
	case json.Number:
		n, err = strconv.ParseInt(string(x), 10, 64)
	case int:
		n = int64(x)
	case int64:
		n = x
	default:
		err = fmt.Errorf("%T is not a whole number", v)
	}
	if err != nil || n > money.MaxSafeCents || n < -money.MaxSafeCents {
		return 0, fmt.Errorf("Cents must be a whole number of minor units from -%d to %d", int64(money.MaxSafeCents), int64(money.MaxSafeCents))
	}
	return n, nil
}
