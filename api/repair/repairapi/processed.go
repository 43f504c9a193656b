package repairapi

import (
	"time"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/repair/repair"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
)

// processedResponse is process/oow's answer: spec §3's create response, and what the label page
// shows of the RMA as the server stored it (the unit, the summary, the receipt), so that page
// never depends on what the browser kept across the provider's pages.
type processedResponse struct {
	createResponse
	Unit    unitFactsDTO `json:"unit"`
	Summary summaryDTO   `json:"summary"`
	// Receipt is null when the payment could not be read; the receipt e-mail still has it.
	Receipt *receiptDTO `json:"receipt"`
}

// unitFactsDTO is the unit as the label page's summary names it.
type unitFactsDTO struct {
	Serial      string `json:"serial"`
	Model       string `json:"model"`
	ModelFamily string `json:"modelFamily"`
	PN          string `json:"pn"`
	// ProductType tells the summary whether the unit asks about data on the device (VERETOS).
	ProductType string `json:"productType"`
}

// summaryDTO is the RMA as submitted, without the device credentials.
type summaryDTO struct {
	RMAType string          `json:"rmaType"`
	Problem problemDTO      `json:"problem"`
	Contact rmajson.Contact `json:"contact"`
	Address rmajson.Address `json:"address"`
	// Packaging is how the unit travels: label, qr, box or international.
	Packaging string `json:"packaging"`
}

type problemDTO struct {
	PrimaryFault      string `json:"primaryFault"`
	Problem           string `json:"problem"`
	InitialNotes      string `json:"initialNotes"`
	CustomerReference string `json:"customerReference"`
	AssetTag          string `json:"assetTag"`
	Reimage           bool   `json:"reimage"`
	BIOSFirmware      bool   `json:"biosFirmware"`
	HasDeviceData     *bool  `json:"hasDeviceData"`
	Acc               struct {
		ACPower  bool `json:"acPower"`
		Storage  bool `json:"storage"`
		HardCase bool `json:"hardCase"`
		Battery  bool `json:"battery"`
	} `json:"acc"`
}

// receiptDTO is what was paid, how, and the reference the customer can quote.
type receiptDTO struct {
	Amount    money.Money `json:"amount"`
	Method    string      `json:"method"`
	Reference string      `json:"reference"`
	PaidAt    *string     `json:"paidAt"`
}

func toProcessedResponse(p repair.Processed) processedResponse {
	u := p.Unit
	return processedResponse{
		createResponse: toCreateResponse(p.RMA),
		Unit:           unitFactsDTO{Serial: p.RMA.Serial, Model: u.Model, ModelFamily: u.ModelFamily, PN: u.PartNumber, ProductType: u.ProductType},
		Summary:        toSummaryDTO(p.RMA),
		Receipt:        toReceiptDTO(p.Receipt),
	}
}

func toSummaryDTO(r rma.RMA) summaryDTO {
	p := r.Problem
	d := summaryDTO{
		RMAType: r.Type, Contact: rmajson.ContactOf(r.Contact), Address: rmajson.AddressOf(r.Address), Packaging: string(r.Method),
		Problem: problemDTO{
			PrimaryFault: p.PrimaryFault, Problem: p.Problem, InitialNotes: p.InitialNotes, CustomerReference: p.CustomerReference,
			AssetTag: p.AssetTag, Reimage: p.Permissions.Reimage, BIOSFirmware: p.Permissions.BIOSFirmware, HasDeviceData: p.Permissions.HasDeviceData,
		},
	}
	a := p.Accessories
	d.Problem.Acc.ACPower, d.Problem.Acc.Storage, d.Problem.Acc.HardCase, d.Problem.Acc.Battery = a.ACPower, a.Storage, a.HardCase, a.Battery
	return d
}

func toReceiptDTO(p *repair.Payment) *receiptDTO {
	if p == nil {
		return nil
	}
	r := &receiptDTO{Amount: p.Amount, Method: string(p.Method), Reference: p.Reference}
	if !p.PaidAt.IsZero() {
		at := p.PaidAt.UTC().Format(time.RFC3339)
		r.PaidAt = &at
	}
	return r
}
