// Command portalbench measures the serial check under load: it starts bin/portal on PostgreSQL
// and Redis, and a bare Gin server answering a fixed JSON body of the same size, drives both
// with the same closed-loop load generator on loopback, and prints throughput, p50 and p99 and
// their ratio. It also prints the size of the host's JavaScript (`make lighthouse` gives what
// each page transfers). Figures, not assertions: run it with `make bench` and report what it
// prints.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"rugged.example/portal/api/portal/loaddriver"
	"rugged.example/portal/api/rma/rmadb"
)

func main() {
	if len(os.Args) > 2 && os.Args[1] == "bare-server" {
		bareServer(os.Args[2])
		return
	}
	workers := flag.Int("c", 32, "concurrent connections")
	duration := flag.Duration("d", 10*time.Second, "duration of each run")
	pgURL := flag.String("postgres", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "PostgreSQL admin URL")
	redisURL := flag.String("redis", "redis://127.0.0.1:6379/0", "Redis URL")
	binary := flag.String("portal", "./bin/portal", "the portal binary to measure")
	flag.Parse()
	if err := run(*binary, *workers, *duration, *pgURL, *redisURL); err != nil {
		fmt.Fprintln(os.Stderr, "portalbench:", err)
		os.Exit(1)
	}
}

func run(binary string, workers int, duration time.Duration, pgAdmin, redisURL string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	dbURL, drop, err := loaddriver.FreshDatabase(ctx, pgAdmin, "portal_bench")
	if err != nil {
		return err
	}
	defer drop()

	dataDir, err := os.MkdirTemp("", "portalbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dataDir)
	if err := benchStartup(ctx, binary); err != nil {
		return err
	}
	portal, err := loaddriver.StartPortal(ctx, loaddriver.PortalOptions{
		Binary: binary, DatabaseURL: dbURL, RedisURL: redisURL, RedisKeyPrefix: "bench:" + filepath.Base(dataDir) + ":", DataDir: dataDir,
	})
	if err != nil {
		return err
	}
	defer portal.Stop()
	portalAddr, bareAddr := strings.TrimPrefix(portal.Base, "http://"), loaddriver.FreeAddr()
	self, _ := os.Executable()
	bare := exec.CommandContext(ctx, self, "bare-server", bareAddr)
	bare.Stderr = os.Stderr
	if err := bare.Start(); err != nil {
		return err
	}
	defer loaddriver.Stop(bare)
	if err := loaddriver.WaitReady(ctx, "http://"+bareAddr+"/healthz"); err != nil {
		return err
	}
	token, err := portal.DevToken(ctx, "casey@example.com")
	if err != nil {
		return err
	}

	serials := serialMix()
	fmt.Printf("verify-serial load: %d connections, %s per run, %d serials (demo + fleet + unknown), loopback\n", workers, duration, len(serials))
	portalRes := load(ctx, workers, duration, func(i int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, "http://"+portalAddr+"/rma-manager/rma/verify-serial?serial="+serials[i%len(serials)], nil)
		req.Header.Set("Authorization", "Bearer "+token)
		return req
	})
	bareRes := load(ctx, workers, duration, func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, "http://"+bareAddr+"/unit", nil)
		return req
	})
	fmt.Println(portalRes.line("portal verify-serial (PostgreSQL + Redis, JWT check)"))
	fmt.Println(bareRes.line("bare Gin handler (fixed JSON)"))
	fmt.Printf("ratio portal/bare: throughput %.2f, p99 %.2fx\n",
		portalRes.rps()/bareRes.rps(), float64(portalRes.pct(99))/float64(bareRes.pct(99)))
	const rate = 1000
	fixed := paced(ctx, rate, duration, func(i int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, "http://"+portalAddr+"/rma-manager/rma/verify-serial?serial="+serials[i%len(serials)], nil)
		req.Header.Set("Authorization", "Bearer "+token)
		return req
	})
	fmt.Println(fixed.line(fmt.Sprintf("portal verify-serial at a fixed %d requests/s", rate)) + fmt.Sprintf("  max %s", fixed.pct(100)))
	// The same open loop against the bare handler is the machine's own floor: on shared cores its
	// p99 moves between runs as much as the portal's does.
	bareFixed := paced(ctx, rate, duration, func(int) *http.Request {
		req, _ := http.NewRequest(http.MethodGet, "http://"+bareAddr+"/unit", nil)
		return req
	})
	fmt.Println(bareFixed.line(fmt.Sprintf("bare Gin handler at a fixed %d requests/s", rate)) + fmt.Sprintf("  max %s", bareFixed.pct(100)))

	if err := benchCreate(ctx, portal.Base, token, 4, 120); err != nil {
		return err
	}
	if err := benchUploadMemory(ctx, portal.Base, token, portal.Pid()); err != nil {
		return err
	}
	return reportBundle()
}

type result struct {
	latencies []time.Duration
	errors    int
	elapsed   time.Duration
}

func (r result) rps() float64 { return float64(len(r.latencies)) / r.elapsed.Seconds() }

func (r result) pct(p int) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[(len(r.latencies)-1)*p/100]
}

