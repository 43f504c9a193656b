package depotapi

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
)

// PartsOrderShipper is what the parts orders' routes need of the core (depot.Service).
type PartsOrderShipper interface {
	ShipPartsOrder(ctx context.Context, who depot.Staff, req depot.PartsOrderShipment) (depot.ShippedPartsOrder, error)
	PartsOrdersAwaiting(ctx context.Context, r keyset.Request) (depot.PartsOrdersPage, error)
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

type partsOrderLineJSON struct {
	PartNumber  string `json:"partNumber"`
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
}

type awaitingPartsOrderJSON struct {
	RMABatchID string               `json:"rmaBatchId"`
	Kind       string               `json:"kind"`
	Customer   string               `json:"customer"`
	Company    string               `json:"company"`
	CreatedAt  string               `json:"createdAt"`
	Total      money.Money          `json:"total"`
	ShipTo     string               `json:"shipTo"`
	Lines      []partsOrderLineJSON `json:"lines"`
}

type partsOrdersResponse struct {
	Items []awaitingPartsOrderJSON `json:"items"`
	Next  string                   `json:"next"`
}

// partsOrders lists the paid parts orders waiting to ship, oldest first (first/after).
func (h handlers) partsOrders(c *gin.Context) error {
	page, err := pageRequest(c)
	if err != nil {
		return err
	}
	got, err := h.d.PartsOrdersAwaiting(c.Request.Context(), page)
	if err != nil {
		return err
	}
	out := partsOrdersResponse{Items: make([]awaitingPartsOrderJSON, len(got.Orders)), Next: got.Next}
	for i, o := range got.Orders {
		lines := make([]partsOrderLineJSON, len(o.Lines))
		for j, l := range o.Lines {
			lines[j] = partsOrderLineJSON{PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity}
		}
		out.Items[i] = awaitingPartsOrderJSON{
			RMABatchID: o.Number, Kind: o.Kind, Customer: o.Customer, Company: o.Company,
			CreatedAt: o.CreatedAt.UTC().Format(time.RFC3339), Total: o.Total, ShipTo: o.ShipTo, Lines: lines,
		}
	}
	c.JSON(http.StatusOK, out)
	return nil
}
