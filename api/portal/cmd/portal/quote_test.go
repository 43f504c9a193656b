package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
)

func TestQuoteIssue_RefusesWhatTheAdminEndpointRefuses(t *testing.T) {
	gdb := migratedDatabase(t)
	sqlDB, err := gdb.DB()
	require.NoError(t, err)
	require.NoError(t, sqlDB.Close())

	tests := []struct {
		name    string
		args    []string
		wantErr string
		wantIs  error
	}{
		{name: "no subcommand", args: nil, wantErr: "usage: portal quote issue"},
		{name: "unknown subcommand", args: []string{"cancel"}, wantErr: "usage: portal quote issue"},
		{name: "stray argument", args: []string{"issue", "--rma", "RMA-100501", "extra"}, wantErr: `unexpected argument "extra"`},
		{name: "no amount", args: []string{"issue", "--rma", "RMA-100501"}, wantErr: "(--amount-cents: Must be more than 0.00)"},
		{name: "nothing", args: []string{"issue"}, wantErr: "(--amount-cents: Must be more than 0.00; --rma: Required)"},
		{name: "unknown rma", args: []string{"issue", "--rma", "RMA-999999", "--amount-cents", "100"}, wantIs: payments.ErrRMANotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := quote(t.Context(), tt.args)
			if tt.wantIs != nil {
				require.ErrorIs(t, err, tt.wantIs)
				return
			}
			require.ErrorContains(t, err, tt.wantErr)
		})
	}
}