func (r result) line(name string) string {
	return fmt.Sprintf("%-55s %8.0f req/s  p50 %-10s p99 %-10s errors %d", name, r.rps(), r.pct(50), r.pct(99), r.errors)
}

// load runs a closed loop: each worker sends its next request when the previous one answered,
// for duration. Only loopback addresses are ever targeted.
func load(ctx context.Context, workers int, duration time.Duration, next func(i int) *http.Request) result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: workers}, Timeout: 5 * time.Second}
	deadline := time.Now().Add(duration)
	var mu sync.Mutex
	var all result
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wg.Go(func() {
			var mine []time.Duration
			errs := 0
			for i := w; time.Now().Before(deadline) && ctx.Err() == nil; i += workers {
				t0 := time.Now()
				resp, err := client.Do(next(i).WithContext(ctx))
				if err != nil {
					errs++
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode >= 500 || resp.StatusCode == http.StatusUnauthorized {
					errs++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			all.latencies = append(all.latencies, mine...)
			all.errors += errs
			mu.Unlock()
		})
	}
	wg.Wait()
	all.elapsed = time.Since(start)
	slices.Sort(all.latencies)
	return all
}

// paced is an open loop: request i is due at start + i/rate whether or not earlier ones have
// answered, and its latency counts from when it was due, so a stall shows in the percentiles
// instead of silently slowing the load (coordinated omission).
func paced(ctx context.Context, rate int, duration time.Duration, next func(i int) *http.Request) result {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 512}, Timeout: 5 * time.Second}
	n := int(duration.Seconds() * float64(rate))
	interval := time.Second / time.Duration(rate)
	var mu sync.Mutex
	var all result
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		due := start.Add(time.Duration(i) * interval)
		time.Sleep(time.Until(due))
		if ctx.Err() != nil {
			break
		}
		wg.Go(func() {
			resp, err := client.Do(next(i).WithContext(ctx))
			ok := err == nil
			if ok {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				ok = resp.StatusCode < 500 && resp.StatusCode != http.StatusUnauthorized
			}
			d := time.Since(due)
			mu.Lock()
			defer mu.Unlock()
			if !ok {
				all.errors++
				return
			}
			all.latencies = append(all.latencies, d)
		})
	}
	wg.Wait()
	all.elapsed = time.Since(start)
	slices.Sort(all.latencies)
	return all
}

// serialMix is what customers type: mostly real units, some unknown serials.
func serialMix() []string {
	var s []string
	for _, u := range append(rmadb.DemoUnits(), rmadb.FleetUnits(rmadb.FleetSize)...) {
		s = append(s, u.Serial)
	}
	for i := range 40 {
		s = append(s, fmt.Sprintf("ZZ%08d", i))
	}
	return s
}

const bareBody = `{"serial":"RT10000001","model":"RL14","modelFamily":"Ranger","pn":"RL14-G2-16","productType":"LAPTOP","iw":true,"allowOow":false,"allowedRepairType":["STANDARD"],"rmaExists":false,"endDeviceWarranty":"2028-06-30","warrantyType":"STANDARD","isEOS":false,"validForNewRma":true,"cardState":"warranty"}`

func bareServer(addr string) {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusOK) })
	r.GET("/unit", func(c *gin.Context) { c.Data(http.StatusOK, "application/json", []byte(bareBody)) })
	if err := http.ListenAndServe(addr, r); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

var scriptSrc = regexp.MustCompile(`<script[^>]+src="([^"]+)"`)

// reportBundle prints the size of the scripts index.html loads itself (the entry) and of every
// script in host/dist (what the shell can ever load: react, the router, the sign-in library and
// the federation runtime, shared with the remotes; the home page loads most of them, not the
// sign-in library), raw, gzip and as the brotli file the build wrote, which is what a browser
// downloads.
func reportBundle() error {
	index, err := os.ReadFile("host/dist/index.html")
	if err != nil {
		return err
	}
	var entry []string
	for _, m := range scriptSrc.FindAllSubmatch(index, -1) {
		entry = append(entry, filepath.Join("host/dist", strings.TrimPrefix(string(m[1]), "/")))
	}
	all, err := filepath.Glob("host/dist/*.js")
	if err != nil {
		return err
	}
	for _, set := range []struct {
		name  string
		files []string
	}{{"host entry JS (index.html)", entry}, {"all host JS (entry + shared chunks)", all}} {
		raw, gz, br, err := sizes(set.files)
		if err != nil {
			return err
		}
		fmt.Printf("%-40s %7.1f kB raw %7.1f kB gzip %7.1f kB brotli (%d files)\n", set.name, raw/1024, gz/1024, br/1024, len(set.files))
	}
	return nil
}

func sizes(files []string) (raw, gz, br float64, err error) {
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return 0, 0, 0, err
		}
		// The build leaves no .br where brotli would not be smaller: the file itself is sent.
		if st, err := os.Stat(f + ".br"); err == nil {
			br += float64(st.Size())
		} else {
			br += float64(len(b))
		}
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = w.Write(b)
		_ = w.Close()
		raw += float64(len(b))
		gz += float64(buf.Len())
	}
	return raw, gz, br, nil
}
