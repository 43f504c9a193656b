package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

func TestRMAAdvance_MovesAsTheAdminEndpointDoes(t *testing.T) {
	gdb := migratedDatabase(t)
	require.NoError(t, rmadb.NewStore(gdb).CreateRMA(t.Context(), rma.RMA{
		Number: "RMA-100501", Owner: "usr_casey", Serial: "RT10000001", Model: "RL14", Type: rma.DefaultRMAType,
		Status: rma.StatusAwaitingUnit, Contact: rma.Contact{FirstName: "Casey", Email: "casey@example.com"}, CreatedAt: time.Now().UTC(),
	}, ""))

	tests := []struct {
		name    string
		args    []string
		wantErr string
		wantIs  error
	}{
		{name: "no subcommand", args: nil, wantErr: "usage: portal rma advance"},
		{name: "unknown subcommand", args: []string{"close"}, wantErr: "usage: portal rma advance"},
		{name: "stray argument", args: []string{"advance", "--rma", "RMA-100501", "extra"}, wantErr: `unexpected argument "extra"`},
		{name: "nothing", args: []string{"advance"}, wantErr: "(--rma: Required; --status: Choose a status from the list)"},
		{name: "shipped back without tracking", args: []string{"advance", "--rma", "RMA-100501", "--status", "SHIPPED_BACK"}, wantErr: "--tracking: Required"},
		{name: "unknown rma", args: []string{"advance", "--rma", "RMA-999999", "--status", "RECEIVED"}, wantIs: rma.ErrRMANotFound},
		{name: "jump", args: []string{"advance", "--rma", "RMA-100501", "--status", "CLOSED"}, wantIs: rma.ErrBadTransition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := rmaCommand(t.Context(), tt.args)
			if tt.wantIs != nil {
				require.ErrorIs(t, err, tt.wantIs)
				return
			}
			require.ErrorContains(t, err, tt.wantErr)
		})
	}

	require.NoError(t, rmaCommand(t.Context(), []string{"advance", "--rma", "rma-100501", "--status", "received", "--note", "Arrived"}))
	stored, err := rmadb.NewStore(gdb).RMAByNumber(t.Context(), "usr_casey", "RMA-100501")
	require.NoError(t, err)
	require.Equal(t, rma.StatusReceived, stored.Status)
	sent, err := mail.NewOutbox(gdb).Recent(t.Context(), "casey@example.com", 10)
	require.NoError(t, err)
	require.Len(t, sent, 1)
	require.Equal(t, "RMA RMA-100501: we received your unit", sent[0].Message.Subject)
	sqlDB, err := gdb.DB()
	require.NoError(t, err)
	require.NoError(t, sqlDB.Close())
}
