package accountapi

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/csvsafe"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmajson"
	"rugged.example/portal/api/shipping/shippingapi"
)

// MsgWholeNumber is the message for a query value that must be a number and is not.
const MsgWholeNumber = "Must be a whole number"

// HistoryItemJSON is one row of the history.
type HistoryItemJSON struct {
	UID               string `json:"uid"`
	RMANumber         string `json:"rmaNumber"`
	RMAType           string `json:"rmaType"`
	Status            string `json:"status"`
	Serial            string `json:"serial"`
	Model             string `json:"model"`
	Problem           string `json:"problem"`
	CustomerReference string `json:"customerReference"`
	AssetTag          string `json:"assetTag"`
	OpenedBy          string `json:"openedBy"`
	Mine              bool   `json:"mine"`
	// PromisedShipDate is the promised ship-back date (YYYY-MM-DD), null until received.
	PromisedShipDate *string `json:"promisedShipDate"`
	// BatchID is the fleet batch the RMA was created in (its page is
	// /your-account/batches/{id}), null for one opened on its own.
	BatchID   *string `json:"batchId"`
	CreatedAt string  `json:"createdAt"`
	UpdatedAt string  `json:"updatedAt"`
}

// HistoryResponse is one page of the history.
type HistoryResponse struct {
	Items        []HistoryItemJSON `json:"items"`
	Total        int               `json:"total"`
	Page         int               `json:"page"`
	ItemsPerPage int               `json:"itemsPerPage"`
}

// historyQuery reads the query string (arrays repeated without an index, spec §7).
func historyQuery(c *gin.Context) (account.HistoryQuery, bool, error) {
	var v validate.Errors
	q := account.HistoryQuery{Filter: rma.HistoryFilter{Text: strings.TrimSpace(c.Query("filterText"))}}
	number := func(field, raw string) int {
		if raw == "" {
			return 0
		}
		n, err := strconv.Atoi(raw)
		if err != nil {
			v.Add(field, MsgWholeNumber)
		}
		return n
	}
	q.Page = number("page", c.Query("page"))
	q.PerPage = number("itemsPerPage", c.Query("itemsPerPage"))
	for _, y := range c.QueryArray("year") {
		q.Filter.Years = append(q.Filter.Years, number("year", y))
	}
	for _, m := range c.QueryArray("month") {
		q.Filter.Months = append(q.Filter.Months, number("month", m))
	}
	// sortBy and sortDesc come in pairs; a sortBy without its sortDesc sorts ascending.
	desc := c.QueryArray("sortDesc")
	for i, field := range c.QueryArray("sortBy") {
		q.Sort = append(q.Sort, rma.HistorySort{Field: rma.SortField(field), Desc: i < len(desc) && desc[i] == "true"})
	}
	download := c.Query("isDownload") == "true"
	if err := v.Err(); err != nil {
		return q, download, err
	}
	return q, download, q.Check()
}

