package rmajson_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
)

func TestContactAndAddress_KeepSpecShapeFieldForField(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want string
	}{
		{
			name: "contact",
			v: rmajson.ContactOf(rma.Contact{
				FirstName: "Olivia", LastName: "Chen", Email: "olivia@fleetco.example", Phone: "6145550187",
				PhoneCountryCode: "US", Company: "FleetCo", Position: "Fleet manager",
			}),
			want: `{"firstName":"Olivia","lastName":"Chen","email":"olivia@fleetco.example","phone":"6145550187",` +
				`"phoneCountryCode":"US","company":"FleetCo","position":"Fleet manager"}`,
		},
		{
			name: "empty contact keeps every key",
			v:    rmajson.Contact{},
			want: `{"firstName":"","lastName":"","email":"","phone":"","phoneCountryCode":"","company":"","position":""}`,
		},
		{
			name: "address",
			v: rmajson.AddressOf(rma.Address{
				Line1: "100 Congress Ave", Line2: "Suite 2", City: "Austin", State: "TX", Country: "US", PostalCode: "78701",
			}),
			want: `{"line1":"100 Congress Ave","line2":"Suite 2","city":"Austin","state":"TX","country":"US","postalCode":"78701"}`,
		},
		{
			name: "empty address keeps every key",
			v:    rmajson.Address{},
			want: `{"line1":"","line2":"","city":"","state":"","country":"","postalCode":""}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.v)
			require.NoError(t, err)
			require.Equal(t, tt.want, string(got))
		})
	}
}

func TestDomain_GivesBackWhatOfTook(t *testing.T) {
	c := rma.Contact{
		FirstName: " Olivia ", LastName: "Chen", Email: "olivia@fleetco.example", Phone: "6145550187",
		PhoneCountryCode: "us", Company: "FleetCo", Position: "Fleet manager",
	}
	a := rma.Address{Line1: "100 Congress Ave", Line2: "Suite 2", City: "Austin", State: "tx", Country: "US", PostalCode: "78701"}

	require.Equal(t, c, rmajson.ContactOf(c).Domain(), "the wire type neither trims nor upper-cases: that is the core's")
	require.Equal(t, a, rmajson.AddressOf(a).Domain())
}
