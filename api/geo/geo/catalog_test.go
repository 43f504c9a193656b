package geo_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"rugged.example/portal/api/geo/geo"
)

// loaded is the embedded catalog, read once for the whole package's tests.
var loaded = sync.OnceValues(geo.Load)

func catalog(tb testing.TB) *geo.Catalog {
	tb.Helper()
	c, err := loaded()
	require.NoError(tb, err)
	return c
}

func country(t *testing.T, c *geo.Catalog, code string) geo.Country {
	t.Helper()
	x, ok := c.Country(code)
	require.True(t, ok, "country %s", code)
	return x
}

func state(t *testing.T, c *geo.Catalog, countryCode, code string) geo.State {
	t.Helper()
	x, ok := c.State(countryCode, code)
	require.True(t, ok, "state %s-%s", countryCode, code)
	return x
}

func cityNames(t *testing.T, c *geo.Catalog, stateID int64, apo bool) []string {
	t.Helper()
	cs, err := c.Cities(stateID, apo)
	require.NoError(t, err)
	names := make([]string, len(cs))
	for i, x := range cs {
		names[i] = x.Name
	}
	return names
}

func stateCodes(ss []geo.State) []string {
	codes := make([]string, len(ss))
	for i, s := range ss {
		codes[i] = s.Code
	}
	return codes
}

func TestLoad_HoldsTheWholeDataset(t *testing.T) {
	countries, states, cities := catalog(t).Len()
	require.Equal(t, 234, countries)
	require.Greater(t, states, 3500)
	require.Greater(t, cities, 120_000)
}

func TestCountry_ByCode(t *testing.T) {
	c := catalog(t)
	require.Equal(t, geo.Country{Name: "United States", Code: "US", GeonameID: 6252001}, country(t, c, geo.CountryUS))
	require.Equal(t, geo.Country{Name: "Canada", Code: "CA", GeonameID: 6251999}, country(t, c, geo.CountryCA))
	require.Equal(t, "Guam", country(t, c, "GU").Name)
	for _, code := range []string{"", "us", "USA", "XX", " US"} {
		_, ok := c.Country(code)
		require.False(t, ok, "%q", code)
	}
}

func TestStates_USHasFiftyStatesDCAndTheMilitaryOnes(t *testing.T) {
	c := catalog(t)
	ss, err := c.States(country(t, c, geo.CountryUS).GeonameID)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{
		"AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS",
		"KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV",
		"NY", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY",
		"AA", "AE", "AP",
	}, stateCodes(ss))
	for _, s := range ss {
		require.Equal(t, geo.IsMilitaryState(s.Code), s.APO, s.Code)
		require.Equal(t, geo.CountryUS, s.CountryCode)
	}
	require.Equal(t, geo.State{Name: "Texas", Code: "TX", GeonameID: 4736286, CountryCode: "US"}, state(t, c, "US", "TX"))
}

func TestStates_MilitaryStatesHaveNegativeIDs(t *testing.T) {
	c := catalog(t)
	tests := []struct {
		code, name string
		id         int64
	}{
		{geo.StateArmedForcesAmericas, "Armed Forces Americas", -1},
		{geo.StateArmedForcesEurope, "Armed Forces Europe", -2},
		{geo.StateArmedForcesPacific, "Armed Forces Pacific", -3},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			s := state(t, c, "US", tt.code)
			require.Equal(t, geo.State{Name: tt.name, Code: tt.code, GeonameID: tt.id, APO: true, CountryCode: "US"}, s)
			byID, ok := c.StateByID(tt.id)
			require.True(t, ok)
			require.Equal(t, s, byID)
		})
	}
}

func TestStates_CanadaHasItsProvincesAndTerritories(t *testing.T) {
	c := catalog(t)
	ss, err := c.States(country(t, c, geo.CountryCA).GeonameID)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"}, stateCodes(ss))
	require.Equal(t, "Ontario", state(t, c, "CA", "ON").Name)
}

func TestStates_KnownIDWithoutStatesIsEmpty_UnknownIDFails(t *testing.T) {
	c := catalog(t)
	ss, err := c.States(state(t, c, "US", "TX").GeonameID)
	require.NoError(t, err)
	require.Empty(t, ss)
	require.NotNil(t, ss)

	for _, id := range []int64{0, -4, 1, 4671654 /* Austin, a city */, 1 << 40} {
		_, err := c.States(id)
		require.ErrorIs(t, err, geo.ErrUnknownPlace, "%d", id)
	}
}

func TestCities_TexasIncludesAustin(t *testing.T) {
	c := catalog(t)
	names := cityNames(t, c, state(t, c, "US", "TX").GeonameID, false)
	require.Contains(t, names, "Austin")
	require.Contains(t, names, "Houston")
	require.NotContains(t, names, "APO")
	require.Empty(t, cityNames(t, c, state(t, c, "US", "TX").GeonameID, true), "an ordinary state has no military cities")
}

