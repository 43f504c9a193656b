package depotapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
)

// Shipper is what the ship route needs of the core (depot.Service).
type Shipper interface {
	Ship(ctx context.Context, who depot.Staff, number string) (depot.Shipped, error)
	ReturnLabelPDF(ctx context.Context, number string) (depot.LabelPDF, error)
}

type shipResponse struct {
	RMANumber            string `json:"rmaNumber"`
	Status               string `json:"status"`
	ReturnTrackingNumber string `json:"returnTrackingNumber"`
	// LabelID and InvoiceID name the shipping documents (GET /shipping/documents/{id}), owned by
	// the RMA's customer as the inbound label is; InvoiceID is "" within one country.
	LabelID   string `json:"labelId"`
	InvoiceID string `json:"invoiceId"`
}

// ship takes no body: everything the label needs is on the RMA.
func (h handlers) ship(c *gin.Context) error {
	got, err := h.d.Ship(c.Request.Context(), staffOf(c), c.Param("number"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, shipResponse{
		RMANumber: got.RMA.Number, Status: string(got.RMA.Status), ReturnTrackingNumber: got.Label.TrackingNumber,
		LabelID: got.Label.LabelID, InvoiceID: got.Label.InvoiceID,
	})
	return nil
}

// returnLabel streams the label of a shipped RMA for staff to print.
func (h handlers) returnLabel(c *gin.Context) error {
	pdf, err := h.d.ReturnLabelPDF(c.Request.Context(), c.Param("number"))
	if err != nil {
		return err
	}
	defer pdf.Body.Close()
	c.Header("Cache-Control", "private, no-store")
	c.DataFromReader(http.StatusOK, pdf.Size, "application/pdf", pdf.Body, map[string]string{
		"Content-Disposition": `inline; filename="` + pdf.FileName + `"`,
	})
	return nil
}
