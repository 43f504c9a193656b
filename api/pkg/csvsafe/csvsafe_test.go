package csvsafe_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/csvsafe"
)

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1": "'=1+1", "+1": "'+1", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx", "\rx": "'\rx",
		"RMA-1": "RMA-1", "": "", "a=b": "a=b",
	} {
		require.Equal(t, want, csvsafe.Cell(in), in)
	}
}

func TestRow(t *testing.T) {
	require.Equal(t, []string{"VT1", "'=HYPERLINK()", ""}, csvsafe.Row([]string{"VT1", "=HYPERLINK()", ""}))
}
