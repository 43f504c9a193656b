package compose

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/payments/paymentsdb"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// demoHistorySizes is how many RMAs each demo customer's history holds, with the prefixes of
// their customer references and asset tags: casey about thirty, FleetCo Utilities' members
// about two hundred between them; and how many quotes each has saved.
var demoHistorySizes = map[string]struct {
	rmas     int
	ref, tag string
	saved    int
}{
	identity.DemoCaseyID:  {30, "MFS", "", 3},
	identity.DemoOliviaID: {110, "FC-WO", "FC", 4},
	identity.DemoDiegoID:  {90, "FC-WO", "FC", 3},
}

// seedDemoHistory writes the embedded provider's demo customers' service history up to now,
// with their contact and shipping address from the provider's demo users; the service
// center's moves are the demo admin's. Then the quotes that history implies.
func seedDemoHistory(ctx context.Context, cfg Config, gdb *gorm.DB) error {
	now := time.Now()
	h := rmadb.DemoHistory{Now: now, Staff: identity.DemoAdamID, ExistingRMAOwner: identity.DemoCaseyID}
	users := demoCustomers(cfg)
	for _, u := range users {
		size := demoHistorySizes[u.ID]
		h.Customers = append(h.Customers, rmadb.DemoCustomer{
			Subject: u.ID, Org: u.OrgName, Name: demoName(u), RMAs: size.rmas, ReferencePrefix: size.ref, AssetTagPrefix: size.tag,
			Contact: demoContact(u), Address: demoAddress(u),
		})
	}
	if err := rmadb.SeedDemoHistory(ctx, rmadb.NewStore(gdb), h); err != nil {
		return err
	}
	return seedDemoQuotes(ctx, cfg, gdb, users, now)
}

// demoCustomers are the provider's demo users who have a service history.
func demoCustomers(cfg Config) []identitycore.User {
	var out []identitycore.User
	for _, u := range identity.DemoUsers(cfg.OIDCClientID) {
		if _, ok := demoHistorySizes[u.ID]; ok {
			out = append(out, u)
		}
	}
	return out
}

// demoName is the user's display name as their access token gives it (given and family name),
// the name their RMAs were opened by.
func demoName(u identitycore.User) string {
	return auth.Principal{Claims: map[string]any{"given_name": u.FirstName, "family_name": u.LastName}, Email: u.Email}.DisplayName()
}

func demoContact(u identitycore.User) rma.Contact {
	return rma.Contact{
		FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Phone: u.Phone,
		PhoneCountryCode: u.PhoneCountryCode, Company: u.Company, Position: u.Position,
	}
}

func demoAddress(u identitycore.User) rma.Address {
	a := u.Shipping
	return rma.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode}
}

// demoHistoryLastNumber is the highest number of the demo history: rmadb numbers it below the
// RMA counter's start (100500), so RMAs the demo customers opened themselves are above it and
// get no demo quotes.
const demoHistoryLastNumber = 100499

// demoDiagnosis is what staff charge for diagnosing a unit whose RMA names no price.
var demoDiagnosis = []money.Money{money.USD(75_00), money.USD(95_00), money.USD(120_00)}

// seedDemoQuotes writes the payments the demo history implies (paymentsdb.SeedDemoQuotes, once):
// the repair quote of each RMA opened out of warranty (paid when its timeline says the payment
// was received, cancelled when it was cancelled before, open while it awaits payment), the
// service quote of each RMA staff priced after diagnosis (paid when it moved on to repair,
// open while QUOTE_PENDING), and a few saved quotes per customer for units of theirs that are
// out of warranty and free. Amounts are the RMA's price (less the customer's discount for what
// they paid when opening it); a service quote after a paid repair prices another fault found.
func seedDemoQuotes(ctx context.Context, cfg Config, gdb *gorm.DB, users []identitycore.User, now time.Time) error {
	store := rmadb.NewStore(gdb)
	history := rma.NewHistory(store)
	d := paymentsdb.DemoQuotes{Now: now, Staff: identity.DemoAdamID, PurchaseOrders: map[string]string{}}
	items := map[string][]rma.HistoryItem{}
	var all []rma.HistoryItem
	for _, u := range users {
		mine, err := demoItems(ctx, history, u.ID)
		if err != nil {
			return err
		}
		items[u.ID], all = mine, append(all, mine...)
		d.Owners = append(d.Owners, u.ID)
		for _, it := range mine {
			d.History = append(d.History, it.Number)
		}
	}
	// Every start of the embedded default comes here: one query answers, once written.
	if written, err := paymentsdb.DemoQuotesWritten(ctx, gdb, d.History, d.Owners); err != nil || written || len(all) == 0 {
		return err
	}
	rng := rand.New(rand.NewPCG(2026, 13))
	poRole := identitycore.ClientRolePrefix(cfg.OIDCClientID) + string(auth.PermPaymentPO)
	for _, u := range users {
		if slices.Contains(u.Roles, poRole) {
			d.PurchaseOrders[u.ID] = strings.ToUpper(demoHistorySizes[u.ID].tag) + "-PO-"
		}
		for _, it := range items[u.ID] {
			if rma.IsRecycle(it.Type) {
				continue
			}
			det, err := history.Details(ctx, rma.Viewer{Subject: u.ID}, it.UID)
			if err != nil {
				return fmt.Errorf("compose: demo quotes: %s: %w", it.Number, err)
			}
			if r, ok := demoRMAQuotes(det, u, rng); ok {
				d.RMAs = append(d.RMAs, r)
			}
		}
	}
	for _, u := range users {
		saved, err := demoSavedQuotes(ctx, store, all, u, demoHistorySizes[u.ID].saved, now, rng)
		if err != nil {
			return err
		}
		d.Saved = append(d.Saved, saved...)
	}
	return paymentsdb.SeedDemoQuotes(ctx, gdb, d)
}

