package rma

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func encoded(t *testing.T, u Unit) []byte {
	t.Helper()
	b, err := json.Marshal(u)
	require.NoError(t, err)
	return b
}

func TestDecodedUnits(t *testing.T) {
	d := newDecodedUnits(2)
	ranger := Unit{Serial: "RT10000001", Model: "RL14", AllowedRepairTypes: []string{"STANDARD"}}

	first, err := d.decode("rma:unit:RT10000001", encoded(t, ranger))
	require.NoError(t, err)
	require.Equal(t, ranger, first)
	again, err := d.decode("rma:unit:RT10000001", encoded(t, ranger))
	require.NoError(t, err)
	require.Same(t, &first.AllowedRepairTypes[0], &again.AllowedRepairTypes[0], "the same bytes reuse the decoding")

	changed := ranger
	changed.Model = "RL16"
	got, err := d.decode("rma:unit:RT10000001", encoded(t, changed))
	require.NoError(t, err)
	require.Equal(t, "RL16", got.Model, "other bytes are decoded again")

	_, err = d.decode("rma:unit:RT10000002", []byte("{"))
	require.Error(t, err, "bytes that are not a unit are an error, never a remembered unit")

	// A full memo starts over.
	_, err = d.decode("rma:unit:RT10000003", encoded(t, ranger))
	require.NoError(t, err)
	_, err = d.decode("rma:unit:RT10000004", encoded(t, ranger))
	require.NoError(t, err)
	require.Len(t, d.units, 1)
}
