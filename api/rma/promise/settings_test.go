package promise

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPolicy_TurnaroundPerWarrantyType(t *testing.T) {
	p, err := DefaultSettings().Policy()
	require.NoError(t, err)
	for typ, want := range map[string]int{"STANDARD": 10, "premium": 3, "SECURE": 5, "ADVANCE_EXCHANGE": 3, "": 10, "UNHEARD_OF": 10} {
		require.Equal(t, want, p.Turnaround(typ), typ)
	}
	// Received Monday Dec 7 2026 at 10:00 in Chicago, premium: three business days.
	at := time.Date(2026, 12, 7, 16, 0, 0, 0, time.UTC)
	require.Equal(t, "2026-12-10", p.Promise("PREMIUM", at).Format(DateLayout))
	require.Equal(t, "2026-12-21", p.Promise("STANDARD", at).Format(DateLayout))
	require.Equal(t, "Dec 21 2026", FormatDate(p.Promise("STANDARD", at)))
}

func TestPolicy_OfZeroSettingsIsTheDefaults(t *testing.T) {
	p, err := Settings{}.Policy()
	require.NoError(t, err)
	require.Equal(t, 10, p.Turnaround("STANDARD"))
	require.Equal(t, "America/Chicago", p.Calendar.Location.String())
	require.True(t, p.Calendar.Holiday(day("2026-12-25")))
}

func TestPolicy_HolidaysFromTheListAndTheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "holidays.txt")
	require.NoError(t, os.WriteFile(file, []byte("# depot closures\n2026-12-24  # Christmas Eve\n\n2026-12-31\n"), 0o600))
	s := DefaultSettings()
	s.Holidays, s.HolidaysFile, s.DefaultTurnaround = "2026-12-25", file, 4
	p, err := s.Policy()
	require.NoError(t, err)
	for d, want := range map[string]bool{"2026-12-24": true, "2026-12-25": true, "2026-12-31": true, "2027-01-01": false, "2026-11-26": false} {
		require.Equal(t, want, p.Calendar.Holiday(day(d)), d)
	}
	require.Equal(t, 4, p.Turnaround("GOLD"), "a type the pairs do not name")
	require.Equal(t, 10, p.Turnaround("STANDARD"))

	s.Holidays = "us,2026-12-24"
	p, err = s.Policy()
	require.NoError(t, err)
	require.True(t, p.Calendar.Holiday(day("2099-12-25")), "US covers the years to come")
	require.True(t, p.Calendar.Holiday(day("2026-12-24")))
}

func TestPolicy_RefusesWhatDoesNotParse(t *testing.T) {
	for name, edit := range map[string]func(*Settings){
		"DEPOT_TIMEZONE":           func(s *Settings) { s.TimeZone = "Mars/Olympus" },
		"DEPOT_HOLIDAYS":           func(s *Settings) { s.Holidays = "US,12/25/2026" },
		"DEPOT_HOLIDAYS_FILE":      func(s *Settings) { s.HolidaysFile = filepath.Join(t.TempDir(), "missing") },
		"DEPOT_TURNAROUND":         func(s *Settings) { s.Turnaround = "STANDARD=10" },
		"DEPOT_TURNAROUND_DEFAULT": func(s *Settings) { s.DefaultTurnaround = -1 },
	} {
		t.Run(name, func(t *testing.T) {
			s := DefaultSettings()
			edit(&s)
			_, err := s.Policy()
			require.ErrorContains(t, err, name)
		})
	}
	s := DefaultSettings()
	s.Turnaround = "PREMIUM:500"
	_, err := s.Policy()
	require.ErrorContains(t, err, "DEPOT_TURNAROUND")
}