// demoItems are owner's RMAs of the demo history, oldest first.
func demoItems(ctx context.Context, h *rma.History, owner string) ([]rma.HistoryItem, error) {
	var out []rma.HistoryItem
	err := h.Each(ctx, rma.Viewer{Subject: owner}, rma.HistoryFilter{}, []rma.HistorySort{{Field: rma.SortRMANumber}}, func(it rma.HistoryItem) error {
		if n, err := strconv.Atoi(strings.TrimPrefix(it.Number, "RMA-")); err == nil && n <= demoHistoryLastNumber {
			out = append(out, it)
		}
		return nil
	})
	return out, err
}

// demoRMAQuotes reads the quotes an RMA's timeline implies; false when it implies none.
func demoRMAQuotes(det rma.Details, u identitycore.User, rng *rand.Rand) (paymentsdb.DemoRMA, bool) {
	rec := det.RMA
	var repair, service *paymentsdb.DemoCharge
	for _, e := range det.Timeline {
		at := e.At
		switch {
		case e.Kind == rma.EventCreated && e.Status == rma.StatusAwaitingPayment:
			repair = &paymentsdb.DemoCharge{Amount: rec.ProblemPrice.Discounted(u.FlatDiscountPercentage), At: at}
		case e.Kind == rma.EventReleased && repair != nil:
			repair.PaidAt = &at
		case e.Kind == rma.EventCancelled && repair != nil && repair.PaidAt == nil:
			repair.CancelledAt = &at
		case e.Status == rma.StatusQuotePending && service == nil:
			service = &paymentsdb.DemoCharge{At: at}
		case e.Status == rma.StatusRepairing && service != nil && service.PaidAt == nil:
			service.PaidAt = &at
		}
	}
	if repair == nil && service == nil {
		return paymentsdb.DemoRMA{}, false
	}
	if service != nil {
		service.Amount, service.Note = demoServicePrice(rec, repair != nil, rng)
	}
	return paymentsdb.DemoRMA{
		Number: rec.Number, Owner: rec.Owner, Org: rec.Org, Serial: rec.Serial,
		Contact: quoteContact(rec.Contact), Address: quoteAddress(rec.Address),
		Repair: repair, RMAInput: demoRMAInput(rec), Packaging: *toQuotePackaging(rec.Packaging),
		Service: service,
	}, true
}

// demoServicePrice is what staff quoted after diagnosis, with their note: the reported fault's
// price when the warranty did not cover it, or, when that repair was paid already, another
// fault of the model the diagnosis found.
func demoServicePrice(rec rma.RMA, paid bool, rng *rand.Rand) (money.Money, string) {
	if paid {
		var others []rma.Option
		for _, f := range rmadb.DemoRepairOptions()[rec.Model] {
			for _, o := range f.Options {
				if o.Name != rec.Problem.Problem && o.Price.Cents > 0 {
					others = append(others, o)
				}
			}
		}
		if len(others) > 0 {
			o := others[rng.IntN(len(others))]
			return o.Price, fmt.Sprintf("Diagnosis found more than the reported fault: %s. This quote covers repairing it too.", strings.ToLower(o.Name))
		}
	}
	price := rec.ProblemPrice
	if price.Cents <= 0 {
		price = demoDiagnosis[rng.IntN(len(demoDiagnosis))]
	}
	return price, fmt.Sprintf("Diagnosis confirmed: %s. The damage is not covered by the warranty; the quote covers parts, labour and return shipping.", strings.ToLower(rec.Problem.Problem))
}

