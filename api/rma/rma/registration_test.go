package rma_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

// registry is an in-memory rma.RegistrationStore.
type registry struct {
	units map[string]rma.Unit
	regs  []rma.Registration
}

func (r *registry) UnitBySerial(_ context.Context, serial string) (rma.Unit, error) {
	u, ok := r.units[serial]
	if !ok {
		return rma.Unit{}, rma.ErrUnitNotFound
	}
	return u, nil
}

func (r *registry) CreateRegistration(_ context.Context, reg rma.Registration) error {
	for _, have := range r.regs {
		if have.Serial == reg.Serial {
			return rma.ErrAlreadyRegistered
		}
	}
	r.regs = append(r.regs, reg)
	return nil
}

func (r *registry) Registrations(_ context.Context, v rma.Viewer) ([]rma.Registration, error) {
	var out []rma.Registration
	for _, reg := range r.regs {
		if v.Sees(reg.Owner, reg.Org) {
			out = append(out, reg)
		}
	}
	return out, nil
}

// inline runs the function without a database: the store above has no transactions.
type inline struct{}

func (inline) InTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

var regNow = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func newRegistrations() (*rma.Registrations, *registry) {
	store := &registry{units: map[string]rma.Unit{"RT10000001": {Serial: "RT10000001", Model: "RL14"}}}
	return rma.NewRegistrations(store, inline{}, func() time.Time { return regNow }), store
}

func TestRegister_FieldRulesAnswerTheFormsMessages(t *testing.T) {
	tests := []struct {
		name, serial, proof string
		purchased           time.Time
		field, message      string
	}{
		{"serial required", "  ", "po/1.pdf", regNow, "serial", "Required"},
		{"purchase date required", "RT10000001", "po/1.pdf", time.Time{}, "purchaseDate", "Required"},
		{"purchase date in the future", "RT10000001", "po/1.pdf", regNow.AddDate(0, 0, 2), "purchaseDate", "Purchase date cannot be in the future"},
		{"purchase date before 2000", "RT10000001", "po/1.pdf", time.Date(1999, 12, 31, 0, 0, 0, 0, time.UTC), "purchaseDate", "Purchase date cannot be before 2000"},
		{"proof required", "RT10000001", " ", regNow, "proofFileId", "Must Attach Files"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, store := newRegistrations()
			_, err := r.Register(t.Context(), rma.Viewer{Subject: "usr_casey"}, tc.serial, tc.purchased, tc.proof)
			f, ok := fault.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, fault.KindInvalid, f.Kind)
			require.Equal(t, tc.message, f.Fields[tc.field])
			require.Empty(t, store.regs, "nothing stored")
		})
	}
}

// A customer east of UTC registers a unit bought on their today while UTC still reads
// yesterday; two days ahead is the future everywhere.
func TestRegister_TomorrowInUTCIsTodaySomewhere(t *testing.T) {
	r, _ := newRegistrations()
	reg, err := r.Register(t.Context(), rma.Viewer{Subject: "usr_casey"}, "RT10000001", regNow.AddDate(0, 0, 1), "po/1.pdf")
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC), reg.PurchaseDate)
}

func TestRegister_ReadsTheSerialAsTypedAndStampsTheViewer(t *testing.T) {
	r, store := newRegistrations()
	purchased := time.Date(2025, 6, 30, 18, 30, 0, 0, time.UTC)
	v := rma.Viewer{Subject: "usr_olivia", Org: "FleetCo Utilities"}
	reg, err := r.Register(t.Context(), v, " rt10000001 ", purchased, " po/1.pdf ")
	require.NoError(t, err)
	want := rma.Registration{
		Serial: "RT10000001", Owner: "usr_olivia", Org: "FleetCo Utilities",
		PurchaseDate: time.Date(2025, 6, 30, 0, 0, 0, 0, time.UTC), ProofFileID: "po/1.pdf", RegisteredAt: regNow,
		Unit: rma.Unit{Serial: "RT10000001", Model: "RL14"},
	}
	require.Equal(t, want, reg)
	require.Equal(t, []rma.Registration{want}, store.regs)
	require.True(t, reg.Mine(v))
	require.False(t, reg.Mine(rma.Viewer{Subject: "usr_diego", Org: "FleetCo Utilities"}))
}

func TestRegister_UnknownOrTakenUnitsAreRefused(t *testing.T) {
	r, _ := newRegistrations()
	casey := rma.Viewer{Subject: "usr_casey"}
	_, err := r.Register(t.Context(), casey, "RT99999999", regNow, "po/1.pdf")
	require.ErrorIs(t, err, rma.ErrUnitNotFound)
	_, err = r.Register(t.Context(), casey, "RT 1000", regNow, "po/1.pdf")
	require.ErrorIs(t, err, rma.ErrUnitNotFound, "no serial has a space")

	_, err = r.Register(t.Context(), casey, "RT10000001", regNow, "po/1.pdf")
	require.NoError(t, err)
	_, err = r.Register(t.Context(), rma.Viewer{Subject: "usr_olivia"}, "RT10000001", regNow, "po/2.pdf")
	require.ErrorIs(t, err, rma.ErrAlreadyRegistered)
	f, _ := fault.As(err)
	require.Equal(t, "account.alreadyRegistered", f.ID)
	require.Equal(t, "This unit is already registered", f.Message)
}

func TestRegistrationsList_NobodySignedInSeesNothing(t *testing.T) {
	r, _ := newRegistrations()
	_, err := r.Register(t.Context(), rma.Viewer{Subject: "usr_casey"}, "RT10000001", regNow, "po/1.pdf")
	require.NoError(t, err)
	regs, err := r.List(t.Context(), rma.Viewer{})
	require.NoError(t, err)
	require.Empty(t, regs)
}
