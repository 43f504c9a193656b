package rma

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/fault"
)

// acceptedSerial is the format of spec §4's serials as the portal stores them.
var acceptedSerial = regexp.MustCompile(`^[A-Z0-9-]{1,50}$`)

// An accepted serial is stored as typed, trimmed and upper-cased, in the serial format; it
// normalizes to itself however it is typed again; anything else is refused as invalid or
// unknown, never with another error.
func FuzzParseSerial(f *testing.F) {
	for _, s := range []string{"RT10000001", " rt10000001 ", "VT-1000-0007", "", " ", "RT 1000", "rt1000\n", strings.Repeat("A", 51), "ſerial", "ıd-1", "RT１0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		parsed, err := ParseSerial(raw)
		got := parsed.String()
		if err != nil {
			if k, ok := fault.As(err); !errors.Is(err, ErrUnitNotFound) && (!ok || k.Kind != fault.KindInvalid) {
				t.Fatalf("ParseSerial(%q): unexpected error %v", raw, err)
			}
			return
		}
		if !acceptedSerial.MatchString(got) {
			t.Fatalf("ParseSerial(%q) = %q, not a serial", raw, got)
		}
		if want := strings.ToUpper(strings.TrimSpace(raw)); got != want {
			t.Fatalf("ParseSerial(%q) = %q, want %q", raw, got, want)
		}
		for _, again := range []string{got, strings.ToLower(got), " \t" + got + "\n"} {
			if n, err := ParseSerial(again); err != nil || n != parsed {
				t.Fatalf("ParseSerial(%q) = %q, %v; want %q", again, n, err, got)
			}
		}
	})
}

// A filter Check accepts normalizes within the limits, to a filter that Check accepts and
// that normalizes to itself; one it refuses names only the fields at fault.
func FuzzHistoryFilter(f *testing.F) {
	f.Add(" Display ", 2024, 2026, 3, 12, " closed", "AWAITING_UNIT")
	f.Add(strings.Repeat("x", FilterTextMax+1), 1999, 2101, 0, 13, "ARCHIVED", "")
	f.Add("  "+strings.Repeat("é", FilterTextMax)+"  ", 2000, 2000, 1, 1, "received", "RECEIVED")
	f.Fuzz(func(t *testing.T, text string, y1, y2, m1, m2 int, s1, s2 string) {
		in := HistoryFilter{Text: text, Years: []int{y1, y2}, Months: []int{m1, m2}, Statuses: []Status{Status(s1), Status(s2)}}
		got, err := in.checked()
		if err != nil {
			flt, ok := fault.As(err)
			if !ok || flt.Kind != fault.KindInvalid || len(flt.Fields) == 0 {
				t.Fatalf("checked(%+v): %v, want a validation fault", in, err)
			}
			for field := range flt.Fields {
				if !slices.Contains([]string{FieldText, FieldYears, FieldMonths, FieldStatuses}, field) {
					t.Fatalf("checked(%+v): refuses unknown field %q", in, field)
				}
			}
			return
		}
		if utf8.RuneCountInString(got.Text) > FilterTextMax || got.Text != strings.TrimSpace(got.Text) {
			t.Fatalf("text %q is not trimmed within %d characters", got.Text, FilterTextMax)
		}
		for _, y := range got.Years {
			if y < FilterYearMin || y > FilterYearMax {
				t.Fatalf("year %d accepted", y)
			}
		}
		for _, m := range got.Months {
			if m < 1 || m > 12 {
				t.Fatalf("month %d accepted", m)
			}
		}
		for _, st := range got.Statuses {
			if !slices.Contains(knownStatuses, st) {
				t.Fatalf("status %q accepted", st)
			}
		}
		if !slices.IsSorted(got.Years) || !slices.IsSorted(got.Months) || len(slices.Compact(slices.Clone(got.Statuses))) != len(got.Statuses) {
			t.Fatalf("%+v keeps repeats or order", got)
		}
		again, err := got.checked()
		if err != nil || !equalFilters(again, got) {
			t.Fatalf("normalized filter %+v checks as %+v, %v", got, again, err)
		}
	})
}

func equalFilters(a, b HistoryFilter) bool {
	return a.Text == b.Text && slices.Equal(a.Years, b.Years) && slices.Equal(a.Months, b.Months) && slices.Equal(a.Statuses, b.Statuses)
}

// A cursor the history reads names a position that, written again as a cursor of the same
// order, reads back as the same position; one of another order is refused.
func FuzzHistoryCursor(f *testing.F) {
	item := HistoryItem{Number: "RMA-100501", Status: "CLOSED", Serial: "RT1|0", Model: "RL14"}
	for _, s := range SortFields {
		f.Add(string(s), false, HistoryCursor(HistorySort{Field: s}, item))
		f.Add(string(s), true, HistoryCursor(HistorySort{Field: s, Desc: true}, item))
	}
	f.Add("createdAt", true, "aDF8Y3JlYXRlZEF0fGR8Uk1BLTF8LTE")
	f.Add("serial", false, "not base64!")
	f.Fuzz(func(t *testing.T, field string, desc bool, cursor string) {
		s := HistorySort{Field: SortField(field), Desc: desc}
		if !slices.Contains(SortFields, s.Field) {
			return
		}
		k, err := decodeCursor(s, cursor)
		if err != nil {
			if !errors.Is(err, ErrBadCursor) {
				t.Fatalf("decodeCursor(%q): %v, want ErrBadCursor", cursor, err)
			}
			return
		}
		if k.Number == "" {
			t.Fatalf("decodeCursor(%q) has no number", cursor)
		}
		item := HistoryItem{Number: k.Number, CreatedAt: k.At, UpdatedAt: k.At, Status: Status(k.Text), Serial: k.Text, Model: k.Text}
		again, err := decodeCursor(s, HistoryCursor(s, item))
		if err != nil || !again.At.Equal(k.At) || again.Text != k.Text || again.Number != k.Number {
			t.Fatalf("cursor %q: %+v reads back as %+v, %v", cursor, k, again, err)
		}
		if _, err := decodeCursor(HistorySort{Field: s.Field, Desc: !desc}, cursor); !errors.Is(err, ErrBadCursor) {
			t.Fatalf("cursor %q of one direction read in the other: %v", cursor, err)
		}
	})
}
