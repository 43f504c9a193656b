package webshell

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRouteTable_MatchesAsTheRouterRanks(t *testing.T) {
	table := newRouteTable([]string{
		"/",
		"/create-rma/:serial",
		"/create-rma",
		"/create-rma/:serial/confirm-quote",
		"/create-rma/confirm-quote",
		"/pay-quote/:quoteid/:reference",
		"/pay-quote/:reference",
		"/your-account/rma-history",
	})
	tests := []struct {
		path, want string
	}{
		{"/", "/"},
		{"/create-rma", "/create-rma"},
		{"/create-rma/RT10000001", "/create-rma/:serial"},
		{"/create-rma/confirm-quote", "/create-rma/confirm-quote"},
		{"/create-rma/RT10000001/confirm-quote", "/create-rma/:serial/confirm-quote"},
		{"/pay-quote/R-1", "/pay-quote/:reference"},
		{"/pay-quote/Q9/R-1", "/pay-quote/:quoteid/:reference"},
		{"/Your-Account/RMA-History", "/your-account/rma-history"},
		{"/create-rma/A%2FB%20C", "/create-rma/:serial"},
	}
	for _, tt := range tests {
		got, ok := table.match(tt.path)
		require.True(t, ok, tt.path)
		require.Equal(t, tt.want, got, tt.path)
	}
	for _, path := range []string{"/nowhere", "/create-rma/a/b", "/pay-quote", "/your-account"} {
		_, ok := table.match(path)
		require.False(t, ok, path)
	}
}
