package payments_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
)

func TestPORules_ReleaseDomainsAndTheirSubdomains(t *testing.T) {
	r := payments.PORules{ReleaseDomains: []string{" FleetCo.example ", ""}}
	require.True(t, r.ReleaseRequired("olivia@fleetco.example"))
	require.True(t, r.ReleaseRequired("ops@east.FLEETCO.example"), "a domain under it")
	require.False(t, r.ReleaseRequired("casey@notfleetco.example"), "not a suffix of a label")
	require.False(t, r.ReleaseRequired("no-at-sign"))
	require.False(t, payments.PORules{}.ReleaseRequired("olivia@fleetco.example"))
}

func TestPORules_Validate(t *testing.T) {
	r := payments.PORules{ReleaseDomains: []string{"fleetco.example"}}
	tests := []struct {
		name, email, po, file string
		want                  map[string]string
	}{
		{"a PO with its file", "casey@example.com", "PO-1", "po/a.pdf", nil},
		{"no number, no file", "casey@example.com", "", "", map[string]string{
			payments.FieldCustomerPO: validate.MsgRequired, payments.FieldPOFile: "Must Attach Files"}},
		{"too long, release included", "casey@example.com", strings.Repeat("P", 36), "f", map[string]string{
			payments.FieldCustomerPO: validate.MaxLength(payments.CustomerPOMax)}},
		{"a release domain's PO with its release", "olivia@fleetco.example", "PO7781-1234", "f", nil},
		{"without its release", "olivia@fleetco.example", "PO7781", "f", map[string]string{payments.FieldPORelease: validate.MsgRequired}},
		{"a release of 3 digits", "olivia@fleetco.example", "PO7781-123", "f", map[string]string{payments.FieldPORelease: "Must be 4 or 5 digits"}},
		{"only a release", "olivia@fleetco.example", "-12345", "f", map[string]string{payments.FieldCustomerPO: validate.MsgRequired}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v validate.Errors
			r.Validate(&v, tt.email, tt.po, tt.file)
			err := v.Err()
			if tt.want == nil {
				require.NoError(t, err)
				return
			}
			f, ok := fault.As(err)
			require.True(t, ok)
			require.Equal(t, tt.want, f.Fields)
		})
	}
	require.Equal(t, "Your account cannot pay by purchase order.", payments.ErrPONotAllowed.Message)
	require.Equal(t, fault.KindForbidden, payments.ErrPONotAllowed.Kind)
}
