//go:build pact

package inventorypact

import (
	"context"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsapi"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pacttest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// The provider states of the browser's pact, word for word
// (packages/api-client/src/inventory/client.pact.test.ts).
const (
	stateCaseyUnits = "casey is signed in and holds VT10000007 (registered, in warranty, ordered a VX12-BAT-STD for it in PB-900001) and RT10000002 (open repair RMA RMA-900001, out of warranty)"
	stateNotAdams   = "casey is signed in and VT10000099 is a VX12 held by adam"
	casey, adam     = "usr_casey", "usr_adam"
)

// units is the serial check over the registry, as the composition root gives the inventory.
type units struct{ store *rmadb.Store }

func (u units) VerifySerial(ctx context.Context, serial rma.Serial) (rma.Verification, error) {
	unit, err := u.store.UnitBySerial(ctx, serial.String())
	return rma.Verification{Unit: unit}, err
}

func TestProvider_HonoursTheBrowsersPacts(t *testing.T) {
	gdb := testkit.SQLite(t)
	ctx := t.Context()
	_, err := db.Migrate(ctx, gdb, rmadb.Schema(), partsdb.Schema())
	require.NoError(t, err)
	rmas, orders := rmadb.NewStore(gdb), partsdb.NewStore(gdb)
	at := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	end := func(s string) *time.Time { d, _ := time.Parse(time.DateOnly, s); return &d }

	reset := func() {
		for _, table := range []string{"rma_unit_registrations", "rma_rmas", "rma_units", "parts_order_serials", "parts_order_lines", "parts_orders"} {
			require.NoError(t, gdb.Exec("DELETE FROM "+table).Error)
		}
		require.NoError(t, rmas.UpsertUnits(ctx, []rma.Unit{
			{Serial: "VT10000007", Model: "VX12", ModelFamily: "Veretos", PartNumber: "VX12-S1-32", ProductType: rma.ProductTypeVeretos, WarrantyEnd: end("2029-02-28")},
			{Serial: "RT10000002", Model: "ST12", ModelFamily: "Summit", PartNumber: "ST12-G2-16", ProductType: "TABLET", WarrantyEnd: end("2025-03-31")},
			{Serial: "VT10000099", Model: "VX12", ModelFamily: "Veretos", PartNumber: "VX12-S1-32", ProductType: rma.ProductTypeVeretos, WarrantyEnd: end("2029-02-28")},
		}))
	}
	register := func(owner, serial string) {
		require.NoError(t, rmas.CreateRegistration(ctx, rma.Registration{Serial: serial, Owner: owner, PurchaseDate: at, ProofFileID: "po/pact.pdf", RegisteredAt: at}))
	}
	states := partstest.States(reset, map[string]func(){
		stateCaseyUnits: func() {
			register(casey, "VT10000007")
			placed := at.AddDate(0, 0, 27)
			require.NoError(t, orders.CreateOrder(ctx, parts.Order{
				ID: "PB-900001", Kind: parts.KindVideo, Owner: casey, Status: parts.StatusPlaced, PaymentMethod: parts.MethodPayPal,
				Total: money.USD(8900), CreatedAt: placed, UpdatedAt: placed,
				Lines: []parts.OrderLine{{PartNumber: "VX12-BAT-STD", Description: "VX12 battery", Quantity: 1, UnitPrice: money.USD(8900),
					LineTotal: money.USD(8900), Model: "VX12", Serials: []string{"VT10000007"}}},
			}, ""))
			uid, err := rma.NewUID()
			require.NoError(t, err)
			opened := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
			require.NoError(t, rmas.CreateRMA(ctx, rma.RMA{
				Number: "RMA-900001", UID: uid, Owner: casey, Serial: "RT10000002", Model: "ST12", PartNumber: "ST12-G2-16",
				Type: rma.DefaultRMAType, Status: rma.StatusReceived, Method: rma.ShipLabel,
				Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked"}, CreatedAt: opened, UpdatedAt: opened,
			}, ""))
		},
		stateNotAdams: func() { register(adam, "VT10000099") },
	})

	// Today is fixed so the pact's warranty states hold whatever day it runs.
	today := func() time.Time { return time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) }
	inv := parts.NewInventory(rma.NewHoldings(rmas), orders, units{rmas}, today)
	signer := authtest.NewSigner(t)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	partsapi.InventoryRoutes(r, auth.NewGuard(signer.Verifier(), testkit.Quiet()), inv, testkit.Quiet())
	pacttest.Verify(t, "parts-inventory", r, states, func() string { return signer.Customer(t, casey) })
}
