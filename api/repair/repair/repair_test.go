package repair_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairtest"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

const casey = "usr_casey"

type fixture struct {
	svc      *repair.Service
	creator  *rma.Creator
	store    *rmadb.Store
	payments *repairtest.Payments
	files    *repairtest.Files
	claimer  *rmatest.Claimer
	issuer   *rmatest.Issuer
	mailer   *rmatest.Mailer
	gdb      *gorm.DB
	tx       db.Transactor
}

func newFixture(t *testing.T, gdb *gorm.DB) fixture {
	t.Helper()
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	store := rmadb.NewStore(gdb)
	// RT10000012 is a second unit out of warranty, for a saved quote of another serial.
	other := rmadb.DemoUnits()[1]
	other.Serial = "RT10000012"
	require.NoError(t, store.UpsertUnits(t.Context(), append(rmadb.DemoUnits(), other)))
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), store))
	f := fixture{
		store: store, payments: repairtest.NewPayments(), files: repairtest.NewFiles(casey, "rma/a.jpg", "po/4711.pdf"),
		claimer: rmatest.NewClaimer(casey, "rma/a.jpg"), issuer: &rmatest.Issuer{}, mailer: &rmatest.Mailer{}, gdb: gdb,
	}
	tx := db.NewTransactor(gdb)
	f.tx = tx
	f.creator = &rma.Creator{
		Store: store, Tx: tx, Addresses: rmatest.Addresses{}, Uploads: f.claimer, Shipping: f.issuer, Mail: f.mailer,
		Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{}, Log: testkit.Quiet(), Now: time.Now,
		DocumentURL: func(id string) string { return "http://portal.test/shipping/documents/" + id },
	}
	f.svc = repair.NewService(repair.Deps{
		RMAs: f.creator, Payments: f.payments, Attachments: f.files, PurchaseOrders: f.files, QuoteKeys: store, Tx: tx, Log: testkit.Quiet(),
		Settings: repair.Settings{PublicURL: "http://portal.test", POReleaseDomains: []string{"fleetco.example"}},
	})
	return f
}

func customer() repair.Customer {
	return repair.Customer{Subject: casey, Email: "casey@example.com"}
}

// poHolder is a customer who may pay by PO, of a domain whose POs carry a release number, and a
// member of FleetCo.
func poHolder() repair.Customer {
	return repair.Customer{Subject: casey, Org: "FleetCo", Email: "olivia@fleetco.example", MayPayByPO: true, DiscountPercent: 10}
}

func request(method repair.Method) repair.Request {
	return repair.Request{
		Create: rma.CreateRequest{
			Serial: "rt10000002 ",
			Problem: rma.Problem{
				PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped on site; screen cracked.",
				Permissions: rma.Permissions{AcknowledgeHDDBackup: true, WindowsUser: "field", WindowsPassword: "hunter2"},
				Attachments: []string{"rma/a.jpg"},
			},
			Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US", Company: "Morgan Field Services"},
			Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
			Packaging: rma.Packaging{HavePackaging: true},
		},
		Payment: repair.PaymentData{Method: method},
	}
}

func poRequest(customerPO string) repair.Request {
	r := request(repair.MethodPO)
	r.Payment.CustomerPO, r.Payment.CustomerPOFileID = customerPO, "po/4711.pdf"
	return r
}

func fields(t *testing.T, err error) map[string]string {
	t.Helper()
	f, ok := fault.As(err)
	require.True(t, ok, "got %v", err)
	require.Equal(t, fault.KindInvalid, f.Kind, "got %v", err)
	return f.Fields
}

func (f fixture) count(t *testing.T) int64 {
	t.Helper()
	var n int64
	require.NoError(t, f.gdb.Table("rma_rmas").Count(&n).Error)
	return n
}

func (f fixture) unitRMA(t *testing.T, serial string) string {
	t.Helper()
	u, err := f.store.UnitBySerial(t.Context(), serial)
	require.NoError(t, err)
	return u.OpenRMANumber
}

