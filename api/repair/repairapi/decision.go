package repairapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
)

// decisionBodyLimit bounds a decision: a choice and a purchase order's number and file.
const decisionBodyLimit = 8 << 10

// Decider records the customer's decision on a revised quote; *repair.Service implements it.
type Decider interface {
	Decide(ctx context.Context, c repair.Customer, r repair.DecisionRequest) (repair.Decided, error)
}

type decisionAPI struct {
	oow oowAPI
	svc Decider
}

// DecisionRoutes mounts the customer's decision on the revised quote of a diagnosed RMA.
func DecisionRoutes(r gin.IRouter, guard *auth.Guard, svc Decider, terms Terms, log *slog.Logger) {
	a := decisionAPI{oow: oowAPI{terms: terms}, svc: svc}
	// Who: the RMA's owner (subject from the token); anyone else's RMA answers 404 rma.notFound
	// as an unknown one. Paying by PO needs service:payment:po, checked in the core so the
	// refusal names the payment.
	r.POST("/rma-manager/rma/:number/decision", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.decide))
}

type decisionPaymentDTO struct {
	PaymentMethod    string `json:"paymentMethod"`
	CustomerPO       string `json:"customerPO"`
	CustomerPOFileID string `json:"customerPOFileId"`
}

type decisionRequest struct {
	Choice      string             `json:"choice"`
	PaymentData decisionPaymentDTO `json:"paymentData"`
}

type decisionResponse struct {
	Status     string  `json:"status"`
	PaymentURL *string `json:"paymentUrl"`
}

func (a decisionAPI) decide(c *gin.Context) error {
	var body decisionRequest
	if err := httpx.DecodeJSON(c, decisionBodyLimit, &body); err != nil {
		return err
	}
	cust, err := a.oow.customer(c)
	if err != nil {
		return err
	}
	got, err := a.svc.Decide(c.Request.Context(), cust, repair.DecisionRequest{
		Number: c.Param("number"), Choice: rma.Choice(body.Choice), Method: body.PaymentData.PaymentMethod,
		CustomerPO: body.PaymentData.CustomerPO, CustomerPOFileID: body.PaymentData.CustomerPOFileID,
	})
	if err != nil {
		return err
	}
	out := decisionResponse{Status: string(got.Status)}
	if got.PaymentURL != "" {
		out.PaymentURL = &got.PaymentURL
	}
	c.JSON(http.StatusOK, out)
	return nil
}
