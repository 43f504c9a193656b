package idempotency_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/idempotency"
)

func TestParse_KeepsAKeyThatFitsAndRefusesOneThatCannotBeStored(t *testing.T) {
	tests := []struct {
		name, raw string
		want      idempotency.Key
		wantField string
	}{
		{"no header is no key", "", "", ""},
		{"white space only is no key", "  \t ", "", ""},
		{"a UUID", "0b7c1f4e-3f2a-4c55-9d1e-6a8f2b9c0d11", "0b7c1f4e-3f2a-4c55-9d1e-6a8f2b9c0d11", ""},
		{"white space around is dropped", "  key-1 ", "key-1", ""},
		{"exactly the longest", strings.Repeat("k", idempotency.MaxLen), idempotency.Key(strings.Repeat("k", idempotency.MaxLen)), ""},
		{"one past the longest", strings.Repeat("k", idempotency.MaxLen+1), "", "Must be less than 101 characters"},
		{"longest counted after trimming", " " + strings.Repeat("k", idempotency.MaxLen) + " ", idempotency.Key(strings.Repeat("k", idempotency.MaxLen)), ""},
		{"a line break inside", "key\nX-Forged: 1", "", idempotency.MsgControl},
		{"a NUL", "key\x00", "", idempotency.MsgControl},
		{"a C1 control", "key\u0085x", "", idempotency.MsgControl},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := idempotency.Parse(tt.raw)
			if tt.wantField == "" {
				require.NoError(t, err)
				require.Equal(t, tt.want, got)
				require.Equal(t, tt.want == "", got.IsZero())
				return
			}
			f, ok := fault.As(err)
			require.True(t, ok, "a refusal is a validation fault: %v", err)
			require.Equal(t, "validation", f.ID)
			require.Equal(t, map[string]string{idempotency.Header: tt.wantField}, f.Fields)
			require.True(t, got.IsZero())
		})
	}
}