func TestPaymentOptions_FollowThePermissionTheDomainAndTheDiscount(t *testing.T) {
	svc := repair.NewService(repair.Deps{Settings: repair.Settings{POReleaseDomains: []string{" FleetCo.example ", ""}}})
	tests := []struct {
		name string
		c    repair.Customer
		want repair.Options
	}{
		{"card only without the permission", repair.Customer{Email: "casey@example.com"},
			repair.Options{Methods: []repair.Method{repair.MethodPayPal}, Default: repair.MethodPayPal}},
		{"PO first for holders", repair.Customer{Email: "olivia@fleetco.example", MayPayByPO: true, DiscountPercent: 10},
			repair.Options{Methods: []repair.Method{repair.MethodPayPal, repair.MethodPO}, Default: repair.MethodPO, POReleaseRequired: true, DiscountPercent: 10}},
		{"a subdomain needs the release", repair.Customer{Email: "ops@east.fleetco.example", MayPayByPO: true},
			repair.Options{Methods: []repair.Method{repair.MethodPayPal, repair.MethodPO}, Default: repair.MethodPO, POReleaseRequired: true}},
		{"a look-alike domain does not", repair.Customer{Email: "ops@notfleetco.example", MayPayByPO: true},
			repair.Options{Methods: []repair.Method{repair.MethodPayPal, repair.MethodPO}, Default: repair.MethodPO}},
		{"upper case is the same domain", repair.Customer{Email: "Olivia@FLEETCO.EXAMPLE"},
			repair.Options{Methods: []repair.Method{repair.MethodPayPal}, Default: repair.MethodPayPal, POReleaseRequired: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, svc.PaymentOptions(tt.c))
		})
	}
}

func TestIntegrationCreateOutOfWarranty_EnforcesEveryPaymentRule(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		noRelease := poHolder()
		noRelease.Email = "olivia@example.com"
		tests := []struct {
			name  string
			c     repair.Customer
			r     func() repair.Request
			err   error
			field string
			msg   string
		}{
			{name: "method missing", c: customer(), r: func() repair.Request { return request("") }, field: payments.FieldPaymentMethod, msg: "Required"},
			{name: "method unknown", c: customer(), r: func() repair.Request { return request("Bitcoin") }, field: payments.FieldPaymentMethod, msg: "Required"},
			{name: "PO without the permission", c: customer(), r: func() repair.Request { return poRequest("4711-1234") }, err: payments.ErrPONotAllowed},
			{name: "PO number missing", c: noRelease, r: func() repair.Request { return poRequest("  ") }, field: payments.FieldCustomerPO, msg: "Required"},
			{name: "PO number too long", c: noRelease, r: func() repair.Request { return poRequest(strings.Repeat("7", 36)) }, field: payments.FieldCustomerPO, msg: "Must be less than 36 characters"},
			{name: "PO-release too long", c: poHolder(), r: func() repair.Request { return poRequest(strings.Repeat("7", 30) + "-1234") }, field: payments.FieldCustomerPO, msg: "Must be less than 30 characters"},
			{name: "release of 3 digits", c: poHolder(), r: func() repair.Request { return poRequest("4711-123") }, field: payments.FieldPORelease, msg: "Must be 4 or 5 digits"},
			{name: "release of 6 digits", c: poHolder(), r: func() repair.Request { return poRequest("4711-123456") }, field: payments.FieldPORelease, msg: "Must be 4 or 5 digits"},
			{name: "release missing", c: poHolder(), r: func() repair.Request { return poRequest("4711") }, field: payments.FieldPORelease, msg: "Required"},
			{name: "release not digits", c: poHolder(), r: func() repair.Request { return poRequest("4711-12a4") }, field: payments.FieldPORelease, msg: "Must be 4 or 5 digits"},
			{name: "PO number missing before the release", c: poHolder(), r: func() repair.Request { return poRequest("-1234") }, field: payments.FieldCustomerPO, msg: "Required"},
			{name: "PO file missing", c: noRelease, r: func() repair.Request {
				r := poRequest("4711")
				r.Payment.CustomerPOFileID = ""
				return r
			}, field: payments.FieldPOFile, msg: "Must Attach Files"},
			{name: "someone else's PO file", c: noRelease, r: func() repair.Request {
				r := poRequest("4711")
				r.Payment.CustomerPOFileID = "po/mallory.pdf"
				return r
			}, field: payments.FieldPOFile, msg: "The purchase order file was not found. Please upload it again."},
			{name: "payment and problem messages together", c: noRelease, r: func() repair.Request {
				r := poRequest("")
				r.Create.Problem.InitialNotes = ""
				return r
			}, field: "rmaInput.initialNotes", msg: "Required"},
			{name: "in-warranty unit is submitted instead", c: customer(), r: func() repair.Request {
				r := request(repair.MethodPayPal)
				r.Create.Serial = "RT10000001"
				return r
			}, err: rma.ErrPaymentNotNeeded},
			{name: "unit with the override is submitted instead", c: customer(), r: func() repair.Request {
				r := request(repair.MethodPayPal)
				r.Create.Serial = "RT10000003"
				return r
			}, err: rma.ErrPaymentNotNeeded},
		}
		f.files.Add("usr_mallory", "po/mallory.pdf")
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := f.svc.CreateOutOfWarranty(t.Context(), tt.c, tt.r())
				if tt.err != nil {
					require.ErrorIs(t, err, tt.err)
				} else {
					require.Equal(t, tt.msg, fields(t, err)[tt.field], "fields: %v", fields(t, err))
				}
				require.Zero(t, f.count(t), "nothing is stored")
				require.Empty(t, f.unitRMA(t, "RT10000002"))
			})
		}

		both := poRequest("")
		both.Create.Problem.InitialNotes = ""
		_, err := f.svc.CreateOutOfWarranty(t.Context(), noRelease, both)
		require.Equal(t, "Required", fields(t, err)[payments.FieldCustomerPO], "the payment's message beside the problem's")

		for i, po := range []string{"4711-1234", "PO-4711-12345", strings.Repeat("7", 29) + "-1234"} {
			r := poRequest(po)
			name := fmt.Sprintf("rma/%d.jpg", i)
			f.claimer.Owned[name] = casey
			r.Create.Problem.Attachments = []string{name}
			res, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), r)
			require.NoError(t, err, po)
			require.Equal(t, po, f.payments.CustomerPO(casey, res.RMANumber), "sent as PO-release")
			// Free the unit and the PO file for the next round.
			require.NoError(t, f.store.CloseUnitRMA(t.Context(), "RT10000002", res.RMANumber))
			f.files.Claimed = map[string]string{}
		}
	})
}

