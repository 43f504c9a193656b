// Command historybench measures the RMA history's paging at depth: it seeds 1,000,000 RMAs of
// one organization spread over three members in PostgreSQL (database portal_bench_history, or
// DATABASE_URL), then times rma.History.Page (keyset, the GraphQL connection's path) and
// rma.History.Offset (the REST list's numbered pages, with its count) at the first page, page
// 100 and page 10,000, 25 RMAs a page, and prints p50 and p99 of each. Figures, not
// assertions: run it with `make bench-history` and report what it prints.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

const (
	defaultURL = "postgres://postgres@127.0.0.1:5432/portal_bench_history?sslmode=disable"
	benchOrg   = "BenchCo"
	members    = 3
	perPage    = 25
)

func main() {
	runs := flag.Int("n", 300, "timed runs per measure, after a warm-up")
	rows := flag.Int("rows", 1_000_000, "RMAs to seed")
	flag.Parse()
	dbURL := os.Getenv("DATABASE_URL")
	if dbURL == "" {
		dbURL = defaultURL
	}
	if err := run(context.Background(), dbURL, *rows, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "historybench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dbURL string, rows, runs int) error {
	if err := createDatabase(ctx, dbURL); err != nil {
		return err
	}
	log := logging.New(os.Stderr, slog.LevelError)
	gdb, err := db.Open(ctx, db.Options{URL: dbURL, Log: log})
	if err != nil {
		return err
	}
	if db.DialectOf(gdb) != db.Postgres {
		return errors.New("DATABASE_URL must be a postgres:// URL")
	}
	if err := rmadb.Migrate(ctx, gdb); err != nil {
		return err
	}
	if err := seed(ctx, gdb, rows); err != nil {
		return err
	}

	h := rma.NewHistory(rmadb.NewStore(gdb))
	viewer := rma.Viewer{Subject: member(0), Org: benchOrg}
	sort := rma.DefaultHistorySort
	fmt.Printf("%d RMAs of %s over %d members; viewer %s; %s; %d a page; n=%d runs after %d warm-up\n\n",
		rows, benchOrg, members, viewer.Subject, "newest first", perPage, runs, warmUp(runs))
	fmt.Println("depth      | keyset p50 | keyset p99 | offset p50 | offset p99")
	fmt.Println("-----------|------------|------------|------------|-----------")
	for _, page := range []int{1, 100, 10_000} {
		cursor, err := cursorBefore(ctx, gdb, sort, (page-1)*perPage)
		if err != nil {
			return err
		}
		keyset := func() ([]rma.HistoryItem, error) {
			p, err := h.Page(ctx, viewer, rma.HistoryFilter{}, sort, rma.Keyset{First: perPage, After: cursor})
			return p.Items, err
		}
		offset := func() ([]rma.HistoryItem, error) {
			items, _, err := h.Offset(ctx, viewer, rma.HistoryFilter{}, []rma.HistorySort{sort}, page, perPage)
			return items, err
		}
		// Both ways must read the same page, or the figures compare nothing.
		a, err := keyset()
		if err != nil {
			return err
		}
		b, err := offset()
		if err != nil {
			return err
		}
		if !slices.Equal(numbers(a), numbers(b)) || len(a) != perPage {
			return fmt.Errorf("page %d: keyset and offset read different RMAs", page)
		}
		k, err := measure(runs, keyset)
		if err != nil {
			return err
		}
		o, err := measure(runs, offset)
		if err != nil {
			return err
		}
		fmt.Printf("page %-6d | %10s | %10s | %10s | %10s\n", page, ms(k.p50), ms(k.p99), ms(o.p50), ms(o.p99))
	}
	count, err := measure(runs, func() ([]rma.HistoryItem, error) {
		_, err := h.Count(ctx, viewer, rma.HistoryFilter{})
		return nil, err
	})
	if err != nil {
		return err
	}
	fmt.Printf("\noffset = History.Offset as REST calls it: the page and the count of every match;\n"+
		"the count alone (History.Count, the connection's totalCount when asked): p50 %s, p99 %s\n", ms(count.p50), ms(count.p99))
	return nil
}

func member(i int) string { return fmt.Sprintf("bench_member_%d", i) }

// createDatabase creates the URL's database through the server's postgres database, unless it
// exists.
func createDatabase(ctx context.Context, dbURL string) error {
	u, err := url.Parse(dbURL)
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(u.Path, "/")
	admin := *u
	admin.Path = "/postgres"
	gdb, err := db.Open(ctx, db.Options{URL: admin.String(), Log: logging.New(os.Stderr, slog.LevelError)})
	if err != nil {
		return err
	}
	defer closeDB(gdb)
	var exists bool
	if err := gdb.Raw("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = ?)", name).Scan(&exists).Error; err != nil {
		return err
	}
	if exists {
		return nil
	}
	fmt.Println("creating database", name)
	return gdb.Exec(`CREATE DATABASE "` + strings.ReplaceAll(name, `"`, `""`) + `"`).Error
}

// seed inserts the RMAs in one INSERT … SELECT over generate_series unless they are there: two
// RMAs an instant, two minutes apart (about four years), so the order has ties to break.
func seed(ctx context.Context, gdb *gorm.DB, rows int) error {
	var have int64
	if err := gdb.WithContext(ctx).Raw("SELECT count(*) FROM rma_rmas WHERE org = ?", benchOrg).Scan(&have).Error; err != nil {
		return err
	}
	if have == int64(rows) {
		return nil
	}
	fmt.Printf("seeding %d RMAs…\n", rows)
	start := time.Now()
	err := gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("DELETE FROM rma_rmas WHERE org = ?", benchOrg).Error; err != nil {
			return err
		}
		return tx.Exec(`INSERT INTO rma_rmas (number, uid, owner, org, serial, model, part_number, rma_type, status,
			primary_fault, problem, problem_price_cents, initial_notes, customer_reference, asset_tag, reimage, bios_firmware,
			windows_user, windows_password, bios_password, ack_click_wrap, ack_hdd_backup, acc_ac_power, acc_storage,
			acc_hard_case, acc_battery, contact_first_name, contact_last_name, contact_email, contact_phone, contact_phone_cc,
			contact_company, contact_position, ship_line1, ship_line2, ship_city, ship_state, ship_country, ship_postal_code,
			have_packaging, request_box, forgo_shipping, shipping_method, created_at, updated_at)
		SELECT 'RMA-B' || lpad(g::text, 7, '0'), substr(md5(g::text || ':' || random()::text), 1, 26),
			'bench_member_' || (g % ?), ?, 'BT' || lpad(g::text, 8, '0'), (ARRAY['RL14','ST12','TH6','EX70'])[1 + g % 4], 'P-1',
			'REPAIR', (ARRAY['AWAITING_UNIT','RECEIVED','REPAIRING','CLOSED'])[1 + g % 4],
			'Display', 'Cracked or broken screen', 28900, 'Seeded by historybench', 'PO-' || g, 'TAG' || g, false, false,
			'', '', '', false, true, false, false, false, false, 'Member', (g % ?)::text, 'bench@example.com', '5125550142', 'US',
			'BenchCo', '', '2100 Riverside Dr', '', 'Austin', 'TX', 'US', '78741',
			true, false, false, 'label',
			timestamptz '2022-01-01 00:00:00+00' + (g / 2) * interval '2 minutes',
			timestamptz '2022-01-01 00:00:00+00' + (g / 2) * interval '2 minutes' + (g % 7) * interval '1 hour'
		FROM generate_series(1, ?) AS g`, members, benchOrg, members, rows).Error
	})
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if err := gdb.WithContext(ctx).Exec("VACUUM ANALYZE rma_rmas").Error; err != nil {
		return err
	}
	fmt.Printf("seeded in %s\n\n", time.Since(start).Round(time.Second))
	return nil
}