// demoSavedQuotes are up to n quotes u saved in the last two weeks, each for a unit of theirs
// (their last RMA on it, a repair, is closed or was cancelled) that is free, out of warranty
// and paid for before repair, with a fault of its model's price list.
func demoSavedQuotes(ctx context.Context, store *rmadb.Store, all []rma.HistoryItem, u identitycore.User, n int, now time.Time, rng *rand.Rand) ([]paymentsdb.DemoSavedQuote, error) {
	last := map[string]rma.HistoryItem{}
	recycled := map[string]bool{}
	for _, it := range all {
		if rma.IsRecycle(it.Type) {
			recycled[it.Serial] = true
		}
		if prev, ok := last[it.Serial]; !ok || it.CreatedAt.After(prev.CreatedAt) {
			last[it.Serial] = it
		}
	}
	var serials []string
	for serial, it := range last {
		if it.Owner == u.ID && (it.Status == rma.StatusClosed || it.Status == rma.StatusCancelled) && !recycled[serial] {
			serials = append(serials, serial)
		}
	}
	slices.Sort(serials)
	rng.Shuffle(len(serials), func(i, j int) { serials[i], serials[j] = serials[j], serials[i] })
	size := demoHistorySizes[u.ID]
	var out []paymentsdb.DemoSavedQuote
	for _, serial := range serials {
		if len(out) == n {
			break
		}
		unit, err := store.UnitBySerial(ctx, serial)
		if err != nil {
			return nil, fmt.Errorf("compose: demo saved quote unit %s: %w", serial, err)
		}
		faults := rmadb.DemoRepairOptions()[unit.Model]
		if !unit.ValidForNewRMA() || unit.RMAExists() || unit.MissingData() || unit.AllowOOW || unit.InWarranty(now) || len(faults) == 0 {
			continue
		}
		fault := faults[rng.IntN(len(faults))]
		option := fault.Options[rng.IntN(len(fault.Options))]
		rec := rma.RMA{Serial: unit.Serial, Type: rma.DefaultRMAType, Packaging: rma.Packaging{HavePackaging: true}}
		rec.Problem.PrimaryFault, rec.Problem.Problem = fault.Name, option.Name
		rec.Problem.InitialNotes = option.Name + ". " + []string{
			"Crew reported it at the end of a shift.", "Happened on a site visit.", "Seen on two shifts in a row.",
		}[rng.IntN(3)]
		rec.Problem.CustomerReference = fmt.Sprintf("%s-%04d", size.ref, 1000+rng.IntN(9000))
		if size.tag != "" {
			rec.Problem.AssetTag = size.tag + "-" + serial[len(serial)-5:]
		}
		perm := &rec.Problem.Permissions
		perm.AcknowledgeClickWrap, perm.AcknowledgeHDDBackup = true, true
		if unit.ProductType == rma.ProductTypeVeretos {
			noData := false
			perm.HasDeviceData = &noData
		}
		rec.Problem.Accessories.ACPower = rng.IntN(2) == 0
		out = append(out, paymentsdb.DemoSavedQuote{
			Owner: u.ID, Org: u.OrgName, Serial: unit.Serial, Amount: option.Price.Discounted(u.FlatDiscountPercentage),
			Contact: quoteContact(demoContact(u)), Address: quoteAddress(demoAddress(u)),
			RMAInput: demoRMAInput(rec), Packaging: *toQuotePackaging(rec.Packaging),
			At: now.Add(-time.Duration(1+rng.IntN(14*24*60)) * time.Minute),
		})
	}
	return out, nil
}

// demoRMAInput is the create payload's rmaInput (spec §3) of rec in its JSON names, as the
// repair service keeps it in a quote's content: credentials empty, no attachments.
func demoRMAInput(rec rma.RMA) map[string]any {
	p, perm, acc := rec.Problem, rec.Problem.Permissions, rec.Problem.Accessories
	var hasData any
	if perm.HasDeviceData != nil {
		hasData = *perm.HasDeviceData
	}
	return map[string]any{
		"rmaType": rec.Type, "primaryFault": p.PrimaryFault, "problem": p.Problem, "initialNotes": p.InitialNotes,
		"customerReference": p.CustomerReference, "assetTag": p.AssetTag, "attachments": []string{},
		"attachmentNames": map[string]any{},
		"permissions": map[string]any{
			"reimage": perm.Reimage, "biosFirmware": perm.BIOSFirmware, "userId": "", "userPassword": "", "biosPassword": "",
			"hasDeviceData": hasData, "acknowledgeClickWrapAgreement": perm.AcknowledgeClickWrap,
			"acknowledgeHddBackup": perm.AcknowledgeHDDBackup,
		},
		"acc": map[string]any{"acPower": acc.ACPower, "storage": acc.Storage, "hardCase": acc.HardCase, "battery": acc.Battery},
	}
}

func quoteContact(c rma.Contact) payments.QuoteContact {
	return payments.QuoteContact{
		FirstName: c.FirstName, LastName: c.LastName, EmailAddress: c.Email, PhoneNumber: c.Phone,
		PhoneCountryCode: c.PhoneCountryCode, CompanyName: c.Company,
	}
}

func quoteAddress(a rma.Address) payments.QuoteAddress {
	return payments.QuoteAddress{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode}
}
