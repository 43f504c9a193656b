package authnetsandbox

import (
	"encoding/json"
	"net/http"
)

type transactionDetailsRequest struct {
	TransID string `json:"transId"`
}

func (s *Sandbox) transactionDetails(w http.ResponseWriter, refID string, body json.RawMessage) {
	var req transactionDetailsRequest
	if err := json.Unmarshal(body, &req); err != nil {
		writeError(w, refID, errParse)
		return
	}
	if req.TransID == "" {
		writeError(w, refID, errMissing)
		return
	}
	s.mu.Lock()
	tx, found := s.txs[req.TransID]
	var details transactionDetails
	if found {
		details = tx.details()
	}
	s.mu.Unlock()
	if !found {
		writeError(w, refID, errNoTx)
		return
	}
	writeJSON(w, struct {
		RefID       string             `json:"refId,omitempty"`
		Messages    messages           `json:"messages"`
		Transaction transactionDetails `json:"transaction"`
	}{refID, ok, details})
}
