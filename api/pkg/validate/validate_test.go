package validate

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
)

func TestErrors_KeepsFirstFailurePerField(t *testing.T) {
	var v Errors
	v.Required("name", "  ")
	v.MaxLen("name", "  ", 1)
	v.MaxLen("notes", "ééé", 2)
	f, ok := fault.As(v.Err())
	require.True(t, ok)
	require.Equal(t, map[string]string{"name": "Required", "notes": "Must be less than 3 characters"}, f.Fields)
}

func TestErrors_NilWhenEveryRuleHolds(t *testing.T) {
	var v Errors
	v.Required("name", "Casey")
	v.MaxLen("name", "Casey", 35)
	require.NoError(t, v.Err())
}
