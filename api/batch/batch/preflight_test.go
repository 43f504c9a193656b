package batch_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/batch/batchtest"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
)

var today = time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)

type fakes struct {
	units     *batchtest.Units
	options   *batchtest.Options
	branches  *batchtest.Branches
	discounts *batchtest.Discounts
	svc       *batch.Service
}

func newFakes() fakes {
	f := fakes{
		units:     &batchtest.Units{Units: append(rmadb.DemoUnits(), rmadb.FleetUnits(rmadb.FleetSize)...)},
		options:   &batchtest.Options{ByModel: rmadb.DemoRepairOptions()},
		branches:  &batchtest.Branches{ByOrg: map[string][]string{"FleetCo": {"Austin Depot", "Dallas Yard"}}},
		discounts: &batchtest.Discounts{Percent: 10},
	}
	f.svc = batch.NewService(batch.Deps{Units: f.units, Options: f.options, Branches: f.branches, Discounts: f.discounts, Now: func() time.Time { return today }})
	return f
}

var (
	casey  = auth.Principal{Subject: "usr_casey"}
	olivia = auth.Principal{Subject: "usr_olivia", Org: "FleetCo"}
)

// good is a row that passes for a unit whose model offers the display repair.
func good(serial string) batch.Row {
	return batch.Row{Serial: serial, Fault: "Display", Problem: "Cracked or broken screen", Notes: "Cracked in a fall."}
}

func withBranch(r batch.Row, b string) batch.Row { r.Branch = b; return r }
func withData(r batch.Row, d *bool) batch.Row    { r.HasData = d; return r }

func price(s string) *money.Money {
	m, err := money.ParseDecimal(s, "USD")
	if err != nil {
		panic(err)
	}
	return &m
}

// Each demo unit's case gets one RMA's verdict, in its words; out-of-warranty rows are priced
// after the discount as the repair service prices one RMA.
func TestPreflight_JudgesEachRowAsOneRMA(t *testing.T) {
	f := newFakes()
	long := func(n int) string { return fmt.Sprintf("%0*d", n, 0) }
	rows := []batch.Row{
		good("RT10000001"),     // 0 in warranty
		good("rt10000002 "),    // 1 out of warranty: 289.00 less 10%
		good("RT10000003"),     // 2 override
		good("RT10000004"),     // 3 end of service
		good("RT10000005"),     // 4 EX80
		good("RT10000006"),     // 5 RMA exists
		good("VT10000007"),     // 6 camera without its data answer
		good("RT10000008"),     // 7 missing data
		good("RT99999999"),     // 8 unknown
		good("RT1000ı"),        // 9 no serial's alphabet
		{Serial: "RT10000009"}, // 10 nothing but the serial
		{Serial: "RT10000009", Fault: "Display", Problem: "Sticky keys", Notes: long(1001), CustomerReference: long(51), AssetTag: long(21)}, // 11
		{Serial: "RT10000009", Fault: "Keyboard", Problem: "x", Notes: "n"},                                                                  // 12 a fault the tablet has not (and RT10000009 listed three times)
		withData(good("VT10000007"), yes()), // 13 camera answered (VT10000007 listed twice)
		{Serial: " "},                       // 14
	}
	res, err := f.svc.Preflight(t.Context(), casey, "tok", rows)
	require.NoError(t, err)
	type want struct {
		ok          bool
		reasons     []batch.Reason
		model       string
		entitlement batch.Entitlement
		price       *money.Money
	}
	r := func(field, msg string) batch.Reason { return batch.Reason{Field: field, Message: msg} }
	wants := []want{
		{true, nil, "RL14", batch.InWarranty, nil},
		{true, nil, "ST12", batch.OutOfWarranty, price("260.10")},
		{true, nil, "RL15", batch.Override, nil},
		{false, []batch.Reason{r("serial", "This unit has reached end of service and can no longer be repaired.")}, "EX70", batch.OutOfWarranty, nil},
		{false, []batch.Reason{r("serial", "Please contact the helpdesk to arrange the return of this unit.")}, "EX80", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "RMA Already Exists For This Unit")}, "TH6", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Listed twice: rows 7 and 14"), r("hasData", "Required")}, "VX12", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Your unit is missing data, please contact support")}, "RL14", "", nil},
		{false, []batch.Reason{r("serial", "Serial Not Found")}, "", "", nil},
		{false, []batch.Reason{r("serial", "Serial Not Found")}, "", "", nil},
		{false, []batch.Reason{r("serial", "Listed 3 times: rows 11, 12 and 13"), r("fault", "Required"), r("problem", "Required"), r("notes", "Required")}, "ST10", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Listed 3 times: rows 11, 12 and 13"), r("problem", "Select a problem from the list"), r("notes", "Must be less than 1001 characters"),
			r("customerReference", "Must be less than 51 characters"), r("assetTag", "Must be less than 21 characters")}, "ST10", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Listed 3 times: rows 11, 12 and 13"), r("fault", "Select a primary fault from the list")}, "ST10", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Listed twice: rows 7 and 14")}, "VX12", batch.InWarranty, nil},
		{false, []batch.Reason{r("serial", "Required"), r("fault", "Required"), r("problem", "Required"), r("notes", "Required")}, "", "", nil},
	}
	require.Len(t, res.Rows, len(wants))
	for i, w := range wants {
		v := res.Rows[i]
		require.Equal(t, i, v.Index)
		require.Equal(t, w.ok, v.OK, "row %d: %v", i, v.Reasons)
		require.Equal(t, w.reasons, v.Reasons, "row %d", i)
		require.Equal(t, w.model, v.Model, "row %d", i)
		require.Equal(t, w.entitlement, v.Entitlement, "row %d", i)
		require.Equal(t, w.price, v.Price, "row %d", i)
	}
	require.Equal(t, "RT10000002", res.Rows[1].Serial, "the serial as the registry keys it")
	require.Equal(t, batch.Summary{Rows: 15, OK: 3, Failed: 12, InWarranty: 1, OutOfWarranty: 1, Override: 1, Total: *price("260.10")}, res.Summary)
	require.Equal(t, []string{"tok"}, f.discounts.Tokens, "the discount is read once, with the caller's token")
}

