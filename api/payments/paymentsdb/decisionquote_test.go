package paymentsdb_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationRevisedQuote_MailAsksForTheDecisionAndTheFeeMailForItsPayment(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := migrated(t, gdb)
		svc := quotes(gdb, s, mail.NewOutbox(gdb), t0)
		q, err := svc.IssueServiceQuote(t.Context(), payments.ServiceQuoteRequest{
			RMANumber: "RMA-100501", AmountCents: 40_00, Note: "The battery swelled too.", IssuedBy: "usr_tariq",
			Decision: &payments.DecisionQuote{Findings: []string{"Liquid damage: corrosion"}, Total: money.USD(329_00),
				AlreadyPaid: money.USD(289_00), ReturnFee: money.USD(45_00)},
		})
		require.NoError(t, err)
		fee, err := svc.IssueServiceQuote(t.Context(), payments.ServiceQuoteRequest{RMANumber: "RMA-100501", AmountCents: 45_00, IssuedBy: "system", ReturnFee: true})
		require.NoError(t, err)

		sent, err := mail.Recent(t.Context(), gdb, "casey@example.com", 10)
		require.NoError(t, err)
		require.Len(t, sent, 2)
		feeMail, decision := sent[0].Message, sent[1].Message
		require.Equal(t, "Your decision on the repair of RMA RMA-100501", decision.Subject)
		require.Equal(t, "Hello Casey,\n\n"+
			"We have inspected the unit of RMA RMA-100501 (serial RT10000002). This is what our technician found:\n"+
			"- Liquid damage: corrosion\n\nThe battery swelled too.\n\n"+
			"The repair costs $329.00. You paid $289.00 already, so $40.00 is due.\n\n"+
			"You have three choices:\n"+
			"- Approve the repair for $40.00: we repair the unit and ship it back.\n"+
			"- Return it unrepaired for $45.00: we ship the unit back as it is.\n"+
			"- Recycle it, free of charge: we recycle the unit and ship nothing back.\n\n"+
			"Nothing is charged before you decide. Decide here (sign in first):\n"+
			"https://service.example/your-account/rma-history?rma=RMA-100501\n\n"+
			"Without a decision by Dec 23 2026 we ship the unit back to you unrepaired, free of charge.\n", decision.Text)
		require.Equal(t, "Return fee for RMA RMA-100501", feeMail.Subject)
		require.Contains(t, feeMail.Text, "https://service.example/pay-quote-by-authorize/"+fee.ID+"/"+fee.Reference+"\n")
		require.Contains(t, feeMail.Text, "The return costs $45.00.")
		require.Equal(t, "https://service.example/pay-quote-by-authorize/"+q.ID+"/"+q.Reference, svc.CardLink(q))

		require.NoError(t, svc.CancelServiceQuote(t.Context(), q.ID))
		require.NoError(t, svc.CancelServiceQuote(t.Context(), q.ID), "cancelled already: left so")
		got, err := svc.ServiceQuote(t.Context(), q.ID)
		require.NoError(t, err)
		require.Equal(t, payments.StatusCancelled, got.Status)

		paid := fee
		at := t0.Add(time.Hour)
		paid.Status, paid.PaidAt, paid.Method, paid.UpdatedAt = payments.StatusPaid, &at, payments.MethodAuthNet, at
		require.NoError(t, s.SetQuoteStatus(t.Context(), paid, payments.StatusOpen))
		require.ErrorIs(t, svc.CancelServiceQuote(t.Context(), fee.ID), payments.ErrAlreadyPaid, "a paid quote is not cancelled")
	})
}
