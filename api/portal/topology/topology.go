package topology

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"rugged.example/portal/api/portal/compose"
)

// Options say what to start and where.
type Options struct {
	// Binary is the portal binary (bin/portal).
	Binary string
	// Nginx is the nginx executable.
	Nginx string
	// Listen is the proxy's address: the address browsers use.
	Listen string
	// Dir holds nginx's files; it must exist.
	Dir string
	// Env is the environment of every process (database, cache, identity provider, …).
	Env []string
	// Output receives each process's output, every line prefixed with its service name.
	Output io.Writer
	// ReadyTimeout bounds how long a process may take to answer /readyz.
	ReadyTimeout time.Duration
}

// Running is a started topology.
type Running struct {
	// URL is the proxy's address, where the portal is served.
	URL string
	// Exited is closed when any process of the topology exits on its own.
	Exited <-chan struct{}

	procs    []*process
	exitOnce sync.Once
	exited   chan struct{}
	stopping chan struct{}
}

type process struct {
	name string
	cmd  *exec.Cmd
	done chan struct{}
}

// Start migrates and seeds the database once, as the chart's migration Job does, then starts
// the identity process, the proxy, and every other domain's process, and returns when all of
// them answer /readyz. The identity process comes first because the others may find its keys
// through the proxy (the embedded provider's issuer is the public URL).
func Start(ctx context.Context, o Options) (*Running, error) {
	if o.ReadyTimeout == 0 {
		o.ReadyTimeout = 60 * time.Second
	}
	for _, step := range []string{"migrate", "seed"} {
		cmd := exec.CommandContext(ctx, o.Binary, step)
		cmd.Env = o.Env
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("topology: portal %s: %w\n%s", step, err, out)
		}
	}

	r := &Running{URL: "http://" + o.Listen, exited: make(chan struct{}), stopping: make(chan struct{})}
	r.Exited = r.exited
	started := false
	defer func() {
		if !started {
			r.Stop()
		}
	}()

	routes := compose.Routes()
	upstreams := make([]Upstream, 0, len(routes))
	ports := newPortPicker()
	for _, route := range routes {
		port, err := ports.next()
		if err != nil {
			return nil, err
		}
		upstreams = append(upstreams, Upstream{Service: route.Service, Addr: fmt.Sprintf("127.0.0.1:%d", port)})
	}
	startDomain := func(u Upstream) error {
		env := append(append([]string{}, o.Env...),
			"PORTAL_ADDR="+u.Addr,
			// Port 0: a port picked here and released could be handed out again by the kernel
			// before a later process binds the upstream port reserved above for it.
			"PORTAL_ADMIN_ADDR=127.0.0.1:0",
			// Client addresses (the contact form's rate limit) come from the proxy's header.
			"PORTAL_TRUSTED_PROXIES=127.0.0.1",
		)
		return r.spawn(u.Service, o.Output, env, o.Binary, "serve", "--services="+u.Service)
	}

	identity, rest := upstreams[0], upstreams[1:]
	if identity.Service != compose.ServiceIdentity {
		return nil, errors.New("topology: the route table must list identity first")
	}
	if err := startDomain(identity); err != nil {
		return nil, err
	}
	if err := waitReady(ctx, "http://"+identity.Addr+"/readyz", o.ReadyTimeout, r.exited); err != nil {
		return nil, fmt.Errorf("topology: identity: %w", err)
	}
	if err := r.startProxy(o, routes, upstreams); err != nil {
		return nil, err
	}
	for _, u := range rest {
		if err := startDomain(u); err != nil {
			return nil, err
		}
	}
	for _, u := range rest {
		if err := waitReady(ctx, "http://"+u.Addr+"/readyz", o.ReadyTimeout, r.exited); err != nil {
			return nil, fmt.Errorf("topology: %s: %w", u.Service, err)
		}
	}
	if err := waitReady(ctx, r.URL+"/healthz", o.ReadyTimeout, r.exited); err != nil {
		return nil, fmt.Errorf("topology: proxy: %w", err)
	}
	started = true
	return r, nil
}

func (r *Running) startProxy(o Options, routes []compose.Route, upstreams []Upstream) error {
	conf := filepath.Join(o.Dir, "nginx.conf")
	f, err := os.Create(conf)
	if err != nil {
		return err
	}
	err = WriteNginxConfig(f, ProxyConfig{
		Listen: o.Listen, Dir: o.Dir, Routes: routes, Upstreams: upstreams,
		MaxBodySize: "260m", RunAsRoot: os.Geteuid() == 0,
	})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return r.spawn("nginx", o.Output, o.Env, o.Nginx, "-p", o.Dir, "-c", conf, "-e", filepath.Join(o.Dir, "error.log"), "-g", "daemon off;")
}

// spawn starts a process whose output goes to out line by line, prefixed with name.
func (r *Running) spawn(name string, out io.Writer, env []string, bin string, args ...string) error {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("topology: start %s: %w", name, err)
	}
	p := &process{name: name, cmd: cmd, done: make(chan struct{})}
	r.procs = append(r.procs, p)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		for sc.Scan() {
			fmt.Fprintf(out, "[%s] %s\n", name, sc.Text())
		}
		_ = cmd.Wait()
		close(p.done)
		select {
		case <-r.stopping:
		default:
			fmt.Fprintf(out, "[%s] exited: %s\n", name, cmd.ProcessState)
			r.exitOnce.Do(func() { close(r.exited) })
		}
	}()
	return nil
}

// Stop ends every process (SIGTERM, then SIGKILL after 10 s) and waits for them.
func (r *Running) Stop() {
	select {
	case <-r.stopping:
		return
	default:
		close(r.stopping)
	}
	for i := len(r.procs) - 1; i >= 0; i-- {
		_ = r.procs[i].cmd.Process.Signal(syscall.SIGTERM)
	}
	for _, p := range r.procs {
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	}
}

// waitReady polls url until it answers 200, the deadline passes, or a process exits.
func waitReady(ctx context.Context, url string, timeout time.Duration, exited <-chan struct{}) error {
	deadline := time.Now().Add(timeout)
	var last string
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			last = resp.Status
		} else {
			last = err.Error()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-exited:
			return errors.New("a process exited while starting")
		case <-time.After(100 * time.Millisecond):
		}
	}
	return fmt.Errorf("not ready at %s after %s: %s", url, timeout, strings.TrimSpace(last))
}
