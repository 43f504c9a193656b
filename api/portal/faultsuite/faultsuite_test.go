// Package faultsuite_test is issue 11's fault suite: the whole portal runs in this process on a
// PostgreSQL cluster and a redis-server that the suite starts and stops itself (never the
// machine's shared ones), customers create RMAs at a steady rate with idempotency keys while
// PostgreSQL restarts and Redis is killed, and afterwards the database must hold every RMA a
// client saw acknowledged, once and whole. While Redis is dead, verify-serial's p99 must stay
// under 50 ms.
package faultsuite_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/pkg/privateserver"
	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/portal/loaddriver"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// The suite's timeline, from the start of the load. Creates arrive at createRate per second
// throughout; the verify-serial probes run back to back. Each create renders a label PDF, about
// 0.15 s of CPU here: at 8 a second the creates took more than one of the machine's two cores
// and verify-serial's p99 measured the wait for a CPU (67 ms with Redis dead, 71 ms with it up),
// not the cache; at 4 a second the load still spans both faults.
const (
	createRate     = 4
	creators       = 4
	warmUp         = 3 * time.Second
	pgStopAt       = 4 * time.Second
	pgDownFor      = 3 * time.Second
	redisKillAt    = 13 * time.Second
	redisDownFor   = 8 * time.Second
	loadFor        = 27 * time.Second
	retryFor       = 25 * time.Second // after loadFor, the last retries of a create
	verifyP99Limit = 50 * time.Millisecond
	minSamples     = 100
)

