package promise

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
	// The depot's zone must load in an image without /usr/share/zoneinfo (distroless, scratch).
	_ "time/tzdata"
)

// Settings are the promise's configuration, with `env` tags for a binary's config struct to
// embed. Every field has a working default (api/rma/README.md documents them).
type Settings struct {
	// TimeZone is the depot's (an IANA name): it decides which day a unit arrived. The depot
	// ships from Round Rock, Texas.
	TimeZone string `env:"DEPOT_TIMEZONE" envDefault:"America/Chicago"`
	// Holidays are the depot's closed days: dates (2026-12-24) and US, which stands for
	// USHolidays of every year from 2000 to 2100. Set without US, it replaces the US holidays.
	Holidays string `env:"DEPOT_HOLIDAYS" envDefault:"US"`
	// HolidaysFile names a file of more holidays, one date per line (# starts a comment).
	HolidaysFile string `env:"DEPOT_HOLIDAYS_FILE"`
	// Turnaround is the business days promised per warranty type (TYPE:DAYS, comma separated).
	Turnaround string `env:"DEPOT_TURNAROUND" envDefault:"STANDARD:10,EXTENDED:10,SECURE:5,PREMIUM:3,ADVANCE_EXCHANGE:3"`
	// DefaultTurnaround is the business days promised for a warranty type Turnaround does not
	// name (a unit the registry knows no warranty type of, too).
	DefaultTurnaround int `env:"DEPOT_TURNAROUND_DEFAULT" envDefault:"10"`
}

// DefaultSettings are the settings an empty environment gives, for tests and tools.
func DefaultSettings() Settings {
	return Settings{
		TimeZone: "America/Chicago", Holidays: "US",
		Turnaround:        "STANDARD:10,EXTENDED:10,SECURE:5,PREMIUM:3,ADVANCE_EXCHANGE:3",
		DefaultTurnaround: 10,
	}
}

// usYears are the years the US token covers: far wider than any RMA's life.
const usFirstYear, usLastYear = 2000, 2100

// maxTurnaround bounds a configured turnaround: a year of business days is a typo.
const maxTurnaround = 260

// Policy is what the settings say, parsed: the calendar and the turnaround per warranty type.
type Policy struct {
	Calendar   Calendar
	turnaround map[string]int
	fallback   int
}

// Policy parses the settings; a setting that does not parse is an error naming its variable,
// so the binary refuses to start rather than promise wrong dates. The zero Settings (a config
// built in code rather than read from the environment) are DefaultSettings.
func (s Settings) Policy() (Policy, error) {
	if s == (Settings{}) {
		s = DefaultSettings()
	}
	loc, err := time.LoadLocation(strings.TrimSpace(s.TimeZone))
	if err != nil {
		return Policy{}, fmt.Errorf("promise: DEPOT_TIMEZONE %q: %w", s.TimeZone, err)
	}
	holidays, err := parseHolidays("DEPOT_HOLIDAYS", strings.Split(s.Holidays, ","), true)
	if err != nil {
		return Policy{}, err
	}
	if s.HolidaysFile != "" {
		raw, err := os.ReadFile(s.HolidaysFile)
		if err != nil {
			return Policy{}, fmt.Errorf("promise: DEPOT_HOLIDAYS_FILE: %w", err)
		}
		var lines []string
		sc := bufio.NewScanner(bytes.NewReader(raw))
		for sc.Scan() {
			line, _, _ := strings.Cut(sc.Text(), "#")
			lines = append(lines, line)
		}
		more, err := parseHolidays("DEPOT_HOLIDAYS_FILE "+s.HolidaysFile, lines, false)
		if err != nil {
			return Policy{}, err
		}
		holidays = append(holidays, more...)
	}
	p := Policy{Calendar: NewCalendar(loc, holidays), turnaround: map[string]int{}, fallback: s.DefaultTurnaround}
	if p.fallback < 0 || p.fallback > maxTurnaround {
		return Policy{}, fmt.Errorf("promise: DEPOT_TURNAROUND_DEFAULT %d is not between 0 and %d business days", p.fallback, maxTurnaround)
	}
	for _, pair := range strings.Split(s.Turnaround, ",") {
		if strings.TrimSpace(pair) == "" {
			continue
		}
		typ, days, ok := strings.Cut(pair, ":")
		n, err := strconv.Atoi(strings.TrimSpace(days))
		typ = strings.ToUpper(strings.TrimSpace(typ))
		if !ok || err != nil || typ == "" || n < 0 || n > maxTurnaround {
			return Policy{}, fmt.Errorf("promise: DEPOT_TURNAROUND %q: want WARRANTY_TYPE:DAYS with 0 to %d days", pair, maxTurnaround)
		}
		p.turnaround[typ] = n
	}
	return p, nil
}

func parseHolidays(source string, items []string, allowUS bool) ([]time.Time, error) {
	var out []time.Time
	for _, item := range items {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
		case allowUS && strings.EqualFold(item, "US"):
			for y := usFirstYear; y <= usLastYear; y++ {
				out = append(out, USHolidays(y)...)
			}
		default:
			d, err := time.Parse(DateLayout, item)
			if err != nil {
				return nil, fmt.Errorf("promise: %s: %q is not a date (YYYY-MM-DD)", source, item)
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// Turnaround is the business days promised for a unit of warrantyType (any case).
func (p Policy) Turnaround(warrantyType string) int {
	if n, ok := p.turnaround[strings.ToUpper(strings.TrimSpace(warrantyType))]; ok {
		return n
	}
	return p.fallback
}

// Promise is the date promised for a unit of warrantyType received at the instant at: the
// turnaround's business days after the depot's day of receipt.
func (p Policy) Promise(warrantyType string, at time.Time) time.Time {
	return p.Calendar.AddBusinessDays(p.Calendar.Day(at), p.Turnaround(warrantyType))
}

// FormatDate writes a date as the customer reads it in e-mails and pages, in the spec's
// 'MMM d yyyy' (§9) that the browser's formatDate writes too: Dec 11 2026.
func FormatDate(d time.Time) string { return d.Format("Jan 2 2006") }