// cursorBefore is the cursor of the RMA just before position skip in the viewer's order ("" for
// the first page), read straight from the database as a client that paged there would hold it.
func cursorBefore(ctx context.Context, gdb *gorm.DB, s rma.HistorySort, skip int) (string, error) {
	if skip == 0 {
		return "", nil
	}
	var row struct {
		Number    string
		CreatedAt time.Time
	}
	err := gdb.WithContext(ctx).Raw(`SELECT number, created_at FROM rma_rmas WHERE org = ?
		ORDER BY created_at DESC, number DESC OFFSET ? LIMIT 1`, benchOrg, skip-1).Scan(&row).Error
	if err != nil {
		return "", err
	}
	if row.Number == "" {
		return "", fmt.Errorf("no RMA at position %d", skip)
	}
	return rma.HistoryCursor(s, rma.HistoryItem{Number: row.Number, CreatedAt: row.CreatedAt}), nil
}

type figures struct{ p50, p99 time.Duration }

func warmUp(runs int) int { return max(10, runs/10) }

// measure times fn runs times after a warm-up.
func measure(runs int, fn func() ([]rma.HistoryItem, error)) (figures, error) {
	for range warmUp(runs) {
		if _, err := fn(); err != nil {
			return figures{}, err
		}
	}
	took := make([]time.Duration, runs)
	for i := range took {
		start := time.Now()
		if _, err := fn(); err != nil {
			return figures{}, err
		}
		took[i] = time.Since(start)
	}
	slices.Sort(took)
	return figures{p50: percentile(took, 50), p99: percentile(took, 99)}, nil
}

// percentile is the nearest-rank percentile of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(len(sorted)-1, i-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func numbers(items []rma.HistoryItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Number
	}
	return out
}

func closeDB(gdb *gorm.DB) {
	if sqlDB, err := gdb.DB(); err == nil {
		_ = sqlDB.Close()
	}
}
