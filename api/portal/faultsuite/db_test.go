package faultsuite_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/logging"
)

const pgBin = "/usr/lib/postgresql/15/bin"

// privatePostgres is a PostgreSQL cluster of the suite's own, on a free loopback port, its
// socket in its own directory: stopping it never touches the machine's shared server.
type privatePostgres struct {
	dir  string
	port int
}

func startPostgres(t *testing.T) *privatePostgres {
	t.Helper()
	if _, err := os.Stat(filepath.Join(pgBin, "pg_ctl")); err != nil {
		t.Skip("PostgreSQL binaries not found in " + pgBin)
	}
	dir, err := os.MkdirTemp("", "faultsuite-pg-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &privatePostgres{dir: dir, port: freePort(t)}
	if os.Geteuid() == 0 {
		// initdb and postgres refuse to run as root: the cluster belongs to the postgres user.
		if err := os.Chown(dir, postgresUID(t), -1); err != nil {
			t.Fatal(err)
		}
	}
	run(t, p.asOwner(filepath.Join(pgBin, "initdb"), "-D", p.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"))
	p.Start(t)
	t.Cleanup(func() {
		stop := p.asOwner(p.pgCtl("-m", "immediate", "stop")...)
		_ = exec.Command(stop[0], stop[1:]...).Run()
	})
	return p
}

func (p *privatePostgres) data() string { return filepath.Join(p.dir, "data") }

func (p *privatePostgres) pgCtl(args ...string) []string {
	return append([]string{filepath.Join(pgBin, "pg_ctl"), "-D", p.data(), "-w"}, args...)
}

// asOwner runs args as the postgres user when the suite runs as root.
func (p *privatePostgres) asOwner(args ...string) []string {
	if os.Geteuid() != 0 {
		return args
	}
	return append([]string{"runuser", "-u", "postgres", "--"}, args...)
}

// Start starts the cluster (again) on its port, the socket in its own directory.
func (p *privatePostgres) Start(t *testing.T) {
	t.Helper()
	run(t, p.asOwner(p.pgCtl("-l", filepath.Join(p.dir, "log"),
		"-o", fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", p.port, p.dir), "start")...))
}

// Stop stops the cluster as an operator's restart does: fast, every session terminated.
func (p *privatePostgres) Stop(t *testing.T) {
	t.Helper()
	run(t, p.asOwner(p.pgCtl("-m", "fast", "stop")...))
}

func (p *privatePostgres) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", p.port)
}

func postgresUID(t *testing.T) int {
	u, err := user.Lookup("postgres")
	if err != nil {
		t.Fatal("running as root needs the postgres user: ", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	return uid
}

// privateRedis is a redis-server of the suite's own, on a free loopback port.
type privateRedis struct {
	port int
	cmd  *exec.Cmd
}

func startRedis(t *testing.T) *privateRedis {
	t.Helper()
	r := &privateRedis{port: freePort(t)}
	r.Start(t)
	t.Cleanup(func() {
		if r.cmd != nil {
			_ = r.cmd.Process.Kill()
			_ = r.cmd.Wait()
		}
	})
	return r
}

func (r *privateRedis) Start(t *testing.T) {
	t.Helper()
	r.cmd = exec.Command("redis-server", "--bind", "127.0.0.1", "--port", strconv.Itoa(r.port), "--save", "", "--appendonly", "no")
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for range 100 {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", r.port)); err == nil {
			c.Close()
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("redis-server did not start")
}

func (r *privateRedis) Kill(t *testing.T) {
	_ = r.cmd.Process.Signal(syscall.SIGKILL)
	_ = r.cmd.Wait()
	r.cmd = nil
}

func (r *privateRedis) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func run(t *testing.T, args []string) {
	t.Helper()
	out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// db opens the suite's database for the audit.
func (p *portal) db(t *testing.T) *gorm.DB {
	gdb, err := db.Open(context.Background(), db.Options{URL: p.dbURL, Log: logging.New(io.Discard, 0)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeGorm(gdb) })
	return gdb
}

func closeGorm(gdb *gorm.DB) {
	if sqlDB, err := gdb.DB(); err == nil {
		_ = sqlDB.Close()
	}
}