func (a API) history(c *gin.Context) error {
	q, download, err := historyQuery(c)
	if err != nil {
		return err
	}
	v := viewer(c)
	if download {
		return a.historyCSV(c, v, q)
	}
	items, total, err := a.svc.HistoryPage(c.Request.Context(), v, q)
	if err != nil {
		return err
	}
	out := HistoryResponse{Items: make([]HistoryItemJSON, 0, len(items)), Total: total, Page: q.Page, ItemsPerPage: q.PerPage}
	for _, it := range items {
		out.Items = append(out.Items, toHistoryItem(v, it))
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

func toHistoryItem(v account.Viewer, it rma.HistoryItem) HistoryItemJSON {
	return HistoryItemJSON{
		UID: it.UID, RMANumber: it.Number, RMAType: it.Type, Status: string(it.Status), Serial: it.Serial, Model: it.Model,
		Problem: it.Problem, CustomerReference: it.CustomerReference, AssetTag: it.AssetTag, OpenedBy: it.OpenedBy,
		Mine: it.Mine(v), PromisedShipDate: dateOnly(it.PromisedShipDate), BatchID: orNull(it.BatchID), CreatedAt: rfc3339(it.CreatedAt), UpdatedAt: rfc3339(it.UpdatedAt),
	}
}

// CSVHeader is the first row of the history download.
var CSVHeader = []string{"RMA Number", "Type", "Status", "Serial", "Model", "Problem", "Customer Reference", "Asset Tag", "Opened By", "Created", "Updated"}

// csvFlushEvery is how many rows go out together: the download streams, never held whole.
const csvFlushEvery = 200

// csvWriteTimeout bounds the write of one batch of rows. The rows are read from an open query,
// which holds a database connection while they are written (the REST order may have several
// keys, which the keyset pages cannot follow); a client that stops reading fails its write
// here and gives the connection back instead of holding it for as long as TCP waits.
const csvWriteTimeout = 30 * time.Second

// historyCSV streams every row the query matches. The query is checked before the first byte,
// and a failure before any byte went out answers as an error; once rows are out the status is
// sent, so a failure midway (the database's, or a client too
// slow for the write deadline) is logged and the connection is cut: the browser reports a
// failed download instead of saving a truncated file that looks complete.
func (a API) historyCSV(c *gin.Context, v account.Viewer, q account.HistoryQuery) error {
	c.Header("Content-Type", "text/csv; charset=utf-8")
	c.Header("Content-Disposition", `attachment; filename="rma-history.csv"`)
	c.Header("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	rc := http.NewResponseController(c.Writer)
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	// A writer without deadlines (a test recorder) answers ErrNotSupported; it cannot block.
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(csvWriteTimeout)) }
	deadline()
	w := csv.NewWriter(c.Writer)
	if err := w.Write(CSVHeader); err != nil {
		return nil
	}
	n := 0
	err := a.svc.EachHistoryItem(c.Request.Context(), v, q, func(it rma.HistoryItem) error {
		row := []string{it.Number, it.Type, string(it.Status), it.Serial, it.Model, it.Problem, it.CustomerReference, it.AssetTag,
			it.OpenedBy, rfc3339(it.CreatedAt), rfc3339(it.UpdatedAt)}
		if err := w.Write(csvsafe.Row(row)); err != nil {
			return err
		}
		if n++; n%csvFlushEvery == 0 {
			deadline()
			w.Flush()
			if err := w.Error(); err != nil {
				return err
			}
			return rc.Flush()
		}
		return nil
	})
	if err == nil {
		deadline()
		w.Flush()
		err = w.Error()
	}
	if err == nil {
		return nil
	}
	if !c.Writer.Written() {
		// Nothing went out yet: the client gets the error as any other request would.
		c.Writer.Header().Del("Content-Type")
		c.Writer.Header().Del("Content-Disposition")
		return err
	}
	a.log.ErrorContext(c.Request.Context(), "history download cut short", "rows", n, "err", err)
	abortResponse(c)
	return nil
}

// abortResponse cuts the connection of a response whose status and first bytes went out, so the
// client sees a failed transfer rather than a clean end. gin refuses to hijack once the body
// started and its recovery swallows http.ErrAbortHandler, so the connection is taken from the
// net/http writer underneath; a connection that cannot be hijacked (HTTP/2) is aborted by
// net/http's own panic handling when no recovery sits in between.
func abortResponse(c *gin.Context) {
	var w http.ResponseWriter = c.Writer
	if u, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok {
		w = u.Unwrap()
	}
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		_ = conn.Close()
		return
	}
	panic(http.ErrAbortHandler)
}

