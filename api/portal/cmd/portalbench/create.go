package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"rugged.example/portal/api/portal/loaddriver"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// benchCreate uploads one photo per RMA (not timed), then times POST /rma-manager/rma/create
// with workers concurrent customers: validation, the create transaction, the label PDF and the
// outbox e-mail, on PostgreSQL.
func benchCreate(ctx context.Context, base, token string, workers, n int) error {
	client := &http.Client{Timeout: 30 * time.Second}
	units, err := stillOpen(ctx, client, base, token, loaddriver.CreatableUnits(rmadb.FleetUnits(rmadb.FleetSize), time.Now()))
	if err != nil {
		return err
	}
	if len(units) < n {
		n = len(units)
	}
	var mu sync.Mutex
	var latencies []time.Duration
	errs := 0
	var wg sync.WaitGroup
	start := time.Now()
	for w := range workers {
		wg.Go(func() {
			for i := w; i < n && ctx.Err() == nil; i += workers {
				name, err := loaddriver.Upload(ctx, client, base, token, "photo.png", bytes.NewReader(loaddriver.PNGPixel))
				if err != nil {
					mu.Lock()
					errs++
					mu.Unlock()
					continue
				}
				body, _ := json.Marshal(loaddriver.CreatePayload(units[i], name))
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/rma-manager/rma/create", bytes.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+token)
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Idempotency-Key", "bench-"+strconv.Itoa(i)+"-"+strconv.FormatInt(start.UnixNano(), 36))
				t0 := time.Now()
				resp, err := client.Do(req)
				d := time.Since(t0)
				mu.Lock()
				if err != nil || resp.StatusCode != http.StatusOK {
					errs++
				} else {
					latencies = append(latencies, d)
				}
				mu.Unlock()
				if err == nil {
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	slices.Sort(latencies)
	r := result{latencies: latencies, errors: errs, elapsed: time.Since(start)}
	fmt.Printf("%-55s %8d RMAs   p50 %-10s p99 %-10s errors %d (%d concurrent, label PDF + e-mail each)\n",
		"create-RMA (PostgreSQL + Redis)", len(latencies), r.pct(50), r.pct(99), errs, workers)
	return nil
}

// stillOpen keeps the units the portal says a new RMA may be opened for: the demo data already
// has open RMAs on some fleet units, and a create for one of them is refused (409), which would
// count as an error of the benchmark rather than a measurement.
func stillOpen(ctx context.Context, client *http.Client, base, token string, units []rma.Unit) ([]rma.Unit, error) {
	var out []rma.Unit
	for _, u := range units {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/rma-manager/rma/verify-serial?serial="+u.Serial, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		var v struct {
			ValidForNewRMA bool `json:"validForNewRma"`
		}
		err = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("verify-serial %s: %w", u.Serial, err)
		}
		if v.ValidForNewRMA {
			out = append(out, u)
		}
	}
	return out, nil
}

// benchUploadMemory uploads a 50 MB video and reports the portal process's resident memory
// before and its peak (VmHWM) after: streaming keeps the peak far below the file size.
func benchUploadMemory(ctx context.Context, base, token string, pid int) error {
	before, err := procStatus(pid, "VmRSS")
	if err != nil {
		return err
	}
	const size = 50 << 20
	header := []byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2")
	body := io.MultiReader(bytes.NewReader(header), io.LimitReader(zeroes{}, size-int64(len(header))))
	if _, err := loaddriver.Upload(ctx, &http.Client{Timeout: 2 * time.Minute}, base, token, "walkaround.mp4", body); err != nil {
		return err
	}
	peak, err := procStatus(pid, "VmHWM")
	if err != nil {
		return err
	}
	fmt.Printf("50 MB upload: portal RSS before %d MB, peak RSS of the process so far %d MB\n", before>>10, peak>>10)
	return nil
}

type zeroes struct{}

func (zeroes) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// procStatus reads a kB figure of /proc/<pid>/status.
func procStatus(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}
