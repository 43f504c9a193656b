package rmajson

import (
	"time"

	"rugged.example/portal/api/rma/rma"
)

// Diagnosis is a technician's diagnosis as the customer's details and the depot's work page
// answer it. Money is two decimals of US dollars.
type Diagnosis struct {
	At             string           `json:"at"`
	Outcome        string           `json:"outcome"`
	Findings       []Finding        `json:"findings"`
	TechnicianNote string           `json:"technicianNote"`
	LineItems      []LineItem       `json:"lineItems"`
	Total          string           `json:"total"`
	AlreadyPaid    string           `json:"alreadyPaid"`
	AmountDue      string           `json:"amountDue"`
	QuoteID        *string          `json:"quoteId"`
	Choices        []Choice         `json:"choices"`
	DecideBy       *string          `json:"decideBy"`
	Decision       *DiagnosisChoice `json:"decision"`
}

// Finding is one finding with its label and its photos' links.
type Finding struct {
	Code         string  `json:"code"`
	Label        string  `json:"label"`
	Description  string  `json:"description"`
	RemovesCover bool    `json:"removesCover"`
	Photos       []Photo `json:"photos"`
}

// Photo is a finding's photo: its id and where the caller reads it.
type Photo struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// LineItem is a priced line.
type LineItem struct {
	Kind        string `json:"kind"`
	Code        string `json:"code"`
	Description string `json:"description"`
	Quantity    int    `json:"quantity"`
	UnitPrice   string `json:"unitPrice"`
	Amount      string `json:"amount"`
}

// Choice is one of a revised quote's choices with its price.
type Choice struct {
	Choice string `json:"choice"`
	Price  string `json:"price"`
}

// DiagnosisChoice is the decision on record.
type DiagnosisChoice struct {
	Choice        string  `json:"choice"`
	At            string  `json:"at"`
	PaymentMethod *string `json:"paymentMethod"`
	Paid          bool    `json:"paid"`
}

// DiagnosisOf is d on the wire, nil for none; photoURL gives a photo's link for the caller (the
// customer's details or the depot).
func DiagnosisOf(d *rma.Diagnosis, photoURL func(id string) string) *Diagnosis {
	if d == nil {
		return nil
	}
	out := &Diagnosis{
		At: d.At.UTC().Format(time.RFC3339), Outcome: string(d.Outcome), TechnicianNote: d.TechnicianNote,
		Findings: make([]Finding, len(d.Findings)), LineItems: make([]LineItem, len(d.LineItems)), Choices: []Choice{},
		Total: d.Total.Decimal(), AlreadyPaid: d.AlreadyPaid.Decimal(), AmountDue: d.AmountDue.Decimal(),
	}
	for i, f := range d.Findings {
		photos := make([]Photo, len(f.Photos))
		for j, id := range f.Photos {
			photos[j] = Photo{ID: id, URL: photoURL(id)}
		}
		out.Findings[i] = Finding{Code: string(f.Code), Label: f.Code.Label(), Description: f.Description, RemovesCover: f.Code.RemovesCover(), Photos: photos}
	}
	for i, l := range d.LineItems {
		out.LineItems[i] = LineItem{Kind: string(l.Kind), Code: l.Code, Description: l.Description, Quantity: l.Quantity,
			UnitPrice: l.UnitPrice.Decimal(), Amount: l.Amount().Decimal()}
	}
	for _, c := range d.Choices() {
		out.Choices = append(out.Choices, Choice{Choice: string(c.Choice), Price: c.Price.Decimal()})
	}
	if d.QuoteID != "" {
		out.QuoteID = &d.QuoteID
	}
	if d.DecideBy != nil {
		by := d.DecideBy.UTC().Format(time.RFC3339)
		out.DecideBy = &by
	}
	if dec := d.Decision; dec != nil {
		out.Decision = &DiagnosisChoice{Choice: string(dec.Choice), At: dec.At.UTC().Format(time.RFC3339), Paid: dec.Paid}
		if dec.PaymentMethod != "" {
			m := dec.PaymentMethod
			out.Decision.PaymentMethod = &m
		}
	}
	return out
}
