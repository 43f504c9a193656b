package authnet

import (
	"errors"
	"fmt"

	"rugged.example/portal/api/payments/payments"
)

// The client answers with payments' sentinels, so callers match one set whichever provider took
// the money: payments.ErrDeclined (E00027, a declined or voided transaction),
// payments.ErrNotFound (E00040), payments.ErrPending (a transaction held for review),
// payments.ErrAmountMismatch, payments.ErrWebhookUnverified and payments.ErrProviderUnavailable
// (the network, HTTP 5xx, E00001, an unreadable answer). The sentinels below are Authorize.net's
// own refinements; each still matches the payments sentinel it wraps, if any.
var (
	// ErrAuthentication is a login id or transaction key the gateway does not accept (E00007 and
	// kin): the portal's configuration, never the customer's doing.
	ErrAuthentication = fmt.Errorf("authnet: merchant authentication failed: %w", payments.ErrProviderUnavailable)
	// ErrInvalidRequest is a request the gateway refused as malformed or out of range (E00003,
	// E00013 …) or that the client refused before sending: a bug of the caller's, not the
	// customer's, so it carries no public message.
	ErrInvalidRequest = errors.New("authnet: invalid request")
	// ErrNotCaptured is a transaction that did not take the money and never will (voided,
	// expired, failed review, a gateway error); the customer may pay again.
	ErrNotCaptured = fmt.Errorf("authnet: transaction is not captured: %w", payments.ErrDeclined)
	// ErrInvoiceMismatch is a transaction for another invoice number, that is another quote.
	ErrInvoiceMismatch = errors.New("authnet: transaction belongs to another invoice number")
)

// APIError is a response whose messages.resultCode is Error. Code and Text are the gateway's
// first message; errors.Is matches the sentinel the code maps to (KindOf).
type APIError struct {
	Code string
	Text string
	kind error
}

func (e *APIError) Error() string { return fmt.Sprintf("authnet: %s %s", e.Code, e.Text) }

// Unwrap returns the sentinel of the code.
func (e *APIError) Unwrap() error { return e.kind }

// codeKinds maps the documented result codes this client can meet to what they mean for it.
var codeKinds = map[string]error{
	"E00005": ErrAuthentication, // the transaction key is invalid or not present
	"E00007": ErrAuthentication, // invalid authentication values
	"E00008": ErrAuthentication, // the account or API user is inactive
	"E00010": ErrAuthentication, // the user lacks the permission
	"E00011": ErrAuthentication, // access denied for this API method
	"E00027": payments.ErrDeclined,
	"E00040": payments.ErrNotFound,
	"E00003": ErrInvalidRequest,               // the request could not be parsed
	"E00004": ErrInvalidRequest,               // unknown API method
	"E00013": ErrInvalidRequest,               // a field is invalid
	"E00014": ErrInvalidRequest,               // a required field is missing
	"E00015": ErrInvalidRequest,               // a field's length is invalid
	"E00016": ErrInvalidRequest,               // a field's type is invalid
	"E00001": payments.ErrProviderUnavailable, // an error occurred during processing
	"E00053": payments.ErrProviderUnavailable, // the server is too busy
	"E00104": payments.ErrProviderUnavailable, // the server is in maintenance
}

// KindOf returns the sentinel an Authorize.net result code maps to; a code the client does not
// know is payments.ErrProviderUnavailable, the gateway answering something unexpected.
func KindOf(code string) error {
	if kind, ok := codeKinds[code]; ok {
		return kind
	}
	return payments.ErrProviderUnavailable
}

// checkResult turns a response's messages into nil (resultCode Ok) or an *APIError.
func checkResult(m messages) error {
	switch m.ResultCode {
	case "Ok":
		return nil
	case "Error":
		if len(m.Message) == 0 {
			return fmt.Errorf("%w: authnet: resultCode Error without a message", payments.ErrProviderUnavailable)
		}
		first := m.Message[0]
		return &APIError{Code: first.Code, Text: first.Text, kind: KindOf(first.Code)}
	default:
		return fmt.Errorf("%w: authnet: resultCode %q", payments.ErrProviderUnavailable, m.ResultCode)
	}
}
