package depotdb_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/rma/rmatest"
)

var tariq = depot.Staff{Subject: "usr_tariq", Email: "tariq@rugged.example"}

// fixture is a migrated database with the rma capability's demo units, the depot's service over
// it with the real lifecycle, and fakes for the photos and the outbox.
type fixture struct {
	gdb     *gorm.DB
	rmas    *rmadb.Store
	store   *depotdb.Store
	creator *rma.Creator
	mailer  *rmatest.Mailer
	photos  *rmatest.Claimer
	svc     *depot.Service
}

func newFixture(t *testing.T, gdb *gorm.DB) fixture {
	t.Helper()
	require.NoError(t, rmadb.Migrate(t.Context(), gdb))
	_, err := db.Migrate(t.Context(), gdb, depotdb.Schema())
	require.NoError(t, err)
	rmas := rmadb.NewStore(gdb)
	units := rmadb.DemoUnits()
	// A second unit in warranty, of another warranty type, for the queue's filters.
	extended := units[0]
	extended.Serial, extended.WarrantyType = "RT20000001", "EXTENDED"
	require.NoError(t, rmas.UpsertUnits(t.Context(), append(units, extended)))
	require.NoError(t, rmadb.SeedRepairOptions(t.Context(), rmas))
	f := fixture{gdb: gdb, rmas: rmas, store: depotdb.NewStore(gdb), mailer: &rmatest.Mailer{},
		photos: rmatest.NewClaimer("usr_tariq", "depot/a.jpg", "depot/b.jpg", "depot/c.jpg")}
	tx := db.NewTransactor(gdb)
	f.creator = &rma.Creator{
		Store: rmas, Tx: tx, Addresses: rmatest.Addresses{}, Uploads: rmatest.NewClaimer("usr_casey", "rma/a.jpg", "rma/b.jpg"),
		Shipping: &rmatest.Issuer{}, Mail: &rmatest.Mailer{}, Units: rmatest.NoCache{}, Secrets: rmatest.Sealer{},
		Counter: &rmatest.Counter{}, Log: testkit.Quiet(), DocumentURL: func(id string) string { return "http://portal.test/" + id }, Now: time.Now,
	}
	lifecycle := &rma.Lifecycle{Store: rmas, Tx: tx, Mail: f.mailer, Units: rmatest.NoCache{}, Log: testkit.Quiet(), Now: time.Now}
	f.svc = &depot.Service{Store: f.store, RMAs: rmas, InWork: rmas, Mover: lifecycle, Photos: f.photos, Tx: tx, Log: testkit.Quiet(), Now: time.Now}
	return f
}

// created opens casey's in-warranty repair of serial, awaiting its unit.
func (f fixture) created(t *testing.T, serial, attachment string) rma.RMA {
	t.Helper()
	got, err := f.creator.Create(t.Context(), rma.CreateRequest{
		Owner: "usr_casey", Serial: serial,
		Problem: rma.Problem{PrimaryFault: "Display", Problem: "Cracked or broken screen", InitialNotes: "Dropped.",
			Permissions: rma.Permissions{AcknowledgeHDDBackup: true}, Attachments: []string{attachment}},
		Contact:   rma.Contact{FirstName: "Casey", LastName: "Morgan", Email: "casey@example.com", Phone: "+15125550142", PhoneCountryCode: "US"},
		Address:   rma.Address{Line1: "2100 Riverside Dr", City: "Austin", State: "TX", Country: "US", PostalCode: "78741"},
		Packaging: rma.Packaging{HavePackaging: true},
	})
	require.NoError(t, err)
	return got.RMA
}

func TestSchema_MigrationsMatchTheRows(t *testing.T) {
	depotdb.MigrationsMatchRows(t)
}

