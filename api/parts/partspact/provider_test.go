//go:build pact

package partspact

import (
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// The provider states of the browser's pacts, word for word as
// packages/api-client/src/parts/client.pact.test.ts names them.
const (
	stateSignedOut      = "the parts catalogue is seeded and nobody is signed in"
	stateAdam           = "adam is signed in and the parts catalogue is seeded"
	stateCaseyMayNot    = "casey is signed in and may not order parts"
	stateAdamVideo      = "adam is signed in and holds video units VT10000007 and VT10000008 of model VX12"
	stateAdamNotCaseys  = "adam is signed in and holds video unit VT10000007 of model VX12, and VT10000099 is a VX12 held by casey"
	stateOliviaPO       = "olivia of FleetCo is signed in, may order parts and pay by PO, and uploaded the purchase order po/pact-parts-po.pdf"
	stateAdamApproved   = "adam is signed in and his parts order PB-900001 awaits a PayPal payment the payer approved with token PACT-TOKEN-1"
	stateAdamAwaiting   = "adam is signed in and his parts order PB-900002 awaits a PayPal payment"
	stateAdamPlaced     = "adam is signed in and his parts order PB-900003 is placed: 2 x VX12-BAT-STD, paid by PayPal"
	stateCaseyNotAdams  = "casey is signed in and adam's parts order PB-900003 is placed"
	adam, casey, olivia = "usr_adam", "usr_casey", "usr_olivia"
	fleetCo             = "FleetCo Utilities"
)

// The states of the way back to an order awaiting its payment (awaiting-payment, pay).
const (
	stateAdamCancelled     = "adam is signed in and his parts order PB-900004 was cancelled while it awaited a PayPal payment"
	stateCaseyAdamsAwaited = "casey is signed in and adam's parts order PB-900002 awaits a PayPal payment"
)

// stateAdamShipped is an order the depot shipped (issue 29): its carrier and tracking.
const stateAdamShipped = "adam is signed in and his parts order PB-900005 was shipped with UPS, tracking number 1Z999AA10123456784"

func vx12(serial, owner, org string) partstest.HeldUnit {
	return partstest.HeldUnit{VideoUnit: parts.VideoUnit{Serial: serial, Model: "VX12", ModelFamily: "Veretos"}, Owner: owner, Org: org}
}

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	// The pact's olivia pays without a release number: no PO_RELEASE_DOMAINS here.
	e := partstest.NewOrdersWith(t, parts.OrderSettings{PublicURL: "http://portal.test"})
	ctx := t.Context()
	signer := authtest.NewSigner(t)
	role := func(p auth.Permission) string { return authtest.ClientID + ":" + string(p) }
	customer := authtest.ClientID + ":customer"
	tokens := map[string]func() string{
		adam: func() string {
			return signer.Token(t, authtest.Claims{Subject: adam, Email: "adam@example.com",
				Roles: []string{customer, authtest.ClientID + ":admin", role(auth.PermCreatePartOrder), role(auth.PermVideoSerialAccess), role(auth.PermRMAOverride)},
				Extra: map[string]any{"given_name": "Adam", "family_name": "Price"}})
		},
		casey: func() string {
			return signer.Token(t, authtest.Claims{Subject: casey, Email: "casey@example.com", Roles: []string{customer},
				Extra: map[string]any{"given_name": "Casey", "family_name": "Morgan"}})
		},
		olivia: func() string {
			return signer.Token(t, authtest.Claims{Subject: olivia, Email: "olivia@fleetco.example",
				Roles: []string{customer, role(auth.PermPaymentPO), role(auth.PermCreatePartOrder)},
				Extra: map[string]any{"org": map[string]any{"name": fleetCo}, "given_name": "Olivia", "family_name": "Chen"}})
		},
	}

	// adamsOrder stores adam's order id as the states name it: 2 x VX12-BAT-STD by PayPal.
	adamsOrder := func(id string, status parts.OrderStatus) {
		at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		o := parts.Order{
			ID: id, Kind: parts.KindParts, Owner: adam, OrderedByName: "Adam Price", Status: status,
			Contact:       rma.Contact{FirstName: "Adam", LastName: "Price", Email: "adam@example.com", Phone: "5125550199", PhoneCountryCode: "US"},
			Address:       rma.Address{Line1: "800 Congress Ave", Line2: "Floor 4", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"},
			PaymentMethod: parts.MethodPayPal, Total: money.USD(2 * 8900), QuoteID: "QT-" + id, CreatedAt: at, UpdatedAt: at,
			Lines: []parts.OrderLine{{PartNumber: "VX12-BAT-STD", Description: "VX12 standard battery", Quantity: 2,
				UnitPrice: money.USD(8900), LineTotal: money.USD(2 * 8900), Serials: []string{}}},
		}
		require.NoError(t, e.Store.CreateOrder(ctx, o, ""))
		_, err := e.Payments.QuoteForOrder(ctx, parts.OrderQuote{Owner: adam, OrderID: id, Amount: o.Total})
		require.NoError(t, err)
	}

	signedIn := ""
	reset := func() {
		e.Payments.Reset()
		e.Holdings.Set(nil)
		for _, table := range []string{"parts_order_shipments", "parts_order_serials", "parts_order_lines", "parts_order_keys", "parts_orders"} {
			require.NoError(t, e.DB.Exec("DELETE FROM "+table).Error)
		}
	}
	// state signs user in, then sets up the rest.
	state := func(user string, setup func()) func() { return func() { signedIn = user; setup() } }
	states := partstest.States(reset, map[string]func(){
		stateSignedOut: state("", func() {}),
		stateAdam:      state(adam, func() {}),
		stateCaseyMayNot: state(casey, func() {
			e.Holdings.Set(partstest.VideoUnits{vx12("VT10000099", casey, "")})
		}),
		stateAdamVideo: state(adam, func() {
			e.Holdings.Set(partstest.VideoUnits{vx12("VT10000007", adam, ""), vx12("VT10000008", adam, "")})
		}),
		stateAdamNotCaseys: state(adam, func() {
			e.Holdings.Set(partstest.VideoUnits{vx12("VT10000007", adam, ""), vx12("VT10000099", casey, "")})
		}),
		stateOliviaPO: state(olivia, func() { e.Files.Add(olivia, "po/pact-parts-po.pdf") }),
		stateAdamApproved: state(adam, func() {
			adamsOrder("PB-900001", parts.StatusAwaitingPayment)
			e.Payments.Approve("PB-900001")
		}),
		stateAdamAwaiting:      state(adam, func() { adamsOrder("PB-900002", parts.StatusAwaitingPayment) }),
		stateAdamPlaced:        state(adam, func() { adamsOrder("PB-900003", parts.StatusPlaced) }),
		stateCaseyNotAdams:     state(casey, func() { adamsOrder("PB-900003", parts.StatusPlaced) }),
		stateAdamCancelled:     state(adam, func() { adamsOrder("PB-900004", parts.StatusCancelled) }),
		stateCaseyAdamsAwaited: state(casey, func() { adamsOrder("PB-900002", parts.StatusAwaitingPayment) }),
		stateAdamShipped: state(adam, func() {
			adamsOrder("PB-900005", parts.StatusPlaced)
			require.NoError(t, e.Store.ShipOrder(ctx, "PB-900005", parts.Shipment{
				Carrier: "UPS", TrackingNumber: "1Z999AA10123456784", ShippedAt: time.Date(2026, 3, 4, 15, 30, 0, 0, time.UTC), ShippedBy: "usr_tariq",
			}))
		}),
	})

	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	log := testkit.Quiet()
	partsapi.Routes(r, parts.NewService(e.Store, partstest.DemoUnits()), log)
	guard := auth.NewGuard(signer.Verifier(), log)
	partsapi.OrderRoutes(r, guard, e.Orders, log)
	partsapi.UnpaidOrderRoutes(r, guard, e.Orders, log)
	pacttest.Verify(t, "parts", r, states, func() string {
		if tok, ok := tokens[signedIn]; ok {
			return tok()
		}
		return "not-a-token"
	})
}
