// Package partstest builds the parts service on a migrated, seeded SQLite database with a fake
// unit lookup, for handler tests.
package partstest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// Units is a fake of the rma capability's unit lookup.
type Units map[string]rma.Unit

// VerifySerial implements parts.Units as rma.Service does: the unit, else 'Serial Not Found'.
func (u Units) VerifySerial(_ context.Context, serial rma.Serial) (rma.Verification, error) {
	unit, ok := u[serial.String()]
	if !ok {
		return rma.Verification{}, rma.ErrUnitNotFound
	}
	return rma.Verification{Unit: unit}, nil
}

// DemoUnits are a Ranger laptop and a Veretos body-worn camera.
func DemoUnits() Units {
	return Units{
		"RT10000001": {Serial: "RT10000001", Model: "RL14", ModelFamily: "Ranger"},
		"VT10000007": {Serial: "VT10000007", Model: "VX12", ModelFamily: "Veretos"},
	}
}

// Env is the service on its store.
type Env struct {
	Store   *partsdb.Store
	Units   Units
	Service *parts.Service
}

// New migrates a fresh SQLite database, seeds the demo catalogue and wires the service.
func New(t *testing.T) *Env {
	t.Helper()
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema())
	require.NoError(t, err)
	store := partsdb.NewStore(gdb)
	require.NoError(t, partsdb.Seed(t.Context(), store))
	units := DemoUnits()
	return &Env{Store: store, Units: units, Service: parts.NewService(store, units)}
}
