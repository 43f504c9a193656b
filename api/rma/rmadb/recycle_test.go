package rmadb_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

func recycleRequest() rma.RecycleRequest {
	return rma.RecycleRequest{
		Owner: "usr_casey", Serial: "RT10000002",
		Contact: rma.Contact{FirstName: "  Casey ", LastName: "Morgan ", Email: " casey@example.com", Phone: "5125550142", PhoneCountryCode: "us"},
		Address: rma.Address{Line1: " 2100 Riverside Dr ", City: "Austin", State: "tx", Country: "us", PostalCode: " 78741"},
	}
}

func TestIntegrationRecycle_FixesTheRecycleFields(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.Recycle(t.Context(), recycleRequest())
		require.NoError(t, err)
		r, err := f.store.RMAByNumber(t.Context(), "usr_casey", got.RMA.Number)
		require.NoError(t, err)
		require.Equal(t, rma.RMATypeRecycle, r.Type)
		require.Equal(t, "RECYCLE", r.Problem.PrimaryFault)
		require.Equal(t, "RECYCLE", r.Problem.Problem)
		require.Equal(t, "RECYCLE", r.Problem.InitialNotes)
		require.Equal(t, rma.Packaging{HavePackaging: true}, r.Packaging)
		require.Equal(t, rma.TPMDepot, r.TPM)
		require.Equal(t, "Casey", r.Contact.FirstName, "strings are trimmed")
		require.Equal(t, "2100 Riverside Dr", r.Address.Line1)
		require.Equal(t, "TX", r.Address.State)
		require.NotEmpty(t, r.LabelID)
		require.Equal(t, []string{"casey@example.com|RMA " + r.Number + " created"}, f.mailer.Sent)
	})
}

func TestIntegrationRecycle_Rules(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		tests := []struct {
			name   string
			edit   func(*rma.RecycleRequest)
			err    error
			field  string
			wantTy string
			tpm    string
		}{
			{name: "in-warranty unit is refused", edit: func(r *rma.RecycleRequest) { r.Serial = "RT10000001" }, err: rma.ErrInWarranty},
			{name: "overrides from a customer are ignored", edit: func(r *rma.RecycleRequest) {
				r.Override = &rma.Override{RMAType: rma.RMATypeRecycleCredit, TPM: "GREENLOOP-RNO"}
			}, wantTy: rma.RMATypeRecycle, tpm: rma.TPMDepot},
			{name: "an administrator's override applies", edit: func(r *rma.RecycleRequest) {
				r.Serial, r.MayOverride = "RT10000004", true
				r.Override = &rma.Override{RMAType: "recycle_credit", TPM: " greenloop-rno"}
			}, wantTy: rma.RMATypeRecycleCredit, tpm: "GREENLOOP-RNO"},
			{name: "an unknown destination is refused", edit: func(r *rma.RecycleRequest) {
				r.MayOverride = true
				r.Override = &rma.Override{TPM: "SOMEWHERE"}
			}, field: "override.tpm"},
			{name: "contact rules hold", edit: func(r *rma.RecycleRequest) { r.Contact.Email = "nope" }, field: "contact.email"},
			{name: "address rules hold", edit: func(r *rma.RecycleRequest) { r.Address.Line1 = "" }, field: "address.line1"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f := newFixture(t, gdb)
				req := recycleRequest()
				tt.edit(&req)
				got, err := f.creator.Recycle(t.Context(), req)
				switch {
				case tt.err != nil:
					require.ErrorIs(t, err, tt.err)
				case tt.field != "":
					flt, ok := fault.As(err)
					require.True(t, ok, "got %v", err)
					require.Contains(t, flt.Fields, tt.field)
				default:
					require.NoError(t, err)
					require.Equal(t, tt.wantTy, got.RMA.Type)
					require.Equal(t, tt.tpm, got.RMA.TPM)
				}
			})
		}
	})
}
