//go:build pact

package paymentspact

import (
	"context"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsapi"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/payments/paymentstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
)

// The provider states of the contract (issue 8), word for word.
const (
	stateOpenServiceQuote = "casey has an open service quote QT-PACTSERVICE1 with reference pactreference"
	statePaidByCard       = "casey paid service quote QT-PACTSERVICE2 by card"
)

// noRMAs answers every RMA number as unknown: no interaction issues a service quote.
type noRMAs struct{}

func (noRMAs) ServiceRMA(context.Context, string) (payments.ServiceRMA, error) {
	return payments.ServiceRMA{}, payments.ErrRMANotFound
}

// Interactions without a state (an unknown quote, a call without a token) need no data.
func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	store := paymentsdb.NewStore(gdb)
	providers := paymentstest.New(t)
	pp, an := providers.Gateways()
	tx, outbox := db.NewTransactor(gdb), mail.NewOutbox(gdb)
	checkout := payments.NewCheckout(payments.CheckoutDeps{
		Store: store, Tx: tx, Mail: outbox, PayPal: pp, AuthNet: an, PublicURL: providers.URL, Log: log,
	})
	quotes := payments.NewQuotes(payments.QuotesDeps{Store: store, Tx: tx, RMAs: noRMAs{}, Mail: outbox, PublicURL: providers.URL, Log: log})

	states := models.StateHandlers{
		stateOpenServiceQuote: func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, putQuote(t.Context(), gdb, store, serviceQuote("QT-PACTSERVICE1", func(*payments.Quote) {}))
		},
		statePaidByCard: func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, putQuote(t.Context(), gdb, store, serviceQuote("QT-PACTSERVICE2", func(q *payments.Quote) {
				paidAt := q.CreatedAt.Add(time.Hour)
				q.Status, q.Method, q.ProviderRef, q.PaidAt, q.UpdatedAt = payments.StatusPaid, payments.MethodAuthNet, "60000000001", &paidAt, paidAt
			}))
		},
	}

	gin.SetMode(gin.ReleaseMode)
	signer := authtest.NewSigner(t)
	r := gin.New()
	paymentsapi.Routes(r, auth.NewGuard(signer.Verifier(), log), paymentsapi.Deps{Quotes: quotes, Checkout: checkout, Webhooks: providers.Webhooks()}, log)
	providers.Serve(r)
	pacttest.Verify(t, "portal-payments-api", r, states, func() string { return signer.Customer(t, "casey") })
}

// serviceQuote is a service quote of casey's for RMA-100501 as staff issue it, changed by mutate.
func serviceQuote(id string, mutate func(*payments.Quote)) payments.Quote {
	now := time.Now().UTC().Truncate(time.Microsecond)
	amount := money.USD(125_00)
	q := payments.Quote{
		ID: id, Kind: payments.KindService, Owner: "casey", RMANumber: "RMA-100501", Serial: "RT10000001",
		Reference: "pactreference", Amount: amount, Status: payments.StatusOpen, Note: "The display assembly needs replacing.",
		IssuedBy: "adam", ExpiresAt: now.Add(payments.QuoteValidity), CreatedAt: now, UpdatedAt: now,
		Saved: payments.SavedQuote{
			Shipping:         payments.QuoteShipping{Contact: payments.QuoteContact{FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com"}},
			ExternalResource: payments.ExternalResource{Serial: "RT10000001"},
			Total:            amount,
		},
	}
	mutate(&q)
	return q
}

// putQuote stores q afresh: every interaction of a state starts from the state as named.
func putQuote(ctx context.Context, gdb *gorm.DB, store *paymentsdb.Store, q payments.Quote) error {
	if err := gdb.WithContext(ctx).Exec("DELETE FROM payments_quotes WHERE id = ?", q.ID).Error; err != nil {
		return err
	}
	return store.CreateQuote(ctx, q)
}
