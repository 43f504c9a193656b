//go:build pact

// Package pacttest runs the provider side of the browser's Pact contracts: it serves a module's
// real Gin router on a loopback port and replays every interaction of the pacts written for that
// provider. Built only with the `pact` tag (it links the Pact FFI library); `make test-pact` runs
// each module's verification.
package pacttest

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/pact-foundation/pact-go/v2/provider"
)

// Verify replays the pacts for provider from $PACT_DIR against router. Bearer tokens the consumer
// recorded are replaced by token() (the consumer cannot know a valid one); requests recorded
// without a token stay without one.
func Verify(t *testing.T, providerName string, router http.Handler, states models.StateHandlers, token func() string) {
	t.Helper()
	dir := os.Getenv("PACT_DIR")
	if dir == "" {
		t.Fatal("PACT_DIR names the folder the consumer tests wrote")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*-"+providerName+".json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no pacts for %s in %s", providerName, dir)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: router}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })

	err = provider.NewVerifier().VerifyProvider(t, provider.VerifyRequest{
		Provider:        providerName,
		ProviderBaseURL: "http://" + ln.Addr().String(),
		PactFiles:       files,
		StateHandlers:   states,
		RequestFilter: func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
				if token != nil && strings.HasPrefix(req.Header.Get("Authorization"), "Bearer ") {
					req.Header.Set("Authorization", "Bearer "+token())
				}
				next.ServeHTTP(w, req)
			})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}
