// Package validate holds the shared messages of spec §5 and a collector that turns rule
// failures into one fault.Validation with a message per field. The browser shows the same
// messages from packages/forms; the API is the guard that counts.
package validate

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/fault"
)

// Shared messages of spec §5.
const (
	MsgRequired = "Required"
	MsgEmail    = "Must be a valid e-mail address"
	MsgPOBox    = "Cannot be a PO box"
)

// MaxLength is the message for a value longer than n characters.
func MaxLength(n int) string { return fmt.Sprintf("Must be less than %d characters", n+1) }

// Errors collects the first failure of each field.
type Errors struct {
	fields map[string]string
}

// Add records msg for field unless the field already failed.
func (e *Errors) Add(field, msg string) {
	if e.fields == nil {
		e.fields = map[string]string{}
	}
	if _, seen := e.fields[field]; !seen {
		e.fields[field] = msg
	}
}

// Required fails an empty or whitespace-only value.
func (e *Errors) Required(field, value string) {
	if strings.TrimSpace(value) == "" {
		e.Add(field, MsgRequired)
	}
}

// MaxLen fails a value of more than n characters (runes, as a person counts them).
func (e *Errors) MaxLen(field, value string, n int) {
	if utf8.RuneCountInString(value) > n {
		e.Add(field, MaxLength(n))
	}
}

// Err returns nil when every rule held, otherwise the validation fault.
func (e *Errors) Err() error {
	if len(e.fields) == 0 {
		return nil
	}
	return fault.Validation(e.fields)
}
