package pdftext_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/pdftext"
)

func TestEncode(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"ASCII stays as it is", "RMA-100001, Austin TX", "RMA-100001, Austin TX"},
		{"Latin-1 letters take their own byte", "Montréal, Zürich", "Montr\xe9al, Z\xfcrich"},
		{"Windows-1252's own characters", "Return \u2014 5 \u20ac", "Return \x97 5 \x80"},
		{"a character the code page lacks is a dot", "\u2192 \u6771\u4eac", ". .."},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, pdftext.Encode(tt.in))
		})
	}
}
