package repair_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
)

// The label page shows the RMA as the server stored it: the unit as the registry has it (its
// model family is not on the RMA) and the receipt of the payment that released it.
func TestIntegrationProcessOutOfWarranty_AnswersTheUnitAndTheReceipt(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		card, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		order, _, _ := f.payments.Order(casey, card.RMANumber)
		f.payments.Approve(casey, card.RMANumber)
		tests := []struct {
			name          string
			process       func() (repair.Processed, error)
			wantMethod    repair.Method
			wantReference string
		}{
			{name: "a card payment names its capture", wantMethod: repair.MethodPayPal, wantReference: "CAPTURE-" + order,
				process: func() (repair.Processed, error) {
					return f.svc.ProcessOutOfWarranty(t.Context(), casey, card.RMANumber, "RT10000002", order)
				}},
			{name: "a repeat answers the same", wantMethod: repair.MethodPayPal, wantReference: "CAPTURE-" + order,
				process: func() (repair.Processed, error) {
					return f.svc.ProcessOutOfWarranty(t.Context(), casey, card.RMANumber, "RT10000002", "")
				}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := tt.process()
				require.NoError(t, err)
				require.Equal(t, rma.StatusAwaitingUnit, got.RMA.Status)
				require.Equal(t, "Summit", got.Unit.ModelFamily)
				require.Equal(t, "ST12", got.Unit.Model)
				require.Equal(t, "ST12-G2-16", got.Unit.PartNumber)
				require.NotNil(t, got.Receipt)
				require.Equal(t, tt.wantMethod, got.Receipt.Method)
				require.Equal(t, tt.wantReference, got.Receipt.Reference)
				require.Equal(t, money.USD(289_00), got.Receipt.Amount)
				require.False(t, got.Receipt.PaidAt.IsZero())
			})
		}
	})
}

func TestIntegrationAwaitingPayment_FindsTheCallersUnpaidRMAByItsUnit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		c := customer()
		c.DiscountPercent = 10
		res, err := f.svc.CreateOutOfWarranty(t.Context(), c, request(repair.MethodPayPal))
		require.NoError(t, err)
		tests := []struct {
			name   string
			owner  string
			serial rma.Serial
			err    error
		}{
			{name: "the owner finds it by the unit's serial", owner: casey, serial: "RT10000002"},
			{name: "another customer finds nothing", owner: "usr_mallory", serial: "RT10000002", err: rma.ErrRMANotFound},
			{name: "a unit without an unpaid RMA has none", owner: casey, serial: "RT10000001", err: rma.ErrRMANotFound},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				got, err := f.svc.AwaitingPayment(t.Context(), tt.owner, tt.serial)
				if tt.err != nil {
					require.ErrorIs(t, err, tt.err)
					return
				}
				require.NoError(t, err)
				require.Equal(t, res.RMANumber, got.RMA.Number)
				require.Equal(t, res.QuoteID, got.QuoteID)
				require.Equal(t, money.USD(260_10), got.Amount, "the quote's amount, discount included")
			})
		}

		_, err = f.svc.Cancel(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		_, err = f.svc.AwaitingPayment(t.Context(), casey, "RT10000002")
		require.ErrorIs(t, err, rma.ErrRMANotFound, "a cancelled RMA no longer holds the unit")
	})
}

func TestIntegrationResumePayment_AnswersTheSameOrderOrWhatTheRMABecame(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		f := newFixture(t, gdb)
		res, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)

		again, err := f.svc.ResumePayment(t.Context(), casey, " "+res.RMANumber+" ")
		require.NoError(t, err)
		require.Equal(t, res, again, "the same RMA, quote and PayPal order")
		_, returnURL, cancelURL := f.payments.Order(casey, res.RMANumber)
		require.Equal(t, "http://portal.test/create-rma/RT10000002?rmaNumber="+res.RMANumber, returnURL, "back to the unit's page, which processes it")
		require.Equal(t, returnURL+"&cancelled=1", cancelURL)

		_, err = f.svc.ResumePayment(t.Context(), "usr_mallory", res.RMANumber)
		require.ErrorIs(t, err, rma.ErrRMANotFound, "another customer's RMA is absent")
		_, err = f.svc.ResumePayment(t.Context(), casey, "RMA-999999")
		require.ErrorIs(t, err, rma.ErrRMANotFound)

		f.payments.MarkPaid(casey, res.RMANumber)
		paid, err := f.svc.ResumePayment(t.Context(), casey, res.RMANumber)
		require.NoError(t, err)
		require.Empty(t, paid.PaymentURL, "a paid RMA is processed, not paid again")
		require.Equal(t, res.RMANumber, paid.RMANumber)

		require.NoError(t, f.store.CloseUnitRMA(t.Context(), "RT10000002", res.RMANumber))
		f.claimer.Claimed = map[string]string{}
		other, err := f.svc.CreateOutOfWarranty(t.Context(), customer(), request(repair.MethodPayPal))
		require.NoError(t, err)
		_, err = f.svc.Cancel(t.Context(), casey, other.RMANumber)
		require.NoError(t, err)
		_, err = f.svc.ResumePayment(t.Context(), casey, other.RMANumber)
		require.ErrorIs(t, err, rma.ErrRMACancelled)
	})
}
