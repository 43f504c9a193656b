package keyset

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
)

func ptr[T any](v T) *T { return &v }

func TestRequestRead_OneDirectionWithinTheLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Request
		want Page
		err  error
	}{
		{"nothing asked is the first page of the default size", Request{}, Page{Size: 25}, nil},
		{"first after reads forward", Request{First: 3, After: "c"}, Page{Size: 3, Cursor: "c"}, nil},
		{"after alone has the default size", Request{After: "c"}, Page{Size: 25, Cursor: "c"}, nil},
		{"last before reads backward", Request{Last: 100, Before: "c"}, Page{Size: 100, Backward: true, Cursor: "c"}, nil},
		{"last alone reads back from the end", Request{Last: 2}, Page{Size: 2, Backward: true}, nil},
		{"first and before", Request{First: 2, Before: "c"}, Page{}, ErrBothDirections},
		{"after and before", Request{After: "c", Before: "c"}, Page{}, ErrBothDirections},
		{"both directions before a size", Request{First: 500, Last: -1}, Page{}, ErrBothDirections},
		{"over the largest", Request{First: 101}, Page{}, ErrPageSize},
		{"negative", Request{Last: -1}, Page{}, ErrPageSize},
	} {
		got, err := tc.in.Read(25, 100)
		require.ErrorIs(t, err, tc.err, tc.name)
		require.Equal(t, tc.want, got, tc.name)
	}
}

func TestRelay_AGivenSizeOfZeroIsRefusedAndNilIsNotGiven(t *testing.T) {
	got, err := Relay(nil, nil, nil, nil, 25, 100)
	require.NoError(t, err)
	require.Equal(t, Page{Size: 25}, got)

	got, err = Relay(nil, nil, ptr(4), ptr("c"), 25, 100)
	require.NoError(t, err)
	require.Equal(t, Page{Size: 4, Backward: true, Cursor: "c"}, got)

	_, err = Relay(ptr(0), nil, nil, nil, 25, 100)
	require.ErrorIs(t, err, ErrPageSize)
	_, err = Relay(ptr(0), nil, ptr(2), nil, 25, 100)
	require.ErrorIs(t, err, ErrBothDirections, "a first of 0 still asks forward")
	_, err = Relay(nil, ptr(""), nil, ptr("c"), 25, 100)
	require.NoError(t, err, "an empty after is not given")
}

func TestPageRequest_IsTheCheckedPageAgain(t *testing.T) {
	for _, r := range []Request{{First: 3, After: "a"}, {Last: 7, Before: "b"}, {Last: 7}} {
		p, err := r.Read(25, 100)
		require.NoError(t, err)
		require.Equal(t, r, p.Request())
		again, err := p.Request().Read(25, 100)
		require.NoError(t, err)
		require.Equal(t, p, again)
	}
	require.Equal(t, Request{First: 25}, Page{Size: 25}.Request(), "the default size is asked for plainly")
}

func TestCut_PutsThePageInDisplayOrderAndTellsWhatIsAround(t *testing.T) {
	for _, tc := range []struct {
		name           string
		p              Page
		read, want     []int
		next, previous bool
	}{
		{"first page with more", Page{Size: 2}, []int{1, 2, 3}, []int{1, 2}, true, false},
		{"first page, all of it", Page{Size: 2}, []int{1, 2}, []int{1, 2}, false, false},
		{"after a cursor, the last page", Page{Size: 2, Cursor: "c"}, []int{5}, []int{5}, false, true},
		{"backward from the end with more", Page{Size: 2, Backward: true}, []int{9, 8, 7}, []int{8, 9}, false, true},
		{"backward from a cursor to the start", Page{Size: 2, Backward: true, Cursor: "c"}, []int{2, 1}, []int{1, 2}, true, false},
		{"nothing", Page{Size: 2}, nil, nil, false, false},
	} {
		got, next, previous := Cut(tc.p, tc.read)
		require.Equal(t, tc.want, got, tc.name)
		require.Equal(t, tc.next, next, tc.name)
		require.Equal(t, tc.previous, previous, tc.name)
	}
}

func TestOrder_RoundTripsAndTheLastValueMayHoldTheSeparator(t *testing.T) {
	o := Order{Version: "h1", Field: "serial", Desc: true}
	c := o.Encode("RMA-1", "RT|1|x")
	got, err := o.Decode(c, 2)
	require.NoError(t, err)
	require.Equal(t, []string{"RMA-1", "RT|1|x"}, got)

	raw, err := base64.RawURLEncoding.DecodeString(c)
	require.NoError(t, err)
	require.Equal(t, "h1|serial|d|RMA-1|RT|1|x", string(raw), "the format cursors already handed out have")

	got, err = o.Decode(o.Encode("RMA-1", ""), 2)
	require.NoError(t, err)
	require.Equal(t, []string{"RMA-1", ""}, got, "an empty value is the listing's to judge")
}

func TestOrder_RefusesAnotherOrdersCursorAndGarbage(t *testing.T) {
	o := Order{Version: "q1", Field: "createdAt"}
	c := o.Encode("5", "qt_1")
	enc := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	for name, tc := range map[string]struct {
		o      Order
		cursor string
	}{
		"another field":     {Order{Version: "q1", Field: "amount"}, c},
		"another direction": {Order{Version: "q1", Field: "createdAt", Desc: true}, c},
		"another version":   {Order{Version: "q2", Field: "createdAt"}, c},
		"not base64":        {o, "***"},
		"padded base64":     {o, base64.URLEncoding.EncodeToString([]byte("q1|createdAt|a|5|qt_1x"))},
		"too few values":    {o, enc("q1|createdAt|a|5")},
		"nothing":           {o, ""},
	} {
		_, err := tc.o.Decode(tc.cursor, 2)
		require.ErrorIs(t, err, ErrBadCursor, name)
	}
}

func TestRefusals_AnswerTheListingsOwnErrors(t *testing.T) {
	both, size, bad := errors.New("both"), errors.New("size"), errors.New("bad")
	r := Refusals{BothDirections: both, PageSize: size, BadCursor: bad}
	require.Equal(t, both, r.Of(ErrBothDirections))
	require.Equal(t, size, r.Of(ErrPageSize))
	require.Equal(t, bad, r.Of(ErrBadCursor))
	other := errors.New("store down")
	require.Equal(t, other, r.Of(other), "anything else stays as it is")
	require.NoError(t, r.Of(nil))
	require.Equal(t, ErrBadCursor, Refusals{PageSize: size}.Of(ErrBadCursor), "a refusal without its own error stays")
}

func TestNewRefusals_AreInvalidInputUnderTheListingsPrefix(t *testing.T) {
	r := NewRefusals("rma", 100)
	for err, want := range map[error]struct{ id, message string }{
		r.BothDirections: {"rma.pageBothDirections", "Ask for first/after or last/before, not both."},
		r.PageSize:       {"rma.pageSize", "first and last must be between 1 and 100."},
		r.BadCursor:      {"rma.badCursor", "The cursor is not one this list gave for this order. Start again from the first page."},
	} {
		f, ok := fault.As(err)
		require.True(t, ok, want.id)
		require.Equal(t, fault.KindInvalid, f.Kind, want.id)
		require.Equal(t, want.id, f.ID)
		require.Equal(t, want.message, f.Message)
	}
	require.NotErrorIs(t, NewRefusals("payments", 100).PageSize, r.PageSize, "each listing has its own")
}
