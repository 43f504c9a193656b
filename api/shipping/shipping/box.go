package shipping

import "time"

// Spec §9: a requested box arrives in 3 to 5 business days.
const (
	BoxDeliveryMinBusinessDays = 3
	BoxDeliveryMaxBusinessDays = 5
)

// BoxDelivery is the window in which a box requested on day arrives: 3 to 5 business days later,
// counting Monday to Friday (public holidays are not counted out).
func BoxDelivery(day time.Time) (earliest, latest time.Time) {
	return addBusinessDays(day, BoxDeliveryMinBusinessDays), addBusinessDays(day, BoxDeliveryMaxBusinessDays)
}

func addBusinessDays(t time.Time, n int) time.Time {
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if wd := t.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n--
		}
	}
	return t
}