func TestIntegrationReceive_MovesTheRMAWithEventMailPhotosAndAudit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")

		moved, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{
			Number: " " + r.Number + " ", Serial: "rt10000001", Photos: []string{"depot/a.jpg", "depot/b.jpg"}, Notes: "Screen cracked, case intact",
		})
		require.NoError(t, err)
		require.Equal(t, rma.StatusReceived, moved.Status)

		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusReceived, stored.Status)
		timeline, err := f.rmas.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		last := timeline[len(timeline)-1]
		require.Equal(t, rma.StatusReceived, last.Status)
		require.Equal(t, "usr_tariq", last.Actor)
		require.Equal(t, "Screen cracked, case intact", last.Note)
		require.Equal(t, []string{"casey@example.com|RMA " + r.Number + ": we received your unit"}, f.mailer.Sent)
		require.Equal(t, r.Number, f.photos.Claimed["depot/a.jpg"])

		receipt, ok, err := f.store.Receipt(t.Context(), r.Number)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, []string{"depot/a.jpg", "depot/b.jpg"}, receipt.Photos)
		require.Equal(t, "usr_tariq", receipt.Actor)

		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		require.Len(t, audit.Entries, 1)
		e := audit.Entries[0]
		require.Equal(t, depot.ActionReceive, e.Action)
		require.Equal(t, "tariq@rugged.example", e.ActorEmail)
		require.Equal(t, rma.StatusAwaitingUnit, e.From)
		require.Equal(t, rma.StatusReceived, e.To)
	})
}

func TestIntegrationReceive_ConcurrentDoubleScanMovesOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")

		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = f.svc.Receive(context.Background(), tariq, depot.ReceiveRequest{
					Number: r.Number, Serial: r.Serial, Photos: []string{"depot/a.jpg"},
				})
			})
		}
		wg.Wait()
		var won int
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorIs(t, err, depot.ErrNotAwaitingUnit)
		}
		require.Equal(t, 1, won, "exactly one scan receives the unit: %v", errs)
		require.Len(t, f.mailer.Sent, 1, "one e-mail")
		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		require.Len(t, audit.Entries, 1, "one audit row")
	})
}

func TestIntegrationReceive_AnotherSerialIsFlaggedNotReceived(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")

		_, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: r.Number, Serial: "RT99999999", Photos: []string{"depot/a.jpg"}})
		require.ErrorIs(t, err, depot.ErrSerialMismatch)

		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, stored.Status, "not received")
		require.Empty(t, f.mailer.Sent)
		flags, err := f.store.Flags(t.Context())
		require.NoError(t, err)
		require.Len(t, flags, 1)
		require.Equal(t, depot.FlagSerialMismatch, flags[0].Kind)
		require.Equal(t, "RT99999999", flags[0].Serial)
		require.Equal(t, r.Serial, flags[0].Expected)
		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		require.Equal(t, depot.ActionSerialMismatch, audit.Entries[0].Action)
	})
}

func TestIntegrationReceive_UnknownNumberIsFlaggedOnlyWhenTheUnitIsDescribed(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		req := depot.ReceiveRequest{Number: "RMA-999999", Serial: "RT10000001", Photos: []string{"depot/a.jpg"}}
		_, err := f.svc.Receive(t.Context(), tariq, req)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
		flags, err := f.store.Flags(t.Context())
		require.NoError(t, err)
		require.Empty(t, flags, "a mistyped number is no unit without an RMA")

		req.UnitWithoutRMA = "Parcel 1Z999 from Morgan Field Services"
		_, err = f.svc.Receive(t.Context(), tariq, req)
		require.ErrorIs(t, err, rma.ErrRMANotFound)
		flags, err = f.store.Flags(t.Context())
		require.NoError(t, err)
		require.Len(t, flags, 1)
		require.Equal(t, depot.FlagUnitWithoutRMA, flags[0].Kind)
		require.Equal(t, "Parcel 1Z999 from Morgan Field Services", flags[0].Detail)
	})
}