func TestIntegrationCreateOutOfWarranty_CardPathPaysThenReleasesOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		c := customer()
		c.DiscountPercent = 10
		r := request(repair.MethodPayPal)
		r.Create.IdempotencyKey = "k-card"
		res, err := f.svc.CreateOutOfWarranty(t.Context(), c, r)
		require.NoError(t, err)
		require.Equal(t, "RMA-100501", res.RMANumber)
		require.NotEmpty(t, res.QuoteID)
		order, returnURL, cancelURL := f.payments.Order(casey, res.RMANumber)
		require.Equal(t, "https://paypal.test/checkoutnow?token="+order, res.PaymentURL)
		require.Equal(t, "http://portal.test/create-rma/RT10000002?rmaNumber=RMA-100501", returnURL)
		require.Equal(t, "http://portal.test/create-rma/RT10000002?rmaNumber=RMA-100501&cancelled=1", cancelURL)

		q, err := f.payments.QuoteOfRMA(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, money.USD(260_10), q.Amount, "the server's $289.00 less 10 %")
		stored, err := f.store.RMAByNumber(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingPayment, stored.Status)
		require.Equal(t, money.USD(289_00), stored.ProblemPrice)
		require.Empty(t, f.issuer.Requests, "no label before the payment")

		again, err := f.svc.CreateOutOfWarranty(t.Context(), c, r)
		require.NoError(t, err)
		require.Equal(t, res, again, "a retry with the same key answers the same RMA, quote and link")

		_, err = f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", order)
		require.ErrorIs(t, err, repairtest.ErrNotApproved, "process before the payment is refused")
		require.Empty(t, f.issuer.Requests)

		f.payments.Approve(casey, res.RMANumber)
		done, err := f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", order)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, done.RMA.Status)
		require.Equal(t, "label-1", done.RMA.LabelID)
		repeat, err := f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", order)
		require.NoError(t, err)
		require.Equal(t, done.RMA.LabelID, repeat.RMA.LabelID, "repeats answer the same")
		require.Len(t, f.issuer.Requests, 1)
		require.Equal(t, []string{"casey@example.com|RMA RMA-100501 created"}, f.mailer.Sent)
		require.Equal(t, 1, f.payments.Captures)

		_, err = f.svc.Cancel(t.Context(), casey, res.RMANumber)
		require.ErrorIs(t, err, rma.ErrNotCancellable, "cancel after the payment is refused")
	})
}

