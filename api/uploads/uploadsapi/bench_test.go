package uploadsapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsapi"
	"rugged.example/portal/api/uploads/uploadstest"
)

// BenchmarkUpload streams one video through the real handler (JWT check, multipart reading,
// sniffing, the local-disk bucket) and reports the bytes allocated per upload. They stay the
// same whether the file is 1 MB or 50 MB: files stream, they are never held in memory.
//
//	cd api/uploads && GOWORK=off go test -run '^$' -bench Upload -benchtime 10x ./uploadsapi/
func BenchmarkUpload(b *testing.B) {
	for _, size := range []int64{1 << 20, 50 << 20} {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			h := newHarness(b)
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				w := h.upload(h.casey, uploadstest.Part{Name: "ride.mp4", Content: uploadstest.Video(size)})
				if w.Code != http.StatusOK {
					b.Fatalf("status %d: %s", w.Code, w.Body)
				}
				b.StopTimer()
				var got []uploadsapi.UploadedFile
				if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || len(got) != 1 {
					b.Fatalf("body %s: %v", w.Body, err)
				}
				if w := h.remove(h.casey, got[0].BucketFileName); w.Code != http.StatusNoContent {
					b.Fatalf("remove: %d", w.Code)
				}
				b.StartTimer()
			}
		})
	}
}

// BenchmarkUploadPO streams one purchase-order PDF through the real handler; its bytes per
// upload stay the same at 1 MB and at the 10 MB limit.
//
//	cd api/uploads && go test -run '^$' -bench UploadPO -benchtime 10x ./uploadsapi/
func BenchmarkUploadPO(b *testing.B) {
	for _, size := range []int64{1 << 20, uploads.MaxPOFileSize} {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			h := newHarness(b)
			b.ReportAllocs()
			b.SetBytes(size)
			for b.Loop() {
				res := h.uploadPO(h.casey, uploadstest.Part{Field: "file", Name: "po.pdf", Content: uploadstest.PDFOfSize(size)})
				if res.StatusCode != http.StatusOK {
					b.Fatalf("status %d", res.StatusCode)
				}
			}
		})
	}
}
