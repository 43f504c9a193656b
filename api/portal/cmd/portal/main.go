// Command portal is the portal's one binary: `portal serve` runs every domain, the web shell and
// the embedded identity provider in one process, `portal serve --services=repair` one domain of
// the production shape; `portal dev-token --user EMAIL` prints an access token of a demo user for
// scripts and curl; `portal routes` prints which process owns which path.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/portal/compose"
)

const usage = `usage:
  portal serve [--services=LIST]    run the portal (configuration from the environment, see README);
                                    LIST is "all" (default) or comma-separated domains of ` + "`portal routes`" + `
  portal migrate [--check]          apply the pending schema migrations (--check: only report them)
  portal seed                       load the demo data (units, repair options, reports, demo users)
  portal routes [--json]            print every route: its domain, method, path and who may call it
                                    (--json: the path prefixes each domain's process owns, and the
                                    modules' layers)
  portal dev-token --user EMAIL     print an access token of a demo user of the embedded provider
  portal outbox [--to EMAIL] [-n N] print the newest e-mails of the outbox (where mail goes without SMTP)
  portal quote issue --rma RMA-… --amount-cents N [--note TEXT]
                                    issue a service quote for an RMA and e-mail its customer the pay link
  portal rma advance --rma RMA-… --status STATUS [--note TEXT] [--tracking NUMBER]
                     [--parts-replaced TEXT] [--work-performed TEXT] [--technician-notes TEXT]
                                    move an RMA to its next status as staff and e-mail its customer
  portal parts import FILE          upsert the parts catalogue from a CSV file, by part number, in one
                                    transaction (every bad line named, nothing written)`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var err error
	switch os.Args[1] {
	case "serve":
		err = serve(ctx, os.Args[2:])
	case "migrate":
		err = migrate(ctx, os.Args[2:])
	case "seed":
		err = seed(ctx, os.Args[2:])
	case "routes":
		err = routes(ctx, os.Args[2:])
	case "dev-token":
		err = devToken(ctx, os.Args[2:])
	case "outbox":
		err = outbox(ctx, os.Args[2:])
	case "quote":
		err = quote(ctx, os.Args[2:])
	case "rma":
		err = rmaCommand(ctx, os.Args[2:])
	case "parts":
		err = partsCommand(ctx, os.Args[2:])
	default:
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "portal:", err)
		os.Exit(1)
	}
}

func serve(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	services := fs.String("services", compose.AllServices, "domains to serve: all, or a comma-separated list")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := compose.LoadConfig()
	if err != nil {
		return err
	}
	if cfg.Services, err = compose.ParseServices(*services); err != nil {
		return err
	}
	log := logging.New(os.Stderr, logging.ParseLevel(cfg.LogLevel))
	log.Info("starting", "config", cfg)
	app, err := compose.Build(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer app.Close()
	app.RunBackground(ctx, log)

	// The public port and the admin listener (/metrics, never routed by the ingress) start and
	// stop together; both addresses are bound before either serves, so a taken port fails the
	// start instead of leaving a process without metrics.
	servers := []*http.Server{
		{Addr: cfg.Addr, Handler: app.Engine, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute},
		{Addr: cfg.AdminAddr, Handler: app.Admin, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute},
	}
	listeners := make([]net.Listener, 0, len(servers))
	defer func() {
		for _, ln := range listeners {
			_ = ln.Close()
		}
	}()
	for _, srv := range servers {
		ln, err := net.Listen("tcp", srv.Addr)
		if err != nil {
			return err
		}
		listeners = append(listeners, ln)
	}
	errc := make(chan error, len(servers))
	for i, srv := range servers {
		go func() { errc <- srv.Serve(listeners[i]) }()
	}
	// Migrations, demo data and the geo catalog leave garbage several times the heap a serving
	// process keeps; giving it back once now, rather than at the runtime's slow pace, is most of
	// the difference between the idle portal's memory and its peak at start.
	go debug.FreeOSMemory()
	log.Info("listening", "addr", cfg.Addr, "url", cfg.PublicURL, "admin", listeners[1].Addr().String(), "services", cfg.Services.String())

	var serveErr error
	select {
	case serveErr = <-errc:
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	errs := []error{serveErr}
	for _, srv := range servers {
		if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

func devToken(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("dev-token", flag.ContinueOnError)
	user := fs.String("user", "", "e-mail of a demo user")
	ttl := fs.Duration("ttl", time.Hour, "lifetime of the token")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *user == "" {
		return errors.New("dev-token: --user EMAIL is required")
	}
	cfg, err := compose.LoadConfig()
	if err != nil {
		return err
	}
	if !cfg.EmbeddedIdentity() {
		return errors.New("dev-token: refused: OIDC_ISSUER names an external provider; get tokens from it")
	}
	log := logging.New(os.Stderr, logging.ParseLevel("warn"))
	gdb, err := compose.OpenDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	// As serve would: a data dir that was never served gets its schema and demo users.
	if err := compose.PrepareDatabase(ctx, cfg, gdb, log); err != nil {
		return err
	}
	idp, err := compose.EmbeddedIdentity(ctx, cfg, gdb, log)
	if err != nil {
		return err
	}
	tok, err := idp.MintAccessToken(ctx, *user, *ttl)
	if err != nil {
		return err
	}
	fmt.Println(tok)
	return nil
}

func outbox(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("outbox", flag.ContinueOnError)
	to := fs.String("to", "", "only mail to this address")
	n := fs.Int("n", 10, "how many messages")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := compose.LoadConfig()
	if err != nil {
		return err
	}
	gdb, err := compose.OpenDatabase(ctx, cfg, logging.New(os.Stderr, logging.ParseLevel("warn")))
	if err != nil {
		return err
	}
	entries, err := mail.Recent(ctx, gdb, *to, *n)
	if err != nil {
		return err
	}
	for _, e := range entries {
		fmt.Printf("--- %s  to %s  [%s]\nSubject: %s\n\n%s\n", e.CreatedAt.Format(time.RFC3339),
			strings.Join(e.Message.To, ", "), e.Status(), e.Message.Subject, e.Message.Text)
	}
	return nil
}