func TestIntegrationProcessOutOfWarranty_Refusals(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		order, _, _ := f.payments.Order(casey, res.RMANumber)
		f.payments.Approve(casey, res.RMANumber)
		tests := []struct {
			name                 string
			owner, number, token string
			serial               rma.Serial
			err                  error
		}{
			{"someone else's RMA", "usr_mallory", res.RMANumber, order, "RT10000002", rma.ErrRMANotFound},
			{"unknown RMA", casey, "RMA-999999", order, "RT10000002", rma.ErrRMANotFound},
			{"another serial", casey, res.RMANumber, order, "RT10000001", rma.ErrRMANotFound},
			{"another order's token", casey, res.RMANumber, "ORDER-OTHER", "RT10000002", repairtest.ErrNotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := f.svc.ProcessOutOfWarranty(t.Context(), tt.owner, tt.number, tt.serial, tt.token)
				require.ErrorIs(t, err, tt.err)
				require.Empty(t, f.issuer.Requests)
			})
		}

		f.payments.Decline(casey, res.RMANumber)
		_, err = f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", order)
		require.ErrorIs(t, err, repairtest.ErrDeclined)
		stored, err := f.store.RMAByNumber(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingPayment, stored.Status, "a declined card leaves the RMA waiting")

		cancelled, err := f.svc.Cancel(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, cancelled.Status)
		require.True(t, f.payments.Cancelled(casey, res.RMANumber), "the quote is cancelled with it")
		require.Empty(t, f.unitRMA(t, "RT10000002"), "the unit is free again")
		_, err = f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", order)
		require.ErrorIs(t, err, rma.ErrRMACancelled)
		again, err := f.svc.Cancel(t.Context(), casey, res.RMANumber)
		require.NoError(t, err, "cancelling twice answers the cancelled RMA")
		require.Equal(t, rma.StatusCancelled, again.Status)
		_, err = f.svc.Cancel(t.Context(), "usr_mallory", res.RMANumber)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
	})
}

func TestIntegrationCancel_QuotePaidMeanwhileIsNotCancellable(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		f.payments.MarkPaid(casey, res.RMANumber)
		_, err = f.svc.Cancel(t.Context(), casey, res.RMANumber)
		require.ErrorIs(t, err, rma.ErrNotCancellable)
		stored, err := f.store.RMAByNumber(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingPayment, stored.Status, "the RMA's cancellation rolled back")
		require.Equal(t, res.RMANumber, f.unitRMA(t, "RT10000002"))
	})
}

func TestIntegrationCreateOutOfWarranty_ProviderOutageCancelsTheRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		f.payments.StartErr = repairtest.ErrUnavailable
		_, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.ErrorIs(t, err, repairtest.ErrUnavailable)
		stored, err := f.store.RMAByNumber(t.Context(), casey, "RMA-100501")
		require.NoError(t, err)
		require.Equal(t, rma.StatusCancelled, stored.Status)
		require.True(t, f.payments.Cancelled(casey, "RMA-100501"))
		require.Empty(t, f.unitRMA(t, "RT10000002"))
	})
}

