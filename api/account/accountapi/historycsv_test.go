package accountapi_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/account/accounttest"
	"rugged.example/portal/api/rma/rma"
)

// manyRMAs gives casey n more RMAs, enough for the download to flush rows before it ends.
func manyRMAs(h *harness, n int) {
	for i := range n {
		h.RMAs.Add(accounttest.RMA{RMA: rma.RMA{
			UID: fmt.Sprintf("UIDMANY%05d", i), Number: fmt.Sprintf("RMA-2%05d", i), Owner: "usr_casey", Serial: "RT10000001",
			Model: "RL14", Type: "REPAIR", Status: rma.StatusReceived, CreatedAt: accounttest.Now.AddDate(0, 0, -30).Add(time.Duration(i) * time.Minute),
		}})
	}
}

func download(t *testing.T, srv *httptest.Server, token string) (*http.Response, []byte, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+accountapi.HistoryPath+"?isDownload=true", nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := srv.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp, body, err
}

// A download the database fails midway must not end like a complete file: the connection is cut
// and the browser reports a failed download.
func TestHistory_CSVCutShortFailsTheTransfer(t *testing.T) {
	h := newHarness(t)
	manyRMAs(h, 500)
	h.RMAs.EachFails, h.RMAs.EachFailsAfter = errors.New("connection reset by the database"), 450
	srv := httptest.NewServer(h.r)
	t.Cleanup(srv.Close)

	resp, body, err := download(t, srv, h.Customer(t, "usr_casey"))
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NotEmpty(t, body, "rows went out before the failure")
	require.ErrorIs(t, err, io.ErrUnexpectedEOF, "the transfer fails instead of ending cleanly")
}

// A failure before any row went out answers as any failed request does.
func TestHistory_CSVFailingAtOnceIsAnError(t *testing.T) {
	h := newHarness(t)
	h.RMAs.EachFails = errors.New("database down")
	w := h.do(t, http.MethodGet, accountapi.HistoryPath+"?isDownload=true", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusInternalServerError, w.Code)
	require.Equal(t, "internal", decode[errorBody](t, w).Error)
	require.Empty(t, w.Header().Get("Content-Disposition"))
}

// A client that stops reading must not hold the download's database connection: the rows go out
// under a write deadline.
func TestHistory_CSVWritesUnderADeadline(t *testing.T) {
	h := newHarness(t)
	manyRMAs(h, 500)
	r, rec := recordDeadlines(h, time.Second)
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)

	resp, _, err := download(t, srv, h.Customer(t, "usr_casey"))
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.GreaterOrEqual(t, rec.future(), 3, "the first bytes and every flush of 200 rows had a deadline")
}
