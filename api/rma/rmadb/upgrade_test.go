package rmadb_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

// upgradeRequest is casey's upgrade of the in-warranty RL14 RT10000001 to 32 GB: no fault, no
// notes, no photos, no credentials.
func upgradeRequest() rma.CreateRequest {
	r := request()
	r.RMAType = rma.RMATypeUpgrade
	r.Problem = rma.Problem{PrimaryFault: "Memory", Problem: "16 GB to 32 GB DDR4"}
	return r
}

func TestIntegrationPrepareUpgrade_AppliesTheUpgradeRules(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		tests := []struct {
			name   string
			serial string
			edit   func(*rma.CreateRequest)
			want   error
			field  string
			msg    string
		}{
			{name: "unknown serial", serial: "ZZ99999999", want: rma.ErrUnitNotFound},
			{name: "EX80 takes no upgrade", serial: "RT10000005", want: rma.ErrUpgradeNotOffered},
			{name: "end of service takes no upgrade", serial: "RT10000004", want: rma.ErrUpgradeNotOffered},
			{name: "open RMA", serial: "RT10000006", want: rma.ErrNotValidForNewRMA},
			{name: "category required", edit: func(r *rma.CreateRequest) { r.Problem.PrimaryFault = " " }, field: "rmaInput.primaryFault", msg: "Required"},
			{name: "option required", edit: func(r *rma.CreateRequest) { r.Problem.Problem = "" }, field: "rmaInput.problem", msg: "Required"},
			{name: "a repair fault is no upgrade category", edit: func(r *rma.CreateRequest) {
				r.Problem.PrimaryFault, r.Problem.Problem = "Display", "Cracked or broken screen"
			}, field: "rmaInput.primaryFault", msg: rma.MsgPickUpgradeCategory},
			{name: "an option of another model", edit: func(r *rma.CreateRequest) { r.Problem.Problem = "8 GB to 16 GB (mainboard exchange)" }, field: "rmaInput.problem", msg: rma.MsgPickUpgrade},
			{name: "body-worn cameras take no memory upgrade", serial: "VT10000007", field: "rmaInput.primaryFault", msg: rma.MsgPickUpgradeCategory},
			{name: "notes max 1000", edit: func(r *rma.CreateRequest) { r.Problem.InitialNotes = strings.Repeat("n", rma.NotesMax+1) }, field: "rmaInput.initialNotes", msg: "Must be less than 1001 characters"},
			{name: "reference max 50", edit: func(r *rma.CreateRequest) { r.Problem.CustomerReference = strings.Repeat("r", 51) }, field: "rmaInput.customerReference", msg: "Must be less than 51 characters"},
			{name: "asset tag max 20", edit: func(r *rma.CreateRequest) { r.Problem.AssetTag = strings.Repeat("a", 21) }, field: "rmaInput.assetTag", msg: "Must be less than 21 characters"},
			{name: "no credentials", edit: func(r *rma.CreateRequest) { r.Problem.Permissions.BIOSPassword = "secret" }, field: "rmaInput.permissions", msg: rma.MsgNoUpgradeCredentials},
			{name: "contact rules apply", edit: func(r *rma.CreateRequest) { r.Contact.Email = "casey@" }, field: "contact.email", msg: "Must be a valid e-mail address"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := upgradeRequest()
				if tt.serial != "" {
					r.Serial = tt.serial
				}
				if tt.edit != nil {
					tt.edit(&r)
				}
				_, err := f.creator.PrepareOutOfWarranty(t.Context(), r)
				if tt.field != "" {
					flt, ok := fault.As(err)
					require.True(t, ok, "got %v", err)
					require.Equal(t, tt.msg, flt.Fields[tt.field], "fields: %v", flt.Fields)
					return
				}
				require.ErrorIs(t, err, tt.want)
			})
		}
	})
}

// An upgrade is paid whatever the warranty, at the server's price, and needs neither notes nor
// photos; the override that lets a repair in beside an open RMA lets no upgrade in.
func TestIntegrationPrepareUpgrade_IsAlwaysPaidAtTheServersPrice(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		for _, serial := range []string{"RT10000001", "RT10000002", "RT10000003"} {
			r := upgradeRequest()
			r.Serial = serial
			if serial == "RT10000002" {
				r.Problem = rma.Problem{PrimaryFault: "Radio modules", Problem: "4G LTE mobile broadband module"}
			}
			p, err := f.creator.PrepareOutOfWarranty(t.Context(), r)
			require.NoError(t, err, serial)
			require.Equal(t, rma.StatusAwaitingPayment, p.RMA.Status)
			require.Equal(t, rma.RMATypeUpgrade, p.RMA.Type)
		}
		p, err := f.creator.PrepareOutOfWarranty(t.Context(), upgradeRequest())
		require.NoError(t, err)
		require.Equal(t, money.USD(249_00), p.Price())

		veretos := upgradeRequest()
		veretos.Serial, veretos.Problem = "VT10000007", rma.Problem{PrimaryFault: "Battery", Problem: "Extended battery (14-hour)"}
		p, err = f.creator.PrepareOutOfWarranty(t.Context(), veretos)
		require.NoError(t, err, "a VERETOS upgrade asks nothing about the device's data")
		require.Equal(t, money.USD(119_00), p.Price())

		// RT10000003 has the override: a repair may open beside its open RMA, an upgrade may not.
		repair := request()
		repair.Serial = "RT10000003"
		_, err = f.creator.Create(t.Context(), repair)
		require.NoError(t, err)
		r := upgradeRequest()
		r.Serial = "RT10000003"
		_, err = f.creator.PrepareOutOfWarranty(t.Context(), r)
		require.ErrorIs(t, err, rma.ErrNotValidForNewRMA)
	})
}

