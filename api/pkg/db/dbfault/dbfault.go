// Package dbfault tells "the database cannot be reached" apart from every other database error,
// so an outage answers 503 with Retry-After (the client should try again in a moment) instead of
// 500 (our bug). It knows pgx's errors but not gorm, so the HTTP mapper may use it.
package dbfault

import (
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"rugged.example/portal/api/pkg/fault"
)

// RetryAfterSeconds is what an outage answer suggests waiting: the connection pool reconnects on
// its next query, so a client retrying after this long finds the database back as soon as it is.
const RetryAfterSeconds = 2

// ErrUnavailable is the public face of an unreachable database.
var ErrUnavailable = fault.New(fault.KindUnavailable, "unavailable",
	"The service is temporarily unavailable. Please try again in a moment.")

// Unreachable reports whether err means the database could not be reached or dropped the
// connection: not an answer about the data, so trying again later can succeed.
func Unreachable(err error) bool {
	if err == nil {
		return false
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true // refused, timed out or rejected while connecting (the server is starting)
	}
	if pgconn.Timeout(err) {
		// A query the database did not answer within its deadline: a server that drops packets
		// (a network split, a hung host) shows as this, never as a refused connection. A
		// request that ran out of its own time gets the same answer, which suits it as well: the
		// database was too slow for it, trying again later can succeed.
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"): // connection exception
			return true
		case pg.Code == "57P01", pg.Code == "57P02", pg.Code == "57P03": // admin/crash shutdown, cannot connect now
			return true
		case pg.Code == "53300": // too many connections: the server is there but full
			return true
		}
		return false
	}
	switch {
	case errors.Is(err, driver.ErrBadConn),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		// pgx reports a connection the server closed mid-reply as an unexpected EOF; plain io.EOF
		// is left alone, since a request body that ends early says it too.
		errors.Is(err, io.ErrUnexpectedEOF):
		return true
	}
	var op *net.OpError
	if errors.As(err, &op) {
		// A network error on the way to the database (dial, read, write). One from another
		// dependency that reached a handler unmapped is a dependency that did not answer: a 503
		// with Retry-After suits it as well.
		return true
	}
	// database/sql's closed pool (the process is shutting down) and pgx's closed connection have
	// no exported sentinel; both mean "not now, maybe on another instance".
	msg := err.Error()
	return strings.Contains(msg, "sql: database is closed") || strings.HasSuffix(msg, "conn closed")
}
