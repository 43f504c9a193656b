package promise

import "time"

// USHolidays are the days a US depot closes in year: New Year's Day, Martin Luther King Jr. Day,
// Memorial Day, Juneteenth, Independence Day, Labor Day, Thanksgiving and the day after, and
// Christmas Day. A fixed-date holiday on a Saturday is observed the Friday before and one on a
// Sunday the Monday after, as federal holidays are (so New Year's Day of a year may close the
// last Friday of the one before).
func USHolidays(year int) []time.Time {
	date := func(m time.Month, d int) time.Time { return time.Date(year, m, d, 0, 0, 0, 0, time.UTC) }
	observed := func(d time.Time) time.Time {
		switch d.Weekday() {
		case time.Saturday:
			return d.AddDate(0, 0, -1)
		case time.Sunday:
			return d.AddDate(0, 0, 1)
		}
		return d
	}
	// nth is the n-th weekday wd of month m (n = -1: the last).
	nth := func(m time.Month, wd time.Weekday, n int) time.Time {
		if n < 0 {
			d := date(m+1, 1).AddDate(0, 0, -1)
			for d.Weekday() != wd {
				d = d.AddDate(0, 0, -1)
			}
			return d
		}
		d := date(m, 1)
		for d.Weekday() != wd {
			d = d.AddDate(0, 0, 1)
		}
		return d.AddDate(0, 0, 7*(n-1))
	}
	thanksgiving := nth(time.November, time.Thursday, 4)
	return []time.Time{
		observed(date(time.January, 1)),
		nth(time.January, time.Monday, 3),
		nth(time.May, time.Monday, -1),
		observed(date(time.June, 19)),
		observed(date(time.July, 4)),
		nth(time.September, time.Monday, 1),
		thanksgiving,
		thanksgiving.AddDate(0, 0, 1),
		observed(date(time.December, 25)),
	}
}
