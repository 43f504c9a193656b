package geo_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

func TestIsPOBox(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{"PO Box 123", true},
		{"P.O. Box 123", true},
		{"p.o. box 5", true},
		{"P O Box 7", true},
		{"P. O. Box 7", true},
		{"P.O.Box 9", true},
		{"POBox 9", true},
		{"PO-Box 9", true},
		{"po box", true},
		{"PO BOX 44", true},
		{"Post Office Box 12", true},
		{"post office box 12", true},
		{"PostOffice Box 12", true},
		{"POB 12", true},
		{"pob 12", true},
		{"P.O.B. 12", true},
		{"POB #12", true},
		{"POB12", true},
		{"Box 12", true},
		{"box 12", true},
		{"  BOX #12", true},
		{"Box12", true},
		{"Box No. 12", true},
		{"Unit 4, PO Box 99", true},
		{"123 Main St, P.O. Box 4", true},

		{"Boxwood Lane", false},
		{"12 Boxwood Lane", false},
		{"123 Box Elder St", false},
		{"Box Hill Road", false},
		{"Boxer Street 12", false},
		{"12 Post Office Square", false},
		{"1 Post Road", false},
		{"Postbox Lane 4", false},
		{"Pob Lane", false},
		{"Poblano Way 3", false},
		{"Polo Box Co", false},
		{"Hippo Box 4", false},
		{"Apollo Blvd 5", false},
		{"Expo Boxing Center", false},
		{"P.O. Boxford Road", false},
		{"Shipping Box 12 Lane", false},
		{"PMB 123", false},
		{"742 Evergreen Terrace", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			require.Equal(t, tt.want, geo.IsPOBox(tt.line))
		})
	}
}

// valid is an address every rule accepts; each row of the table breaks one rule.
func valid() geo.Address {
	return geo.Address{Line1: "500 W 2nd St", Line2: "Suite 1900", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}
}

func TestValidateAddress_Rules(t *testing.T) {
	c := catalog(t)
	long := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name   string
		change func(a *geo.Address)
		field  string
		msg    string
	}{
		{"line1 required", func(a *geo.Address) { a.Line1 = "" }, "line1", validate.MsgRequired},
		{"line1 whitespace is empty", func(a *geo.Address) { a.Line1 = "   " }, "line1", validate.MsgRequired},
		{"line1 max 35", func(a *geo.Address) { a.Line1 = long(36) }, "line1", "Must be less than 36 characters"},
		{"line1 no PO box", func(a *geo.Address) { a.Line1 = "PO Box 12" }, "line1", validate.MsgPOBox},
		{"line2 max 35", func(a *geo.Address) { a.Line2 = long(36) }, "line2", "Must be less than 36 characters"},
		{"line2 no PO box", func(a *geo.Address) { a.Line2 = "P.O. Box 12" }, "line2", validate.MsgPOBox},
		{"country required", func(a *geo.Address) { a.Country = "" }, "country", validate.MsgRequired},
		{"country max 35", func(a *geo.Address) { a.Country = long(36) }, "country", "Must be less than 36 characters"},
		{"country must be known", func(a *geo.Address) { a.Country = "XX" }, "country", geo.MsgUnknownCountry},
		{"country is a code, not a name", func(a *geo.Address) { a.Country = "United States" }, "country", geo.MsgUnknownCountry},
		{"state required for US", func(a *geo.Address) { a.State = "" }, "state", validate.MsgRequired},
		{"state max 35", func(a *geo.Address) { a.State = long(36) }, "state", "Must be less than 36 characters"},
		{"state of another country", func(a *geo.Address) { a.State = "ON" }, "state", geo.MsgUnknownState},
		{"state of a country with states", func(a *geo.Address) { a.Country, a.State, a.City = "CA", "TX", "Toronto" }, "state", geo.MsgUnknownState},
		{"city required", func(a *geo.Address) { a.City = "" }, "city", validate.MsgRequired},
		{"city max 35", func(a *geo.Address) { a.City = long(36) }, "city", "Must be less than 36 characters"},
		{"military state needs a military city", func(a *geo.Address) { a.State = "AE" }, "city", geo.MsgMilitaryCity},
		{"military city needs a military state", func(a *geo.Address) { a.City = "APO" }, "city", geo.MsgMilitaryState},
		{"military city outside the US", func(a *geo.Address) { a.Country, a.State, a.City = "DE", "", "FPO" }, "city", geo.MsgMilitaryState},
		{"postal code required", func(a *geo.Address) { a.PostalCode = " " }, "postalCode", validate.MsgRequired},
		{"postal code max 12", func(a *geo.Address) { a.PostalCode = long(13) }, "postalCode", "Must be less than 13 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := valid()
			tt.change(&a)
			err := c.ValidateAddress(a, false)
			f, ok := fault.As(err)
			require.True(t, ok, "want a validation fault, got %v", err)
			require.Equal(t, fault.KindInvalid, f.Kind)
			require.Equal(t, map[string]string{tt.field: tt.msg}, f.Fields)
		})
	}
}

