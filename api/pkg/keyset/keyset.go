// Package keyset is what every keyset-paged listing shares: Relay's paging arguments (first/after
// forward, last/before backward, never both, a bounded size) and opaque cursors bound to the
// order they were written for. A listing keeps its own error ids by mapping this package's
// refusals to its sentinels (Refusals), and its own cursor values (Order.Encode/Decode).
package keyset

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/fault"
)

// The refusals of this package; a listing answers them as its own errors through Refusals.
var (
	ErrBothDirections = errors.New("keyset: first/after and last/before asked together")
	ErrPageSize       = errors.New("keyset: page size out of range")
	ErrBadCursor      = errors.New("keyset: not a cursor of this order")
)

// Request asks for one page: First items after the cursor After (forward), or Last items before
// the cursor Before (backward), never both. A size of 0 is not given: the listing's default.
type Request struct {
	First  int
	After  string
	Last   int
	Before string
}

// Page is a checked request: Size items from Cursor ("" is the start), read Backward or forward.
type Page struct {
	Size     int
	Backward bool
	Cursor   string
}

// Read checks r against a listing's default and largest page size.
func (r Request) Read(defaultSize, maxSize int) (Page, error) {
	return read(given(r.First), r.After, given(r.Last), r.Before, defaultSize, maxSize)
}

// Relay checks GraphQL's paging arguments, nil where not given. Unlike Request's, a size that
// is given is a size: first: 0 is refused rather than read as the default.
func Relay(first *int, after *string, last *int, before *string, defaultSize, maxSize int) (Page, error) {
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	return read(first, deref(after), last, deref(before), defaultSize, maxSize)
}

func given(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

// read is one direction, its size between 1 and maxSize when given: asking both ways is refused
// before a size is looked at.
func read(first *int, after string, last *int, before string, defaultSize, maxSize int) (Page, error) {
	forward := first != nil || after != ""
	backward := last != nil || before != ""
	if forward && backward {
		return Page{}, ErrBothDirections
	}
	p := Page{Size: defaultSize, Backward: backward, Cursor: after}
	n := first
	if backward {
		n, p.Cursor = last, before
	}
	if n != nil {
		if *n < 1 || *n > maxSize {
			return Page{}, ErrPageSize
		}
		p.Size = *n
	}
	return p, nil
}

// Request is p as a request again, for a layer that checks the arguments before the listing does.
func (p Page) Request() Request {
	if p.Backward {
		return Request{Last: p.Size, Before: p.Cursor}
	}
	return Request{First: p.Size, After: p.Cursor}
}

// Cut takes the items a store read for p (in p's direction, at most p.Size+1: the extra one only
// tells that there is more) and answers the page in display order, with whether items follow it
// and precede it.
func Cut[T any](p Page, items []T) (page []T, hasNext, hasPrevious bool) {
	more := len(items) > p.Size
	if more {
		items = items[:p.Size]
	}
	if p.Backward {
		slices.Reverse(items)
		// Read backward from a cursor, the page has the cursor's item and those after it next.
		return items, p.Cursor != "", more
	}
	return items, more, p.Cursor != ""
}

// Order is what a cursor is bound to: the listing's cursor format (Version, so a later format
// can refuse this one plainly), the sort field and its direction. A cursor of another order is
// refused rather than read as a position it is not.
type Order struct {
	Version string
	Field   string
	Desc    bool
}

const sep = "|"

// Encode is the opaque cursor of a position in o: base64url of o and the position's values.
// Only the last value may hold the separator '|' (a text value goes last).
func (o Order) Encode(values ...string) string {
	raw := strings.Join(append([]string{o.Version, o.Field, o.direction()}, values...), sep)
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// Decode reads the n values of a cursor Encode wrote for o; anything else (not base64, another
// version, field or direction, too few values) is ErrBadCursor. Checking the values is the
// listing's.
func (o Order) Decode(cursor string, n int) ([]string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil {
		return nil, ErrBadCursor
	}
	parts := strings.SplitN(string(raw), sep, 3+n)
	if len(parts) != 3+n || parts[0] != o.Version || parts[1] != o.Field || parts[2] != o.direction() {
		return nil, ErrBadCursor
	}
	return parts[3:], nil
}

func (o Order) direction() string {
	if o.Desc {
		return "d"
	}
	return "a"
}

// Refusals are a listing's own errors for this package's, so each listing keeps its error ids
// (rma.pageSize, payments.badCursor, graphql.pageSize). A nil one leaves that refusal as it is.
type Refusals struct {
	BothDirections, PageSize, BadCursor error
}

// NewRefusals declares a listing's refusals in the words every listing uses, their ids under
// the listing's prefix: "rma" gives rma.pageBothDirections, rma.pageSize and rma.badCursor.
func NewRefusals(prefix string, maxSize int) Refusals {
	return Refusals{
		BothDirections: fault.New(fault.KindInvalid, prefix+".pageBothDirections",
			"Ask for first/after or last/before, not both."),
		PageSize: fault.New(fault.KindInvalid, prefix+".pageSize",
			fmt.Sprintf("first and last must be between 1 and %d.", maxSize)),
		BadCursor: fault.New(fault.KindInvalid, prefix+".badCursor",
			"The cursor is not one this list gave for this order. Start again from the first page."),
	}
}

// Of is err as the listing answers it.
func (r Refusals) Of(err error) error {
	for _, m := range [...]struct{ ours, theirs error }{
		{ErrBothDirections, r.BothDirections}, {ErrPageSize, r.PageSize}, {ErrBadCursor, r.BadCursor},
	} {
		if m.theirs != nil && errors.Is(err, m.ours) {
			return m.theirs
		}
	}
	return err
}
