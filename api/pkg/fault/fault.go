// Package fault gives core packages a way to declare sentinel errors that carry a stable id, a
// kind and the public message a customer may read, without knowing anything about HTTP. The one
// mapper in httpx turns a kind into a status; the logged detail stays separate from the message.
package fault

import (
	"errors"
	"maps"
)

// Kind says what went wrong in terms a transport can map.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindUnauthenticated
	KindForbidden
	KindUnavailable
	KindTooLarge
	KindTooMany
)

// Error is a sentinel or a validation failure. ID is stable (e.g. "rma.unitNotFound") so clients
// and logs can match on it; Message is safe to show a customer; Fields maps input names to the
// spec's messages.
type Error struct {
	Kind    Kind
	ID      string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string { return e.ID + ": " + e.Message }

// Is makes errors.Is match two faults by id, so a sentinel still matches after WithFields.
func (e *Error) Is(target error) bool {
	var t *Error
	return errors.As(target, &t) && t.ID == e.ID
}

// New declares a sentinel.
func New(kind Kind, id, message string) *Error {
	return &Error{Kind: kind, ID: id, Message: message}
}

// Validation is the error for input that breaks the spec's rules; fields holds one message per
// offending input.
func Validation(fields map[string]string) *Error {
	return &Error{Kind: KindInvalid, ID: "validation", Message: "Some fields are invalid.", Fields: maps.Clone(fields)}
}

// As returns the fault in err's chain, if any.
func As(err error) (*Error, bool) {
	var f *Error
	ok := errors.As(err, &f)
	return f, ok
}
