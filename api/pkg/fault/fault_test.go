package fault

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

var errSample = New(KindNotFound, "sample.notFound", "Not here")

func TestAs_FindsWrappedSentinel(t *testing.T) {
	err := fmt.Errorf("lookup: %w", errSample)
	f, ok := As(err)
	require.True(t, ok)
	require.Equal(t, KindNotFound, f.Kind)
	require.ErrorIs(t, err, errSample)
}

func TestValidation_CopiesFields(t *testing.T) {
	in := map[string]string{"serial": "Required"}
	err := Validation(in)
	in["serial"] = "changed"
	require.Equal(t, "Required", err.Fields["serial"])
	require.False(t, errors.Is(err, errSample))
}
