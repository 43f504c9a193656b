package authnetsandbox

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"io"
	"net/http"
)

// maxRequestBytes bounds a request.api body; a hosted page request is about two kilobytes.
const maxRequestBytes = 64 << 10

// bom starts every JSON answer of request.api.
var bom = []byte{0xEF, 0xBB, 0xBF}

type message struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

type messages struct {
	ResultCode string    `json:"resultCode"`
	Message    []message `json:"message"`
}

var ok = messages{ResultCode: "Ok", Message: []message{{Code: "I00001", Text: "Successful."}}}

// apiError is a refusal in Authorize.net's shape.
type apiError struct{ code, text string }

var (
	errParse   = apiError{"E00003", "An error occurred while parsing the JSON request."}
	errMethod  = apiError{"E00004", "The name of the requested API method is invalid."}
	errAuth    = apiError{"E00007", "User authentication failed due to invalid authentication values."}
	errMissing = apiError{"E00014", "Transaction ID is required."}
	errNoTx    = apiError{"E00040", "The record cannot be found."}
)

func invalid(field string) apiError { return apiError{"E00013", field + " is invalid."} }

func tooLong(field string) apiError {
	return apiError{"E00015", "The field length is invalid for " + field + "."}
}

type merchantAuthentication struct {
	Name           string `json:"name"`
	TransactionKey string `json:"transactionKey"`
}

// header is what every request carries before its own elements.
type header struct {
	MerchantAuthentication *merchantAuthentication `json:"merchantAuthentication"`
	RefID                  string                  `json:"refId"`
}

// requestAPI is xml/v1/request.api: one JSON object whose single key names the method. Every
// answer, error or not, is HTTP 200 with a byte-order mark, as Authorize.net's are.
func (s *Sandbox) requestAPI(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequestBytes))
	if err != nil {
		writeError(w, "", errParse)
		return
	}
	var envelope map[string]json.RawMessage
	if err := json.Unmarshal(bytes.TrimPrefix(raw, bom), &envelope); err != nil || len(envelope) != 1 {
		writeError(w, "", errParse)
		return
	}
	for method, body := range envelope {
		var h header
		if err := json.Unmarshal(body, &h); err != nil {
			writeError(w, "", errParse)
			return
		}
		if !s.authenticated(h.MerchantAuthentication) {
			writeError(w, h.RefID, errAuth)
			return
		}
		switch method {
		case "getHostedPaymentPageRequest":
			s.hostedPaymentPage(w, h.RefID, body)
		case "getTransactionDetailsRequest":
			s.transactionDetails(w, h.RefID, body)
		case "getUnsettledTransactionListRequest":
			s.unsettledList(w, h.RefID, body)
		case "createTransactionRequest":
			s.createTransaction(w, h.RefID, body)
		default:
			writeError(w, h.RefID, errMethod)
		}
	}
}

func (s *Sandbox) authenticated(a *merchantAuthentication) bool {
	if a == nil {
		return false
	}
	name := subtle.ConstantTimeCompare([]byte(a.Name), []byte(s.cfg.LoginID))
	key := subtle.ConstantTimeCompare([]byte(a.TransactionKey), []byte(s.cfg.TransactionKey))
	return name&key == 1
}

func writeError(w http.ResponseWriter, refID string, e apiError) {
	writeJSON(w, struct {
		RefID    string   `json:"refId,omitempty"`
		Messages messages `json:"messages"`
	}{refID, messages{ResultCode: "Error", Message: []message{{Code: e.code, Text: e.text}}}})
}

func writeJSON(w http.ResponseWriter, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the answer failed", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(append(append([]byte{}, bom...), body...))
}

func ptr(e apiError) *apiError { return &e }
