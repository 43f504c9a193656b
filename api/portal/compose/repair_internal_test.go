package compose

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

type staticProfiles struct{ p identity.Profile }

func (s staticProfiles) Profile(context.Context, auth.Principal, string) (identity.Profile, error) {
	return s.p, nil
}

func TestCustomerTerms_TokenWithTheEmbeddedProviderProfileWithAnExternalOne(t *testing.T) {
	caller := auth.Principal{
		Subject: "usr_olivia", Email: "olivia@fleetco.example",
		Claims: map[string]any{"flags": map[string]any{"rma": map[string]any{"flatDiscountPercentage": float64(10)}}},
	}
	profile := identity.Profile{Email: "olivia@east.fleetco.example"}
	profile.Flags.RMA.FlatDiscountPercentage = 15

	embedded := Config{OIDCDiscountClaim: "flags.rma.flatDiscountPercentage"}
	got, err := newCustomerTerms(embedded, staticProfiles{profile}).Terms(t.Context(), caller, "raw")
	require.NoError(t, err)
	require.Equal(t, "olivia@fleetco.example", got.Email)
	require.Equal(t, 10.0, got.DiscountPercent, "the embedded provider's token carries the flags")

	external := embedded
	external.OIDCIssuer = "https://idp.example"
	got, err = newCustomerTerms(external, staticProfiles{profile}).Terms(t.Context(), caller, "raw")
	require.NoError(t, err)
	require.Equal(t, "olivia@east.fleetco.example", got.Email)
	require.Equal(t, 15.0, got.DiscountPercent, "an external provider's profile, userinfo included")
}

// The Fulfiller releases the RMA a webhook paid for once, whoever else releases it too; a paid
// service quote moves a diagnosed RMA on to its repair, and is only noted on one elsewhere.
func TestIntegrationRMAFulfiller_ReleasesOnceAndRepairsOnServiceQuotes(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, rmadb.Migrate(t.Context(), gdb))
		store := rmadb.NewStore(gdb)
		require.NoError(t, store.UpsertUnits(t.Context(), rmadb.DemoUnits()))
		require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
		issuer, mailer := &rmatest.Issuer{}, &rmatest.Mailer{}
		creator := &rma.Creator{
			Store: store, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("usr_casey", "rma/a.jpg"),
			Shipping: issuer, Mail: mailer, Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{}, Log: testkit.Quiet(),
			DocumentURL: func(id string) string { return "/shipping/documents/" + id }, Now: time.Now,
		}
		p, err := creator.PrepareOutOfWarranty(t.Context(), rma.CreateRequest{
			Owner: "usr_casey", Serial: "RT10000002",
			Problem: rma.Problem{
				PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Cracked.",
				Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: []string{"rma/a.jpg"},
			},
			Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "5125550142", PhoneCountryCode: "US"},
			Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Packaging: rma.Packaging{HavePackaging: true},
		})
		require.NoError(t, err)
		r, err := creator.OpenAwaitingPayment(t.Context(), p, "")
		require.NoError(t, err)

		lifecycle := &rma.Lifecycle{Store: store, Tx: db.NewTransactor(gdb), Mail: mailer, Units: rmatest.NoCache{}, Log: testkit.Quiet(), Now: time.Now}
		f := rmaFulfiller{rmas: creator, lifecycle: lifecycle, diagnoses: &rma.Diagnoses{Store: store, Lifecycle: lifecycle}}
		paid := payments.Quote{ID: "QT-1", Kind: payments.KindRepair, Owner: "usr_casey", RMANumber: r.Number, Amount: money.USD(289_00)}
		require.NoError(t, f.QuotePaid(t.Context(), paid))
		require.NoError(t, f.QuotePaid(t.Context(), paid), "a second notice changes nothing")
		_, err = creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err, "the customer's own return answers the released RMA")
		require.Len(t, issuer.Requests, 1)
		require.Len(t, mailer.Sent, 1)

		require.NoError(t, f.QuotePaid(t.Context(), payments.Quote{ID: "QT-S", Kind: payments.KindService, Owner: "usr_casey", RMANumber: r.Number, Amount: money.USD(120_00)}))
		require.NoError(t, f.QuotePaid(t.Context(), payments.Quote{ID: "QT-SAVED", Kind: payments.KindSaved, Owner: "usr_casey"}))
		events, err := store.Events(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "released", "label_issued", "service_quote_paid"}, events, "an RMA awaiting its unit is not repaired yet")

		for _, status := range []rma.Status{rma.StatusReceived, rma.StatusDiagnosing} {
			_, err := lifecycle.Advance(t.Context(), rma.Advance{Number: r.Number, Status: status, Actor: "usr_admin"})
			require.NoError(t, err)
		}
		require.NoError(t, f.QuotePaid(t.Context(), payments.Quote{ID: "QT-S2", Kind: payments.KindService, Owner: "usr_casey", RMANumber: r.Number, Amount: money.USD(120_00)}))
		timeline, err := lifecycle.Timeline(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.StatusRepairing, last.Status)
		require.Equal(t, rma.ActorSystem, last.Actor)
		require.Equal(t, "Service quote QT-S2 paid: $120.00", last.Note)
	})
}

