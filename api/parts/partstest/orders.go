package partstest

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// HeldUnit is a video unit and who holds it (owner, organization).
type HeldUnit struct {
	parts.VideoUnit
	Owner, Org string
}

// VideoUnits is a fake of the rma capability's holdings query.
type VideoUnits []HeldUnit

// HeldVideoUnits implements parts.VideoUnits as the holdings query does: the viewer's and the
// viewer's organization's units, of model, among serials.
func (u VideoUnits) HeldVideoUnits(_ context.Context, v visibility.Viewer, model string, serials []string) ([]parts.VideoUnit, error) {
	out := []parts.VideoUnit{}
	for _, h := range u {
		if !v.Sees(h.Owner, h.Org) || (model != "" && h.Model != model) || (len(serials) > 0 && !slices.Contains(serials, h.Serial)) {
			continue
		}
		out = append(out, h.VideoUnit)
	}
	return out, nil
}

// DemoVideoUnits are casey's VT10000007 and FleetCo's VT20000001 (olivia's), all VX12; VT30000001
// is a VX10 of casey's.
func DemoVideoUnits() VideoUnits {
	return VideoUnits{
		{VideoUnit: parts.VideoUnit{Serial: "VT10000007", Model: "VX12", ModelFamily: "Veretos"}, Owner: "usr_casey"},
		{VideoUnit: parts.VideoUnit{Serial: "VT10000008", Model: "VX12", ModelFamily: "Veretos"}, Owner: "usr_casey"},
		{VideoUnit: parts.VideoUnit{Serial: "VT20000001", Model: "VX12", ModelFamily: "Veretos"}, Owner: "usr_olivia", Org: "FleetCo Utilities"},
		{VideoUnit: parts.VideoUnit{Serial: "VT30000001", Model: "VX10", ModelFamily: "Veretos"}, Owner: "usr_casey"},
	}
}

// Holdings holds the video units the fake holdings query answers; Set replaces them (a pact
// state names who holds what).
type Holdings struct {
	mu    sync.Mutex
	units VideoUnits
}

// Set replaces the units held.
func (h *Holdings) Set(units VideoUnits) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.units = units
}

// HeldVideoUnits implements parts.VideoUnits over the units set.
func (h *Holdings) HeldVideoUnits(ctx context.Context, v visibility.Viewer, model string, serials []string) ([]parts.VideoUnit, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.units.HeldVideoUnits(ctx, v, model, serials)
}

// Held implements parts.HeldUnits over the units set: the rma capability's holdings query
// answers a serial filter with the units among them the viewer (or their organization) holds.
func (h *Holdings) Held(_ context.Context, v visibility.Viewer, f rma.HeldFilter) ([]rma.HeldUnit, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := []rma.HeldUnit{}
	for _, u := range h.units {
		if !v.Sees(u.Owner, u.Org) || (len(f.Serials) > 0 && !slices.Contains(f.Serials, u.Serial)) {
			continue
		}
		out = append(out, rma.HeldUnit{Unit: rma.Unit{Serial: u.Serial, Model: u.Model, ModelFamily: u.ModelFamily,
			ProductType: rma.ProductTypeVeretos}, Sources: []string{rma.SourceRegistration}})
	}
	return out, nil
}

// Payment is what the fake checkout knows of an order's quote.
type Payment struct {
	QuoteID, Owner, Status, CustomerPO, Order string
	Approved                                  bool
}

// Payments is a fake of the payments capability's checkout: a quote per order, paid by PO at
// once or by PayPal once Approve says the payer approved.
type Payments struct {
	mu     sync.Mutex
	quotes map[string]*Payment
	// Fail, when set, is what StartPayPal answers.
	Fail error
}

// NewPayments returns an empty fake.
func NewPayments() *Payments { return &Payments{quotes: map[string]*Payment{}} }

var errNotApproved = fault.New(fault.KindConflict, "payments.notApproved", "The payment was not approved.")

// QuoteForOrder implements parts.Payments.
func (p *Payments) QuoteForOrder(_ context.Context, q parts.OrderQuote) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	id := "QT-" + q.OrderID
	p.quotes[q.OrderID] = &Payment{QuoteID: id, Owner: q.Owner, Status: "open", Order: q.OrderID}
	return id, nil
}

func (p *Payments) quote(owner, order string) (*Payment, error) {
	q, ok := p.quotes[order]
	if !ok || q.Owner != owner {
		return nil, fault.New(fault.KindNotFound, "payments.quoteNotFound", "Quote not found")
	}
	return q, nil
}

// AcceptPurchaseOrder implements parts.Payments.
func (p *Payments) AcceptPurchaseOrder(_ context.Context, owner, order, po string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	q, err := p.quote(owner, order)
	if err != nil {
		return err
	}
	q.Status, q.CustomerPO = "paid", po
	return nil
}

