// Command portalload is the portal's load test (`make loadtest`): it starts bin/portal on a
// fresh PostgreSQL database and the local Redis (a key prefix of its own), seeds customers and
// units, and drives N concurrent customers for a bounded time, each signing in once through the
// embedded OpenID provider (authorization code + PKCE, the sign-in form) and then, until the
// time is up, checking a serial, uploading a photo and creating a repair RMA for it with an
// Idempotency-Key. It prints throughput, p50, p99 and max per call and the answers by class,
// then audits the database: every RMA a customer saw acknowledged must be stored once and
// whole. Loopback only; the database is dropped at the end. It exits 1 on a 5xx, a transport
// error or a failed audit.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"golang.org/x/crypto/bcrypt"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/portal/loaddriver"
	"rugged.example/portal/api/rma/rmadb"
)

type options struct {
	customers int
	duration  time.Duration
	ramp      time.Duration
	units     int
	// bcryptCost is the cost of the customers' password hashes. At the demo users' cost (10)
	// one check takes about 0.2 s of CPU here, so 500 sign-ins would spend the two cores'
	// whole minute in bcrypt; the load test measures the sign-in flow, not bcrypt.
	bcryptCost int
	timeout    time.Duration
	pgAdmin    string
	redisURL   string
	binary     string
}

func main() {
	var o options
	flag.IntVar(&o.customers, "customers", 500, "concurrent customers (each one distinct user)")
	flag.DurationVar(&o.duration, "d", 60*time.Second, "how long the customers work, from the first sign-in")
	flag.DurationVar(&o.ramp, "ramp", 10*time.Second, "customers start evenly spread over this time, as real sign-ins arrive")
	flag.IntVar(&o.bcryptCost, "bcrypt-cost", bcrypt.MinCost, "bcrypt cost of the seeded customers' password hashes (the demo users' is 10)")
	flag.IntVar(&o.units, "units", 40000, "fleet units to seed (about a third can take a new RMA; one RMA each)")
	flag.DurationVar(&o.timeout, "timeout", 5*time.Minute, "overall bound, set-up and audit included")
	flag.StringVar(&o.pgAdmin, "postgres", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "PostgreSQL admin URL (loopback)")
	flag.StringVar(&o.redisURL, "redis", "redis://127.0.0.1:6379/0", "Redis URL (loopback)")
	flag.StringVar(&o.binary, "portal", "./bin/portal", "the portal binary (make build)")
	flag.Parse()
	ok, err := run(o)
	if err != nil {
		fmt.Fprintln(os.Stderr, "portalload:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

func run(o options) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	if o.customers < 1 || o.customers > 5000 {
		return false, errors.New("-customers must be between 1 and 5000")
	}
	for _, u := range []string{o.pgAdmin, o.redisURL} {
		if err := loopbackOnly(u); err != nil {
			return false, err
		}
	}

	dbURL, drop, err := loaddriver.FreshDatabase(ctx, o.pgAdmin, "portal_load")
	if err != nil {
		return false, err
	}
	defer drop()
	gdb, err := db.Open(ctx, db.Options{URL: dbURL, Log: logging.New(os.Stderr, slog.LevelError)})
	if err != nil {
		return false, err
	}
	defer func() {
		if sqlDB, err := gdb.DB(); err == nil {
			_ = sqlDB.Close()
		}
	}()
	dataDir, err := os.MkdirTemp("", "portalload-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dataDir)

	var customers []loaddriver.Customer
	units := loaddriver.CreatableUnits(rmadb.FleetUnits(o.units), time.Now())
	portal, err := loaddriver.StartPortal(ctx, loaddriver.PortalOptions{
		Binary: o.binary, DatabaseURL: dbURL, RedisURL: o.redisURL, RedisKeyPrefix: "load:" + filepath.Base(dataDir) + ":", DataDir: dataDir,
		Seed: func(ctx context.Context) error {
			if err := rmadb.NewStore(gdb).UpsertUnits(ctx, rmadb.FleetUnits(o.units)); err != nil {
				return fmt.Errorf("seed units: %w", err)
			}
			var err error
			customers, err = loaddriver.SeedCustomers(ctx, gdb, "load", o.customers, o.bcryptCost)
			return err
		},
	})
	if err != nil {
		return false, err
	}
	defer portal.Stop()

	fmt.Printf("portalload: %d customers (distinct users) for %s, started over %s; %d units can take an RMA (%d per customer at most)\n",
		o.customers, o.duration, o.ramp, len(units), len(units)/o.customers)
	fmt.Printf("sign-in: the provider's whole flow (authorize, form, code + PKCE exchange); password hashes at bcrypt cost %d, where one check at the demo users' cost %d takes %s here\n",
		o.bcryptCost, bcrypt.DefaultCost, ms(bcryptCheck(bcrypt.DefaultCost)))
	fmt.Printf("machine: %d CPUs shared by the load generator, bin/portal, PostgreSQL and Redis; loopback only\n\n", runtime.NumCPU())
	res := drive(ctx, portal.Base, o, customers, units)

	fmt.Printf("%-14s %8s %8s %9s %9s %9s %6s %6s %6s %s\n", "call", "answered", "per s", "p50", "p99", "max", "2xx", "4xx", "5xx", "no answer (timeout "+clientTimeout.String()+" or connection)")
	for _, c := range []*call{res.signIn, res.verify, res.upload, res.create} {
		fmt.Println(c.line(res.elapsed))
	}
	fmt.Printf("\ncustomers signed in %d of %d; out of units %d; wall time %s\n", res.signedIn, o.customers, res.outOfUnits, res.elapsed.Round(time.Millisecond))
	for _, c := range []*call{res.signIn, res.verify, res.upload, res.create} {
		for _, s := range c.statusList() {
			fmt.Printf("  %s answered %s\n", c.name, s)
		}
	}

	audit, err := loaddriver.AuditRMAs(ctx, gdb, res.acks)
	if err != nil {
		return false, err
	}
	fmt.Println("\naudit:", audit)
	serverErrors := 0
	for _, c := range []*call{res.signIn, res.verify, res.upload, res.create} {
		serverErrors += c.class[5] + c.transport
	}
	return audit.OK() && serverErrors == 0, nil
}

// loopbackOnly refuses a server URL whose host is not this machine's loopback: the load test
// never sends load anywhere else.
func loopbackOnly(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(u.Hostname()); u.Hostname() != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%s: the load test runs on loopback only", u.Redacted())
	}
	return nil
}

// bcryptCheck times one password check against a hash of cost.
func bcryptCheck(cost int) time.Duration {
	hash, _ := bcrypt.GenerateFromPassword([]byte(identity.DemoPassword), cost)
	t0 := time.Now()
	_ = bcrypt.CompareHashAndPassword(hash, []byte(identity.DemoPassword))
	return time.Since(t0)
}
