package paymentsdb_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

func migrated(t *testing.T, gdb *gorm.DB) *paymentsdb.Store {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	return paymentsdb.NewStore(gdb)
}

var t0 = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

func sampleQuote() payments.Quote {
	return payments.Quote{
		ID: payments.NewQuoteID(), Kind: payments.KindSaved, Owner: "usr_casey", Org: "Casey & Co", Serial: "RT10000002",
		Reference: payments.NewReference(), Amount: money.USD(289_00), Status: payments.StatusOpen,
		ExpiresAt: t0.Add(payments.QuoteValidity), CreatedAt: t0, UpdatedAt: t0,
		Saved: payments.SavedQuote{
			Shipping: payments.QuoteShipping{
				Address: payments.QuoteAddress{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
				Contact: payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com", PhoneNumber: "+15125550142", PhoneCountryCode: "US"},
			},
			ExternalResource: payments.ExternalResource{Serial: "RT10000002", RMAInput: map[string]any{"primaryFault": "Display", "problem": "Cracked or broken screen"}},
			Total:            money.USD(289_00),
		},
	}
}

func TestIntegrationQuotes_RoundTripEveryField(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		q := sampleQuote()
		require.NoError(t, s.CreateQuote(t.Context(), q))
		got, err := s.QuoteByID(t.Context(), q.ID)
		require.NoError(t, err)
		require.Equal(t, q, got)

		_, err = s.QuoteByID(t.Context(), "QT-UNKNOWN")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound)
		require.Error(t, s.CreateQuote(t.Context(), q), "a uid is used once")
	})
}

func TestIntegrationQuotes_OfTwoStatusChangesFromOpenOneWins(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		q := sampleQuote()
		require.NoError(t, s.CreateQuote(t.Context(), q))
		var wins, lost atomic.Int32
		var wg sync.WaitGroup
		for _, to := range []payments.QuoteStatus{payments.StatusPaid, payments.StatusCancelled, payments.StatusPaid, payments.StatusCancelled} {
			wg.Go(func() {
				next, err := q.Transition(to, t0.Add(time.Minute))
				require.NoError(t, err)
				switch err := s.SetQuoteStatus(t.Context(), next, payments.StatusOpen); {
				case err == nil:
					wins.Add(1)
				case errors.Is(err, payments.ErrQuoteChanged):
					lost.Add(1)
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		require.Equal(t, int32(1), wins.Load())
		require.Equal(t, int32(3), lost.Load())
		got, err := s.QuoteByID(t.Context(), q.ID)
		require.NoError(t, err)
		require.NotEqual(t, payments.StatusOpen, got.Status)
		require.Equal(t, t0.Add(time.Minute), got.UpdatedAt)
	})
}

func TestIntegrationEventLog_ClaimsEachEventOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		var firsts atomic.Int32
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				first, err := s.Claim(t.Context(), "paypal", "WH-1")
				require.NoError(t, err)
				if first {
					firsts.Add(1)
				}
			})
		}
		wg.Wait()
		require.Equal(t, int32(1), firsts.Load(), "concurrent deliveries of one event: one handles it")

		first, err := s.Claim(t.Context(), "authnet", "WH-1")
		require.NoError(t, err)
		require.True(t, first, "event ids are per provider")

		// A claim inside a transaction that rolls back is not kept: the event is handled again.
		tx := db.NewTransactor(gdb)
		boom := errors.New("the change the event causes failed")
		err = tx.InTx(t.Context(), func(ctx context.Context) error {
			first, err := s.Claim(ctx, "paypal", "WH-2")
			require.NoError(t, err)
			require.True(t, first)
			return boom
		})
		require.ErrorIs(t, err, boom)
		first, err = s.Claim(t.Context(), "paypal", "WH-2")
		require.NoError(t, err)
		require.True(t, first)
	})
}

// rmas is the rma module as a service quote sees it, for these tests: two RMAs of two owners.
type rmas map[string]payments.ServiceRMA

func (r rmas) ServiceRMA(_ context.Context, number string) (payments.ServiceRMA, error) {
	if x, ok := r[number]; ok {
		return x, nil
	}
	return payments.ServiceRMA{}, payments.ErrRMANotFound
}