func TestCities_MilitaryStatesHaveAPOFPOAndDPO(t *testing.T) {
	c := catalog(t)
	for _, code := range []string{"AA", "AE", "AP"} {
		id := state(t, c, "US", code).GeonameID
		require.Equal(t, []string{"APO", "DPO", "FPO"}, cityNames(t, c, id, true), code)
		require.Empty(t, cityNames(t, c, id, false), code)
	}
}

func TestCities_MappedToTheirOwnState(t *testing.T) {
	c := catalog(t)
	tests := []struct{ country, state, city string }{
		{"US", "CA", "San Francisco"},
		{"US", "NY", "Brooklyn"},
		{"US", "DC", "Washington, D.C."},
		{"CA", "ON", "Toronto"},
		{"CA", "QC", "Montréal"},
		{"DE", "BY", "Munich"},
		{"GB", "SCT", "Edinburgh"},
		{"MX", "NLE", "Monterrey"},
		{"AU", "NSW", "Sydney"},
		{"NZ", "WTC", "Greymouth"},
		{"NZ", "GIS", "Gisborne"},
	}
	for _, tt := range tests {
		t.Run(tt.city, func(t *testing.T) {
			require.Contains(t, cityNames(t, c, state(t, c, tt.country, tt.state).GeonameID, false), tt.city)
		})
	}
}

func TestCities_NamesFitTheAddressForm(t *testing.T) {
	c := catalog(t)
	for _, co := range c.Countries() {
		ss, err := c.States(co.GeonameID)
		require.NoError(t, err)
		for _, s := range ss {
			for _, name := range cityNames(t, c, s.GeonameID, s.APO) {
				require.LessOrEqual(t, len([]rune(name)), geo.MaxCity, name)
			}
		}
	}
}

func TestCities_CountryIDIsEmpty_UnknownIDFails(t *testing.T) {
	c := catalog(t)
	cs, err := c.Cities(country(t, c, "US").GeonameID, false)
	require.NoError(t, err)
	require.Empty(t, cs)
	_, err = c.Cities(123, false)
	require.ErrorIs(t, err, geo.ErrUnknownPlace)
}

func TestCatalog_ReturnsCopies(t *testing.T) {
	c := catalog(t)
	cs := c.Countries()
	first := cs[0]
	cs[0].Name = "changed"
	require.Equal(t, first, c.Countries()[0])

	id := state(t, c, "US", "AP").GeonameID
	cities, err := c.Cities(id, true)
	require.NoError(t, err)
	cities[0].Name = "changed"
	require.Equal(t, []string{"APO", "DPO", "FPO"}, cityNames(t, c, id, true))
}

// Every list is sorted by name as English speakers sort: letters first, accents and case after
// ("Île-de-France" among the I's, not after "Zurich"), ties by code point.
func TestCatalog_EveryListIsSortedByName(t *testing.T) {
	c := catalog(t)
	col := collate.New(language.English)
	sorted := func(t *testing.T, what string, names []string) {
		t.Helper()
		for i := 1; i < len(names); i++ {
			a, b := names[i-1], names[i]
			r := col.CompareString(a, b)
			require.True(t, r < 0 || r == 0 && a <= b, "%s: %q before %q", what, a, b)
		}
	}
	countries := c.Countries()
	names := make([]string, len(countries))
	for i, x := range countries {
		names[i] = x.Name
	}
	sorted(t, "countries", names)
	for _, co := range countries {
		ss, err := c.States(co.GeonameID)
		require.NoError(t, err)
		names := make([]string, len(ss))
		for i, s := range ss {
			names[i] = s.Name
			sorted(t, co.Code+"-"+s.Code, cityNames(t, c, s.GeonameID, s.APO))
		}
		sorted(t, co.Code, names)
	}
}

func TestCatalog_IDsAndCodesAreUnique(t *testing.T) {
	c := catalog(t)
	ids := map[int64]string{}
	for _, co := range c.Countries() {
		_, dup := ids[co.GeonameID]
		require.False(t, dup, co.Code)
		require.Positive(t, co.GeonameID)
		ids[co.GeonameID] = co.Code
		ss, err := c.States(co.GeonameID)
		require.NoError(t, err)
		for _, s := range ss {
			_, dup := ids[s.GeonameID]
			require.False(t, dup, "%s-%s", co.Code, s.Code)
			ids[s.GeonameID] = co.Code + "-" + s.Code
			require.Equal(t, s.APO, s.GeonameID < 0, "only the hand-added military states have negative ids")
		}
	}
}

func TestIsMilitaryState(t *testing.T) {
	for code, want := range map[string]bool{"AA": true, "AE": true, "AP": true, "aa": false, "TX": false, "": false, "APO": false} {
		require.Equal(t, want, geo.IsMilitaryState(code), code)
	}
}

func TestIsMilitaryCity(t *testing.T) {
	for name, want := range map[string]bool{"APO": true, "FPO": true, "DPO": true, "apo": true, " Fpo ": true, "Austin": false, "": false, "AP": false, "APO AE": false} {
		require.Equal(t, want, geo.IsMilitaryCity(name), name)
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := geo.Load(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCities(b *testing.B) {
	c := catalog(b)
	tx, _ := c.State("US", "TX")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Cities(tx.GeonameID, false); err != nil {
			b.Fatal(err)
		}
	}
}
