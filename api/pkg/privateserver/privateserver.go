// Package privateserver starts a PostgreSQL cluster or a redis-server of a test's own, on a free
// loopback port, that the test may stop, kill and start again. Fault tests need servers they can
// take down; the machine's shared PostgreSQL and Redis must never be touched.
package privateserver

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// PostgresBin is where Debian installs the PostgreSQL 15 server binaries.
const PostgresBin = "/usr/lib/postgresql/15/bin"

// Postgres is a private PostgreSQL cluster: its data and its Unix socket live in a temp dir.
type Postgres struct {
	dir  string
	port int
}

// StartPostgres initialises a cluster (trust auth, user postgres) in a fresh temp dir, starts it
// on a free port and stops it when the test ends. Skips when the binaries are missing. When the
// test runs as root, the cluster runs as the postgres user (initdb refuses root).
func StartPostgres(tb testing.TB) *Postgres {
	tb.Helper()
	if _, err := os.Stat(filepath.Join(PostgresBin, "pg_ctl")); err != nil {
		tb.Skip("PostgreSQL binaries not found in " + PostgresBin)
	}
	// Not tb.TempDir: the postgres user must own it, and the socket path must stay short.
	dir, err := os.MkdirTemp("", "privatepg-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = os.RemoveAll(dir) })
	if os.Geteuid() == 0 {
		run(tb, "chown", "postgres:", dir)
	}
	p := &Postgres{dir: dir, port: FreePort(tb)}
	run(tb, pgCommand("initdb", "-D", p.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")...)
	p.Start(tb)
	tb.Cleanup(func() {
		_ = exec.Command(pgCommand("pg_ctl", "-D", p.data(), "-m", "immediate", "-w", "stop")[0],
			pgCommand("pg_ctl", "-D", p.data(), "-m", "immediate", "-w", "stop")[1:]...).Run()
	})
	return p
}

// Start starts the cluster and waits until it accepts connections.
func (p *Postgres) Start(tb testing.TB) {
	tb.Helper()
	requirePortFree(tb, p.port)
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", p.port, p.dir)
	run(tb, pgCommand("pg_ctl", "-D", p.data(), "-l", filepath.Join(p.dir, "log"), "-w", "-o", opts, "start")...)
}

// Stop shuts the cluster down the way an operator's restart does (fast: open sessions are
// terminated with SQLSTATE 57P01) and waits until it is gone.
func (p *Postgres) Stop(tb testing.TB) {
	tb.Helper()
	run(tb, pgCommand("pg_ctl", "-D", p.data(), "-m", "fast", "-w", "stop")...)
}

// Port is the cluster's TCP port on 127.0.0.1.
func (p *Postgres) Port() int { return p.port }

// URL is the postgres:// URL of database name on the cluster ("postgres" always exists).
func (p *Postgres) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", p.port, name)
}

// CreateDatabase creates database name on the cluster and returns its URL.
func (p *Postgres) CreateDatabase(tb testing.TB, name string) string {
	tb.Helper()
	run(tb, filepath.Join(PostgresBin, "createdb"), "-h", "127.0.0.1", "-p", strconv.Itoa(p.port), "-U", "postgres", name)
	return p.URL(name)
}

func (p *Postgres) data() string { return filepath.Join(p.dir, "data") }

func pgCommand(tool string, args ...string) []string {
	bin := filepath.Join(PostgresBin, tool)
	if os.Geteuid() == 0 {
		return append([]string{"runuser", "-u", "postgres", "--", bin}, args...)
	}
	return append([]string{bin}, args...)
}

// Redis is a private redis-server without persistence, a child process of the test.
type Redis struct {
	port int
	cmd  *exec.Cmd
}

// StartRedis starts redis-server on a free port and kills it when the test ends.
func StartRedis(tb testing.TB) *Redis {
	tb.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		tb.Skip("redis-server not found")
	}
	r := &Redis{port: FreePort(tb)}
	r.Start(tb)
	tb.Cleanup(func() { r.Kill(tb) })
	return r
}

// Start starts the server again on the same port (after Kill) and waits until it accepts
// connections. The data is gone: the server keeps none.
func (r *Redis) Start(tb testing.TB) {
	tb.Helper()
	if r.cmd != nil {
		tb.Fatal("privateserver: redis-server is already running")
	}
	requirePortFree(tb, r.port)
	cmd := exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(r.port),
		"--save", "", "--appendonly", "no", "--daemonize", "no")
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	r.cmd = cmd
	waitForPort(tb, r.port)
}

// Kill ends the server with SIGKILL, as a crash would, and waits for it. Killing a stopped
// server does nothing.
func (r *Redis) Kill(tb testing.TB) {
	tb.Helper()
	if r.cmd == nil {
		return
	}
	_ = r.cmd.Process.Signal(syscall.SIGKILL)
	_ = r.cmd.Wait()
	r.cmd = nil
}

// Port is the server's TCP port on 127.0.0.1.
func (r *Redis) Port() int { return r.port }

// URL is the server's redis:// URL.
func (r *Redis) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

// FreePort returns a TCP port on 127.0.0.1 that nothing listened on a moment ago.
func FreePort(tb testing.TB) int {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// requirePortFree stops the test when something else took the port while the server was down
// (another test package's FreePort may hand it out): waitForPort would find that listener and
// the test would go on against a stranger.
func requirePortFree(tb testing.TB, port int) {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		tb.Fatalf("privateserver: cannot start again on port %d, something else took it meanwhile: %v", port, err)
	}
	_ = l.Close()
}

func waitForPort(tb testing.TB, port int) {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port)); err == nil {
			_ = c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	tb.Fatalf("privateserver: nothing listens on port %d after 5 s", port)
}

func run(tb testing.TB, args ...string) {
	tb.Helper()
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil {
		tb.Fatalf("privateserver: %v: %v\n%s", args, err, out)
	}
}
