package rma

import (
	"strconv"
	"time"

	"rugged.example/portal/api/pkg/keyset"
)

// HistoryKey is a position in an order: the sort field's value of an RMA and its number.
type HistoryKey struct {
	// At is the value of a time field, Text of a text field; Number breaks ties.
	At     time.Time
	Text   string
	Number string
}

// KeyOf is item's position in an order by field f.
func KeyOf(f SortField, i HistoryItem) HistoryKey {
	k := HistoryKey{Number: i.Number}
	switch f {
	case SortCreatedAt:
		k.At = i.CreatedAt
	case SortUpdatedAt:
		k.At = i.UpdatedAt
	case SortStatus:
		k.Text = string(i.Status)
	case SortSerial:
		k.Text = i.Serial
	case SortModel:
		k.Text = i.Model
	}
	return k
}

// refusals are the history's errors for the keyset package's refusals of its arguments.
var refusals = keyset.NewRefusals("rma", MaxHistoryPageSize)

// The refusals of the history's arguments.
var (
	ErrBadCursor      = refusals.BadCursor
	ErrBothDirections = refusals.BothDirections
	ErrPageSize       = refusals.PageSize
)

// cursorVersion starts every cursor, so a later format can refuse this one plainly.
const cursorVersion = "h1"

func cursorOrder(s HistorySort) keyset.Order {
	return keyset.Order{Version: cursorVersion, Field: string(s.Field), Desc: s.Desc}
}

// HistoryCursor is the opaque cursor of item in the order s: the order, the item's number and
// its sort value (times in nanoseconds, as stored; the value last, as a text value may hold
// the cursor's separator).
func HistoryCursor(s HistorySort, item HistoryItem) string {
	k := KeyOf(s.Field, item)
	value := k.Text
	if s.Field.IsTime() {
		value = strconv.FormatInt(k.At.UTC().UnixNano(), 10)
	}
	return cursorOrder(s).Encode(k.Number, value)
}

func decodeCursor(s HistorySort, cursor string) (HistoryKey, error) {
	values, err := cursorOrder(s).Decode(cursor, 2)
	if err != nil {
		return HistoryKey{}, refusals.Of(err)
	}
	number, value := values[0], values[1]
	if number == "" {
		return HistoryKey{}, ErrBadCursor
	}
	k := HistoryKey{Number: number}
	switch {
	case s.Field.IsTime():
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return HistoryKey{}, ErrBadCursor
		}
		k.At = time.Unix(0, n).UTC()
	case s.Field == SortRMANumber:
		if value != "" {
			return HistoryKey{}, ErrBadCursor
		}
	default:
		k.Text = value
	}
	return k, nil
}