func TestValidateAddress_Accepts(t *testing.T) {
	c := catalog(t)
	tests := []struct {
		name       string
		a          geo.Address
		allowPOBox bool
	}{
		{"US street address", valid(), false},
		{"no line2", geo.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}, false},
		{"exactly 35 and 12 characters", geo.Address{Line1: strings.Repeat("é", 35), Line2: strings.Repeat("b", 35), City: strings.Repeat("c", 35), State: "TX", Country: "US", PostalCode: strings.Repeat("9", 12)}, false},
		{"APO AE", geo.Address{Line1: "Unit 2050 Box 4190", City: "APO", State: "AE", Country: "US", PostalCode: "09096"}, false},
		{"FPO AP", geo.Address{Line1: "USS Nimitz CVN 68", City: "FPO", State: "AP", Country: "US", PostalCode: "96620"}, false},
		{"DPO AA", geo.Address{Line1: "Unit 3400", City: "DPO", State: "AA", Country: "US", PostalCode: "34020"}, false},
		{"military city in any case", geo.Address{Line1: "Unit 3400", City: "apo", State: "AA", Country: "US", PostalCode: "34020"}, false},
		{"DC", geo.Address{Line1: "1600 Pennsylvania Ave NW", City: "Washington", State: "DC", Country: "US", PostalCode: "20500"}, false},
		{"Canada without a state", geo.Address{Line1: "290 Bremner Blvd", City: "Toronto", Country: "CA", PostalCode: "M5V 3L9"}, false},
		{"Canada with its province", geo.Address{Line1: "290 Bremner Blvd", City: "Toronto", State: "ON", Country: "CA", PostalCode: "M5V 3L9"}, false},
		{"Chile's AP is no military state", geo.Address{Line1: "Av. Comandante San Martín 1", City: "Arica", State: "AP", Country: "CL", PostalCode: "1000000"}, false},
		{"a country without states takes any state text", geo.Address{Line1: "1 Main Street", City: "Gibraltar", State: "Westside", Country: "GI", PostalCode: "GX11 1AA"}, false},
		{"a city the list does not know", geo.Address{Line1: "1 Main St", City: "Smallville", State: "KS", Country: "US", PostalCode: "66002"}, false},
		{"PO box where allowed", geo.Address{Line1: "PO Box 12", Line2: "Box 9", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NoError(t, c.ValidateAddress(tt.a, tt.allowPOBox))
		})
	}
}

func TestValidateAddress_ReportsEveryFieldAtOnce(t *testing.T) {
	err := catalog(t).ValidateAddress(geo.Address{Line2: "PO Box 1", State: "AP", Country: "US"}, false)
	f, ok := fault.As(err)
	require.True(t, ok)
	require.Equal(t, map[string]string{
		"line1": validate.MsgRequired, "line2": validate.MsgPOBox, "city": validate.MsgRequired, "postalCode": validate.MsgRequired,
	}, f.Fields)
}

func TestCheckAddress_PrefixesFields(t *testing.T) {
	var v validate.Errors
	v.Required("contact.firstName", "")
	a := valid()
	a.PostalCode = ""
	catalog(t).CheckAddress(&v, "address.", a, false)
	f, ok := fault.As(v.Err())
	require.True(t, ok)
	require.Equal(t, map[string]string{"contact.firstName": validate.MsgRequired, "address.postalCode": validate.MsgRequired}, f.Fields)
}

func TestAddress_Normalized(t *testing.T) {
	a := geo.Address{Line1: " 1 Main St ", Line2: " ", City: " apo ", State: " ae", Country: "us ", PostalCode: " 09096 "}
	n := a.Normalized()
	require.Equal(t, geo.Address{Line1: "1 Main St", City: "APO", State: "AE", Country: "US", PostalCode: "09096"}, n)
	require.NoError(t, catalog(t).ValidateAddress(n, false))
	require.Equal(t, "Austin", geo.Address{City: " Austin "}.Normalized().City, "only military cities change case")
}

func TestIsMilitaryAddress(t *testing.T) {
	require.True(t, geo.IsMilitaryAddress(geo.Address{Country: "US", State: "AP"}))
	require.False(t, geo.IsMilitaryAddress(geo.Address{Country: "CL", State: "AP"}))
	require.False(t, geo.IsMilitaryAddress(geo.Address{Country: "US", State: "TX"}))
}

func BenchmarkValidateAddress(b *testing.B) {
	c := catalog(b)
	good := valid()
	bad := geo.Address{Line1: "P.O. Box 12", City: "Austin", State: "AE", Country: "US", PostalCode: "78701"}
	b.Run("valid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := c.ValidateAddress(good, false); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("invalid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := c.ValidateAddress(bad, false); err == nil {
				b.Fatal("want an error")
			}
		}
	})
}
