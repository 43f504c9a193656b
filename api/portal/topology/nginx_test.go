package topology

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/portal/compose"
)

// TestNginx_RoutesLikeTheIngress runs the real proxy in front of one stand-in upstream per domain
// that answers with its own name, and checks Kubernetes' Prefix semantics: exact path or whole
// path elements, longest prefix first.
func TestNginx_RoutesLikeTheIngress(t *testing.T) {
	nginx, err := exec.LookPath("nginx")
	if err != nil {
		nginx = "/usr/sbin/nginx"
	}
	require.FileExists(t, nginx, "nginx comes from Debian's packages (make system-deps)")

	var upstreams []Upstream
	for _, r := range compose.Routes() {
		name := r.Service
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			io.WriteString(w, name+" "+req.Header.Get("X-Forwarded-For"))
		}))
		t.Cleanup(srv.Close)
		upstreams = append(upstreams, Upstream{Service: name, Addr: strings.TrimPrefix(srv.URL, "http://")})
	}
	port, err := newPortPicker().next()
	require.NoError(t, err)
	listen := "127.0.0.1:" + strconv.Itoa(port)
	r := &Running{exited: make(chan struct{}), stopping: make(chan struct{})}
	t.Cleanup(r.Stop)
	o := Options{Nginx: nginx, Listen: listen, Dir: t.TempDir(), Output: testWriter{t}}
	require.NoError(t, os.Chmod(o.Dir, 0o755))
	require.NoError(t, r.startProxy(o, compose.Routes(), upstreams))
	require.NoError(t, waitReady(t.Context(), "http://"+listen+"/healthz", 10*time.Second, r.exited))

	tests := map[string]string{
		"/me":                                    "identity",
		"/media/logo.png":                        "web",
		"/idp/.well-known/openid-configuration":  "identity",
		"/rma-manager/rma/verify-serial":         "repair",
		"/rma-manager":                           "repair",
		"/rma-manager/rma/recycle":               "recycle",
		"/rma-manager/rma/recycle/x":             "recycle",
		"/rma-manager/rma/recycled":              "repair",
		"/rma-manager/rma/history":               "account",
		"/rma-manager/rma/historyx":              "repair",
		"/rma-manager/rma/details":               "account",
		"/rma-manager/rma/repair-summary":        "account",
		"/rma-manager/rma/create":                "repair",
		"/account-mgr/user":                      "account",
		"/gss-dashboard/stream-app":              "account",
		"/parts-manager/parts":                   "parts",
		"/parts-managerx":                        "web",
		"/contact-form":                          "support",
		"/contact-formal":                        "web",
		"/admin/reports/QUERY_RMA_WARNING":       "support",
		"/admin/other":                           "web",
		"/fn/LocationsAPI/countries":             "geo",
		"/shipping/documents/abc":                "shipping",
		"/bucket-uploader/upload-rma-attachment": "uploads",
		"/graphql":                               "graphql",
		"/payments/quote/details":                "payments",
		"/paymentsx":                             "web",
		"/sandbox/paypal/checkoutnow":            "payments",
		"/sandbox/authnet/payment/payment":       "payments",
		"/pay-quote/Q1/abc":                      "web",
		"/":                                      "web",
		"/create-rma/RT10000001":                 "web",
	}
	for path, want := range tests {
		resp, err := http.Get("http://" + listen + path)
		require.NoError(t, err, path)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got := strings.Fields(string(body))
		require.Equal(t, want, got[0], path)
		require.Equal(t, "127.0.0.1", got[1], "the client's address reaches the process")
	}
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}
