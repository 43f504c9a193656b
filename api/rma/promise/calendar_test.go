package promise

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func day(s string) time.Time {
	d, err := time.Parse(DateLayout, s)
	if err != nil {
		panic(err)
	}
	return d
}

func chicago(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("America/Chicago")
	require.NoError(t, err)
	return loc
}

func TestAddBusinessDays_SkipsWeekendsAndHolidays(t *testing.T) {
	us := NewCalendar(chicago(t), append(append(USHolidays(2026), USHolidays(2027)...), USHolidays(2028)...))
	literal := NewCalendar(chicago(t), []time.Time{day("2026-12-26"), day("2026-12-25")})
	tests := []struct {
		name string
		cal  Calendar
		from string
		n    int
		want string
	}{
		{"a plain week", us, "2026-12-07", 5, "2026-12-14"},
		{"zero days is the day itself", us, "2026-12-12", 0, "2026-12-12"},
		{"from a Saturday the first business day is Monday", us, "2026-12-05", 1, "2026-12-07"},
		{"Friday plus one is Monday", us, "2026-12-04", 1, "2026-12-07"},
		// Christmas 2026 is a Friday; New Year's Day 2027 a Friday too.
		{"across year end skips Christmas and New Year's Day", us, "2026-12-21", 10, "2027-01-06"},
		{"Thanksgiving and the day after", us, "2026-11-25", 1, "2026-11-30"},
		// Independence Day 2026 is a Saturday: observed Friday July 3.
		{"a Saturday holiday closes the Friday before", us, "2026-07-02", 1, "2026-07-06"},
		// Christmas 2027 is a Saturday: observed Friday Dec 24; New Year's Day 2028 also a
		// Saturday, observed Friday Dec 31, 2027.
		{"observed Christmas of 2027", us, "2027-12-23", 2, "2027-12-28"},
		{"New Year's Day of 2028 closes Dec 31, 2027", us, "2027-12-29", 2, "2028-01-03"},
		{"a configured holiday on a weekend changes nothing", literal, "2026-12-24", 1, "2026-12-28"},
		// DST ends in Chicago on Nov 1, 2026: dates stay dates.
		{"across the end of DST", us, "2026-10-30", 2, "2026-11-03"},
		{"across the start of DST", us, "2027-03-12", 1, "2027-03-15"},
		{"ten business days from a Monday", us, "2026-12-07", 10, "2026-12-21"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, tt.cal.AddBusinessDays(day(tt.from), tt.n).Format(DateLayout))
		})
	}
}

func TestBusinessDaysBetween_CountsWorkingDaysAfterTheFirst(t *testing.T) {
	us := NewCalendar(chicago(t), USHolidays(2026))
	tests := []struct {
		from, to string
		want     int
	}{
		{"2026-12-07", "2026-12-07", 0},
		{"2026-12-07", "2026-12-08", 1},
		{"2026-12-04", "2026-12-07", 1},  // Friday to Monday
		{"2026-12-05", "2026-12-06", 0},  // a weekend
		{"2026-12-24", "2026-12-28", 1},  // Christmas Friday closed
		{"2026-12-10", "2026-12-07", 0},  // backwards
		{"2026-12-07", "2026-12-21", 10}, // two weeks
	}
	for _, tt := range tests {
		t.Run(tt.from+"→"+tt.to, func(t *testing.T) {
			require.Equal(t, tt.want, us.BusinessDaysBetween(day(tt.from), day(tt.to)))
		})
	}
}

func TestDay_IsTheDepotsDateOfTheInstant(t *testing.T) {
	cal := NewCalendar(chicago(t), nil)
	tests := []struct {
		name string
		at   time.Time
		want string
	}{
		{"evening in Chicago is the next day in UTC", time.Date(2026, 12, 8, 1, 30, 0, 0, time.UTC), "2026-12-07"},
		{"midday", time.Date(2026, 12, 8, 18, 0, 0, 0, time.UTC), "2026-12-08"},
		// Nov 1, 2026 01:30 CDT happens twice; 06:30 UTC is 00:30 CST... both are Nov 1.
		{"the night DST ends", time.Date(2026, 11, 1, 6, 30, 0, 0, time.UTC), "2026-11-01"},
		{"just before midnight CST", time.Date(2026, 11, 2, 5, 59, 0, 0, time.UTC), "2026-11-01"},
		{"just before midnight CDT", time.Date(2026, 10, 31, 4, 59, 0, 0, time.UTC), "2026-10-30"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, cal.Day(tt.at).Format(DateLayout))
		})
	}
}

func TestUSHolidays_OfTwoYears(t *testing.T) {
	var got []string
	for _, d := range USHolidays(2026) {
		got = append(got, d.Format(DateLayout))
	}
	require.Equal(t, []string{"2026-01-01", "2026-01-19", "2026-05-25", "2026-06-19", "2026-07-03", "2026-09-07", "2026-11-26", "2026-11-27", "2026-12-25"}, got)
	got = nil
	for _, d := range USHolidays(2027) {
		got = append(got, d.Format(DateLayout))
	}
	require.Equal(t, []string{"2027-01-01", "2027-01-18", "2027-05-31", "2027-06-18", "2027-07-05", "2027-09-06", "2027-11-25", "2027-11-26", "2027-12-24"}, got)
}
