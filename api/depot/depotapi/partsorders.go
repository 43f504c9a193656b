package depotapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/httpx"
)

// PartsOrderShipper is what the parts orders' routes need of the core (depot.Service).
type PartsOrderShipper interface {
	ShipPartsOrder(ctx context.Context, who depot.Staff, req depot.PartsOrderShipment) (depot.ShippedPartsOrder, error)
}

type shipPartsOrderRequest struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
}

type shippedPartsOrderResponse struct {
	RMABatchID     string `json:"rmaBatchId"`
	Status         string `json:"status"`
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
	ShippedAt      string `json:"shippedAt"`
}

// shipPartsOrder sends a paid parts order: the parts service checks the fields and the order's
// status, and answers its faults (400 fields, 404 parts.orderNotFound, 409 parts.notPaid,
// parts.orderCancelled, parts.shippedAlready).
func (h handlers) shipPartsOrder(c *gin.Context) error {
	var body shipPartsOrderRequest
	if err := httpx.DecodeJSON(c, bodyLimit, &body); err != nil {
		return err
	}
	got, err := h.d.ShipPartsOrder(c.Request.Context(), staffOf(c), depot.PartsOrderShipment{
		Number: c.Param("number"), Carrier: body.Carrier, TrackingNumber: body.TrackingNumber,
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shippedPartsOrderResponse{
		RMABatchID: got.Number, Status: got.Status, Carrier: got.Carrier, TrackingNumber: got.TrackingNumber,
		ShippedAt: got.ShippedAt.UTC().Format(time.RFC3339),
	})
	return nil
}
