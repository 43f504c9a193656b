package compose_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/uploads/uploadstest"
)

// benchPortal is the embedded portal on PostgreSQL with its background jobs running (the batch
// worker among them), as the batch process runs it.
type benchPortal struct {
	app *compose.App
	gdb *gorm.DB
	tok string
}

func newBenchPortal(b *testing.B) benchPortal {
	b.Helper()
	dir := b.TempDir()
	for path, body := range map[string]string{"host/dist/index.html": "<!doctype html><title>portal</title>", "apps/repair/dist/mf-manifest.json": `{"name":"repair"}`} {
		full := filepath.Join(dir, "web", path)
		must(b, os.MkdirAll(filepath.Dir(full), 0o755))
		must(b, os.WriteFile(full, []byte(body), 0o644))
	}
	b.Setenv("PORTAL_ADDR", "127.0.0.1:18080")
	b.Setenv("PORTAL_DATA_DIR", filepath.Join(dir, "data"))
	b.Setenv("PORTAL_WEB_DIR", filepath.Join(dir, "web"))
	b.Setenv("DATABASE_URL", testkit.PostgresURL(b))
	cfg, err := compose.LoadConfig()
	must(b, err)
	ctx := context.Background()
	gdb, err := compose.OpenDatabase(ctx, cfg, testkit.Quiet())
	must(b, err)
	b.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	must(b, compose.Migrate(ctx, gdb, testkit.Quiet()))
	must(b, compose.Seed(ctx, cfg, gdb, testkit.Quiet()))
	app, err := compose.Build(ctx, cfg, testkit.Quiet())
	must(b, err)
	runCtx, stop := context.WithCancel(ctx)
	app.RunBackground(runCtx, testkit.Quiet())
	b.Cleanup(func() { stop(); _ = app.Close() })
	idp, err := compose.EmbeddedIdentity(ctx, cfg, gdb, testkit.Quiet())
	must(b, err)
	tok, err := idp.MintAccessToken(ctx, "olivia@fleetco.example", time.Hour)
	must(b, err)
	return benchPortal{app: app, gdb: gdb, tok: tok}
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

func (p benchPortal) do(b *testing.B, method, path string, body io.Reader, header ...string) (int, []byte) {
	b.Helper()
	req := httptest.NewRequest(method, path, body)
	req.Header.Set("Authorization", "Bearer "+p.tok)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	p.app.Engine.ServeHTTP(w, req)
	return w.Code, w.Body.Bytes()
}

// fleetOf registers n units of the demo fleet's kind for one run: 9 in 10 like the demo's
// in-warranty RT10000001, every tenth like its out-of-warranty RT10000002, with serials of
// their own so every run creates fresh RMAs.
func fleetOf(b *testing.B, gdb *gorm.DB, run, n int) []string {
	b.Helper()
	store := rmadb.NewStore(gdb)
	templates := map[string]rma.Unit{}
	for _, u := range rmadb.DemoUnits() {
		templates[u.Serial] = u
	}
	units := make([]rma.Unit, n)
	serials := make([]string, n)
	for i := range n {
		u := templates["RT10000001"]
		if i%10 == 9 {
			u = templates["RT10000002"]
		}
		u.Serial = fmt.Sprintf("RT%08d", 30000000+run*10000+i)
		units[i], serials[i] = u, u.Serial
	}
	must(b, store.UpsertUnits(context.Background(), units))
	return serials
}

// BenchmarkIntegrationSubmit_1000RMAs is the floor (1,000 RMAs within 60 s on
// PostgreSQL): olivia submits 1,000 passing rows of fleet units (in warranty, and out of
// warranty paid by one PO), and the batch worker creates every RMA, the boxes' labels and
// packing lists (one PDF) and the one summary e-mail. One op is the submit until the batch is
// COMPLETED with its documents and its e-mail queued.
func BenchmarkIntegrationSubmit_1000RMAs(b *testing.B) {
	p := newBenchPortal(b)
	const rows = 1000
	run := 0
	for b.Loop() {
		b.StopTimer()
		serials := fleetOf(b, p.gdb, run, rows)
		upload, ct := uploadstest.Multipart(uploadstest.Part{Field: "file", Name: "po.pdf", Content: bytes.NewReader(uploadstest.PDF())})
		code, body := p.do(b, http.MethodPost, "/bucket-uploader/upload-to-common-gridfs", upload, "Content-Type", ct)
		if code != http.StatusOK {
			b.Fatalf("PO upload: %d %s", code, body)
		}
		var files []struct{ FileID string }
		must(b, json.Unmarshal(body, &files))
		var sb strings.Builder
		for i, s := range serials {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, `{"serial":%q,"fault":"Display","problem":"Cracked or broken screen","notes":"Cracked in the field."}`, s)
		}
		submit := `{"rows":[` + sb.String() + `],` +
			`"contact":{"firstName":"Olivia","lastName":"Reyes","email":"olivia@fleetco.example","phone":"5125550142","phoneCountryCode":"US"},` +
			`"address":{"line1":"2100 Riverside Dr","city":"Austin","state":"TX","country":"US","postalCode":"78741"},` +
			`"packaging":{"kind":"OWN_BOXES","unitsPerBox":10},"acknowledgeHddBackup":true,` +
			`"paymentData":{"paymentMethod":"PO","customerPO":"PO-4521-12345","customerPOFileId":"` + files[0].FileID + `"}}`
		b.StartTimer()

		start := time.Now()
		code, body = p.do(b, http.MethodPost, "/rma-manager/batches", strings.NewReader(submit),
			"Content-Type", "application/json", "Idempotency-Key", fmt.Sprintf("bench-%d", run))
		if code != http.StatusAccepted {
			b.Fatalf("submit: %d %s", code, body)
		}
		var res struct {
			Batch struct {
				ID string
			}
		}
		must(b, json.Unmarshal(body, &res))
		id := res.Batch.ID
		var got struct {
			Status    string
			Summary   struct{ Created, Failed int }
			Documents *struct{ URL string }
		}
		for {
			code, body = p.do(b, http.MethodGet, "/rma-manager/batches/"+id, nil)
			if code != http.StatusOK {
				b.Fatalf("get: %d %s", code, body)
			}
			must(b, json.Unmarshal(body, &got))
			if got.Status == "COMPLETED" && got.Documents != nil {
				break
			}
			if time.Since(start) > 5*time.Minute {
				b.Fatalf("batch %s not completed after 5 minutes: %s", id, got.Status)
			}
			time.Sleep(50 * time.Millisecond)
		}
		elapsed := time.Since(start)
		b.StopTimer()
		if got.Summary.Created != rows || got.Summary.Failed != 0 {
			b.Fatalf("batch %s: %d created, %d failed", id, got.Summary.Created, got.Summary.Failed)
		}
		code, pdf := p.do(b, http.MethodGet, got.Documents.URL, nil)
		if code != http.StatusOK || !bytes.HasPrefix(pdf, []byte("%PDF")) {
			b.Fatalf("documents: %d", code)
		}
		mails, err := mail.Recent(context.Background(), p.gdb, "olivia@fleetco.example", 100)
		must(b, err)
		summaries := 0
		for _, m := range mails {
			if strings.Contains(m.Message.Subject, id) {
				summaries++
			}
		}
		if summaries != 1 {
			b.Fatalf("batch %s: %d summary e-mails, want 1", id, summaries)
		}
		b.ReportMetric(elapsed.Seconds(), "s/1000RMAs")
		run++
		b.StartTimer()
	}
}
