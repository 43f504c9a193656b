// Command portalsplit runs the production shape on one machine: `portal migrate` and
// `portal seed` once, then one `portal serve --services=NAME` process per domain on loopback
// ports behind nginx, which routes by path prefix as the Helm chart's ingress does. It prints
// "ready URL" when every process answers, and stops them all on SIGINT or SIGTERM, or when one
// of them exits. Configuration comes from the environment as for `portal serve`; DATABASE_URL
// must name a PostgreSQL database, since several processes share it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"

	"rugged.example/portal/api/portal/topology"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "portalsplit:", err)
		os.Exit(1)
	}
}

func run() error {
	listen := flag.String("listen", "127.0.0.1:8080", "the proxy's address, where browsers reach the portal")
	binary := flag.String("bin", "./bin/portal", "the portal binary")
	nginx := flag.String("nginx", "nginx", "the nginx executable (Debian's package)")
	flag.Parse()

	if !strings.HasPrefix(os.Getenv("DATABASE_URL"), "postgres") {
		return errors.New("DATABASE_URL must name a PostgreSQL database: every domain's process shares it")
	}
	nginxPath, err := exec.LookPath(*nginx)
	if err != nil {
		return fmt.Errorf("nginx not found (apt-get install nginx): %w", err)
	}
	dir, err := os.MkdirTemp("", "portal-split-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// nginx's workers use the directory for temporary files.
	if err := os.Chmod(dir, 0o755); err != nil {
		return err
	}

	env := os.Environ()
	if os.Getenv("PORTAL_PUBLIC_URL") == "" {
		env = append(env, "PORTAL_PUBLIC_URL=http://"+*listen)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	running, err := topology.Start(ctx, topology.Options{
		Binary: *binary, Nginx: nginxPath, Listen: *listen, Dir: dir, Env: env, Output: os.Stderr,
	})
	if err != nil {
		return err
	}
	defer running.Stop()
	fmt.Println("ready", running.URL)

	select {
	case <-ctx.Done():
		return nil
	case <-running.Exited:
		return errors.New("a process of the topology exited; stopping the others")
	}
}
