package rma_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

func TestContactAndAddress_Trimmed(t *testing.T) {
	c := rma.Contact{FirstName: " Casey ", LastName: "Morgan ", Email: " casey@example.com", Phone: " 512 ", PhoneCountryCode: " us ", Company: " Acme ", Position: " Ops "}
	require.Equal(t, rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "512", PhoneCountryCode: "US", Company: "Acme", Position: "Ops"}, c.Trimmed())
	a := rma.Address{Line1: " 1 Main St ", Line2: " ", City: " Austin", State: " tx ", Country: "us ", PostalCode: " 78701 "}
	require.Equal(t, rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}, a.Trimmed())

	r := rma.CreateRequest{Contact: c, Address: a}
	r.Trim()
	require.Equal(t, c.Trimmed(), r.Contact, "the create payload trims them the same way")
	require.Equal(t, a.Trimmed(), r.Address)
}

type addressRules map[string]string

func (r addressRules) ValidateAddress(rma.Address) error {
	if len(r) == 0 {
		return nil
	}
	return fault.Validation(r)
}

func TestValidateAddress_KeysTheRulesMessagesUnderAddress(t *testing.T) {
	var v validate.Errors
	rma.ValidateAddress(&v, addressRules{"line1": "Required", "state": "Invalid State"}, rma.Address{})
	f, ok := fault.As(v.Err())
	require.True(t, ok)
	require.Equal(t, map[string]string{"address.line1": "Required", "address.state": "Invalid State"}, f.Fields)

	v = validate.Errors{}
	rma.ValidateAddress(&v, addressRules{}, rma.Address{})
	require.NoError(t, v.Err())
}
