package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/portal/loaddriver"
)

// startupRuns is how many times each start is measured; the median is reported.
const startupRuns = 3

// benchStartup measures the embedded default (SQLite, in-memory cache, embedded provider, one
// process): the time from exec to the first 200 of /readyz and of the home page, on a new data
// directory (migrations and demo data included) and on a restart over an existing one, and the
// resident memory after 5 s of idling.
func benchStartup(ctx context.Context, binary string) error {
	var fresh, restart, page []time.Duration
	var rssFresh, rssRestart int64
	for i := range startupRuns {
		dir, err := os.MkdirTemp("", "portalbench-start-")
		if err != nil {
			return err
		}
		for _, first := range []bool{true, false} {
			ready, home, idleRSS, err := startOnce(ctx, binary, dir, i == 0)
			if err != nil {
				os.RemoveAll(dir)
				return err
			}
			if first {
				fresh = append(fresh, ready)
				rssFresh = max(rssFresh, idleRSS)
			} else {
				restart, page = append(restart, ready), append(page, home)
				rssRestart = max(rssRestart, idleRSS)
			}
		}
		os.RemoveAll(dir)
	}
	fmt.Printf("cold start, embedded default (median of %d): new data dir %s to /readyz; restart %s to /readyz, %s to the home page\n",
		startupRuns, median(fresh), median(restart), median(page))
	fmt.Printf("idle RSS, embedded default, 5 s after the first answer: %d MB after a start on a new data dir, %d MB after a restart\n",
		rssFresh>>10, rssRestart>>10)
	return nil
}

// startOnce starts `portal serve` on dir and returns when it first answered /readyz and the home
// page; when idle is set it also waits 5 s and reads the process's resident memory.
func startOnce(ctx context.Context, binary, dir string, idle bool) (ready, home time.Duration, rssKB int64, err error) {
	addr := loaddriver.FreeAddr()
	cmd := exec.CommandContext(ctx, binary, "serve")
	cmd.Env = append(embeddedEnv(), "PORTAL_ADDR="+addr, "PORTAL_ADMIN_ADDR="+loaddriver.FreeAddr(), "PORTAL_DATA_DIR="+dir, "LOG_LEVEL=error")
	cmd.Stderr = os.Stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, 0, fmt.Errorf("start %s (run make build): %w", binary, err)
	}
	defer loaddriver.Stop(cmd)
	base := "http://" + addr
	if ready, err = firstOK(ctx, base+"/readyz", start); err != nil {
		return 0, 0, 0, err
	}
	if home, err = firstOK(ctx, base+"/", start); err != nil {
		return 0, 0, 0, err
	}
	if idle {
		time.Sleep(5 * time.Second)
		if rssKB, err = procStatus(cmd.Process.Pid, "VmRSS"); err != nil {
			return 0, 0, 0, err
		}
	}
	return ready, home, rssKB, nil
}

// embeddedEnv is this environment without what would move the portal off its embedded default.
func embeddedEnv() []string {
	return slices.DeleteFunc(os.Environ(), func(kv string) bool {
		for _, prefix := range []string{"DATABASE_URL=", "REDIS_URL=", "OIDC_", "PORTAL_"} {
			if strings.HasPrefix(kv, prefix) {
				return true
			}
		}
		return false
	})
}

// firstOK polls url every millisecond until it answers 200 and returns the time since start.
func firstOK(ctx context.Context, url string, start time.Time) (time.Duration, error) {
	client := &http.Client{Timeout: time.Second}
	deadline := start.Add(30 * time.Second)
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(start), nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return 0, fmt.Errorf("%s: no 200 within 30 s", url)
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2].Round(time.Millisecond)
}
