package depotdb_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depottest"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
)

// diagnosing gives f's service the diagnosis's ports: the real diagnoses on the RMA store, the
// fakes' prices and quotes, and paid, the RMAs paid before their unit came (out of warranty).
func diagnosing(f fixture, paid map[string]money.Money) *depottest.Quotes {
	lifecycle := f.svc.Mover.(*rma.Lifecycle)
	quotes := &depottest.Quotes{Lifecycle: lifecycle}
	f.svc.Diagnoses = &rma.Diagnoses{Store: f.rmas, Lifecycle: lifecycle}
	f.svc.Prices, f.svc.Payments, f.svc.Quotes, f.svc.ReturnFee = depottest.NewPrices(), depottest.Payments{Paid: paid}, quotes, money.USD(45_00)
	for _, n := range []string{"depot/d1.jpg", "depot/d2.jpg", "depot/d3.jpg"} {
		f.photos.Owned[n] = "usr_tariq"
	}
	return quotes
}

// receivedRMA opens casey's repair of serial and receives its unit.
func (f fixture) receivedRMA(t *testing.T, serial, attachment, photo string) rma.RMA {
	t.Helper()
	r := f.created(t, serial, attachment)
	_, err := f.svc.Receive(t.Context(), tariq, depot.ReceiveRequest{Number: r.Number, Serial: serial, Photos: []string{photo}})
	require.NoError(t, err)
	return r
}

func TestIntegrationDiagnose_CoveredWorkWaitsInDiagnosisForTheRepair(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		quotes := diagnosing(f, nil)
		r := f.receivedRMA(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")

		got, err := f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{
			Number: r.Number, TechnicianNote: "Panel only",
			Findings:  []depot.FindingInput{{Code: "component_failure", Description: "Display panel dead", Photos: []string{"depot/d1.jpg"}}},
			LineItems: []depot.LineInput{{Kind: "REPAIR_OPTION", Code: "Cracked or broken screen", Quantity: 1}},
		})
		require.NoError(t, err)
		require.Equal(t, rma.StatusDiagnosing, got.RMA.Status)
		require.Equal(t, rma.OutcomeCovered, got.Diagnosis.Outcome)
		require.Empty(t, quotes.Issued, "covered work has no quote")
		require.Equal(t, r.Number, f.photos.Claimed["depot/d1.jpg"])

		stored, err := f.svc.Diagnoses.Of(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, "289.00", stored.Total.Decimal())
		require.Equal(t, "0.00", stored.AmountDue.Decimal())
		require.Nil(t, stored.DecideBy)
		require.Empty(t, stored.Choices())
		timeline, err := f.rmas.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		kinds := []rma.EventKind{}
		for _, e := range timeline {
			kinds = append(kinds, e.Kind)
		}
		require.Contains(t, kinds, rma.EventDiagnosed)

		audit, err := f.svc.Audit(t.Context(), keyset.Request{})
		require.NoError(t, err)
		require.Equal(t, depot.ActionDiagnose, audit.Entries[0].Action)
		require.Equal(t, rma.StatusReceived, audit.Entries[0].From)
		require.Equal(t, rma.StatusDiagnosing, audit.Entries[0].To)

		_, err = f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r.Number, Findings: []depot.FindingInput{{Code: "WEAR", Description: "Again"}}})
		require.ErrorIs(t, err, depot.ErrNotDiagnosable, "only a received unit is diagnosed")
	})
}

func TestIntegrationDiagnose_DamageInWarrantyIssuesARevisedQuoteForTheTotal(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		quotes := diagnosing(f, nil)
		r := f.receivedRMA(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")

		got, err := f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{
			Number:   r.Number,
			Findings: []depot.FindingInput{{Code: "LIQUID_DAMAGE", Description: "Corrosion on the mainboard", Photos: []string{"depot/d1.jpg", "depot/d2.jpg"}}},
			LineItems: []depot.LineInput{
				{Kind: "REPAIR_OPTION", Code: "Cracked or broken screen", Quantity: 1},
				{Kind: "PART", Code: "rl14-bat", Quantity: 2},
			},
		})
		require.NoError(t, err)
		require.Equal(t, rma.StatusQuotePending, got.RMA.Status)
		require.Equal(t, rma.OutcomeRevisedQuote, got.Diagnosis.Outcome)
		require.Equal(t, "QT-1", got.Diagnosis.QuoteID)
		require.Len(t, quotes.Issued, 1)
		require.Equal(t, "369.00", got.Diagnosis.AmountDue.Decimal())

		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusQuotePending, stored.Status)
		d, err := f.svc.Diagnoses.Of(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, "QT-1", d.QuoteID)
		require.NotNil(t, d.DecideBy)
		require.True(t, d.Awaits(stored))
		require.Equal(t, []rma.ChoicePrice{{Choice: rma.ChoiceApprove, Price: money.USD(369_00)}, {Choice: rma.ChoiceReturnUnrepaired, Price: money.USD(45_00)},
			{Choice: rma.ChoiceRecycle, Price: money.USD(0)}}, d.Choices())
		require.Equal(t, "Battery pack", d.LineItems[1].Description)
		require.Equal(t, "80.00", d.LineItems[1].Amount().Decimal())
		timeline, err := f.rmas.Timeline(t.Context(), r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusQuotePending, timeline[len(timeline)-1].Status, "the quote's move is the timeline's last entry")
	})
}

