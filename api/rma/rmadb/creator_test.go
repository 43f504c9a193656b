package rmadb_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

type fixture struct {
	store   *rmadb.Store
	creator *rma.Creator
	claimer *rmatest.Claimer
	issuer  *rmatest.Issuer
	mailer  *rmatest.Mailer
	counter *rmatest.Counter
	gdb     *gorm.DB
}

func newFixture(t *testing.T, gdb *gorm.DB) fixture {
	t.Helper()
	s := migrated(t, gdb)
	require.NoError(t, s.UpsertUnits(t.Context(), rmadb.DemoUnits()))
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), s))
	f := fixture{store: s, claimer: rmatest.NewClaimer("usr_casey", "rma/a.jpg", "rma/b.mp4"), issuer: &rmatest.Issuer{}, mailer: &rmatest.Mailer{}, counter: &rmatest.Counter{}, gdb: gdb}
	f.creator = &rma.Creator{
		Store: s, Tx: db.NewTransactor(gdb), Addresses: rmatest.Addresses{}, Uploads: f.claimer,
		Shipping: f.issuer, Mail: f.mailer, Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{},
		Counter: f.counter, Log: testkit.Quiet(), DocumentURL: func(id string) string { return "http://portal.test/shipping/documents/" + id },
		Now: time.Now,
	}
	return f
}

func request() rma.CreateRequest {
	return rma.CreateRequest{
		Owner: "usr_casey", Serial: " rt10000001 ",
		Problem: rma.Problem{
			PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped on site; screen cracked.",
			Permissions: rma.Permissions{AcknowledgeHDDBackup: true, WindowsUser: "field", WindowsPassword: "hunter2"},
			Accessories: rma.Accessories{ACPower: true},
			Attachments: []string{"rma/a.jpg"},
		},
		Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: rma.Packaging{HavePackaging: true},
	}
}

func TestIntegrationCreate_CreatesTheRMAWithItsLabel(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		got, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)
		r := got.RMA
		require.Equal(t, "RMA-100501", r.Number)
		require.Equal(t, rma.ShipLabel, r.Method)
		require.Equal(t, "label-1", r.LabelID)
		require.Empty(t, r.InvoiceID, "no border crossed")
		require.Equal(t, money.USD(289_00), r.ProblemPrice, "the server's price")

		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, "sealed:hunter2", stored.Problem.Permissions.WindowsPassword)
		require.Equal(t, "label-1", stored.LabelID)
		require.Equal(t, money.USD(289_00), stored.ProblemPrice, "stored in cents and dollars")
		_, err = f.store.RMAByNumber(t.Context(), "usr_other", r.Number)
		require.ErrorIs(t, err, rma.ErrRMANotFound, "another owner's RMA is absent")

		unit, err := f.store.UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Equal(t, r.Number, unit.OpenRMANumber)
		require.Equal(t, r.Number, f.claimer.Claimed["rma/a.jpg"])
		events, err := f.store.Events(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "label_issued"}, events)
		require.Equal(t, []string{"casey@example.com|RMA RMA-100501 created"}, f.mailer.Sent)

		_, err = f.creator.Create(t.Context(), request())
		require.ErrorIs(t, err, rma.ErrNotValidForNewRMA, "the unit now has an RMA")
	})
}

// The opener's name is kept as the store can hold it: trimmed, cut to 70 characters (a
// provider's names may be longer), on every database alike.
func TestIntegrationCreate_KeepsTheOpenersNameWithinItsColumn(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := request()
		r.OpenedByName = "  " + strings.Repeat("é", rma.OpenedByNameMax+5) + " "
		got, err := f.creator.Create(t.Context(), r)
		require.NoError(t, err)
		stored, err := f.store.RMAByNumber(t.Context(), "usr_casey", got.RMA.Number)
		require.NoError(t, err)
		require.Equal(t, strings.Repeat("é", rma.OpenedByNameMax), stored.OpenedByName)
		require.Equal(t, "Casey", stored.Contact.FirstName, "the contact is kept apart")
	})
}

func TestIntegrationCreate_SameIdempotencyKeyReturnsTheSameRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		req := request()
		req.IdempotencyKey = "5c1b6f1e-8f7e-4c55-9f43-1d1b2a3c4d5e"
		first, err := f.creator.Create(t.Context(), req)
		require.NoError(t, err)
		again, err := f.creator.Create(t.Context(), req)
		require.NoError(t, err)
		require.Equal(t, first.RMA.Number, again.RMA.Number)
		require.Equal(t, first.RMA.LabelID, again.RMA.LabelID)
		require.Len(t, f.issuer.Requests, 1, "one label only")
	})
}

func TestIntegrationCreate_CountsEachCommittedRMAOnceByType(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		refused := request()
		refused.Problem.Attachments = []string{"rma/not-mine.jpg"}
		_, err := f.creator.Create(t.Context(), refused)
		require.Error(t, err)
		require.Empty(t, f.counter.Created, "a rolled-back create is not counted")

		req := request()
		req.IdempotencyKey = "0d6f4c1e-2b7a-4e7b-9f43-1d1b2a3c4d5e"
		for range 2 {
			_, err := f.creator.Create(t.Context(), req)
			require.NoError(t, err)
		}
		_, err = f.creator.Recycle(t.Context(), recycleRequest())
		require.NoError(t, err)
		require.Equal(t, map[string]int{rma.DefaultRMAType: 1, rma.RMATypeRecycle: 1}, f.counter.Created,
			"a retry answered from its idempotency key creates and counts nothing")
	})
}

func TestIntegrationCreate_ConcurrentRequestsForOneUnitCreateOneRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = f.creator.Create(t.Context(), request())
			})
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			}
		}
		require.Equal(t, 1, ok, "errors: %v", errs)
	})
}

