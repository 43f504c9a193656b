package payments_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
)

var t0 = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func quoteIn(status payments.QuoteStatus) payments.Quote {
	return payments.Quote{ID: "QT-1", Status: status, ExpiresAt: t0.Add(payments.QuoteValidity), CreatedAt: t0, UpdatedAt: t0}
}

func TestQuoteStatusAt_AnOpenQuoteExpiresAtItsExpiry(t *testing.T) {
	expiry := t0.Add(payments.QuoteValidity)
	tests := []struct {
		name   string
		stored payments.QuoteStatus
		at     time.Time
		want   payments.QuoteStatus
	}{
		{"open before expiry", payments.StatusOpen, expiry.Add(-time.Nanosecond), payments.StatusOpen},
		{"open at expiry", payments.StatusOpen, expiry, payments.StatusExpired},
		{"open after expiry", payments.StatusOpen, expiry.Add(time.Hour), payments.StatusExpired},
		{"paid stays paid after expiry", payments.StatusPaid, expiry.Add(time.Hour), payments.StatusPaid},
		{"cancelled stays cancelled", payments.StatusCancelled, expiry.Add(time.Hour), payments.StatusCancelled},
		{"expired stays expired", payments.StatusExpired, t0, payments.StatusExpired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, quoteIn(tt.stored).StatusAt(tt.at))
		})
	}
}

func TestQuoteTransition_OnlyAnOpenQuoteChangesAndOnlyOnce(t *testing.T) {
	later := t0.Add(time.Hour)
	afterExpiry := t0.Add(payments.QuoteValidity)
	tests := []struct {
		name    string
		from    payments.QuoteStatus
		to      payments.QuoteStatus
		at      time.Time
		wantErr error
	}{
		{"open is paid", payments.StatusOpen, payments.StatusPaid, later, nil},
		{"open is cancelled", payments.StatusOpen, payments.StatusCancelled, later, nil},
		{"open past expiry is written down as expired", payments.StatusOpen, payments.StatusExpired, afterExpiry, nil},
		{"open before expiry cannot be expired", payments.StatusOpen, payments.StatusExpired, later, payments.ErrQuoteNotExpired},
		{"open past expiry cannot be paid", payments.StatusOpen, payments.StatusPaid, afterExpiry, payments.ErrQuoteExpired},
		{"open past expiry cannot be cancelled", payments.StatusOpen, payments.StatusCancelled, afterExpiry, payments.ErrQuoteExpired},
		{"paid cannot be paid again", payments.StatusPaid, payments.StatusPaid, later, payments.ErrAlreadyPaid},
		{"paid cannot be cancelled", payments.StatusPaid, payments.StatusCancelled, later, payments.ErrAlreadyPaid},
		{"paid does not expire", payments.StatusPaid, payments.StatusExpired, afterExpiry, payments.ErrAlreadyPaid},
		{"cancelled cannot be paid", payments.StatusCancelled, payments.StatusPaid, later, payments.ErrQuoteCancelled},
		{"expired cannot be paid", payments.StatusExpired, payments.StatusPaid, later, payments.ErrQuoteExpired},
		{"expired is not expired twice", payments.StatusExpired, payments.StatusExpired, afterExpiry, payments.ErrQuoteExpired},
		{"nothing goes back to open", payments.StatusOpen, payments.StatusOpen, later, payments.ErrQuoteStatus},
		{"unknown status", payments.StatusOpen, payments.QuoteStatus("refunded"), later, payments.ErrQuoteStatus},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := quoteIn(tt.from)
			got, err := q.Transition(tt.to, tt.at)
			if tt.wantErr != nil {
				require.ErrorIs(t, err, tt.wantErr)
				require.Equal(t, q, got, "a refused change changes nothing")
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.to, got.Status)
			require.Equal(t, tt.at, got.UpdatedAt)
		})
	}
}

func TestQuoteRefusals_SayWhyInWords(t *testing.T) {
	for err, want := range map[error]string{
		payments.ErrAlreadyPaid:    "This quote has already been paid.",
		payments.ErrQuoteCancelled: "This quote was cancelled and can no longer be paid.",
		payments.ErrQuoteExpired:   "This quote has expired. Please contact support for a new quote.",
		payments.ErrQuoteNotFound:  "Quote not found",
	} {
		f, ok := fault.As(err)
		require.True(t, ok)
		require.Equal(t, want, f.Message)
	}
}

func TestValidateServiceQuote(t *testing.T) {
	tests := []struct {
		name       string
		req        payments.ServiceQuoteRequest
		wantFields map[string]string
	}{
		{"valid", payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: 189_00}, nil},
		{"one cent", payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: 1}, nil},
		{"the ceiling", payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: payments.ServiceAmountMaxCents}, nil},
		{"zero", payments.ServiceQuoteRequest{RMANumber: "RMA-100501"}, map[string]string{"amountCents": "Must be more than 0.00"}},
		{"negative", payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: -5}, map[string]string{"amountCents": "Must be more than 0.00"}},
		{"above the ceiling", payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: payments.ServiceAmountMaxCents + 1},
			map[string]string{"amountCents": "Must be at most 100000.00"}},
		{"no rma", payments.ServiceQuoteRequest{RMANumber: "  ", AmountCents: 100}, map[string]string{"rmaNumber": "Required"}},
		{"note too long", payments.ServiceQuoteRequest{RMANumber: "RMA-1", AmountCents: 100, Note: strings.Repeat("é", payments.NoteMax+1)},
			map[string]string{"note": "Must be less than 1001 characters"}},
		{"note at the limit", payments.ServiceQuoteRequest{RMANumber: "RMA-1", AmountCents: 100, Note: strings.Repeat("é", payments.NoteMax)}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := payments.ValidateServiceQuote(tt.req)
			if tt.wantFields == nil {
				require.NoError(t, err)
				return
			}
			f, ok := fault.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, tt.wantFields, f.Fields)
		})
	}
}

func TestNewQuoteID_FitsAnAuthorizeNetInvoiceNumber(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := payments.NewQuoteID()
		require.Regexp(t, `^QT-[A-Z2-7]{12}$`, id)
		require.LessOrEqual(t, len(id), 20)
		require.False(t, seen[id])
		seen[id] = true
		require.Len(t, payments.NewReference(), 26)
	}
}
