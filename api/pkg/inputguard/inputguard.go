// Package inputguard refuses, at the edge and for every route, the text the portal cannot keep
// or must not print: NUL and other control characters (line breaks only where a field is one
// line) and bytes that are not UTF-8. It judges query and path parameters, the headers a
// handler stores, JSON bodies (GraphQL variables and the string literals of a GraphQL document
// included), urlencoded forms and multipart fields and file names, and answers 400 with
// ErrInvalidText naming each field, the same on SQLite and PostgreSQL: without it PostgreSQL
// answers a NUL with a 500, and SQLite stores it.
package inputguard

import (
	"maps"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
)

// ErrInvalidText is the refusal; its fields map each offending field to one of the Msg…
// messages.
var ErrInvalidText = fault.New(fault.KindInvalid, "input.invalidText",
	"Some fields contain characters that are not allowed: control characters, line breaks in a one-line field, or bytes that are not UTF-8 text.")

// ErrBodyTooLarge refuses a JSON or form body longer than the guard reads ahead (Options.MaxBody):
// no route takes one that long. It is the routes' own refusal of a body past their limit, so a
// client sees one answer for a body too large wherever it was stopped.
var ErrBodyTooLarge = httpx.ErrBodyTooLarge

// The messages of a field ErrInvalidText names.
const (
	MsgOneLine      = "Must be a single line without control characters"
	MsgNoControl    = "Must not contain control characters"
	MsgNotUTF8      = "Must be valid UTF-8 text"
	MsgFileNameLine = "The file name must be a single line without control characters"
	MsgFileNameUTF8 = "The file name must be valid UTF-8 text"
)

// maxNamed bounds the fields one refusal names, so a body of a thousand bad values does not
// answer with a thousand messages.
const maxNamed = 10

// refusal is ErrInvalidText with the fields it names. It answers for its request wherever it
// sits in a handler's error (httpx.Refusal): a multipart body is judged while its handler reads
// it, so the refusal reaches httpx wrapped in the handler's own read error.
type refusal struct{ f *fault.Error }

func (r refusal) Error() string         { return r.f.Error() }
func (r refusal) Unwrap() error         { return r.f }
func (r refusal) Refusal() *fault.Error { return r.f }

func newRefusal(fields map[string]string) refusal {
	f := *ErrInvalidText
	f.Fields = maps.Clone(fields)
	return refusal{&f}
}

// findings collects the fields a request's parts are refused for.
type findings map[string]string

// text judges the value of the field at path and notes its flaw.
func (f findings) text(path, value string) {
	f.note(path, flawOf(value, isMultiLine(path)), isMultiLine(path))
}

// name judges a name (a key, a form field's name): names are one line.
func (f findings) name(path, name string) {
	f.note(path, flawOf(name, false), false)
}

func (f findings) note(path string, fl flaw, multiLine bool) {
	if fl == noFlaw || len(f) >= maxNamed {
		return
	}
	f[shown(path)] = message(fl, multiLine)
}

func message(fl flaw, multiLine bool) string {
	switch {
	case fl == notUTF8:
		return MsgNotUTF8
	case multiLine:
		return MsgNoControl
	default:
		return MsgOneLine
	}
}

// err is the refusal, or nil when nothing was found.
func (f findings) err() error {
	if len(f) == 0 {
		return nil
	}
	return newRefusal(f)
}

// maxShownName bounds a field's name in a refusal, in characters.
const maxShownName = 100

// shown is a field's name as a refusal may print it: a name can itself be the offending text
// (a key with a NUL), so its flawed characters become U+FFFD, and a long one is cut.
func shown(name string) string {
	if name == "" {
		return "body"
	}
	name = strings.Map(func(r rune) rune {
		if !allowed(r, false) {
			return utf8.RuneError
		}
		return r
	}, strings.ToValidUTF8(name, string(utf8.RuneError)))
	if utf8.RuneCountInString(name) > maxShownName {
		name = string([]rune(name)[:maxShownName]) + "…"
	}
	return name
}
