package partsapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
)

// Paths of the way back to an order awaiting its payment.
const (
	AwaitingPaymentPath = OrdersPath + "/awaiting-payment"
	PayPath             = OrdersPath + "/pay"
)

// UnpaidOrderService finds and pays again the caller's orders awaiting their payment;
// *parts.Orders implements it.
type UnpaidOrderService interface {
	AwaitingPayment(ctx context.Context, c parts.Customer, kind parts.OrderKind) ([]parts.Order, error)
	ResumePayment(ctx context.Context, c parts.Customer, id string) (parts.Placed, error)
}

type unpaidAPI struct{ svc UnpaidOrderService }

// UnpaidOrderRoutes mounts what a checkout the customer came back to without paying offers:
// the orders awaiting their payment, to pay again or cancel (OrderRoutes' cancel).
func UnpaidOrderRoutes(r gin.IRouter, guard *auth.Guard, svc UnpaidOrderService, log *slog.Logger) {
	a := unpaidAPI{svc: svc}
	customer := []gin.HandlerFunc{guard.SignedIn(), guard.Customer()}

	// Who: any signed-in user holding a role of this portal; the answer lists the caller's own
	// orders only (only their owner pays or cancels them), so it is empty for anyone else.
	r.GET(AwaitingPaymentPath, append(customer, httpx.Handler(log, a.awaitingPayment))...)

	// Who: the order's owner; anyone else's order answers as an unknown one.
	r.POST(PayPath, append(customer, httpx.Handler(log, a.pay))...)
}

// AwaitingPaymentJSON lists the caller's orders awaiting their payment.
type AwaitingPaymentJSON struct {
	Items []OrderJSON `json:"items"`
}

func (a unpaidAPI) awaitingPayment(c *gin.Context) error {
	cust := customer(c)
	orders, err := a.svc.AwaitingPayment(c.Request.Context(), cust, parts.OrderKind(c.Query("kind")))
	if err != nil {
		return err
	}
	out := AwaitingPaymentJSON{Items: make([]OrderJSON, len(orders))}
	for i, o := range orders {
		out.Items[i] = ToOrderJSON(o, cust.Subject)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (a unpaidAPI) pay(c *gin.Context) error {
	var body batchRequest
	if err := httpx.DecodeJSON(c, maxOrderBody, &body); err != nil {
		return err
	}
	res, err := a.svc.ResumePayment(c.Request.Context(), customer(c), body.RMABatchID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, PlacedJSON{
		RMABatchID: res.Order.ID, Status: string(res.Order.Status), Total: res.Order.Total, PaymentURL: res.PaymentURL,
	})
	return nil
}