func TestIntegrationCreateOutOfWarranty_POPathPaysAtOnceAndProcesses(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), poRequest("4711-12345"))
		require.NoError(t, err)
		require.Empty(t, res.PaymentURL)
		require.Equal(t, res.RMANumber, f.files.Claimed["po/4711.pdf"], "the PO file belongs to the RMA")
		q, err := f.payments.QuoteOfRMA(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.True(t, q.Paid)
		require.Equal(t, money.USD(260_10), q.Amount)
		require.Equal(t, "FleetCo", q.Org, "the quote is made under the caller's organization")

		done, err := f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000002", "")
		require.NoError(t, err)
		require.Equal(t, "label-1", done.RMA.LabelID)
		require.Zero(t, f.payments.Captures, "nothing to capture for a PO")
	})
}

func TestIntegrationCreateOutOfWarranty_SavedQuoteHoldsItsFilesAndIsPaidLater(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		save := request("")
		save.Payment.Save = true
		saved, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), save)
		require.NoError(t, err)
		require.Empty(t, saved.RMANumber)
		require.NotEmpty(t, saved.QuoteID)
		require.NotNil(t, saved.Saved)
		require.Equal(t, money.USD(260_10), saved.Saved.Total)
		require.Equal(t, "RT10000002", saved.Saved.ExternalResource.Serial)
		require.Equal(t, rma.Packaging{HavePackaging: true}, saved.Saved.ExternalResource.Packaging)
		require.Equal(t, "casey@example.com", saved.Saved.Shipping.Contact.EmailAddress)
		perm := saved.Saved.ExternalResource.RMAInput["permissions"].(map[string]any)
		require.Equal(t, "", perm["userPassword"], "a quote keeps no password")
		require.Equal(t, "", perm["userId"])
		require.Equal(t, map[string]any{"rma/a.jpg": "a.jpg"}, saved.Saved.ExternalResource.RMAInput["attachmentNames"],
			"the names the files were uploaded under, for the confirm-quote page")
		require.Zero(t, f.count(t), "no RMA for a saved quote")
		held, ok := f.files.Held["rma/a.jpg"]
		require.True(t, ok, "its files are held")
		stored, err := f.payments.SavedQuote(t.Context(), casey, saved.QuoteID)
		require.NoError(t, err)
		require.Equal(t, stored.ExpiresAt, held, "until the quote expires")
		require.Equal(t, "FleetCo", stored.Org, "saved under the caller's organization")

		// Paid later by a customer whose discount changed: the saved amount holds.
		pay := request(repair.MethodPayPal)
		pay.Payment.QuoteID = saved.QuoteID
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), pay)
		require.NoError(t, err)
		require.Equal(t, saved.QuoteID, res.QuoteID, "the saved quote pays the RMA")
		q, err := f.payments.QuoteOfRMA(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, money.USD(260_10), q.Amount)
		require.Equal(t, res.RMANumber, f.claimer.Claimed["rma/a.jpg"], "the held files go to the RMA")
	})
}

func TestIntegrationCreateOutOfWarranty_SavedQuoteRefusals(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		saved := repair.SavedQuote{ExternalResource: repair.ExternalResource{
			Serial: "RT10000002", RMAInput: map[string]any{"primaryFault": "Display", "problem": "Cracked or broken screen"},
		}}
		future := time.Now().Add(time.Hour)
		f.payments.AddSavedQuote("QT-MALLORY", "usr_mallory", "RT10000002", money.USD(1_00), saved, future)
		f.payments.AddSavedQuote("QT-OTHERSERIAL", casey, "RT10000012", money.USD(1_00), saved, future)
		f.payments.AddSavedQuote("QT-EXPIRED", casey, "RT10000002", money.USD(1_00), saved, time.Now().Add(-time.Hour))
		otherProblem := saved
		otherProblem.ExternalResource.RMAInput = map[string]any{"primaryFault": "Display", "problem": "Dead pixels or lines"}
		f.payments.AddSavedQuote("QT-CHEAPER", casey, "RT10000002", money.USD(1_00), otherProblem, future)
		tests := []struct {
			id  string
			err error
		}{
			{"QT-MALLORY", repairtest.ErrQuoteNotFound},
			{"QT-OTHERSERIAL", repairtest.ErrQuoteNotFound},
			{"QT-UNKNOWN", repairtest.ErrQuoteNotFound},
			{"QT-EXPIRED", repairtest.ErrQuoteExpired},
			{"QT-CHEAPER", repair.ErrQuoteMismatch},
		}
		for _, tt := range tests {
			t.Run(tt.id, func(t *testing.T) {
				clear(f.claimer.Claimed) // the fake keeps what a rolled-back RMA claimed
				r := request(repair.MethodPayPal)
				r.Payment.QuoteID = tt.id
				_, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), r)
				require.ErrorIs(t, err, tt.err)
				require.Zero(t, f.count(t), "nothing is stored")
				require.Empty(t, f.unitRMA(t, "RT10000002"))
			})
		}
	})
}