// DetailsJSON is an RMA as its details window shows it.
type DetailsJSON struct {
	UID                  string          `json:"uid"`
	RMANumber            string          `json:"rmaNumber"`
	RMAType              string          `json:"rmaType"`
	Status               string          `json:"status"`
	Mine                 bool            `json:"mine"`
	OpenedBy             string          `json:"openedBy"`
	Serial               string          `json:"serial"`
	Model                string          `json:"model"`
	PartNumber           string          `json:"partNumber"`
	Problem              ProblemJSON     `json:"problem"`
	Contact              rmajson.Contact `json:"contact"`
	Address              rmajson.Address `json:"address"`
	ShippingMethod       string          `json:"shippingMethod"`
	TrackingNumber       string          `json:"trackingNumber"`
	ReturnTrackingNumber string          `json:"returnTrackingNumber"`
	Label                *string         `json:"label"`
	CommercialInvoice    *string         `json:"commercialInvoice"`
	LabelExpiresAt       *string         `json:"labelExpiresAt"`
	// PromisedShipDate is the date the depot promises to ship the unit back (YYYY-MM-DD, the
	// depot's calendar day), null until the unit is received; its changes are timeline events
	// of kind "promise".
	PromisedShipDate *string `json:"promisedShipDate"`
	// BatchID is the fleet batch the RMA was created in, null for one opened on its own;
	// BatchBox is the batch's box the unit ships in, null until the batch assigns its boxes.
	BatchID   *string        `json:"batchId"`
	BatchBox  *int           `json:"batchBox"`
	CreatedAt string         `json:"createdAt"`
	UpdatedAt string         `json:"updatedAt"`
	Timeline  []TimelineJSON `json:"timeline"`
	// Diagnosis is the technician's diagnosis with the customer's choices, null before one;
	// its photos are read at DetailsPath/{number}/photos/{id} by the RMA's owner.
	Diagnosis *rmajson.Diagnosis `json:"diagnosis"`
}

// ProblemJSON is the problem the customer described.
type ProblemJSON struct {
	PrimaryFault      string `json:"primaryFault"`
	Problem           string `json:"problem"`
	InitialNotes      string `json:"initialNotes"`
	CustomerReference string `json:"customerReference"`
	AssetTag          string `json:"assetTag"`
}

// TimelineJSON is one event of the timeline.
type TimelineJSON struct {
	At     string `json:"at"`
	Status string `json:"status"`
	Kind   string `json:"kind"`
	Actor  string `json:"actor"`
	Note   string `json:"note"`
}

func (a API) details(c *gin.Context) error {
	uid := strings.TrimSpace(c.Query("uid"))
	if uid == "" {
		return fault.Validation(map[string]string{"uid": validate.MsgRequired})
	}
	d, err := a.svc.Details(c.Request.Context(), viewer(c), uid)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, toDetails(d))
	return nil
}

func toDetails(d account.Details) DetailsJSON {
	r := d.RMA
	p := r.Problem
	out := DetailsJSON{
		UID: r.UID, RMANumber: r.Number, RMAType: r.Type, Status: string(r.Status), Mine: d.Mine, OpenedBy: d.OpenedBy,
		Serial: r.Serial, Model: r.Model, PartNumber: r.PartNumber,
		Problem: ProblemJSON{PrimaryFault: p.PrimaryFault, Problem: p.Problem, InitialNotes: p.InitialNotes, CustomerReference: p.CustomerReference, AssetTag: p.AssetTag},
		Contact: rmajson.ContactOf(r.Contact), Address: rmajson.AddressOf(r.Address), ShippingMethod: string(r.Method), TrackingNumber: r.TrackingNumber,
		ReturnTrackingNumber: r.ReturnTrackingNumber, LabelExpiresAt: rfc3339Ptr(d.LabelExpiresAt), PromisedShipDate: dateOnly(r.PromisedShipDate),
		CreatedAt: rfc3339(r.CreatedAt), UpdatedAt: rfc3339(d.UpdatedAt), Timeline: make([]TimelineJSON, 0, len(d.Timeline)),
		Diagnosis: rmajson.DiagnosisOf(d.Diagnosis, func(id string) string { return DetailsPath + "/" + r.Number + "/photos/" + id }),
	}
	out.BatchID = orNull(r.BatchID)
	if r.BatchID != "" && r.BatchBox > 0 {
		box := r.BatchBox
		out.BatchBox = &box
	}
	if d.LabelID != "" {
		l := shippingapi.DocumentPath(d.LabelID)
		out.Label = &l
	}
	if d.InvoiceID != "" {
		i := shippingapi.DocumentPath(d.InvoiceID)
		out.CommercialInvoice = &i
	}
	for _, e := range d.Timeline {
		out.Timeline = append(out.Timeline, TimelineJSON{At: rfc3339(e.At), Status: e.Status, Kind: e.Kind, Actor: e.Actor, Note: e.Note})
	}
	return out
}

