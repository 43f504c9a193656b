package csvsafe_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/csvsafe"
)

func TestCell_NeutralisesWhatASpreadsheetReadsAsAFormula(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"equals sign", "=1+1", "'=1+1"},
		{"plus sign", "+1", "'+1"},
		{"minus sign", "-1", "'-1"},
		{"at sign", "@SUM(A1)", "'@SUM(A1)"},
		{"leading tab", "\tx", "'\tx"},
		{"leading carriage return", "\rx", "'\rx"},
		{"pipe (DDE command)", "|calc", "'|calc"},
		{"full-width equals sign", "＝1+1", "'＝1+1"},
		{"full-width plus sign", "＋1", "'＋1"},
		{"full-width minus sign", "－1", "'－1"},
		{"full-width at sign", "＠SUM(A1)", "'＠SUM(A1)"},
		{"full-width pipe", "｜calc", "'｜calc"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, csvsafe.Cell(tt.in))
		})
	}
}

func TestCell_LeavesOtherTextAsItIs(t *testing.T) {
	for _, in := range []string{"RMA-1", "", "a=b", "a|b", " =1", "日本", "\xff=1"} {
		require.Equal(t, in, csvsafe.Cell(in), in)
	}
}

func TestRow(t *testing.T) {
	require.Equal(t, []string{"VT1", "'=HYPERLINK()", "", "'｜x"}, csvsafe.Row([]string{"VT1", "=HYPERLINK()", "", "｜x"}))
}