func TestIntegrationProcessOutOfWarranty_ConcurrentReturnsMakeOneLabelAndOneEmail(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		order, _, _ := f.payments.Order(casey, res.RMANumber)
		f.payments.Approve(casey, res.RMANumber)

		var wg sync.WaitGroup
		got := make([]repair.Processed, 4)
		errs := make([]error, len(got)+1)
		for i := range got {
			wg.Go(func() {
				got[i], errs[i] = f.svc.ProcessOutOfWarranty(context.Background(), casey, res.RMANumber, "RT10000002", order)
			})
		}
		// The provider's webhook paid it too: its fulfilment releases the RMA at the same time.
		wg.Go(func() { _, errs[len(got)] = f.creator.Release(context.Background(), casey, res.RMANumber) })
		wg.Wait()
		for i := range errs {
			require.NoError(t, errs[i])
		}
		for i := range got {
			require.Equal(t, "label-1", got[i].RMA.LabelID)
		}
		require.Len(t, f.issuer.Requests, 1, "one label")
		require.Len(t, f.mailer.Sent, 1, "one e-mail")
		require.LessOrEqual(t, f.payments.Captures, 1, "one capture at most: the webhook's release may come first")
	})
}

func TestIntegrationCreateOutOfWarranty_ConcurrentDoubleClickOpensOneRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		var wg sync.WaitGroup
		got := make([]repair.Result, 3)
		errs := make([]error, len(got))
		for i := range got {
			wg.Go(func() {
				r := request(repair.MethodPayPal)
				r.Create.IdempotencyKey = "k-double"
				got[i], errs[i] = f.svc.CreateOutOfWarranty(context.Background(), customer(), r)
			})
		}
		wg.Wait()
		for i := range got {
			require.NoError(t, errs[i])
			require.Equal(t, got[0], got[i])
		}
		require.EqualValues(t, 1, f.count(t))
	})
}

func TestIntegrationCreateOutOfWarranty_SaveRetriedWithItsKeyAnswersTheSameQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		save := request("")
		save.Payment.Save = true
		save.Create.IdempotencyKey = "k-save"
		first, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), save)
		require.NoError(t, err)
		again, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), save)
		require.NoError(t, err)
		require.Equal(t, first, again)
		require.Equal(t, 1, f.payments.Quotes(), "one quote saved")

		var wg sync.WaitGroup
		got := make([]repair.Result, 3)
		errs := make([]error, len(got))
		for i := range got {
			wg.Go(func() {
				r := save
				r.Create.IdempotencyKey = "k-double-save"
				got[i], errs[i] = f.svc.CreateOutOfWarranty(context.Background(), poHolder(), r)
			})
		}
		wg.Wait()
		for i := range got {
			require.NoError(t, errs[i])
			require.Equal(t, got[0].QuoteID, got[i].QuoteID, "a double click answers one quote")
		}
	})
}

// upgradeRequest is casey's upgrade of the in-warranty RT10000001: always paid, no photos.
func upgradeRequest(method repair.Method) repair.Request {
	r := request(method)
	r.Create.Serial, r.Create.RMAType = "RT10000001", rma.RMATypeUpgrade
	r.Create.Problem = rma.Problem{PrimaryFault: "Memory", Problem: "16 GB to 32 GB DDR4"}
	return r
}