func TestIntegrationDiagnose_OutOfWarrantyPaysOnlyWhatExceedsThePrice(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		r1 := f.receivedRMA(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")
		r2 := f.receivedRMA(t, "RT20000001", "rma/b.jpg", "depot/b.jpg")
		diagnosing(f, map[string]money.Money{r1.Number: money.USD(289_00), r2.Number: money.USD(289_00)})
		screen := depot.LineInput{Kind: "REPAIR_OPTION", Code: "Cracked or broken screen", Quantity: 1}
		finding := []depot.FindingInput{{Code: "COMPONENT_FAILURE", Description: "Panel"}}

		got, err := f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r1.Number, Findings: finding, LineItems: []depot.LineInput{screen}})
		require.NoError(t, err)
		require.Equal(t, rma.OutcomeCovered, got.Diagnosis.Outcome, "no more than paid")

		got, err = f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r2.Number, Findings: finding,
			LineItems: []depot.LineInput{screen, {Kind: "PART", Code: "RL14-BAT", Quantity: 1}}})
		require.NoError(t, err)
		require.Equal(t, rma.OutcomeRevisedQuote, got.Diagnosis.Outcome)
		require.Equal(t, "329.00", got.Diagnosis.Total.Decimal())
		require.Equal(t, "289.00", got.Diagnosis.AlreadyPaid.Decimal())
		require.Equal(t, "40.00", got.Diagnosis.AmountDue.Decimal())
	})
}

func TestIntegrationDiagnose_RefusesFieldsAndMovesNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		diagnosing(f, nil)
		r := f.receivedRMA(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")

		_, err := f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r.Number,
			Findings:  []depot.FindingInput{{Code: "PHYSICAL_DAMAGE", Description: "Bent frame", Photos: []string{"depot/d1.jpg"}}, {Code: "NOPE"}},
			LineItems: []depot.LineInput{{Kind: "PART", Code: "X", Quantity: 0}}})
		f1, ok := fault.As(err)
		require.True(t, ok, err)
		require.Equal(t, map[string]string{
			"findings[0].photos": depot.MsgCoverPhotos, "findings[1].code": depot.MsgChooseFinding, "findings[1].description": "Required",
			"lineItems[0].quantity": depot.MsgQuantity,
		}, f1.Fields)

		_, err = f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r.Number,
			Findings:  []depot.FindingInput{{Code: "WEAR", Description: "Worn keys", Photos: []string{"depot/d1.jpg"}}},
			LineItems: []depot.LineInput{{Kind: "PART", Code: "NO-SUCH-PART", Quantity: 1}}})
		f2, ok := fault.As(err)
		require.True(t, ok, err)
		require.Equal(t, map[string]string{"lineItems[0].code": depot.MsgUnknownCode}, f2.Fields)

		stored, err := f.rmas.RMAByNumber(t.Context(), "usr_casey", r.Number)
		require.NoError(t, err)
		require.Equal(t, rma.StatusReceived, stored.Status)
		require.Empty(t, f.photos.Claimed["depot/d1.jpg"], "nothing claimed")
		var n int64
		require.NoError(t, db.Conn(t.Context(), gdb).Table("rma_diagnoses").Count(&n).Error)
		require.Zero(t, n)
	})
}

// Two technicians diagnose one unit at once: the RMA's row lock lets one through, the other
// finds it diagnosed.
func TestIntegrationDiagnose_TwoAtOnceOneDiagnosis(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		quotes := diagnosing(f, nil)
		r := f.receivedRMA(t, "RT10000001", "rma/a.jpg", "depot/a.jpg")
		photos := [][]string{{"depot/d1.jpg", "depot/d2.jpg"}, {"depot/d3.jpg", "depot/b.jpg"}}
		errs := make([]error, len(photos))
		var wg sync.WaitGroup
		for i, p := range photos {
			wg.Go(func() {
				_, errs[i] = f.svc.Diagnose(t.Context(), tariq, depot.DiagnoseRequest{Number: r.Number,
					Findings:  []depot.FindingInput{{Code: "PHYSICAL_DAMAGE", Description: "Bent frame", Photos: p}},
					LineItems: []depot.LineInput{{Kind: "PART", Code: "RL14-BAT", Quantity: 1}}})
			})
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorIs(t, err, depot.ErrNotDiagnosable)
		}
		require.Equal(t, 1, won)
		require.Len(t, quotes.Issued, 1, "one revised quote")
	})
}