// StartPayPal implements parts.Payments.
func (p *Payments) StartPayPal(_ context.Context, owner, order, returnURL, _ string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.Fail != nil {
		return "", p.Fail
	}
	if _, err := p.quote(owner, order); err != nil {
		return "", err
	}
	return "https://paypal.test/checkoutnow?token=EC-" + order + "&return=" + returnURL, nil
}

// Reset forgets every quote.
func (p *Payments) Reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.quotes = map[string]*Payment{}
	p.Fail = nil
}

// Approve is the payer approving order's PayPal order.
func (p *Payments) Approve(order string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.quotes[order].Approved = true
}

// SettleOrder implements parts.Payments.
func (p *Payments) SettleOrder(_ context.Context, owner, order, _ string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	q, err := p.quote(owner, order)
	if err != nil {
		return err
	}
	if q.Status == "paid" {
		return nil
	}
	if !q.Approved {
		return errNotApproved
	}
	q.Status = "paid"
	return nil
}

// CancelForOrder implements parts.Payments.
func (p *Payments) CancelForOrder(_ context.Context, owner, order string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	q, err := p.quote(owner, order)
	if err != nil {
		return err
	}
	if q.Status == "paid" {
		return parts.ErrOrderPaid
	}
	q.Status = "cancelled"
	return nil
}

// Quote returns the fake quote of an order.
func (p *Payments) Quote(order string) (Payment, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	q, ok := p.quotes[order]
	if !ok {
		return Payment{}, false
	}
	return *q, true
}

// Files is a fake of the uploads capability's PO claim: files by owner, claimed once.
type Files struct {
	mu      sync.Mutex
	owners  map[string]string
	claimed map[string]string
}

// NewFiles knows fileIDs as owner's uploads.
func NewFiles(owner string, fileIDs ...string) *Files {
	f := &Files{owners: map[string]string{}, claimed: map[string]string{}}
	for _, id := range fileIDs {
		f.owners[id] = owner
	}
	return f
}

// Add knows fileID as owner's upload.
func (f *Files) Add(owner, fileID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.owners[fileID] = owner
}

// ClaimPurchaseOrder implements parts.PurchaseOrders.
func (f *Files) ClaimPurchaseOrder(_ context.Context, owner, fileID, order string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.owners[fileID] != owner {
		return fault.Validation(map[string]string{"customerPOFileId": "The purchase order file was not found. Please upload it again."})
	}
	if by, ok := f.claimed[fileID]; ok && by != order {
		return fault.Validation(map[string]string{"customerPOFileId": "This purchase order file is already used by another order."})
	}
	f.claimed[fileID] = order
	return nil
}

// Addresses accepts any address with line1, city and country.
type Addresses struct{}

// ValidateAddress implements parts.Addresses.
func (Addresses) ValidateAddress(a rma.Address) error {
	fields := map[string]string{}
	for k, v := range map[string]string{"line1": a.Line1, "city": a.City, "country": a.Country} {
		if v == "" {
			fields[k] = "Required"
		}
	}
	if len(fields) > 0 {
		return fault.Validation(fields)
	}
	return nil
}

// OrdersEnv is the orders on a migrated, seeded SQLite catalogue with fakes of every capability.
type OrdersEnv struct {
	DB       *gorm.DB
	Store    *partsdb.Store
	Holdings *Holdings
	Orders   *parts.Orders
	Payments *Payments
	Files    *Files
	Outbox   *mail.Outbox
}

// NewOrders builds the orders for t (purchase orders of fleetco.example need a release number);
// casey's and olivia's PO files are po/casey.pdf and po/olivia.pdf; the video units held are
// DemoVideoUnits.
func NewOrders(t *testing.T) *OrdersEnv {
	t.Helper()
	return NewOrdersWith(t, parts.OrderSettings{PublicURL: "http://portal.test", POReleaseDomains: []string{"fleetco.example"}})
}

// NewOrdersWith is NewOrders with settings.
func NewOrdersWith(t *testing.T, settings parts.OrderSettings) *OrdersEnv {
	t.Helper()
	gdb := testkit.SQLite(t)
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema(), mail.Schema())
	require.NoError(t, err)
	store := partsdb.NewStore(gdb)
	require.NoError(t, partsdb.Seed(t.Context(), store))
	files := NewFiles("usr_olivia", "po/olivia.pdf")
	files.owners["po/casey.pdf"] = "usr_casey"
	e := &OrdersEnv{DB: gdb, Store: store, Holdings: &Holdings{units: DemoVideoUnits()}, Payments: NewPayments(), Files: files, Outbox: mail.NewOutbox(gdb)}
	e.Orders = parts.NewOrders(parts.OrdersDeps{
		Store: store, Payments: e.Payments, PurchaseOrders: files, Addresses: Addresses{}, VideoUnits: e.Holdings,
		Holdings: e.Holdings, Mail: e.Outbox, Tx: db.NewTransactor(gdb), Log: testkit.Quiet(), Settings: settings,
	})
	return e
}
