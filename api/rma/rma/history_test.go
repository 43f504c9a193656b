package rma

import (
	"context"
	"encoding/base64"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
)

func TestHistoryCursor_RoundTripsEveryField(t *testing.T) {
	item := HistoryItem{
		Number: "RMA-100501", Status: "RECEIVED", Serial: "RT1|2", Model: "RL14",
		CreatedAt: time.Date(2026, 3, 4, 5, 6, 7, 123456789, time.UTC), UpdatedAt: time.Date(2026, 3, 5, 0, 0, 0, 1, time.UTC),
	}
	for _, f := range SortFields {
		for _, desc := range []bool{false, true} {
			s := HistorySort{Field: f, Desc: desc}
			got, err := decodeCursor(s, HistoryCursor(s, item))
			require.NoError(t, err, f)
			require.Equal(t, KeyOf(f, item), got, f)
		}
	}
}

func TestHistoryCursor_RefusesAnotherOrderAndGarbage(t *testing.T) {
	item := HistoryItem{Number: "RMA-100501", CreatedAt: time.Now()}
	c := HistoryCursor(DefaultHistorySort, item)
	for name, tc := range map[string]struct {
		s      HistorySort
		cursor string
	}{
		"another field":     {HistorySort{Field: SortUpdatedAt, Desc: true}, c},
		"another direction": {HistorySort{Field: SortCreatedAt}, c},
		"not base64":        {DefaultHistorySort, "***"},
		"another version":   {DefaultHistorySort, base64.RawURLEncoding.EncodeToString([]byte("h0|createdAt|d|RMA-1|5"))},
		"no number":         {DefaultHistorySort, base64.RawURLEncoding.EncodeToString([]byte("h1|createdAt|d||5"))},
		"time not a number": {DefaultHistorySort, base64.RawURLEncoding.EncodeToString([]byte("h1|createdAt|d|RMA-1|yesterday"))},
		"number with value": {HistorySort{Field: SortRMANumber}, base64.RawURLEncoding.EncodeToString([]byte("h1|rmaNumber|a|RMA-1|x"))},
		"too few parts":     {DefaultHistorySort, base64.RawURLEncoding.EncodeToString([]byte("h1|createdAt|d"))},
	} {
		_, err := decodeCursor(tc.s, tc.cursor)
		require.ErrorIs(t, err, ErrBadCursor, name)
	}
}

// refusing is a store that must not be reached: the arguments are refused before.
type refusing struct{ HistoryStore }

func TestHistoryPage_RefusesBadPagesWithTheHistorysErrors(t *testing.T) {
	h := NewHistory(refusing{})
	v := Viewer{Subject: "usr_casey"}
	for k, want := range map[Keyset]error{
		{First: 2, Before: "c"}: ErrBothDirections,
		{First: 101}:            ErrPageSize,
		{Last: -1}:              ErrPageSize,
		{After: "***"}:          ErrBadCursor,
	} {
		_, err := h.Page(t.Context(), v, HistoryFilter{}, DefaultHistorySort, k)
		require.ErrorIs(t, err, want, k)
		f, ok := fault.As(err)
		require.True(t, ok, k)
		require.Equal(t, fault.KindInvalid, f.Kind, k)
	}
}

func TestHistory_RefusesUnknownSortsAndPagesBeforeReading(t *testing.T) {
	h := NewHistory(refusing{})
	ctx := context.Background()
	v := Viewer{Subject: "usr_casey"}

	_, err := h.Page(ctx, v, HistoryFilter{}, HistorySort{Field: "owner"}, Keyset{})
	f, ok := fault.As(err)
	require.True(t, ok)
	require.Equal(t, map[string]string{"sortBy": MsgSortField}, f.Fields)

	_, _, err = h.Offset(ctx, v, HistoryFilter{}, []HistorySort{{Field: "created_at; DROP TABLE rma_rmas"}}, 1, 25)
	require.Error(t, err)
	for _, tc := range []struct{ page, per int }{{0, 25}, {1, 0}, {1, 101}} {
		_, _, err = h.Offset(ctx, v, HistoryFilter{}, nil, tc.page, tc.per)
		f, ok := fault.As(err)
		require.True(t, ok)
		require.Equal(t, fault.KindInvalid, f.Kind)
	}
	require.Error(t, h.Each(ctx, v, HistoryFilter{}, []HistorySort{{Field: "x"}}, nil))
	_, err = h.Details(ctx, v, " ")
	require.ErrorIs(t, err, ErrRMANotFound)
	_, err = h.RepairSummary(ctx, v, "")
	require.ErrorIs(t, err, ErrRMANotFound)
}

func TestCheckSorts_DefaultsToNewestFirstAndDropsRepeatedFields(t *testing.T) {
	got, err := checkSorts(nil)
	require.NoError(t, err)
	require.Equal(t, []HistorySort{DefaultHistorySort}, got)
	got, err = checkSorts([]HistorySort{{Field: SortStatus}, {Field: SortStatus, Desc: true}, {Field: SortModel, Desc: true}})
	require.NoError(t, err)
	require.Equal(t, []HistorySort{{Field: SortStatus}, {Field: SortModel, Desc: true}}, got)
}

func TestHistoryFilter_NormalizedTrimsAndDropsRepeats(t *testing.T) {
	f := HistoryFilter{Text: "  rt1 ", Years: []int{2026, 2025, 2026}, Months: []int{3, 3}, Statuses: []Status{"CLOSED", "CLOSED"}}.normalized()
	require.Equal(t, HistoryFilter{Text: "rt1", Years: []int{2025, 2026}, Months: []int{3}, Statuses: []Status{"CLOSED"}}, f)
}

func TestHistoryItem_MineIsOnlyTheViewersOwn(t *testing.T) {
	olivia := Viewer{Subject: "usr_olivia", Org: "FleetCo"}
	require.True(t, HistoryItem{Owner: "usr_olivia"}.Mine(olivia))
	require.False(t, HistoryItem{Owner: "usr_diego", Org: "FleetCo"}.Mine(olivia))
}
