package accountapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/account/accountapi"
	"rugged.example/portal/api/account/accounttest"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

const findingPhoto = "rma/2026/11/0b5c7d0e-4f6a-4b7c-8d9e-0f1a2b3c4d5e.png"

// diagnosed gives casey's RMA-100001 a revised quote for liquid damage, decided by card.
func diagnosed(h *harness) {
	at := accounttest.Now.AddDate(0, 0, -2)
	by := at.Add(rma.DecisionWindow)
	h.Diagnoses.Set(rma.Diagnosis{
		RMANumber: "RMA-100001", At: at, Outcome: rma.OutcomeRevisedQuote, TechnicianNote: "Board corroded",
		Findings:  []rma.Finding{{Code: rma.FindingLiquidDamage, Description: "Corrosion", Photos: []string{findingPhoto}}},
		LineItems: []rma.LineItem{{Kind: rma.LineRepairOption, Code: "Cracked or broken screen", Description: "Display: Cracked or broken screen", Quantity: 1, UnitPrice: money.USD(240_00)}},
		Total:     money.USD(240_00), AlreadyPaid: money.USD(0), AmountDue: money.USD(240_00), ReturnFee: money.USD(45_00),
		QuoteID: "QT-1", DecideBy: &by,
		Decision: &rma.Decision{Choice: rma.ChoiceApprove, At: at.Add(time.Hour), PaymentMethod: rma.DecisionByCard},
	})
	h.Photos.Bytes[findingPhoto] = "\x89PNG"
}

func TestDetails_CarryTheDiagnosisWithChoicesAndDecision(t *testing.T) {
	h := newHarness(t)
	diagnosed(h)
	w := h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY1", h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code)
	d := decode[map[string]any](t, w)["diagnosis"].(map[string]any)
	require.Equal(t, "REVISED_QUOTE", d["outcome"])
	require.Equal(t, "240.00", d["amountDue"])
	require.Equal(t, "0.00", d["alreadyPaid"])
	f := d["findings"].([]any)[0].(map[string]any)
	require.Equal(t, map[string]any{"id": findingPhoto, "url": "/rma-manager/rma/details/RMA-100001/photos/" + findingPhoto}, f["photos"].([]any)[0])
	require.Equal(t, []any{
		map[string]any{"choice": "APPROVE", "price": "240.00"}, map[string]any{"choice": "RETURN_UNREPAIRED", "price": "45.00"},
		map[string]any{"choice": "RECYCLE", "price": "0.00"},
	}, d["choices"])
	require.Equal(t, map[string]any{"choice": "APPROVE", "at": accounttest.Now.AddDate(0, 0, -2).Add(time.Hour).UTC().Format(time.RFC3339),
		"paymentMethod": "CREDIT_CARD", "paid": false}, d["decision"])

	other := decode[map[string]any](t, h.do(t, http.MethodGet, accountapi.DetailsPath+"?uid=UIDCASEY2", h.Customer(t, "usr_casey"), nil))
	require.Nil(t, other["diagnosis"], "null before a diagnosis")
}

func TestDiagnosisPhoto_OnlyTheRMAsOwner(t *testing.T) {
	h := newHarness(t)
	diagnosed(h)
	path := accountapi.DetailsPath + "/RMA-100001/photos/" + findingPhoto
	w := h.do(t, http.MethodGet, path, h.Customer(t, "usr_casey"), nil)
	require.Equal(t, http.StatusOK, w.Code)
	require.Equal(t, "\x89PNG", w.Body.String())
	require.Equal(t, "image/png", w.Header().Get("Content-Type"))
	require.Equal(t, "private, no-store", w.Header().Get("Cache-Control"))
	require.Equal(t, "nosniff", w.Header().Get("X-Content-Type-Options"))
	require.Equal(t, "default-src 'none'; sandbox", w.Header().Get("Content-Security-Policy"))

	require.Equal(t, http.StatusUnauthorized, h.do(t, http.MethodGet, path, "", nil).Code)
	for _, tt := range []struct{ name, path, token, want string }{
		{"a stranger", path, h.Customer(t, "usr_olivia"), "rma.notFound"},
		{"another photo", accountapi.DetailsPath + "/RMA-100001/photos/rma/2026/11/nope.png", h.Customer(t, "usr_casey"), "account.photoNotFound"},
		{"another RMA", accountapi.DetailsPath + "/RMA-100002/photos/" + findingPhoto, h.Customer(t, "usr_casey"), "account.photoNotFound"},
	} {
		w := h.do(t, http.MethodGet, tt.path, tt.token, nil)
		require.Equal(t, http.StatusNotFound, w.Code, tt.name)
		require.Equal(t, tt.want, decode[errorBody](t, w).Error, tt.name)
	}
}