// An upgrade of a unit in warranty is paid like an out-of-warranty repair: at the server's
// price less the flat discount, and PayPal sends the payer back to the upgrade page.
func TestIntegrationCreateOutOfWarranty_UpgradeIsPaidAndReturnsToTheUpgradePage(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		c := customer()
		c.DiscountPercent = 10
		res, err := f.svc.CreateOutOfWarranty(t.Context(), c, upgradeRequest(repair.MethodPayPal))
		require.NoError(t, err)
		order, returnURL, cancelURL := f.payments.Order(casey, res.RMANumber)
		require.Equal(t, "http://portal.test/upgrade-device/RT10000001?rmaNumber="+res.RMANumber, returnURL)
		require.Equal(t, returnURL+"&cancelled=1", cancelURL)
		q, err := f.payments.QuoteOfRMA(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Equal(t, money.USD(224_10), q.Amount, "the server's $249.00 less 10 %")

		f.payments.Approve(casey, res.RMANumber)
		done, err := f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000001", order)
		require.NoError(t, err)
		require.Equal(t, rma.RMATypeUpgrade, done.RMA.Type)
		require.Equal(t, rma.StatusAwaitingUnit, done.RMA.Status)
		require.Equal(t, "label-1", done.RMA.LabelID)
	})
}

func TestIntegrationCreateOutOfWarranty_UpgradeByPOAndItsRules(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		noPO := upgradeRequest(repair.MethodPO)
		_, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), noPO)
		require.ErrorIs(t, err, payments.ErrPONotAllowed, "PO only for its holders, as for repairs")

		bad := upgradeRequest(repair.MethodPO)
		bad.Create.Problem.Problem = "Cracked or broken screen"
		got := fields(t, func() error { _, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), bad); return err }())
		require.Equal(t, map[string]string{
			"rmaInput.problem":       rma.MsgPickUpgrade,
			payments.FieldCustomerPO: "Required",
			payments.FieldPORelease:  "Required",
			payments.FieldPOFile:     rma.MsgMustAttachFiles,
		}, got, "the upgrade's and the payment's messages at once")
		require.Zero(t, f.count(t))

		ok := upgradeRequest(repair.MethodPO)
		ok.Payment.CustomerPO, ok.Payment.CustomerPOFileID = "4711-1234", "po/4711.pdf"
		res, err := f.svc.CreateOutOfWarranty(t.Context(), poHolder(), ok)
		require.NoError(t, err)
		require.Empty(t, res.PaymentURL)
		done, err := f.svc.ProcessOutOfWarranty(t.Context(), casey, res.RMANumber, "RT10000001", "")
		require.NoError(t, err)
		require.Equal(t, "label-1", done.RMA.LabelID)
		require.Equal(t, rma.RMATypeUpgrade, done.RMA.Type)
	})
}

// A saved upgrade quote is paid later at its amount; a repair's quote never pays an upgrade.
func TestIntegrationCreateOutOfWarranty_SavedUpgradeQuote(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		save := upgradeRequest("")
		save.Payment.Save = true
		saved, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), save)
		require.NoError(t, err)
		require.Equal(t, money.USD(249_00), saved.Saved.Total)
		require.Equal(t, rma.RMATypeUpgrade, saved.Saved.ExternalResource.RMAInput["rmaType"])
		require.Equal(t, []string{}, saved.Saved.ExternalResource.RMAInput["attachments"])

		repairQuote := repair.SavedQuote{ExternalResource: repair.ExternalResource{
			Serial: "RT10000001", RMAInput: map[string]any{"rmaType": rma.DefaultRMAType, "primaryFault": "Memory", "problem": "16 GB to 32 GB DDR4"},
		}}
		f.payments.AddSavedQuote("QT-REPAIR", casey, "RT10000001", money.USD(1_00), repairQuote, time.Now().Add(time.Hour))
		wrong := upgradeRequest(repair.MethodPayPal)
		wrong.Payment.QuoteID = "QT-REPAIR"
		_, err = f.svc.CreateOutOfWarranty(t.Context(), customer(), wrong)
		require.ErrorIs(t, err, repair.ErrQuoteMismatch)
		require.Zero(t, f.count(t))

		pay := upgradeRequest(repair.MethodPayPal)
		pay.Payment.QuoteID = saved.QuoteID
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), pay)
		require.NoError(t, err)
		require.Equal(t, saved.QuoteID, res.QuoteID)
	})
}