// A thousand rows cost one read of the units and one of the options, not one per row.
func TestPreflight_ReadsEachKindOnceForAThousandRows(t *testing.T) {
	f := newFakes()
	rows := make([]batch.Row, 0, batch.MaxRows)
	for _, u := range f.units.Units[9:] {
		rows = append(rows, withBranch(good(u.Serial), "austin  DEPOT"))
	}
	for len(rows) < batch.MaxRows {
		rows = append(rows, good(fmt.Sprintf("RT9%07d", len(rows))))
	}
	res, err := f.svc.Preflight(t.Context(), olivia, "tok", rows)
	require.NoError(t, err)
	require.Equal(t, batch.MaxRows, res.Summary.Rows)
	require.Equal(t, 1, f.units.Calls)
	require.Equal(t, 1, f.options.Calls)
	require.Equal(t, 1, f.branches.Calls)
	require.Len(t, f.discounts.Tokens, 1)
	require.Positive(t, res.Summary.OK)
	require.Positive(t, res.Summary.OutOfWarranty)
}

func TestPreflight_BranchesAreTheCallersOrganizations(t *testing.T) {
	f := newFakes()
	rows := []batch.Row{withBranch(good("RT10000001"), " dallas yard"), withBranch(good("RT10000009"), "Houston")}
	res, err := f.svc.Preflight(t.Context(), olivia, "", rows)
	require.NoError(t, err)
	require.True(t, res.Rows[0].OK, "%v", res.Rows[0].Reasons)
	require.Equal(t, []batch.Reason{{Field: "branch", Message: `Your organization has no branch "Houston".`}}, res.Rows[1].Reasons)

	res, err = f.svc.Preflight(t.Context(), casey, "", rows[:1])
	require.NoError(t, err)
	require.Equal(t, []batch.Reason{{Field: "branch", Message: batch.MsgNoBranches}}, res.Rows[0].Reasons)
	require.Zero(t, f.branches.Calls-1, "a customer without an organization has no branches to read")
}

func TestPreflight_RefusesNoRowsAndOverAThousand(t *testing.T) {
	f := newFakes()
	for _, n := range []int{0, batch.MaxRows + 1} {
		_, err := f.svc.Preflight(t.Context(), casey, "", make([]batch.Row, n))
		fe, ok := fault.As(err)
		require.True(t, ok)
		require.Equal(t, fault.KindInvalid, fe.Kind)
		require.Contains(t, []string{"Required", "A batch holds at most 1,000 rows"}, fe.Fields["rows"])
	}
	require.Zero(t, f.units.Calls)
}

// The batch's entitlement is the rule creation applies: only a unit out of warranty without the
// override is paid for first.
func TestPreflight_EntitlementFollowsTheWarrantyOnTheDay(t *testing.T) {
	end := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	u := rma.Unit{Serial: "RT20000001", Model: "RL14", ModelFamily: "Ranger", PartNumber: "P", ProductType: "LAPTOP", WarrantyEnd: &end}
	f := newFakes()
	f.units.Units = []rma.Unit{u}
	res, err := f.svc.Preflight(t.Context(), casey, "", []batch.Row{good(u.Serial)})
	require.NoError(t, err)
	require.Equal(t, batch.InWarranty, res.Rows[0].Entitlement, "the warranty's last day is covered")

	later := batch.NewService(batch.Deps{Units: f.units, Options: f.options, Branches: f.branches, Discounts: f.discounts, Now: func() time.Time { return today.AddDate(0, 0, 1) }})
	res, err = later.Preflight(t.Context(), casey, "", []batch.Row{good(u.Serial)})
	require.NoError(t, err)
	require.Equal(t, batch.OutOfWarranty, res.Rows[0].Entitlement)
	require.Equal(t, price("260.10"), res.Rows[0].Price)
}
