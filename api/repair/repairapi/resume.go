package repairapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
)

// pendingResponse is the caller's RMA that awaits its payment on a unit: what the unit's
// create-rma page offers to pay or cancel.
type pendingResponse struct {
	RMANumber string      `json:"rmaNumber"`
	Serial    string      `json:"serial"`
	RMAType   string      `json:"rmaType"`
	QuoteID   string      `json:"quoteId"`
	Amount    money.Money `json:"amount"`
	CreatedAt string      `json:"createdAt"`
}

func toPendingResponse(p repair.PendingPayment) pendingResponse {
	return pendingResponse{
		RMANumber: p.RMA.Number, Serial: p.RMA.Serial, RMAType: p.RMA.Type, QuoteID: p.QuoteID, Amount: p.Amount,
		CreatedAt: p.RMA.CreatedAt.UTC().Format(time.RFC3339),
	}
}

func (a oowAPI) awaitingPayment(c *gin.Context) error {
	serial, err := rma.ParseSerial(c.Query("serial"))
	if err != nil {
		return err
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	pending, err := a.svc.AwaitingPayment(c.Request.Context(), p.Subject, serial)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPendingResponse(pending))
	return nil
}

// payRequest names the RMA to pay again.
type payRequest struct {
	RMANumber string `json:"rmaNumber"`
}

// payResponse carries the provider's page to pay on; paymentUrl is "" for an RMA paid already,
// which the caller processes as after the provider.
type payResponse struct {
	RMANumber  string `json:"rmaNumber"`
	QuoteID    string `json:"quoteId"`
	PaymentURL string `json:"paymentUrl"`
}

func (a oowAPI) pay(c *gin.Context) error {
	var body payRequest
	if err := httpx.DecodeJSON(c, maxSmallBody, &body); err != nil {
		return err
	}
	p, _ := auth.PrincipalFrom(c.Request.Context())
	res, err := a.svc.ResumePayment(c.Request.Context(), p.Subject, body.RMANumber)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, payResponse{RMANumber: res.RMANumber, QuoteID: res.QuoteID, PaymentURL: res.PaymentURL})
	return nil
}