var demoRMAs = rmas{
	"RMA-100501": {Number: "RMA-100501", Owner: "usr_casey", Org: "Casey & Co", Serial: "RT10000002",
		Address: payments.QuoteAddress{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Contact: payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com"}},
}

type failingMailer struct{}

func (failingMailer) Enqueue(context.Context, mail.Message) error { return errors.New("outbox down") }

func quotes(gdb *gorm.DB, s *paymentsdb.Store, mailer payments.Mailer, now time.Time) *payments.Quotes {
	return payments.NewQuotes(payments.QuotesDeps{
		Store: s, Tx: db.NewTransactor(gdb), RMAs: demoRMAs, Mail: mailer,
		PublicURL: "https://service.example/", Log: testkit.Quiet(), Now: func() time.Time { return now },
	})
}

func TestIntegrationIssueServiceQuote_StoresTheQuoteAndMailsTheLinkTogether(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		svc := quotes(gdb, s, mail.NewOutbox(gdb), t0.Add(1_234_567*time.Nanosecond))
		q, err := svc.IssueServiceQuote(t.Context(), payments.ServiceQuoteRequest{
			RMANumber: " rma-100501 ", AmountCents: 189_50, Note: "  The display assembly needs replacing. ", IssuedBy: "usr_adam",
		})
		require.NoError(t, err)
		require.Equal(t, payments.KindService, q.Kind)
		require.Equal(t, "usr_casey", q.Owner, "the RMA's customer owns the quote")
		require.Equal(t, "Casey & Co", q.Org, "the quote is the organization's the RMA was opened under")
		require.Equal(t, "RMA-100501", q.RMANumber)
		require.Equal(t, money.USD(189_50), q.Amount)
		require.Equal(t, money.USD(189_50), q.Saved.Total)
		require.Equal(t, "casey@example.com", q.Saved.Shipping.Contact.EmailAddress)
		require.Equal(t, t0.Add(1234*time.Microsecond+payments.QuoteValidity), q.ExpiresAt, "to the microsecond PostgreSQL keeps")
		require.Equal(t, "The display assembly needs replacing.", q.Note)

		stored, err := s.QuoteByID(t.Context(), q.ID)
		require.NoError(t, err)
		require.Equal(t, q, stored)

		sent, err := mail.Recent(t.Context(), gdb, "casey@example.com", 10)
		require.NoError(t, err)
		require.Len(t, sent, 1)
		require.Equal(t, "Service quote for RMA RMA-100501", sent[0].Message.Subject)
		text := sent[0].Message.Text
		require.Contains(t, text, "https://service.example/pay-quote/"+q.ID+"/"+q.Reference+"\n")
		require.Contains(t, text, "$189.50")
		require.Contains(t, text, "The display assembly needs replacing.")
		require.Contains(t, text, "valid until Dec 23 2026")
	})
}

func TestIntegrationIssueServiceQuote_RefusesWithoutWritingAnything(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		tests := []struct {
			name    string
			mailer  payments.Mailer
			req     payments.ServiceQuoteRequest
			wantErr string
		}{
			{"unknown rma", mail.NewOutbox(gdb), payments.ServiceQuoteRequest{RMANumber: "RMA-999999", AmountCents: 100}, "There is no RMA with this number."},
			{"no amount", mail.NewOutbox(gdb), payments.ServiceQuoteRequest{RMANumber: "RMA-100501"}, "Some fields are invalid."},
			{"outbox fails", failingMailer{}, payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: 100}, "outbox down"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := quotes(gdb, s, tt.mailer, t0).IssueServiceQuote(t.Context(), tt.req)
				require.ErrorContains(t, err, tt.wantErr)
			})
		}
		var n int64
		require.NoError(t, gdb.Table("payments_quotes").Count(&n).Error)
		require.Zero(t, n, "no quote without its e-mail")
		sent, err := mail.Recent(t.Context(), gdb, "", 10)
		require.NoError(t, err)
		require.Empty(t, sent)
	})
}

func TestIntegrationQuoteDetails_OnlyTheOwnerSeesTheQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		q := sampleQuote()
		require.NoError(t, s.CreateQuote(t.Context(), q))
		tests := []struct {
			name       string
			owner, id  string
			at         time.Time
			wantStatus payments.QuoteStatus
			wantErr    error
		}{
			{"owner", "usr_casey", q.ID, t0, payments.StatusOpen, nil},
			{"owner, id with spaces", "usr_casey", " " + q.ID + " ", t0, payments.StatusOpen, nil},
			{"owner after expiry", "usr_casey", q.ID, q.ExpiresAt, payments.StatusExpired, nil},
			{"someone else", "usr_olivia", q.ID, t0, "", payments.ErrQuoteNotFound},
			{"nobody", "", q.ID, t0, "", payments.ErrQuoteNotFound},
			{"unknown id", "usr_casey", "QT-AAAAAAAAAAAA", t0, "", payments.ErrQuoteNotFound},
			{"id case matters", "usr_casey", strings.ToLower(q.ID), t0, "", payments.ErrQuoteNotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := quotes(gdb, s, mail.NewOutbox(gdb), tt.at).Details(t.Context(), tt.owner, tt.id)
				if tt.wantErr != nil {
					require.ErrorIs(t, err, tt.wantErr)
					require.Equal(t, payments.Quote{}, got)
					return
				}
				require.NoError(t, err)
				require.Equal(t, tt.wantStatus, got.Status)
				require.Equal(t, q.Saved, got.Saved)
			})
		}
	})
}

