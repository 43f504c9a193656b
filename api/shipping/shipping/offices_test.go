package shipping_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/shipping/shipping"
)

func directory(tb testing.TB) *shipping.Directory {
	tb.Helper()
	d, err := shipping.LoadDirectory()
	require.NoError(tb, err)
	return d
}

var austin = shipping.Address{Line1: "600 Congress Ave", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"}

func TestNearby_AustinGetsAustinOfficesNearestFirst(t *testing.T) {
	got := directory(t).Nearby(austin, 10)
	require.Len(t, got, 10)
	for i := 1; i < len(got); i++ {
		require.LessOrEqual(t, got[i-1].DistanceMiles, got[i].DistanceMiles, "offices must come nearest first")
	}
	require.Equal(t, "Austin", got[0].City)
	require.Equal(t, "TX", got[0].State)
	require.Less(t, got[0].DistanceMiles, 5.0)
	require.True(t, strings.HasPrefix(got[0].Name, "Rugged Freight Drop-off \u2014 Austin "), got[0].Name)
	for _, o := range got {
		require.Equal(t, "TX", o.State, "the ten nearest offices to downtown Austin are all in Texas")
		require.Less(t, o.DistanceMiles, 100.0)
	}
}

func TestNearby_LocatesTheAddress(t *testing.T) {
	d := directory(t)
	tests := []struct {
		name  string
		addr  shipping.Address
		found bool
	}{
		{"ZIP", austin, true},
		{"ZIP+4", shipping.Address{PostalCode: "78701-1234", Country: "us"}, true},
		{"nine digits", shipping.Address{PostalCode: "787011234", Country: "US"}, true},
		{"unknown ZIP falls back to the city", shipping.Address{City: "round rock", State: "TX", PostalCode: "00000", Country: "US"}, true},
		{"no ZIP falls back to the city", shipping.Address{City: "Austin", State: "TX", Country: "US"}, true},
		{"unknown ZIP and city", shipping.Address{City: "Nowhere", State: "TX", PostalCode: "00000", Country: "US"}, false},
		{"outside the US", shipping.Address{City: "Toronto", State: "ON", PostalCode: "M5V 2T6", Country: "CA"}, false},
		{"a US ZIP with a foreign country", shipping.Address{PostalCode: "78701", Country: "MX"}, false},
		{"military", shipping.Address{City: "APO", State: "AE", PostalCode: "09001", Country: "US"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok := d.Locate(tt.addr)
			require.Equal(t, tt.found, ok)
			got := d.Nearby(tt.addr, 5)
			require.NotNil(t, got)
			if tt.found {
				require.Len(t, got, 5)
			} else {
				require.Empty(t, got)
			}
		})
	}
}

func TestNearby_CityFallbackIsNearTheCity(t *testing.T) {
	d := directory(t)
	zipPoint, ok := d.Locate(shipping.Address{PostalCode: "78681", Country: "US"})
	require.True(t, ok)
	cityPoint, ok := d.Locate(shipping.Address{City: "Round Rock", State: "tx", PostalCode: "99999", Country: "US"})
	require.True(t, ok)
	require.Less(t, shipping.Miles(zipPoint, cityPoint), 10.0, "the city centre is the mean of its ZIP centroids")
}

func TestNearby_LimitIsClamped(t *testing.T) {
	d := directory(t)
	require.Len(t, d.Nearby(austin, 0), 1)
	require.Len(t, d.Nearby(austin, 1000), shipping.MaxNearby)
}

func TestMiles_KnownDistances(t *testing.T) {
	austinPt := shipping.Point{Lat: 30.2672, Lng: -97.7431}
	dallas := shipping.Point{Lat: 32.7767, Lng: -96.7970}
	require.InDelta(t, 182, shipping.Miles(austinPt, dallas), 3)
	require.Zero(t, shipping.Miles(austinPt, austinPt))
}

func TestEmbeddedOffices_AreAPlausibleNationalNetwork(t *testing.T) {
	d := directory(t)
	offices := d.Offices()
	require.GreaterOrEqual(t, len(offices), 300)
	ids := map[string]bool{}
	states := map[string]bool{}
	for _, o := range offices {
		require.False(t, ids[o.ID], "duplicate id %s", o.ID)
		ids[o.ID] = true
		states[o.State] = true
		require.Equal(t, "US", o.Country)
		require.NotEmpty(t, o.Line1)
		require.NotEmpty(t, o.Hours)
		require.Len(t, o.PostalCode, 5)
		p, ok := d.Locate(shipping.Address{PostalCode: o.PostalCode, Country: "US"})
		require.True(t, ok, "office %s has an unknown ZIP", o.ID)
		require.Less(t, shipping.Miles(p, shipping.Point{Lat: o.Lat, Lng: o.Lng}), 1.0, "office %s sits near its ZIP", o.ID)
	}
	require.GreaterOrEqual(t, len(states), 50, "every state and DC has an office")
}

func BenchmarkNearbyOffices(b *testing.B) {
	d := directory(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(d.Nearby(austin, 10)) != 10 {
			b.Fatal("want 10 offices")
		}
	}
}

func BenchmarkLoadDirectory(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		directory(b)
	}
}
