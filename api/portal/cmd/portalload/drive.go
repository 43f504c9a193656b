package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"sync"
	"time"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/portal/loaddriver"
	"rugged.example/portal/api/rma/rma"
)

// clientTimeout is how long a customer waits for an answer, as a browser tab would.
const clientTimeout = 30 * time.Second

// call gathers one kind of call's latencies and answers.
type call struct {
	name      string
	mu        sync.Mutex
	latencies []time.Duration
	class     [6]int // by status / 100
	statuses  map[int]int
	transport int
}

func newCall(name string) *call { return &call{name: name, statuses: map[int]int{}} }

// record notes one call that took d and answered status, or failed with err before any answer.
func (c *call) record(d time.Duration, status int, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if status == 0 {
		if err != nil {
			c.transport++
		}
		return
	}
	c.latencies = append(c.latencies, d)
	c.class[min(status/100, 5)]++
	c.statuses[status]++
}

func (c *call) pct(p int) time.Duration {
	if len(c.latencies) == 0 {
		return 0
	}
	return c.latencies[(len(c.latencies)-1)*p/100]
}

func (c *call) line(elapsed time.Duration) string {
	slices.Sort(c.latencies)
	return fmt.Sprintf("%-14s %8d %8.1f %9s %9s %9s %6d %6d %6d %9d", c.name, len(c.latencies),
		float64(len(c.latencies))/elapsed.Seconds(), ms(c.pct(50)), ms(c.pct(99)), ms(c.pct(100)),
		c.class[2], c.class[4], c.class[5], c.transport)
}

// statusList names each status other than 200 with its count.
func (c *call) statusList() []string {
	var codes []int
	for s := range c.statuses {
		if s != http.StatusOK {
			codes = append(codes, s)
		}
	}
	sort.Ints(codes)
	var out []string
	for _, s := range codes {
		out = append(out, fmt.Sprintf("%d × %d", s, c.statuses[s]))
	}
	return out
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1fms", float64(d.Microseconds())/1000) }

type results struct {
	signIn, verify, upload, create *call
	acks                           []loaddriver.Ack
	signedIn, outOfUnits           int
	elapsed                        time.Duration
}

// drive runs the customers: customer i starts at i·ramp/customers, signs in once, then checks,
// photographs and returns its own units (every customers-th of units, from the i-th) until the
// time is up. Each call is timed from the request to the last byte of the answer.
func drive(ctx context.Context, base string, o options, customers []loaddriver.Customer, units []rma.Unit) results {
	res := results{signIn: newCall("sign-in"), verify: newCall("verify-serial"), upload: newCall("upload photo"), create: newCall("create RMA")}
	transport := &http.Transport{MaxIdleConns: o.customers, MaxIdleConnsPerHost: o.customers}
	client := &http.Client{Transport: transport, Timeout: clientTimeout}
	start := time.Now()
	deadline := start.Add(o.duration)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i, c := range customers {
		wg.Go(func() {
			select {
			case <-time.After(o.ramp * time.Duration(i) / time.Duration(o.customers)):
			case <-ctx.Done():
				return
			}
			t0 := time.Now()
			token, err := loaddriver.SignIn(ctx, transport, base, identity.DefaultClientID, c.Email, identity.DemoPassword)
			res.signIn.record(time.Since(t0), signInStatus(err), err)
			if err != nil {
				return
			}
			mu.Lock()
			res.signedIn++
			mu.Unlock()
			for n := 0; time.Now().Before(deadline) && ctx.Err() == nil; n++ {
				k := i + n*o.customers
				if k >= len(units) {
					mu.Lock()
					res.outOfUnits++
					mu.Unlock()
					return
				}
				if ack, ok := visit(ctx, client, base, token, &res, units[k], fmt.Sprintf("load-%d-%d", i, n)); ok {
					ack.Owner = c.Subject
					mu.Lock()
					res.acks = append(res.acks, ack)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	return res
}

// visit is one round of a customer: check the serial, upload a photo, create the RMA. A failed
// step ends the round, as the page would stop there.
func visit(ctx context.Context, client *http.Client, base, token string, res *results, u rma.Unit, key string) (loaddriver.Ack, bool) {
	t0 := time.Now()
	status, err := loaddriver.VerifySerial(ctx, client, base, token, u.Serial)
	res.verify.record(time.Since(t0), status, err)
	if status != http.StatusOK {
		return loaddriver.Ack{}, false
	}
	t0 = time.Now()
	status, photo, err := loaddriver.UploadStatus(ctx, client, base, token, "photo.png", bytes.NewReader(loaddriver.PNGPixel))
	res.upload.record(time.Since(t0), status, err)
	if err != nil {
		return loaddriver.Ack{}, false
	}
	t0 = time.Now()
	created, err := loaddriver.Create(ctx, client, base, token, key, loaddriver.CreatePayload(u, photo))
	res.create.record(time.Since(t0), created.Status, err)
	if created.RMANumber == "" {
		return loaddriver.Ack{}, false
	}
	return loaddriver.Ack{Key: key, Serial: u.Serial, RMANumber: created.RMANumber}, true
}

// signInStatus is the status a failed sign-in step answered, 200 for a sign-in that worked,
// 0 when no answer came.
func signInStatus(err error) int {
	var se loaddriver.StatusError
	switch {
	case err == nil:
		return http.StatusOK
	case errors.As(err, &se):
		return se.Status
	default:
		return 0
	}
}
