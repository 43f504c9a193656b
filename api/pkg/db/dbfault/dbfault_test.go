package dbfault_test

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db/dbfault"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
)

func TestUnreachable_OutagesOnlyNotAnswersAboutData(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"admin shutdown", &pgconn.PgError{Code: "57P01"}, true},
		{"crash shutdown", &pgconn.PgError{Code: "57P02"}, true},
		{"starting up", &pgconn.PgError{Code: "57P03"}, true},
		{"connection exception class", &pgconn.PgError{Code: "08006"}, true},
		{"too many connections", &pgconn.PgError{Code: "53300"}, true},
		{"refused dial", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}, true},
		{"reset, wrapped", fmt.Errorf("rmadb: unit: %w", syscall.ECONNRESET), true},
		{"bad connection", fmt.Errorf("store: %w", driver.ErrBadConn), true},
		{"cut mid-reply", io.ErrUnexpectedEOF, true},
		{"closed pool", errors.New("sql: database is closed"), true},
		{"no answer within the deadline", fmt.Errorf("rmadb: unit: %w", timedOutQuery(t)), true},
		{"unique violation", &pgconn.PgError{Code: "23505"}, false},
		{"syntax error", &pgconn.PgError{Code: "42601"}, false},
		{"not found", gorm.ErrRecordNotFound, false},
		{"a body that ends", io.EOF, false},
		{"a fault", fault.New(fault.KindNotFound, "x", "y"), false},
		{"nil", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, dbfault.Unreachable(tt.err))
		})
	}
}

// timedOutQuery is the error pgx gives for a query the server does not answer within its
// deadline, as when a host drops packets: here a real PostgreSQL that sleeps past it.
func timedOutQuery(t *testing.T) error {
	conn, err := pgconn.Connect(t.Context(), testkit.PostgresURL(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = conn.Exec(ctx, "SELECT pg_sleep(5)").ReadAll()
	require.Error(t, err)
	var connect *pgconn.ConnectError
	require.False(t, errors.As(err, &connect), "the connection was made; only the answer is missing")
	return err
}
