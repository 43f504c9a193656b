package rma

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
)

// Every read of the history refuses a filter beyond its limits before the store is reached,
// whichever surface (REST, its download, GraphQL) asked.
func TestHistory_RefusesFiltersBeyondTheLimitsOnEveryRead(t *testing.T) {
	h := NewHistory(refusing{})
	v := Viewer{Subject: "usr_casey"}
	years := make([]int, 40000)
	for i := range years {
		years[i] = i + 1
	}
	for _, tc := range []struct {
		name   string
		f      HistoryFilter
		fields map[string]string
	}{
		{"long text", HistoryFilter{Text: strings.Repeat("x", FilterTextMax+1)}, map[string]string{FieldText: "Must be less than 101 characters"}},
		{"a year too early", HistoryFilter{Years: []int{1999}}, map[string]string{FieldYears: MsgYearRange}},
		{"forty thousand years", HistoryFilter{Years: years}, map[string]string{FieldYears: MsgYearRange}},
		{"month 13", HistoryFilter{Months: []int{3, 13}}, map[string]string{FieldMonths: MsgMonthRange}},
		{"month 0", HistoryFilter{Months: []int{0}}, map[string]string{FieldMonths: MsgMonthRange}},
		{"an unknown status", HistoryFilter{Statuses: []Status{"ARCHIVED"}}, map[string]string{FieldStatuses: MsgStatus}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(err error) {
				t.Helper()
				f, ok := fault.As(err)
				require.True(t, ok, err)
				require.Equal(t, tc.fields, f.Fields)
			}
			_, err := h.Page(t.Context(), v, tc.f, DefaultHistorySort, Keyset{})
			check(err)
			_, err = h.Count(t.Context(), v, tc.f)
			check(err)
			_, _, err = h.Offset(t.Context(), v, tc.f, nil, 1, 25)
			check(err)
			check(h.Each(t.Context(), v, tc.f, nil, nil))
		})
	}
}

func TestHistoryFilter_CheckAcceptsTheLimitsAndRepeats(t *testing.T) {
	f := HistoryFilter{
		Text: " " + strings.Repeat("x", FilterTextMax) + " ", Years: []int{2000, 2100, 2100}, Months: []int{1, 12, 12},
		Statuses: []Status{" closed", "CLOSED"},
	}
	require.NoError(t, f.Check())
	got, err := f.checked()
	require.NoError(t, err)
	require.Equal(t, []int{2000, 2100}, got.Years)
	require.Equal(t, []int{1, 12}, got.Months)
	require.Equal(t, []Status{StatusClosed}, got.Statuses)
}

// A numbered page is bounded, so its offset cannot overflow into a negative number that a
// store would read as "no offset".
func TestCheckOffsetPage_BoundsThePage(t *testing.T) {
	for _, tc := range []struct {
		page, per int
		fields    map[string]string
	}{
		{1, 25, nil},
		{MaxHistoryPage, MaxHistoryPageSize, nil},
		{MaxHistoryPage + 1, 25, map[string]string{FieldPage: MsgPageRange}},
		{math.MaxInt/25 + 2, 25, map[string]string{FieldPage: MsgPageRange}},
		{0, 25, map[string]string{FieldPage: MsgPageRange}},
		{1, 101, map[string]string{FieldPerPage: MsgPerPageRange}},
	} {
		err := CheckOffsetPage(tc.page, tc.per)
		if tc.fields == nil {
			require.NoError(t, err, tc.page)
			continue
		}
		f, ok := fault.As(err)
		require.True(t, ok, tc.page)
		require.Equal(t, tc.fields, f.Fields, tc.page)
	}
	_, _, err := NewHistory(refusing{}).Offset(t.Context(), Viewer{Subject: "usr_casey"}, HistoryFilter{}, nil, math.MaxInt/25+2, 25)
	f, ok := fault.As(err)
	require.True(t, ok)
	require.Equal(t, map[string]string{FieldPage: MsgPageRange}, f.Fields)
}