func TestIntegrationQuotes_PaymentFieldsRoundTripAndMarkPaidOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		q := sampleQuote()
		require.NoError(t, s.CreateQuote(t.Context(), q))

		paidAt := t0.Add(time.Hour + 1234*time.Microsecond)
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Go(func() {
				won, err := s.MarkPaid(t.Context(), q.ID, payments.Payment{
					Method: payments.MethodPayPal, ProviderRef: "ORDER-" + string(rune('A'+i)), CaptureID: "CAPTURE", PaidAt: paidAt,
				})
				require.NoError(t, err)
				if won {
					wins.Add(1)
				}
			})
		}
		wg.Wait()
		require.Equal(t, int32(1), wins.Load(), "of racing payments one moves the quote to paid")
		got, err := s.QuoteByID(t.Context(), q.ID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusPaid, got.Status)
		require.Equal(t, payments.MethodPayPal, got.Method)
		require.Equal(t, "CAPTURE", got.CaptureID)
		require.Regexp(t, `^ORDER-[A-F]$`, got.ProviderRef)
		require.Equal(t, &paidAt, got.PaidAt)
		require.Equal(t, paidAt, got.UpdatedAt)

		won, err := s.MarkPaid(t.Context(), "QT-UNKNOWN", payments.Payment{Method: payments.MethodPO, PaidAt: paidAt})
		require.NoError(t, err)
		require.False(t, won, "an unknown quote is paid by nobody")

		po := sampleQuote()
		po.Method, po.CustomerPO, po.ProviderRef = payments.MethodPO, "PO-7781-1234", ""
		require.NoError(t, s.CreateQuote(t.Context(), po))
		stored, err := s.QuoteByID(t.Context(), po.ID)
		require.NoError(t, err)
		require.Equal(t, po, stored, "every payment field round-trips")
	})
}

func TestIntegrationQuotes_OfAnRMAAndItsTakeOver(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		saved := sampleQuote()
		require.NoError(t, s.CreateQuote(t.Context(), saved))
		service := sampleQuote()
		service.Kind, service.RMANumber = payments.KindService, "RMA-900001"
		require.NoError(t, s.CreateQuote(t.Context(), service))

		_, err := s.QuoteOfRMA(t.Context(), "usr_casey", "RMA-900001")
		require.ErrorIs(t, err, payments.ErrQuoteNotFound, "a service quote is not the quote an RMA is paid through")

		var wins atomic.Int32
		var wg sync.WaitGroup
		for _, number := range []string{"RMA-900001", "RMA-900002", "RMA-900003"} {
			wg.Go(func() {
				switch err := s.AttachRMA(t.Context(), saved.ID, number, t0.Add(time.Minute)); {
				case err == nil:
					wins.Add(1)
				case !errors.Is(err, payments.ErrQuoteChanged):
					t.Error(err)
				}
			})
		}
		wg.Wait()
		require.Equal(t, int32(1), wins.Load(), "one RMA takes a saved quote over")
		got, err := s.QuoteByID(t.Context(), saved.ID)
		require.NoError(t, err)
		ofRMA, err := s.QuoteOfRMA(t.Context(), "usr_casey", got.RMANumber)
		require.NoError(t, err)
		require.Equal(t, got, ofRMA)
		for _, tt := range []struct{ owner, number string }{{"usr_olivia", got.RMANumber}, {"", got.RMANumber}, {"usr_casey", ""}} {
			_, err := s.QuoteOfRMA(t.Context(), tt.owner, tt.number)
			require.ErrorIs(t, err, payments.ErrQuoteNotFound)
		}

		require.NoError(t, s.SetProviderRef(t.Context(), saved.ID, payments.MethodPayPal, "5O190127TN364715T", t0.Add(2*time.Minute)))
		got, err = s.QuoteByID(t.Context(), saved.ID)
		require.NoError(t, err)
		require.Equal(t, "5O190127TN364715T", got.ProviderRef)
		next, err := got.Transition(payments.StatusCancelled, t0.Add(3*time.Minute))
		require.NoError(t, err)
		require.NoError(t, s.SetQuoteStatus(t.Context(), next, payments.StatusOpen))
		require.ErrorIs(t, s.SetProviderRef(t.Context(), saved.ID, payments.MethodPayPal, "OTHER", t0), payments.ErrQuoteChanged,
			"a cancelled quote starts no payment")
	})
}

func TestIntegrationEventLog_ClaimEventNotesTypeAndQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		ev := payments.WebhookEvent{Provider: "paypal", ID: "WH-9", Type: "PAYMENT.CAPTURE.REFUNDED", QuoteID: "QT-ABCDEFGHIJKL"}
		first, err := s.ClaimEvent(t.Context(), ev, t0)
		require.NoError(t, err)
		require.True(t, first)
		first, err = s.ClaimEvent(t.Context(), ev, t0)
		require.NoError(t, err)
		require.False(t, first, "a replay")
		first, err = s.Claim(t.Context(), "paypal", "WH-9")
		require.NoError(t, err)
		require.False(t, first, "Claim and ClaimEvent share the log")
		var row struct{ EventType, QuoteID string }
		require.NoError(t, gdb.Table("payments_events").Where("provider = ? AND event_id = ?", "paypal", "WH-9").Take(&row).Error)
		require.Equal(t, "PAYMENT.CAPTURE.REFUNDED", row.EventType)
		require.Equal(t, "QT-ABCDEFGHIJKL", row.QuoteID)
	})
}