func TestRMAsSurviveOutages(t *testing.T) {
	pg := privateserver.StartPostgres(t)
	redis := privateserver.StartRedis(t)
	p := startPortal(t, pg.CreateDatabase(t, "portal_fault"), redis.URL())
	ctx := t.Context()

	units := loaddriver.CreatableUnits(rmadb.FleetUnits(fleet), time.Now())
	var nextUnit atomic.Int64
	var uploads, answers answerLog
	var acks ackLog
	var wg sync.WaitGroup

	start := time.Now()
	loadEnd := start.Add(loadFor)
	giveUp := loadEnd.Add(retryFor)

	// Steady rate: each creator starts an RMA every creators/createRate seconds, whatever the
	// previous ones are doing, and each RMA retries on its own until acknowledged.
	for c := range creators {
		wg.Go(func() {
			tick := time.NewTicker(time.Second * creators / createRate)
			defer tick.Stop()
			for n := 0; time.Now().Before(loadEnd); n++ {
				i := int(nextUnit.Add(1)) - 1
				if i >= len(units) {
					t.Errorf("out of units after %d RMAs", i)
					return
				}
				owner := p.customers[c%len(p.customers)]
				key := fmt.Sprintf("fault-%d-%d", c, n)
				wg.Go(func() {
					createUntilAcknowledged(ctx, p.base, owner, key, units[i], giveUp, &uploads, &answers, &acks)
				})
				select {
				case <-tick.C:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	// Verify-serial probes, back to back, on units nobody creates RMAs for (the end of the list)
	// and on some the creators use.
	var samples sampleLog
	for w := range 2 {
		wg.Go(func() {
			client := &http.Client{Timeout: 10 * time.Second}
			for n := w; time.Now().Before(loadEnd); n += 2 {
				serial := units[len(units)-1-n%200].Serial
				if n%3 == 0 {
					serial = units[n%len(units)].Serial
				}
				t0 := time.Now()
				status, err := loaddriver.VerifySerial(ctx, client, p.base, p.customers[0].token, serial)
				samples.add(t0, time.Since(t0), status, err)
				time.Sleep(10 * time.Millisecond)
			}
		})
	}

	// The faults.
	var pgDown, pgUp, redisDown, redisUp time.Time
	sleepUntil(ctx, start.Add(pgStopAt))
	pgDown = time.Now()
	pg.Stop(t)
	sleepUntil(ctx, pgDown.Add(pgDownFor))
	pg.Start(t)
	pgUp = time.Now()
	ready := waitReadyAfter(ctx, p.base, 10*time.Second)
	sleepUntil(ctx, start.Add(redisKillAt))
	redisDown = time.Now()
	redis.Kill(t)
	sleepUntil(ctx, redisDown.Add(redisDownFor))
	redis.Start(t)
	redisUp = time.Now()
	wg.Wait()
	t.Logf("load %s; PostgreSQL down %s–%s, /readyz 200 again %s after its return; Redis dead %s–%s (times from the load's start)",
		loadFor, since(start, pgDown), since(start, pgUp), ready.Round(time.Millisecond), since(start, redisDown), since(start, redisUp))

	// What the clients saw.
	phases := []phase{
		{"before the faults", start.Add(warmUp), pgDown},
		{"PostgreSQL down", pgDown, pgUp},
		{"PostgreSQL back, Redis up", pgUp, redisDown},
		{"Redis dead", redisDown, redisUp},
		{"Redis back", redisUp, giveUp},
	}
	for _, ph := range phases {
		t.Logf("%-26s upload: %s | create: %s | verify-serial: %s", ph.name, uploads.summary(ph), answers.summary(ph), samples.summary(ph))
	}
	// Only 503 with Retry-After may say the portal cannot serve now; a retried create must find
	// its RMA, never be refused.
	wrong := map[string][]string{}
	for _, a := range answers.all() {
		switch {
		case a.status == http.StatusServiceUnavailable && a.retryAfter <= 0:
			wrong["create 503 without Retry-After"] = append(wrong["create 503 without Retry-After"], since(start, a.at))
		case a.status >= 400 && a.status != http.StatusServiceUnavailable:
			what := fmt.Sprintf("create %d %s", a.status, a.refusal)
			wrong[what] = append(wrong[what], since(start, a.at))
		}
	}
	for _, a := range uploads.all() {
		if a.status >= 400 && a.status != http.StatusServiceUnavailable {
			what := fmt.Sprintf("upload %d", a.status)
			wrong[what] = append(wrong[what], since(start, a.at))
		}
	}
	for _, s := range samples.all() {
		if s.status >= 500 && s.status != http.StatusServiceUnavailable {
			what := fmt.Sprintf("verify-serial %d", s.status)
			wrong[what] = append(wrong[what], since(start, s.at))
		}
	}
	for what, at := range wrong {
		t.Errorf("%s: %d times, at %s", what, len(at), strings.Join(at[:min(5, len(at))], " "))
	}
	if pending := acks.pending(); len(pending) > 0 {
		t.Errorf("%d RMAs never acknowledged within %s after the load: %s", len(pending), retryFor, strings.Join(pending[:min(10, len(pending))], ", "))
	}
	if ready > 5*time.Second {
		t.Errorf("/readyz answered 200 only %s after PostgreSQL's return; the promise is 5 s", ready)
	}
	// Back to normal by itself: a create sent after the database's return is acknowledged within 5 s.
	firstAck := time.Duration(-1)
	for _, a := range answers.all() {
		if a.status == http.StatusOK && !a.at.Before(pgUp) && (firstAck < 0 || a.at.Sub(pgUp) < firstAck) {
			firstAck = a.at.Sub(pgUp)
		}
	}
	if firstAck < 0 || firstAck > 5*time.Second {
		t.Errorf("the first create acknowledged after PostgreSQL's return was sent %s after it; the promise is 5 s", firstAck)
	}

	// Redis dead: verify-serial keeps answering fast, from PostgreSQL.
	dead := samples.latencies(phase{"", redisDown, redisUp})
	p99 := percentile(dead, 99)
	distribution := fmt.Sprintf("n=%d p50 %s p90 %s p99 %s max %s", len(dead), percentile(dead, 50), percentile(dead, 90), p99, percentile(dead, 100))
	switch {
	case len(dead) < minSamples:
		t.Errorf("verify-serial while Redis was dead: only %d answers in %s (%s); want at least %d", len(dead), redisDownFor, distribution, minSamples)
	case p99 >= verifyP99Limit:
		t.Errorf("verify-serial while Redis was dead: %s; the promise is a p99 under %s", distribution, verifyP99Limit)
	default:
		t.Log("verify-serial while Redis was dead:", distribution)
	}

	// The faults are over and the carrier is up: every pending label retry is made due now, as
	// a clock past the shipping step's grace and the backoffs would find it, and the retrier
	// issues what it can; after it every RMA must have its label or a recorded failure, since a
	// retry still due would pass an RMA whose label nobody issued.
	gdb := p.db(t)
	if err := gdb.Exec(`UPDATE rma_rmas SET label_retry_at = ? WHERE label_id = '' AND label_retry_at IS NOT NULL`, time.Now().UTC()).Error; err != nil {
		t.Fatal(err)
	}
	retried, err := p.app.RetryLabelsNow(ctx)
	if err != nil {
		t.Error("label retries after the faults:", err)
	}
	t.Logf("labels issued by the retrier after the faults: %d", retried)

	// The database holds every acknowledged RMA once and whole.
	audit, err := loaddriver.AuditRMAs(ctx, gdb, acks.all())
	if err != nil {
		t.Fatal(err)
	}
	t.Log("audit:", audit)
	if !audit.OK() {
		t.Error("the database does not hold the acknowledged RMAs whole:", audit)
	}
	if audit.Acknowledged < createRate*int(loadFor/time.Second)/2 {
		t.Errorf("only %d RMAs acknowledged; the suite meant about %d", audit.Acknowledged, createRate*int(loadFor/time.Second))
	}
	if t.Failed() {
		p.dumpErrors(t, slices.Concat(audit.Lost, audit.Duplicated, audit.HalfWritten, audit.Unlabelled))
	}
}

// createUntilAcknowledged uploads the unit's photo and creates its RMA as a careful client
// does: each step is tried again after a lost connection or a 5xx (after a 503's Retry-After,
// at most 3 s), the create always with the same Idempotency-Key, until the portal acknowledges
// the RMA or giveUp passes. A 4xx ends it.
func createUntilAcknowledged(ctx context.Context, base string, c customer, key string, u rma.Unit, giveUp time.Time, uploads, answers *answerLog, acks *ackLog) {
	acks.want(key)
	client := &http.Client{Timeout: 15 * time.Second}
	photo := ""
	for photo == "" {
		if time.Now().After(giveUp) || ctx.Err() != nil {
			return
		}
		at := time.Now()
		status, name, err := loaddriver.UploadStatus(ctx, client, base, c.token, "photo.png", bytes.NewReader(loaddriver.PNGPixel))
		uploads.add(answer{at: at, key: key, status: status, failed: status == 0 && err != nil})
		switch {
		case name != "":
			photo = name
		case status >= 400 && status < 500:
			return
		default:
			time.Sleep(250 * time.Millisecond)
		}
	}
	payload := loaddriver.CreatePayload(u, photo)
	for time.Now().Before(giveUp) && ctx.Err() == nil {
		at := time.Now()
		created, err := loaddriver.Create(ctx, client, base, c.token, key, payload)
		answers.add(answer{at: at, key: key, status: created.Status, retryAfter: created.RetryAfter, refusal: created.Refusal, failed: err != nil})
		switch {
		case created.RMANumber != "":
			acks.add(loaddriver.Ack{Owner: c.subject, Key: key, Serial: u.Serial, RMANumber: created.RMANumber})
			return
		case created.Status >= 400 && created.Status < 500:
			return
		case created.Status == http.StatusServiceUnavailable && created.RetryAfter > 0:
			time.Sleep(min(time.Duration(created.RetryAfter)*time.Second, 3*time.Second))
		default:
			time.Sleep(250 * time.Millisecond)
		}
	}
}

func sleepUntil(ctx context.Context, at time.Time) {
	select {
	case <-time.After(time.Until(at)):
	case <-ctx.Done():
	}
}

func since(start, at time.Time) string {
	return "+" + at.Sub(start).Round(100*time.Millisecond).String()
}

// waitReadyAfter polls /readyz until it answers 200 and returns how long that took.
func waitReadyAfter(ctx context.Context, base string, limit time.Duration) time.Duration {
	t0 := time.Now()
	client := &http.Client{Timeout: time.Second}
	for time.Since(t0) < limit && ctx.Err() == nil {
		resp, err := client.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(t0)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return time.Since(t0)
}

// fleet is how many fleet units the suite seeds: about a third can take an RMA.
const fleet = 3000

type customer struct{ subject, token string }

type portal struct {
	base      string
	customers []customer
	dbURL     string
	logFile   string
	app       *compose.App
}

// startPortal migrates and seeds a database on the private cluster as `portal migrate` and
// `portal seed` do, builds the portal in this process on it and the private Redis, and serves
// it on a loopback port until the test ends.
func startPortal(t *testing.T, dbURL, redisURL string) *portal {
	t.Helper()
	ctx := t.Context()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	p := &portal{base: "http://" + l.Addr().String(), dbURL: dbURL, logFile: filepath.Join(dir, "portal.log")}
	for k, v := range map[string]string{
		"PORTAL_ADDR": l.Addr().String(), "PORTAL_DATA_DIR": dir, "DATABASE_URL": dbURL,
		"REDIS_URL": redisURL, "REDIS_KEY_PREFIX": "faultsuite:", "LOG_LEVEL": "warn",
		"OTEL_SDK_DISABLED": "true",
	} {
		t.Setenv(k, v)
	}
	cfg, err := compose.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	// Every domain but the web shell, which needs the built front end and plays no part here.
	if cfg.Services, err = compose.ParseServices("identity,repair,recycle,support,geo,shipping,uploads,payments,account,parts"); err != nil {
		t.Fatal(err)
	}
	logOut, err := os.Create(p.logFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { logOut.Close() })
	log := logging.New(logOut, slog.LevelWarn)

	gdb, err := compose.OpenDatabase(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	if err := compose.Migrate(ctx, gdb, log); err != nil {
		t.Fatal(err)
	}
	if err := compose.Seed(ctx, cfg, gdb, log); err != nil {
		t.Fatal(err)
	}
	if err := rmadb.NewStore(gdb).UpsertUnits(ctx, rmadb.FleetUnits(fleet)); err != nil {
		t.Fatal(err)
	}
	idp, err := compose.EmbeddedIdentity(ctx, cfg, gdb, log)
	if err != nil {
		t.Fatal(err)
	}
	// Customers of their own, so the audit tells their RMAs from the demo users' seeded history.
	seeded, err := loaddriver.SeedCustomers(ctx, gdb, "fault", 3, bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range seeded {
		token, err := idp.MintAccessToken(ctx, c.Email, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		p.customers = append(p.customers, customer{subject: c.Subject, token: token})
	}
	closeGorm(gdb)

	app, err := compose.Build(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	p.app = app
	bg, stopBG := context.WithCancel(context.Background())
	app.RunBackground(bg, log)
	srv := &http.Server{Handler: app.Engine, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() {
		stopBG()
		_ = srv.Close()
		_ = app.Close()
	})
	return p
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

// dumpErrors shows the portal's error log lines about the RMAs named (all of them), then the
// first 20 others.
func (p *portal) dumpErrors(t *testing.T, rmas []string) {
	b, err := os.ReadFile(p.logFile)
	if err != nil {
		return
	}
	others := 0
	for line := range strings.SplitSeq(string(b), "\n") {
		if !strings.Contains(line, `"level":"ERROR"`) || strings.Contains(line, `"msg":"SQL executed"`) {
			continue
		}
		if slices.ContainsFunc(rmas, func(n string) bool { return strings.Contains(line, `"`+n+`"`) }) {
			t.Log("portal:", line)
		} else if others++; others <= 20 {
			t.Log("portal:", line)
		}
	}
}

type phase struct {
	name       string
	from, till time.Time
}

func (ph phase) has(at time.Time) bool { return !at.Before(ph.from) && at.Before(ph.till) }

type answer struct {
	at         time.Time
	key        string
	status     int
	retryAfter int
	refusal    string
	failed     bool // no answer: the connection failed or timed out
}

type answerLog struct {
	mu   sync.Mutex
	list []answer
}

func (l *answerLog) add(a answer) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, a)
}

func (l *answerLog) all() []answer {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.list)
}

func (l *answerLog) summary(ph phase) string {
	counts := map[string]int{}
	for _, a := range l.all() {
		if ph.has(a.at) {
			counts[statusName(a.status, a.failed)]++
		}
	}
	return countsText(counts)
}

type sample struct {
	at     time.Time
	took   time.Duration
	status int
	failed bool
}

type sampleLog struct {
	mu   sync.Mutex
	list []sample
}

func (l *sampleLog) add(at time.Time, took time.Duration, status int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, sample{at: at, took: took, status: status, failed: err != nil})
}

func (l *sampleLog) all() []sample {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.list)
}

func (l *sampleLog) summary(ph phase) string {
	counts := map[string]int{}
	for _, s := range l.all() {
		if ph.has(s.at) {
			counts[statusName(s.status, s.failed)]++
		}
	}
	lat := l.latencies(ph)
	return fmt.Sprintf("%s, p50 %s p99 %s", countsText(counts), percentile(lat, 50), percentile(lat, 99))
}

// latencies are the answered samples that started within ph, sorted.
func (l *sampleLog) latencies(ph phase) []time.Duration {
	var out []time.Duration
	for _, s := range l.all() {
		if ph.has(s.at) && !s.failed {
			out = append(out, s.took)
		}
	}
	slices.Sort(out)
	return out
}

func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(len(sorted)-1)*p/100].Round(10 * time.Microsecond)
}

func statusName(status int, failed bool) string {
	if status == 0 && failed {
		return "no answer"
	}
	return fmt.Sprint(status)
}

func countsText(counts map[string]int) string {
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, counts[k]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}

// ackLog holds the RMAs clients saw acknowledged and the keys still waiting for one.
type ackLog struct {
	mu     sync.Mutex
	list   []loaddriver.Ack
	wanted map[string]bool
}

func (l *ackLog) want(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.wanted == nil {
		l.wanted = map[string]bool{}
	}
	l.wanted[key] = true
}

func (l *ackLog) add(a loaddriver.Ack) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.list = append(l.list, a)
	delete(l.wanted, a.Key)
}

func (l *ackLog) all() []loaddriver.Ack {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.list)
}

func (l *ackLog) pending() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var keys []string
	for k := range l.wanted {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
