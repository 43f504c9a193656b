// Package loaddriver is what the portal's load tools share (portalbench, portalload and the
// fault suite): a fresh PostgreSQL database, bin/portal started on it, a customer's calls
// (sign in through the embedded provider, upload a photo, create an RMA) and the check that
// every RMA a client saw acknowledged is stored whole. Only loopback addresses are used.
package loaddriver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/logging"
)

// FreshDatabase creates an empty database named prefix_<nanoseconds> on the server of
// adminURL (a URL of its postgres database) and returns its URL and a function that drops it.
func FreshDatabase(ctx context.Context, adminURL, prefix string) (string, func(), error) {
	admin, err := db.Open(ctx, db.Options{URL: adminURL, Log: logging.New(io.Discard, 0)})
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("%s_%d", prefix, time.Now().UnixNano())
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		closeDB(admin)
		return "", nil, err
	}
	u, err := url.Parse(adminURL)
	if err != nil {
		closeDB(admin)
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() { dropDatabase(admin, name) }, nil
}

func dropDatabase(admin *gorm.DB, name string) {
	admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	closeDB(admin)
}

func closeDB(gdb *gorm.DB) {
	if sqlDB, err := gdb.DB(); err == nil {
		_ = sqlDB.Close()
	}
}

// FreeAddr is a loopback address with a port nobody listens on now.
func FreeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// WaitReady polls url until it answers 200, for at most 30 s.
func WaitReady(ctx context.Context, url string) error {
	for range 300 {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("not ready: " + url)
}

// Stop interrupts cmd and waits for it to end.
func Stop(cmd *exec.Cmd) {
	_ = cmd.Process.Signal(os.Interrupt)
	_ = cmd.Wait()
}

// Portal is bin/portal serving on a database of its own.
type Portal struct {
	// Base is the portal's URL, http://127.0.0.1:<port>.
	Base string
	// Env is the environment it runs with, for further bin/portal commands (dev-token).
	Env    []string
	binary string
	cmd    *exec.Cmd
}

// PortalOptions say where bin/portal keeps its data.
type PortalOptions struct {
	// Binary is the portal binary, ./bin/portal when empty (make build).
	Binary                                         string
	DatabaseURL, RedisURL, RedisKeyPrefix, DataDir string
	// Seed, when set, runs between `portal seed` and `portal serve` (the portal is not up yet).
	Seed func(ctx context.Context) error
}

// StartPortal migrates and seeds the database as a deployment does (on PostgreSQL serve only
// checks the schema), then starts the portal's serve on a free loopback port and waits until
// /readyz answers.
func StartPortal(ctx context.Context, o PortalOptions) (*Portal, error) {
	if o.Binary == "" {
		o.Binary = "./bin/portal"
	}
	addr := FreeAddr()
	env := append(os.Environ(),
		"PORTAL_ADDR="+addr, "PORTAL_ADMIN_ADDR="+FreeAddr(), "PORTAL_DATA_DIR="+o.DataDir, "DATABASE_URL="+o.DatabaseURL,
		"REDIS_URL="+o.RedisURL, "REDIS_KEY_PREFIX="+o.RedisKeyPrefix, "LOG_LEVEL=error")
	for _, step := range []string{"migrate", "seed"} {
		cmd := exec.CommandContext(ctx, o.Binary, step)
		cmd.Env, cmd.Stderr = env, os.Stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("%s %s (run make build): %w", o.Binary, step, err)
		}
	}
	if o.Seed != nil {
		if err := o.Seed(ctx); err != nil {
			return nil, err
		}
	}
	cmd := exec.CommandContext(ctx, o.Binary, "serve")
	cmd.Env, cmd.Stderr = env, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s (run make build): %w", o.Binary, err)
	}
	p := &Portal{Base: "http://" + addr, Env: env, binary: o.Binary, cmd: cmd}
	if err := WaitReady(ctx, p.Base+"/readyz"); err != nil {
		p.Stop()
		return nil, err
	}
	return p, nil
}

// Pid is the portal process's id.
func (p *Portal) Pid() int { return p.cmd.Process.Pid }

// Stop ends the portal.
func (p *Portal) Stop() { Stop(p.cmd) }

// DevToken prints a token for user with `portal dev-token`.
func (p *Portal) DevToken(ctx context.Context, user string) (string, error) {
	cmd := exec.CommandContext(ctx, p.binary, "dev-token", "--user", user)
	cmd.Env, cmd.Stderr = p.Env, os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("dev-token: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}
