package repairapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/auth/authtest"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/repair/repairapi"
	"rugged.example/portal/api/repair/repairtest"
	"rugged.example/portal/api/rma/rma"
)

// decider answers as the core would for casey's RMA-100601 and records what it was asked.
type decider struct {
	got []repair.DecisionRequest
	who []repair.Customer
}

func (d *decider) Decide(_ context.Context, c repair.Customer, r repair.DecisionRequest) (repair.Decided, error) {
	d.got, d.who = append(d.got, r), append(d.who, c)
	switch {
	case c.Subject != "usr_casey":
		return repair.Decided{}, rma.ErrRMANotFound
	case r.Choice == rma.ChoiceRecycle:
		return repair.Decided{Status: rma.StatusRecycled}, nil
	}
	return repair.Decided{Status: rma.StatusQuotePending, PaymentURL: "http://portal.test/pay-quote-by-authorize/QT-1/R1"}, nil
}

func TestDecision_TheRoutePassesTheChoiceAndAnswersStatusAndPaymentURL(t *testing.T) {
	gin.SetMode(gin.TestMode)
	s := authtest.NewSigner(t)
	r := gin.New()
	d := &decider{}
	repairapi.DecisionRoutes(r, auth.NewGuard(s.Verifier(), testkit.Quiet()), d, repairtest.Terms{}, testkit.Quiet())
	post := func(token, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/rma-manager/rma/RMA-100601/decision", strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		return w
	}
	casey := s.Customer(t, "usr_casey")

	w := post(casey, `{"choice":"APPROVE","paymentData":{"paymentMethod":"PO","customerPO":"PO-1","customerPOFileId":"po/x.pdf"}}`)
	require.Equal(t, http.StatusOK, w.Code, w.Body.String())
	require.JSONEq(t, `{"status":"QUOTE_PENDING","paymentUrl":"http://portal.test/pay-quote-by-authorize/QT-1/R1"}`, w.Body.String())
	require.Equal(t, repair.DecisionRequest{Number: "RMA-100601", Choice: rma.ChoiceApprove, Method: "PO", CustomerPO: "PO-1", CustomerPOFileID: "po/x.pdf"}, d.got[0])
	require.Equal(t, "usr_casey", d.who[0].Subject)

	w = post(casey, `{"choice":"RECYCLE"}`)
	require.JSONEq(t, `{"status":"RECYCLED","paymentUrl":null}`, w.Body.String())

	w = post(s.Customer(t, "usr_olivia"), `{"choice":"RECYCLE"}`)
	require.Equal(t, http.StatusNotFound, w.Code)
	require.Contains(t, w.Body.String(), `"rma.notFound"`)
	require.Equal(t, http.StatusUnauthorized, post("", `{"choice":"RECYCLE"}`).Code)
}
