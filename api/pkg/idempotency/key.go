// Package idempotency holds the Idempotency-Key a client sends with a create or a checkout, so a
// retried submission gets what the first one made. The key is parsed once, at the HTTP edge
// (httpx.IdempotencyKey), and the cores take the parsed Key: whatever reaches a store fits its
// column (varchar(100)) and holds no control character.
package idempotency

import (
	"strings"
	"unicode"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// Header is the request header that carries the key.
const Header = "Idempotency-Key"

// MaxLen is the longest key, in bytes: the stores' column is varchar(100), and the browser's
// keys are UUIDs (36).
const MaxLen = 100

// MsgControl refuses a key with a control character: it is stored and logged, and a line break
// in it could forge a log line.
const MsgControl = "Must not contain control characters"

// Key is a parsed Idempotency-Key; the zero Key means the client sent none, and the request is
// not deduplicated.
type Key string

// Parse reads a header's value: white space around it is dropped, an empty one is no key, and a
// key longer than MaxLen or with a control character is refused with a field error on Header.
func Parse(raw string) (Key, error) {
	k := strings.TrimSpace(raw)
	switch {
	case len(k) > MaxLen:
		return "", fault.Validation(map[string]string{Header: validate.MaxLength(MaxLen)})
	case strings.ContainsFunc(k, unicode.IsControl):
		return "", fault.Validation(map[string]string{Header: MsgControl})
	}
	return Key(k), nil
}

// IsZero reports that the client sent no key.
func (k Key) IsZero() bool { return k == "" }

// String is the key as stored.
func (k Key) String() string { return string(k) }
