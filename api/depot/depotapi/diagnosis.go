package depotapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/httpx"
)

// diagnosisBodyLimit bounds a diagnosis: ten findings of a thousand characters, thirty lines.
const diagnosisBodyLimit = 64 << 10

type findingRequest struct {
	Code        string   `json:"code"`
	Description string   `json:"description"`
	Photos      []string `json:"photos"`
}

type lineRequest struct {
	Kind     string `json:"kind"`
	Code     string `json:"code"`
	Quantity int    `json:"quantity"`
}

type diagnoseRequest struct {
	Findings       []findingRequest `json:"findings"`
	TechnicianNote string           `json:"technicianNote"`
	LineItems      []lineRequest    `json:"lineItems"`
}

type diagnoseResponse struct {
	RMANumber string  `json:"rmaNumber"`
	Status    string  `json:"status"`
	Outcome   string  `json:"outcome"`
	QuoteID   *string `json:"quoteId"`
	AmountDue *string `json:"amountDue"`
}

func toDiagnoseRequest(number string, b diagnoseRequest) depot.DiagnoseRequest {
	req := depot.DiagnoseRequest{Number: number, TechnicianNote: b.TechnicianNote}
	for _, f := range b.Findings {
		req.Findings = append(req.Findings, depot.FindingInput{Code: f.Code, Description: f.Description, Photos: f.Photos})
	}
	for _, l := range b.LineItems {
		req.LineItems = append(req.LineItems, depot.LineInput{Kind: l.Kind, Code: l.Code, Quantity: l.Quantity})
	}
	return req
}

func (h handlers) diagnose(c *gin.Context) error {
	var body diagnoseRequest
	if err := httpx.DecodeJSON(c, diagnosisBodyLimit, &body); err != nil {
		return err
	}
	got, err := h.d.Diagnose(c.Request.Context(), staffOf(c), toDiagnoseRequest(c.Param("number"), body))
	if err != nil {
		return err
	}
	d := got.Diagnosis
	out := diagnoseResponse{RMANumber: got.RMA.Number, Status: string(got.RMA.Status), Outcome: string(d.Outcome)}
	if d.QuoteID != "" {
		due := d.AmountDue.Decimal()
		out.QuoteID, out.AmountDue = &d.QuoteID, &due
	}
	c.JSON(http.StatusOK, out)
	return nil
}
