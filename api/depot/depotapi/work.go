package depotapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
)

// photoPath is where staff read a stored photo: /depot/photos/<bucketFileName>.
const photoPath = "/depot/photos/"

type problemDTO struct {
	Fault   string `json:"fault"`
	Problem string `json:"problem"`
	Notes   string `json:"notes"`
}

type photoRef struct {
	ID string `json:"id"`
}

type receiptDTO struct {
	Photos []photoRef `json:"photos"`
	Notes  string     `json:"notes"`
	At     string     `json:"at"`
}

type repairDTO struct {
	PartsReplaced string    `json:"partsReplaced"`
	WorkPerformed string    `json:"workPerformed"`
	QA            []qaCheck `json:"qa"`
	At            string    `json:"at"`
}

type timelineDTO struct {
	At     string `json:"at"`
	Kind   string `json:"kind"`
	Status string `json:"status"`
	Actor  string `json:"actor"`
	Detail string `json:"detail"`
}

// workResponse is the RMA as the service desk's work page shows it.
type workResponse struct {
	RMANumber            string             `json:"rmaNumber"`
	Serial               string             `json:"serial"`
	Model                string             `json:"model"`
	RMAType              string             `json:"rmaType"`
	Status               string             `json:"status"`
	WarrantyType         string             `json:"warrantyType"`
	Customer             string             `json:"customer"`
	Company              string             `json:"company"`
	CreatedAt            string             `json:"createdAt"`
	ReceivedAt           *string            `json:"receivedAt"`
	PromisedShipDate     *string            `json:"promisedShipDate"`
	ReturnTrackingNumber string             `json:"returnTrackingNumber"`
	Problem              problemDTO         `json:"problem"`
	Receipt              *receiptDTO        `json:"receipt"`
	Diagnosis            *rmajson.Diagnosis `json:"diagnosis"`
	Repair               *repairDTO         `json:"repair"`
	Timeline             []timelineDTO      `json:"timeline"`
	Moves                []string           `json:"moves"`
}

func toWorkResponse(w depot.Work) workResponse {
	r := w.RMA
	out := workResponse{
		RMANumber: r.Number, Serial: r.Serial, Model: r.Model, RMAType: r.Type, Status: string(r.Status), WarrantyType: w.WarrantyType,
		Customer: r.Contact.FirstName + " " + r.Contact.LastName, Company: r.Contact.Company, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339),
		ReturnTrackingNumber: r.ReturnTrackingNumber,
		Problem:              problemDTO{Fault: r.Problem.PrimaryFault, Problem: r.Problem.Problem, Notes: r.Problem.InitialNotes},
		Diagnosis:            rmajson.DiagnosisOf(w.Diagnosis, func(id string) string { return photoPath + id }),
		Timeline:             make([]timelineDTO, len(w.Timeline)), Moves: make([]string, len(w.Moves)),
	}
	if w.ReceivedAt != nil {
		at := w.ReceivedAt.UTC().Format(time.RFC3339)
		out.ReceivedAt = &at
	}
	if r.PromisedShipDate != nil {
		d := r.PromisedShipDate.Format(time.DateOnly)
		out.PromisedShipDate = &d
	}
	if rc := w.Receipt; rc != nil {
		out.Receipt = &receiptDTO{Photos: make([]photoRef, len(rc.Photos)), Notes: rc.Notes, At: rc.At.UTC().Format(time.RFC3339)}
		for i, p := range rc.Photos {
			out.Receipt.Photos[i] = photoRef{ID: p}
		}
	}
	if rp := w.Repair; rp != nil {
		out.Repair = &repairDTO{PartsReplaced: rp.PartsReplaced, WorkPerformed: rp.WorkPerformed, QA: make([]qaCheck, len(rp.QA)), At: rp.At.UTC().Format(time.RFC3339)}
		for i, c := range rp.QA {
			out.Repair.QA[i] = qaCheck{Check: c.Check, Passed: c.Passed}
		}
	}
	for i, e := range w.Timeline {
		out.Timeline[i] = timelineDTO{At: e.At.UTC().Format(time.RFC3339), Kind: string(e.Kind), Status: string(e.Status), Actor: w.Actors[e.Actor], Detail: eventDetail(e)}
	}
	for i, m := range w.Moves {
		out.Moves[i] = string(m)
	}
	return out
}

// eventDetail is what happened with the actor's note, as staff read it.
func eventDetail(e rma.Event) string {
	switch {
	case e.Note == "":
		return e.Detail
	case e.Detail == "":
		return e.Note
	}
	return e.Detail + " — " + e.Note
}

func (h handlers) work(c *gin.Context) error {
	w, err := h.d.Work(c.Request.Context(), c.Param("number"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toWorkResponse(w))
	return nil
}

func (h handlers) photo(c *gin.Context) error {
	p, err := h.d.Photo(c.Request.Context(), c.Param("id"))
	if err != nil {
		return err
	}
	httpx.ServePhoto(c, p.Size, p.ContentType, p.Body)
	return nil
}
