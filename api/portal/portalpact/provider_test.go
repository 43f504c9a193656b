//go:build pact

package portalpact

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/pact-foundation/pact-go/v2/models"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supporttest"
)

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	log := testkit.Quiet()
	gdb := testkit.SQLite(t)
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	signer := authtest.NewSigner(t)
	guard := auth.NewGuard(signer.Verifier(), log)

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	help := supporttest.New(t, supporttest.Options{DB: gdb}).Service
	_, err := db.Migrate(t.Context(), gdb, paymentsdb.Schema())
	require.NoError(t, err)
	quoteStore := paymentsdb.NewStore(gdb)
	quotes := payments.NewQuotes(payments.QuotesDeps{Store: quoteStore, Tx: db.NewTransactor(gdb), Log: log})
	_, err = db.Migrate(t.Context(), gdb, partsdb.Schema())
	require.NoError(t, err)
	orderStore := partsdb.NewStore(gdb)
	r.POST("/graphql", guard.MaybeSignedIn(), gin.WrapH(graph.Handler(&graph.Resolver{
		Units: store, Options: store, Support: help, History: rma.NewHistory(store), Quotes: quotes,
		PartsOrders: parts.NewOrderHistory(orderStore),
	}, log)))

	// The signed-in customer of every interaction is "casey" (the token below). States that
	// write are set up once: every interaction given them reads the same rows.
	var caseyRMA, caseyQuotes, caseyPartsOrders, caseyTicket sync.Once
	once := func(o *sync.Once, write func(ctx context.Context) error) (err error) {
		o.Do(func() { err = write(t.Context()) })
		return err
	}

	states := models.StateHandlers{
		"unit RT10000001 is in warranty": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if setup {
				return nil, store.UpsertUnits(t.Context(), rmadb.DemoUnits()[:1])
			}
			return nil, nil
		},
		"no unit has serial ZZ99999999": func(bool, models.ProviderState) (models.ProviderStateResponse, error) { return nil, nil },
		"casey is signed in and has repair RMA RMA-900001 with uid 01JPACTRMA0000000000000001 for RT10000001, received on 2026-03-02, its label still valid": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, once(&caseyRMA, func(ctx context.Context) error {
				at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
				return store.CreateRMA(ctx, rma.RMA{
					Number: "RMA-900001", UID: "01JPACTRMA0000000000000001", Owner: "casey", OpenedByName: "Casey Morgan", Serial: "RT10000001", Model: "RL14",
					PartNumber: "RL14-P1", Type: rma.DefaultRMAType, Status: rma.StatusReceived, Method: rma.ShipLabel,
					Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped.",
						CustomerReference: "PO-7781", AssetTag: "AT-1"},
					Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com"},
					CreatedAt: at, UpdatedAt: at.Add(72 * time.Hour),
				}, "")
			})
		},
		"casey has a saved quote QT-PACTSAVED1 for RT10000002 and an open service quote QT-PACTSERVICE1 with reference pactreference": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, once(&caseyQuotes, func(ctx context.Context) error {
				if err := store.UpsertUnits(ctx, rmadb.DemoUnits()); err != nil {
					return err
				}
				now := time.Now().UTC().Truncate(time.Microsecond)
				quote := func(id string, kind payments.QuoteKind, serial, rmaNumber string, cents int64) payments.Quote {
					return payments.Quote{
						ID: id, Kind: kind, Owner: "casey", Serial: serial, RMANumber: rmaNumber, Reference: "pactreference",
						Amount: money.USD(cents), Status: payments.StatusOpen, ExpiresAt: now.Add(payments.QuoteValidity),
						CreatedAt: now, UpdatedAt: now,
						Saved: payments.SavedQuote{ExternalResource: payments.ExternalResource{Serial: serial}, Total: money.USD(cents)},
					}
				}
				if err := quoteStore.CreateQuote(ctx, quote("QT-PACTSAVED1", payments.KindSaved, "RT10000002", "", 289_00)); err != nil {
					return err
				}
				return quoteStore.CreateQuote(ctx, quote("QT-PACTSERVICE1", payments.KindService, "RT10000001", "RMA-100501", 125_00))
			})
		},
		"casey is signed in and has parts order PB-900010 of 2 x VX12-BAT-STD, placed on 2026-03-02 and paid by PayPal": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, once(&caseyPartsOrders, func(ctx context.Context) error {
				at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
				return orderStore.CreateOrder(ctx, parts.Order{
					ID: "PB-900010", Kind: parts.KindParts, Owner: "casey", OrderedByName: "Casey Morgan", Status: parts.StatusPlaced,
					Contact:       rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com"},
					PaymentMethod: parts.MethodPayPal, Total: money.USD(2 * 8900), CreatedAt: at, UpdatedAt: at,
					Lines: []parts.OrderLine{{PartNumber: "VX12-BAT-STD", Description: "VX12 standard battery", Quantity: 2,
						UnitPrice: money.USD(8900), LineTotal: money.USD(2 * 8900), Serials: []string{}}},
				}, "")
			})
		},
		"casey raised support ticket 'Screen flickers after sleep'": func(setup bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if !setup {
				return nil, nil
			}
			return nil, once(&caseyTicket, func(ctx context.Context) error {
				_, err := help.CreateTicket(ctx, "casey", support.TicketInput{
					FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com", Phone: "(512)555-0142",
					Subject: "Screen flickers after sleep", Description: "The screen flickers for a minute after the unit wakes up.",
					CaseType: "Hardware", Model: "RL14", Serial: "RT10000001",
				})
				return err
			})
		},
	}
	pacttest.Verify(t, "portal-graphql", r, states, func() string { return signer.Customer(t, "casey") })
}