// A saved quote crosses to the payments module and back whole, its packaging included, so a
// confirm-quote page loaded from the quote's details prefills the packaging step too.
func TestSavedQuoteConverters_RoundTripEveryField(t *testing.T) {
	for _, packaging := range []rma.Packaging{{HavePackaging: true}, {}, {RequestBox: true}} {
		saved := repairSavedQuoteFixture(packaging)
		require.Equal(t, saved, toRepairSavedQuote(toPaymentsSavedQuote(saved)))
	}
	require.Equal(t, rma.Packaging{}, toRMAPackaging(nil), "a quote saved without a packaging asks for it again")
}

func repairSavedQuoteFixture(p rma.Packaging) repair.SavedQuote {
	return repair.SavedQuote{
		Shipping: repair.QuoteShipping{
			Address: rma.Address{Line1: "2100 Riverside Dr", Line2: "Suite 300", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Contact: repair.QuoteContact{
				FirstName: "Casey", LastName: "Morgan", EmailAddress: "casey@example.com", PhoneNumber: "5125550142",
				PhoneCountryCode: "US", CompanyName: "Morgan Field Services",
			},
		},
		ExternalResource: repair.ExternalResource{
			Serial: "RT10000002", RMAInput: map[string]any{"primaryFault": "Display"}, Packaging: p,
		},
		Total: money.USD(289_00),
	}
}

// Issuing a service quote for a diagnosed RMA moves it to its pending quote in the quote's
// transaction, by the staff member who issued it.
func TestIntegrationServiceQuote_MovesADiagnosedRMAToItsPendingQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		log := testkit.Quiet()
		require.NoError(t, Migrate(t.Context(), gdb, log))
		store := rmadb.NewStore(gdb)
		require.NoError(t, store.CreateRMA(t.Context(), rma.RMA{
			Number: "RMA-100501", Owner: "usr_casey", Serial: "RT10000001", Model: "RL14", Type: rma.DefaultRMAType,
			Status: rma.StatusAwaitingUnit, Contact: rma.Contact{FirstName: "Casey", Email: "casey@example.com"}, CreatedAt: time.Now().UTC(),
		}, ""))
		lifecycle := newLifecycle(gdb, store, rmatest.NoCache{}, newPromises(gdb, store, policyOf(Config{}, log)), log)
		for _, status := range []rma.Status{rma.StatusReceived, rma.StatusDiagnosing} {
			_, err := lifecycle.Advance(t.Context(), rma.Advance{Number: "RMA-100501", Status: status, Actor: "usr_adam"})
			require.NoError(t, err)
		}

		q, err := newQuotes(Config{PublicURL: "http://portal.test"}, gdb, store, lifecycle, log).IssueServiceQuote(t.Context(),
			payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: 125_00, IssuedBy: "usr_adam"})
		require.NoError(t, err)
		timeline, err := lifecycle.Timeline(t.Context(), "usr_casey", "RMA-100501")
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.StatusQuotePending, last.Status)
		require.Equal(t, "usr_adam", last.Actor)
		require.Equal(t, "Service quote "+q.ID+" issued: $125.00", last.Note)

		sent, err := mail.NewOutbox(gdb).Recent(t.Context(), "casey@example.com", 10)
		require.NoError(t, err)
		var subjects []string
		for _, e := range sent {
			subjects = append(subjects, e.Message.Subject)
		}
		require.ElementsMatch(t, []string{
			"RMA RMA-100501: we received your unit", "RMA RMA-100501: diagnosis done, quote on its way", "Service quote for RMA RMA-100501",
		}, subjects)
	})
}