func TestIntegrationQueue_FindsByNumberOrSerialAndPagesOldestFirst(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		a := f.created(t, "RT10000001", "rma/a.jpg")
		b := f.created(t, "RT20000001", "rma/b.jpg")
		_, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: b.Number, Serial: b.Serial, Photos: []string{"depot/c.jpg"}})
		require.NoError(t, err)

		// The promise is rma's (its lifecycle sets it on receipt): the queue reads the column.
		require.NoError(t, gdb.Exec("UPDATE rma_rmas SET promised_ship_date = ? WHERE number = ?", "2026-12-01", b.Number).Error)
		first, err := f.svc.Queue(t.Context(), depot.QueueFilter{Page: keyset.Request{First: 1}})
		require.NoError(t, err)
		require.Len(t, first.Rows, 1)
		require.Equal(t, a.Number, first.Rows[0].Number)
		require.Equal(t, "Casey Morgan", first.Rows[0].Customer)
		require.NotEmpty(t, first.Next)
		second, err := f.svc.Queue(t.Context(), depot.QueueFilter{Page: keyset.Request{First: 1, After: first.Next}})
		require.NoError(t, err)
		require.Len(t, second.Rows, 1)
		require.Equal(t, b.Number, second.Rows[0].Number)
		require.NotNil(t, second.Rows[0].ReceivedAt, "a received RMA's age counts from its receipt")
		require.Empty(t, first.Rows[0].PromisedShipDate, "no promise before the unit is received")
		require.Equal(t, "2026-12-01", second.Rows[0].PromisedShipDate)
		require.Empty(t, second.Next)

		for _, search := range []string{"rt20000001", strings.ToLower(b.Number)} {
			got, err := f.svc.Queue(t.Context(), depot.QueueFilter{Search: search})
			require.NoError(t, err)
			require.Len(t, got.Rows, 1, search)
			require.Equal(t, b.Number, got.Rows[0].Number)
		}
		got, err := f.svc.Queue(t.Context(), depot.QueueFilter{Status: "received"})
		require.NoError(t, err)
		require.Len(t, got.Rows, 1)
		got, err = f.svc.Queue(t.Context(), depot.QueueFilter{WarrantyType: "extended", Model: "rl14"})
		require.NoError(t, err)
		require.Len(t, got.Rows, 1)
		require.Equal(t, "EXTENDED", got.Rows[0].WarrantyType)
		got, err = f.svc.Queue(t.Context(), depot.QueueFilter{Search: "RT2000000"})
		require.NoError(t, err)
		require.Empty(t, got.Rows, "a search matches whole, not a prefix")

		backlog, err := f.svc.Backlog(t.Context())
		require.NoError(t, err)
		require.Len(t, backlog, 2, "only the statuses with RMAs waiting, in lifecycle order")
		require.Equal(t, rma.StatusAwaitingUnit, backlog[0].Status)
		require.Equal(t, 1, backlog[0].Count)
		require.Equal(t, a.CreatedAt.UTC().Truncate(time.Second), backlog[0].Oldest.Truncate(time.Second))
		require.Equal(t, rma.StatusReceived, backlog[1].Status)
		require.Equal(t, 1, backlog[1].Count)
		require.Zero(t, backlog[1].Breached, "promised for later")

		// The promised day has passed: the lead sees the breach in its status.
		require.NoError(t, gdb.Exec("UPDATE rma_rmas SET promised_ship_date = ? WHERE number = ?", "2020-01-01", b.Number).Error)
		backlog, err = f.svc.Backlog(t.Context())
		require.NoError(t, err)
		require.Equal(t, []int{0, 1}, []int{backlog[0].Breached, backlog[1].Breached})
	})
}

func TestIntegrationRepair_CoveredWorkMovesAReceivedUnitToRepairingWithItsWork(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r := f.created(t, "RT10000001", "rma/a.jpg")
		req := depot.RepairRequest{Number: r.Number, PartsReplaced: "Display RL14-LCD", WorkPerformed: "Replaced the display",
			QA: []depot.QACheck{{Check: "Powers on", Passed: true}, {Check: "Touch responds", Passed: true}}}

		_, err := f.svc.Repair(t.Context(), tariq, req)
		require.ErrorIs(t, err, depot.ErrNotRepairable, "not received yet")

		_, err = f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: r.Number, Serial: r.Serial, Photos: []string{"depot/a.jpg"}})
		require.NoError(t, err)
		moved, err := f.svc.Repair(t.Context(), tariq, req)
		require.NoError(t, err)
		require.Equal(t, rma.StatusRepairing, moved.Status)

		timeline, err := f.rmas.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		var statuses []rma.Status
		for _, e := range timeline[len(timeline)-2:] {
			statuses = append(statuses, e.Status)
			require.Equal(t, "usr_tariq", e.Actor)
		}
		require.Equal(t, []rma.Status{rma.StatusDiagnosing, rma.StatusRepairing}, statuses)
		require.Contains(t, f.mailer.Sent, "casey@example.com|RMA "+r.Number+": your unit is being repaired")

		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		require.Equal(t, depot.ActionRepair, audit.Entries[0].Action)
		require.Equal(t, rma.StatusReceived, audit.Entries[0].From)
		require.Equal(t, rma.StatusRepairing, audit.Entries[0].To)

		_, err = f.svc.Repair(t.Context(), tariq, req)
		require.ErrorIs(t, err, depot.ErrNotRepairable, "repaired already")
	})
}