func TestIntegrationCreate_UpgradeIsNeverFree(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		_, err := f.creator.Create(t.Context(), upgradeRequest())
		require.ErrorIs(t, err, rma.ErrUpgradeIsPaid)
		other := request()
		other.RMAType = rma.RMATypeRecycle
		_, err = f.creator.Create(t.Context(), other)
		requireField(t, err, "rmaInput.rmaType")
		var n int64
		require.NoError(t, gdb.Table("rma_rmas").Count(&n).Error)
		require.Zero(t, n)
	})
}

// Paid, an upgrade is released with its label like a repair, moves through the repair
// lifecycle and is listed as UPGRADE in the history.
func TestIntegrationUpgrade_OpensReleasesAndShowsAsUpgrade(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		p, err := f.creator.PrepareOutOfWarranty(t.Context(), upgradeRequest())
		require.NoError(t, err)
		r, err := f.creator.OpenAwaitingPayment(t.Context(), p, "k-upgrade")
		require.NoError(t, err)
		f.creator.Opened(t.Context(), r)
		require.Equal(t, map[string]int{rma.RMATypeUpgrade: 1}, f.counter.Created)
		unit, err := f.store.UnitBySerial(t.Context(), "RT10000001")
		require.NoError(t, err)
		require.Equal(t, r.Number, unit.OpenRMANumber, "the unit is held for its upgrade")

		released, err := f.creator.Release(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusAwaitingUnit, released.Status)
		require.Equal(t, "label-1", released.LabelID)
		require.Equal(t, rma.RMATypeUpgrade, released.Type)
		require.True(t, rma.CanMove(released.Type, rma.StatusAwaitingUnit, rma.StatusReceived))

		items, err := f.store.HistoryOffset(t.Context(), rma.Viewer{Subject: "usr_casey"}, rma.HistoryFilter{}, []rma.HistorySort{rma.DefaultHistorySort}, 0, 10)
		require.NoError(t, err)
		require.Len(t, items, 1)
		require.Equal(t, rma.RMATypeUpgrade, items[0].Type)
		require.Equal(t, "16 GB to 32 GB DDR4", items[0].Problem)
	})
}

func TestDemoUpgradeOptions_CoverTheModelsThatTakeThem(t *testing.T) {
	lists := rmadb.DemoUpgradeOptions()
	categories := func(model string) []string {
		var out []string
		for _, f := range lists[model] {
			out = append(out, f.Name)
			require.NotEmpty(t, f.Options, model)
			for _, o := range f.Options {
				require.Positive(t, o.Price.Cents, "%s %s", model, o.Name)
				require.Equal(t, "USD", o.Price.Currency)
				require.NotEmpty(t, o.Tip, "%s %s", model, o.Name)
			}
		}
		return out
	}
	all := []string{"Memory", "Storage", "Battery", "Radio modules"}
	for _, model := range []string{"RL14", "RL15", "ST10", "ST12"} {
		require.Equal(t, all, categories(model), model)
	}
	require.Equal(t, []string{"Battery", "Radio modules"}, categories("TH6"))
	require.Equal(t, []string{"Battery", "Storage"}, categories("VX12"), "body-worn cameras: battery and storage only")
	require.Empty(t, lists["EX80"], "the EX80 is serviced through the helpdesk")
	require.Empty(t, lists["EX70"], "end of service")
}

// A database seeded before upgrades existed gets them on the next start; a list that is there
// is left as it is.
func TestIntegrationSeedRepairOptions_AddsUpgradesBesideExistingRepairs(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		edited := []rma.FaultOptions{{Name: "Display", Options: []rma.Option{{Name: "Only this", Price: money.USD(1_00), Tip: "t"}}}}
		require.NoError(t, s.ReplaceRepairOptions(t.Context(), "RL14", rma.DefaultRMAType, edited))
		require.NoError(t, rmadb.SeedRepairOptions(t.Context(), s))

		repairs, err := s.RepairOptions(t.Context(), "RL14", rma.DefaultRMAType)
		require.NoError(t, err)
		require.Equal(t, edited, repairs, "the repair list is not overwritten")
		upgrades, err := s.RepairOptions(t.Context(), "RL14", rma.RMATypeUpgrade)
		require.NoError(t, err)
		require.Equal(t, rmadb.DemoUpgradeOptions()["RL14"], upgrades)
		none, err := s.RepairOptions(t.Context(), "EX80", rma.RMATypeUpgrade)
		require.NoError(t, err)
		require.Empty(t, none)
	})
}