func (a API) diagnosisPhoto(c *gin.Context) error {
	p, err := a.svc.DiagnosisPhoto(c.Request.Context(), viewer(c), c.Param("number"), c.Param("id"))
	if err != nil {
		return err
	}
	httpx.ServePhoto(c, p.Size, p.ContentType, p.Body)
	return nil
}

// SummaryJSON is the repair summary.
type SummaryJSON struct {
	RMANumber            string     `json:"rmaNumber"`
	Serial               string     `json:"serial"`
	Model                string     `json:"model"`
	RMAType              string     `json:"rmaType"`
	Status               string     `json:"status"`
	PrimaryFault         string     `json:"primaryFault"`
	Problem              string     `json:"problem"`
	ReceivedAt           *string    `json:"receivedAt"`
	ShippedAt            *string    `json:"shippedAt"`
	ReturnTrackingNumber string     `json:"returnTrackingNumber"`
	Work                 []WorkJSON `json:"work"`
}

// WorkJSON is one entry of the work done.
type WorkJSON struct {
	At              string `json:"at"`
	Status          string `json:"status"`
	PartsReplaced   string `json:"partsReplaced"`
	WorkPerformed   string `json:"workPerformed"`
	TechnicianNotes string `json:"technicianNotes"`
}

func (a API) repairSummary(c *gin.Context) error {
	number := strings.ToUpper(strings.TrimSpace(c.Query("rmaNumber")))
	if number == "" {
		return fault.Validation(map[string]string{"rmaNumber": validate.MsgRequired})
	}
	s, err := a.svc.RepairSummary(c.Request.Context(), viewer(c), number)
	if err != nil {
		return err
	}
	c.Header("Cache-Control", "no-store")
	if c.Query("format") == "pdf" {
		pdf, err := account.SummaryPDF(s, a.svc.Now(), a.opts.Location)
		if err != nil {
			return fmt.Errorf("accountapi: render repair summary %s: %w", number, err)
		}
		c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="repair-summary-%s.pdf"`, s.RMA.Number))
		c.DataFromReader(http.StatusOK, int64(len(pdf)), "application/pdf", bytes.NewReader(pdf), nil)
		return nil
	}
	r := s.RMA
	out := SummaryJSON{
		RMANumber: r.Number, Serial: r.Serial, Model: r.Model, RMAType: r.Type, Status: string(r.Status),
		PrimaryFault: r.Problem.PrimaryFault, Problem: r.Problem.Problem, ReceivedAt: rfc3339Ptr(s.ReceivedAt),
		ShippedAt: rfc3339Ptr(s.ShippedAt), ReturnTrackingNumber: r.ReturnTrackingNumber, Work: make([]WorkJSON, 0, len(s.Work)),
	}
	for _, w := range s.Work {
		out.Work = append(out.Work, WorkJSON{At: rfc3339(w.At), Status: string(w.Status), PartsReplaced: w.PartsReplaced, WorkPerformed: w.WorkPerformed, TechnicianNotes: w.TechnicianNotes})
	}
	c.JSON(http.StatusOK, out)
	return nil
}

// orNull is s, or null when it is empty.
func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
