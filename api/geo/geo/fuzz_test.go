package geo_test

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

// asciiUpper upper-cases ASCII letters only, so a property about case holds whatever Unicode
// folding would do to the rest.
func asciiUpper(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// The PO-box rule ignores case and the kind of space, and a line that names a box in the words spec §5 forbids is a
// PO box whatever stands before it.
func FuzzIsPOBox(f *testing.F) {
	for _, s := range []string{"PO Box 123", "P.O.B. 12", "Box 12", "12 Box Elder St", "Boxwood Lane", "Hippo Box", "Postbox Lane", "Pob Lane", "", "p\u00a0o box", "PostOffice Box 12"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if geo.IsPOBox(line) != geo.IsPOBox(asciiUpper(line)) {
			t.Fatalf("IsPOBox(%q) depends on case", line)
		}
		spaced := strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return ' '
			}
			return r
		}, line)
		if geo.IsPOBox(line) != geo.IsPOBox(spaced) {
			t.Fatalf("IsPOBox(%q) depends on the kind of space", line)
		}
		for _, box := range []string{" PO Box 7", " P.O. Box 7", " Post Office Box 7", " POB 7"} {
			if !geo.IsPOBox(line + box) {
				t.Fatalf("IsPOBox(%q) = false", line+box)
			}
		}
	})
}

// An address the rules accept (with PO boxes refused) has every required field within its
// length, no PO box on either line, a known country and, in the US, a known state, and a
// military city exactly when its state is military; normalizing is idempotent.
func FuzzValidateAddress(f *testing.F) {
	f.Add("2100 Riverside Dr", "", "Austin", "TX", "US", "78741")
	f.Add("Unit 2050 Box 4190", "", "apo", "ap", "us", "96278")
	f.Add("1 King St W", "PO Box 9", "Toronto", "ON", "CA", "M5H 1A1")
	f.Add("10 Downing St", "", "London", "", "GB", "SW1A 2AA")
	f.Add(strings.Repeat("é", geo.MaxAddressLine), "", "APO", "TX", "US", "1")
	places, err := geo.Load()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line1, line2, city, state, country, postal string) {
		a := geo.Address{Line1: line1, Line2: line2, City: city, State: state, Country: country, PostalCode: postal}.Normalized()
		if again := a.Normalized(); again != a {
			t.Fatalf("Normalized is not idempotent: %+v then %+v", a, again)
		}
		err := places.ValidateAddress(a, false)
		if err != nil {
			if flt, ok := fault.As(err); !ok || flt.Kind != fault.KindInvalid || len(flt.Fields) == 0 {
				t.Fatalf("ValidateAddress(%+v): %v, want a validation fault", a, err)
			}
			// A line's first failure is its message: empty or too long comes before the PO box.
			if geo.IsPOBox(a.Line1) && utf8.RuneCountInString(a.Line1) <= geo.MaxAddressLine && fieldMessage(err, "line1") != validate.MsgPOBox {
				t.Fatalf("PO box on line1 %q not named", a.Line1)
			}
			return
		}
		for name, v := range map[string]struct {
			value string
			max   int
		}{"line1": {a.Line1, geo.MaxAddressLine}, "city": {a.City, geo.MaxCity}, "country": {a.Country, geo.MaxCountry}, "postalCode": {a.PostalCode, geo.MaxPostalCode}} {
			if strings.TrimSpace(v.value) == "" || utf8.RuneCountInString(v.value) > v.max {
				t.Fatalf("accepted %s %q", name, v.value)
			}
		}
		if utf8.RuneCountInString(a.Line2) > geo.MaxAddressLine || utf8.RuneCountInString(a.State) > geo.MaxState {
			t.Fatalf("accepted over-long line2 or state: %+v", a)
		}
		if geo.IsPOBox(a.Line1) || geo.IsPOBox(a.Line2) {
			t.Fatalf("accepted a PO box: %+v", a)
		}
		if _, ok := places.Country(a.Country); !ok {
			t.Fatalf("accepted unknown country %q", a.Country)
		}
		if _, ok := places.State(a.Country, a.State); a.Country == geo.CountryUS && !ok {
			t.Fatalf("accepted unknown US state %q", a.State)
		}
		if geo.IsMilitaryAddress(a) != geo.IsMilitaryCity(a.City) {
			t.Fatalf("accepted military mismatch: %+v", a)
		}
		if places.ValidateAddress(a, true) != nil {
			t.Fatalf("allowing PO boxes refuses %+v", a)
		}
	})
}

func fieldMessage(err error, field string) string {
	flt, _ := fault.As(err)
	return flt.Fields[field]
}