func TestIntegrationCreate_FailedStepLeavesNoHalfRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		req := request()
		req.Problem.Attachments = []string{"rma/not-mine.jpg"}
		_, err := f.creator.Create(t.Context(), req)
		flt, ok := fault.As(err)
		require.True(t, ok, "got %v", err)
		require.Contains(t, flt.Fields, "rmaInput.attachments")

		unit, err := f.store.UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Empty(t, unit.OpenRMANumber, "the unit is not marked")
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n)
		require.NoError(t, gdb.Table("rma_lines").Count(&n).Error)
		require.Zero(t, n)
		require.Empty(t, f.mailer.Sent)

		got, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)
		require.Equal(t, "RMA-100501", got.RMA.Number, "the failed attempt used no number")
	})
}

func TestIntegrationCreate_LabelFailureKeepsTheRMAAndReportsIt(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		f.issuer.Err = errors.New("carrier down")
		got, err := f.creator.Create(t.Context(), request())
		require.NoError(t, err)
		require.NotEmpty(t, got.RMA.Number)
		require.NotEmpty(t, got.RMA.ShippingError)
		require.Empty(t, got.RMA.LabelID)
		events, err := f.store.Events(t.Context(), got.RMA.Number)
		require.NoError(t, err)
		require.Equal(t, []string{"created", "label_failed"}, events)
	})
}

func TestIntegrationCreate_ShippingMethodFollowsTheAddress(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		tests := []struct {
			name      string
			serial    string
			address   rma.Address
			packaging rma.Packaging
			want      rma.ShippingMethod
			invoice   bool
			field     string
		}{
			{name: "US qr", serial: "RT10000001", address: rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}, want: rma.ShipQR},
			{name: "US box", serial: "RT10000002", address: rma.Address{Line1: "1 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}, packaging: rma.Packaging{RequestBox: true}, want: rma.ShipBox},
			{name: "Canada is label with invoice", serial: "RT10000003", address: rma.Address{Line1: "1 King St W", City: "Toronto", State: "ON", Country: "CA", PostalCode: "M5H 1A1"}, packaging: rma.Packaging{HavePackaging: true}, want: rma.ShipLabel, invoice: true},
			{name: "APO is label", serial: "VT10000007", address: rma.Address{Line1: "Unit 2050 Box 4190", City: "APO", State: "AP", Country: "US", PostalCode: "96278"}, packaging: rma.Packaging{HavePackaging: true}, want: rma.ShipLabel},
			{name: "abroad gets no label", serial: "RT10000009", address: rma.Address{Line1: "10 Downing St", City: "London", Country: "GB", PostalCode: "SW1A 2AA"}, want: rma.ShipInternational},
			{name: "Canada may not choose qr", serial: "RT10000008", address: rma.Address{Line1: "1 King St W", City: "Toronto", State: "ON", Country: "CA", PostalCode: "M5H 1A1"}, field: "packaging"},
		}
		f := newFixture(t, gdb)
		// RT10000002 is out of warranty: with the override its RMA is submitted without payment.
		// RT10000008 has no warranty date: with the override too.
		oow, undated := rmadb.DemoUnits()[1], rmadb.DemoUnits()[7]
		oow.AllowOOW, undated.AllowOOW = true, true
		require.NoError(t, f.store.UpsertUnits(t.Context(), []rma.Unit{oow, undated}))
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				req := request()
				req.Serial, req.Address, req.Packaging = tt.serial, tt.address, tt.packaging
				req.Problem.Attachments = nil
				if tt.serial == "VT10000007" {
					no := false
					req.Problem.Permissions = rma.Permissions{AcknowledgeHDDBackup: true, HasDeviceData: &no}
					req.Problem.PrimaryFault, req.Problem.Problem = "Display", "Dead pixels or lines"
				}
				name := "rma/" + tt.serial + ".jpg"
				f.claimer.Owned[name] = "usr_casey"
				req.Problem.Attachments = []string{name}
				got, err := f.creator.Create(t.Context(), req)
				if tt.field != "" {
					flt, ok := fault.As(err)
					require.True(t, ok, "got %v", err)
					require.Equal(t, rma.MsgLabelOnly, flt.Fields[tt.field])
					return
				}
				require.NoError(t, err)
				require.Equal(t, tt.want, got.RMA.Method)
				require.Equal(t, tt.want == rma.ShipLabel || tt.want == rma.ShipQR, got.RMA.LabelID != "")
				require.Equal(t, tt.invoice, got.RMA.InvoiceID != "")
			})
		}
	})
}

func TestIntegrationCreate_CarrierRefusalOfTheAddressCreatesNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		shipper := fault.New(fault.KindInvalid, "shipping.shipperAddress", "The carrier could not validate the shipper address.")
		f.issuer.ShipFromErr = shipper
		_, err := f.creator.Create(t.Context(), request())
		require.ErrorIs(t, err, shipper)
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n)
	})
}

func TestIntegrationCreate_ConcurrentRetriesWithOneKeyAnswerOneRMA(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		var wg sync.WaitGroup
		got := make([]rma.Created, 4)
		errs := make([]error, len(got))
		for i := range got {
			wg.Go(func() {
				req := request()
				req.IdempotencyKey = "k-double-click"
				got[i], errs[i] = f.creator.Create(t.Context(), req)
			})
		}
		wg.Wait()
		for i := range got {
			require.NoError(t, errs[i])
			require.Equal(t, got[0].RMA.Number, got[i].RMA.Number)
		}
		require.Len(t, f.issuer.Requests, 1)
	})
}
