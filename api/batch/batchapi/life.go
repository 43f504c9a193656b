package batchapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/csvsafe"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rmajson"
)

// Path is the batches' prefix.
const Path = "/rma-manager/batches"

// Service is what the routes need of the core; *batch.Service implements it.
type Service interface {
	Preflighter
	Submit(ctx context.Context, caller auth.Principal, accessToken string, r batch.SubmitRequest) (batch.Submitted, error)
	Get(ctx context.Context, v visibility.Viewer, id string) (batch.Batch, error)
	List(ctx context.Context, v visibility.Viewer, first int, after string) (batch.Page, error)
	Progress(ctx context.Context, v visibility.Viewer, id string) (batch.Counts, error)
	OpenDocuments(ctx context.Context, v visibility.Viewer, id string) (batch.OpenedDocument, error)
	Pay(ctx context.Context, caller auth.Principal, id string, p batch.PaymentData) (batch.Submitted, error)
	ConfirmPayment(ctx context.Context, caller auth.Principal, id, token string) (batch.Batch, error)
	RemoveRow(ctx context.Context, caller auth.Principal, id string, index int) (batch.Batch, error)
}

// PollInterval is how often the events route reads the batch's progress from the store: any
// process's worker writes it there.
var PollInterval = 250 * time.Millisecond

// heartbeat is how often an idle events stream sends a comment, so proxies keep it open.
const heartbeat = 15 * time.Second

// maxSubmitBody bounds a submit: 1,000 rows of the longest cells, the contact and address.
const maxSubmitBody = 4 << 20

// maxSmallBody bounds the pay, confirm and other small bodies.
const maxSmallBody = 16 << 10

func lifeRoutes(g *gin.RouterGroup, svc Service, log *slog.Logger) {
	h := handlers{svc: svc}
	// Who: any customer; the batch is the caller's (owner and organization from the token).
	g.POST("", httpx.Handler(log, h.submit))
	// Who: any customer; the list holds the caller's batches and their organization's.
	g.GET("", httpx.Handler(log, h.list))
	// Who: the batch's owner or a member of its organization; anyone else: 404 batch.notFound.
	g.GET("/:id", httpx.Handler(log, h.get))
	g.GET("/:id/events", httpx.Handler(log, h.events))
	g.GET("/:id/result.csv", httpx.Handler(log, h.resultCSV))
	g.GET("/:id/documents.pdf", httpx.Handler(log, h.documents))
	// Who: the batch's owner; a member of its organization: 403 batch.notOwner; anyone else:
	// 404 batch.notFound.
	g.POST("/:id/pay", httpx.Handler(log, h.pay))
	g.POST("/:id/pay/confirm", httpx.Handler(log, h.confirm))
	g.DELETE("/:id/rows/:index", httpx.Handler(log, h.removeRow))
}

func principal(c *gin.Context) (auth.Principal, error) {
	p, ok := auth.PrincipalFrom(c.Request.Context())
	if !ok {
		return auth.Principal{}, auth.ErrInvalidToken
	}
	return p, nil
}

func viewer(c *gin.Context) (visibility.Viewer, auth.Principal, error) {
	p, err := principal(c)
	return visibility.Viewer{Subject: p.Subject, Org: p.Org}, p, err
}

type packagingRequest struct {
	Kind        string `json:"kind"`
	UnitsPerBox *int   `json:"unitsPerBox"`
}

type paymentRequest struct {
	PaymentMethod    string `json:"paymentMethod"`
	CustomerPO       string `json:"customerPO"`
	CustomerPOFileID string `json:"customerPOFileId"`
}

func (p paymentRequest) domain() batch.PaymentData {
	return batch.PaymentData{Method: batch.PaymentMethod(strings.TrimSpace(p.PaymentMethod)), CustomerPO: p.CustomerPO, CustomerPOFileID: p.CustomerPOFileID}
}

type submitRequest struct {
	Rows                          []rowRequest     `json:"rows"`
	Contact                       rmajson.Contact  `json:"contact"`
	Address                       rmajson.Address  `json:"address"`
	Packaging                     packagingRequest `json:"packaging"`
	AcknowledgeHddBackup          bool             `json:"acknowledgeHddBackup"`
	AcknowledgeClickWrapAgreement bool             `json:"acknowledgeClickWrapAgreement"`
	PaymentData                   *paymentRequest  `json:"paymentData"`
}

// submit stores the caller's batch: 202 with the batch (200 for a replayed key) and, for a
// card payment, PayPal's approve link.
func (h handlers) submit(c *gin.Context) error {
	p, err := principal(c)
	if err != nil {
		return err
	}
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	var body submitRequest
	if err := httpx.DecodeJSON(c, maxSubmitBody, &body); err != nil {
		return err
	}
	req := batch.SubmitRequest{
		Rows: toRows(body.Rows), Contact: body.Contact.Domain(), Address: body.Address.Domain(),
		Packaging:            batch.Packaging{Kind: batch.PackagingKind(strings.TrimSpace(body.Packaging.Kind))},
		AcknowledgeHDDBackup: body.AcknowledgeHddBackup, AcknowledgeClickWrap: body.AcknowledgeClickWrapAgreement,
		IdempotencyKey: key,
	}
	if body.Packaging.UnitsPerBox != nil {
		req.Packaging.UnitsPerBox = *body.Packaging.UnitsPerBox
	}
	if body.PaymentData != nil {
		pd := body.PaymentData.domain()
		req.Payment = &pd
	}
	token, _ := auth.BearerToken(c.GetHeader("Authorization"))
	res, err := h.svc.Submit(c.Request.Context(), p, token, req)
	if errors.Is(err, batch.ErrKeyReused) {
		// The key names another batch: the request cannot be processed as it is (422), not a
		// conflict of state the client could wait out.
		_, body := httpx.Status(err)
		c.JSON(http.StatusUnprocessableEntity, body)
		return nil
	}
	if err != nil {
		return err
	}
	status := http.StatusAccepted
	if res.Replayed {
		status = http.StatusOK
	}
	c.JSON(status, toResult(res.Batch, p.Subject, res.PaymentURL))
	return nil
}

func toRows(in []rowRequest) []batch.Row {
	rows := make([]batch.Row, len(in))
	for i, r := range in {
		rows[i] = batch.Row{
			Serial: r.Serial, Fault: r.Fault, Problem: r.Problem, Notes: r.Notes, CustomerReference: r.CustomerReference,
			AssetTag: r.AssetTag, Branch: r.Branch, HasData: r.HasData,
		}
	}
	return rows
}

func (h handlers) get(c *gin.Context) error {
	v, _, err := viewer(c)
	if err != nil {
		return err
	}
	b, err := h.svc.Get(c.Request.Context(), v, c.Param("id"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toBatchJSON(b, v.Subject))
	return nil
}

// MsgFirst refuses a page size outside 1..100.
const MsgFirst = "Must be 1 to 100"

func (h handlers) list(c *gin.Context) error {
	v, _, err := viewer(c)
	if err != nil {
		return err
	}
	first := 25
	if raw := c.Query("first"); raw != "" {
		n, err := strconv.Atoi(raw)
		if err != nil || n < 1 || n > batch.MaxPage {
			return fault.Validation(map[string]string{"first": MsgFirst})
		}
		first = n
	}
	page, err := h.svc.List(c.Request.Context(), v, first, c.Query("after"))
	if err != nil {
		return err
	}
	out := pageJSON{Items: make([]listItemJSON, len(page.Items)), HasNext: page.HasNext, EndCursor: page.EndCursor}
	for i, it := range page.Items {
		out.Items[i] = listItemJSON{
			ID: it.ID, CreatedAt: rfc3339(it.CreatedAt), CreatedBy: it.CreatedBy, Mine: it.Owner == v.Subject,
			Status: string(it.Counts.Status()), Rows: it.Counts.Rows, Created: it.Counts.Created, Failed: it.Counts.Failed, Total: it.Total.Decimal(),
		}
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func (h handlers) pay(c *gin.Context) error {
	_, p, err := viewer(c)
	if err != nil {
		return err
	}
	var body paymentRequest
	if err := httpx.DecodeJSON(c, maxSmallBody, &body); err != nil {
		return err
	}
	res, err := h.svc.Pay(c.Request.Context(), p, c.Param("id"), body.domain())
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toResult(res.Batch, p.Subject, res.PaymentURL))
	return nil
}

type confirmRequest struct {
	Token string `json:"token"`
}

func (h handlers) confirm(c *gin.Context) error {
	_, p, err := viewer(c)
	if err != nil {
		return err
	}
	var body confirmRequest
	if err := httpx.DecodeJSON(c, maxSmallBody, &body); err != nil {
		return err
	}
	b, err := h.svc.ConfirmPayment(c.Request.Context(), p, c.Param("id"), body.Token)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toResult(b, p.Subject, ""))
	return nil
}

func (h handlers) removeRow(c *gin.Context) error {
	_, p, err := viewer(c)
	if err != nil {
		return err
	}
	index, err := strconv.Atoi(c.Param("index"))
	if err != nil {
		return batch.ErrRowNotFound
	}
	b, err := h.svc.RemoveRow(c.Request.Context(), p, c.Param("id"), index)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toResult(b, p.Subject, ""))
	return nil
}

// resultCSV answers one line a row: serial, RMA number, status, price, box, tracking number and
// the reasons, every cell through csvsafe as the portal's other CSV downloads, so a spreadsheet
// never reads one as a formula.
func (h handlers) resultCSV(c *gin.Context) error {
	v, _, err := viewer(c)
	if err != nil {
		return err
	}
	b, err := h.svc.Get(c.Request.Context(), v, c.Param("id"))
	if err != nil {
		return err
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-result.csv"`, b.ID))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	c.Header("Content-Type", "text/csv; charset=utf-8")
	w := csv.NewWriter(c.Writer)
	_ = w.Write([]string{"serial", "rma number", "status", "price", "box", "tracking number", "reason"})
	for _, r := range b.Rows {
		price, box := "", ""
		if r.Price != nil {
			price = r.Price.Decimal()
		}
		if r.Box > 0 {
			box = strconv.Itoa(r.Box)
		}
		reasons := make([]string, len(r.Reasons))
		for i, reason := range r.Reasons {
			reasons[i] = reason.Message
		}
		_ = w.Write(csvsafe.Row([]string{r.Serial, r.RMANumber, string(r.Status), price, box, r.TrackingNumber, strings.Join(reasons, "; ")}))
	}
	w.Flush()
	return nil
}

// documents streams the batch's one PDF (labels and packing lists) to whoever sees the batch.
func (h handlers) documents(c *gin.Context) error {
	v, _, err := viewer(c)
	if err != nil {
		return err
	}
	id := c.Param("id")
	doc, err := h.svc.OpenDocuments(c.Request.Context(), v, id)
	if err != nil {
		return err
	}
	defer doc.Body.Close()
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-labels.pdf"`, doc.BatchID))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "no-store")
	c.DataFromReader(http.StatusOK, doc.Size, "application/pdf", doc.Body, nil)
	return nil
}

type progressJSON struct {
	Status  string `json:"status"`
	Rows    int    `json:"rows"`
	Done    int    `json:"done"`
	Created int    `json:"created"`
	Failed  int    `json:"failed"`
	Pending int    `json:"pending"`
}

func toProgress(c batch.Counts) progressJSON {
	return progressJSON{Status: string(c.Status()), Rows: c.Rows, Done: c.Done(), Created: c.Created, Failed: c.Failed, Pending: c.Pending}
}

// events streams the batch's progress: `event: progress` on each change (the store polled
// every PollInterval), then `event: done` once the batch is no longer PROCESSING (awaiting its
// payment, or finished: its boxes, documents and e-mail done), and the stream ends. It ends
// too when the client goes, or a write cannot be made within two heartbeats.
func (h handlers) events(c *gin.Context) error {
	v, _, err := viewer(c)
	if err != nil {
		return err
	}
	ctx := c.Request.Context()
	id := c.Param("id")
	first, err := h.svc.Progress(ctx, v, id)
	if err != nil {
		return err
	}
	hd := c.Writer.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	rc := http.NewResponseController(c.Writer)
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	send := func(frame string) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(2 * heartbeat))
		if _, err := io.WriteString(c.Writer, frame); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	event := func(name string, p batch.Counts) bool {
		data, _ := json.Marshal(toProgress(p))
		return send(fmt.Sprintf("event: %s\ndata: %s\n\n", name, data))
	}
	last := first
	if !event("progress", first) {
		return nil
	}
	tick := time.NewTicker(PollInterval)
	defer tick.Stop()
	quiet := time.Now()
	for last.Status() == batch.StatusProcessing {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		now, err := h.svc.Progress(ctx, v, id)
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, batch.ErrNotFound) {
				return nil
			}
			continue // the store away a moment: the next poll tries again
		}
		switch {
		case now != last:
			if now.Status() == batch.StatusProcessing && !event("progress", now) {
				return nil
			}
			last, quiet = now, time.Now()
		case time.Since(quiet) >= heartbeat:
			if !send(": ping\n\n") {
				return nil
			}
			quiet = time.Now()
		}
	}
	event("done", last)
	return nil
}

type reasonJSON = reasonResponse

type rowJSON struct {
	Index          int          `json:"index"`
	Serial         string       `json:"serial"`
	Model          *string      `json:"model"`
	Entitlement    *string      `json:"entitlement"`
	Price          *string      `json:"price"`
	Status         string       `json:"status"`
	RMANumber      *string      `json:"rmaNumber"`
	RMAStatus      *string      `json:"rmaStatus"`
	Box            *int         `json:"box"`
	TrackingNumber *string      `json:"trackingNumber"`
	Reasons        []reasonJSON `json:"reasons"`
}

type packagingJSON struct {
	Kind        string `json:"kind"`
	UnitsPerBox *int   `json:"unitsPerBox"`
	Boxes       int    `json:"boxes"`
}

type paymentJSON struct {
	QuoteID    string  `json:"quoteId"`
	Amount     string  `json:"amount"`
	Status     string  `json:"status"`
	Method     *string `json:"method"`
	CustomerPO *string `json:"customerPO"`
	ExpiresAt  string  `json:"expiresAt"`
}

type batchSummaryJSON struct {
	Rows            int    `json:"rows"`
	Pending         int    `json:"pending"`
	AwaitingPayment int    `json:"awaitingPayment"`
	Created         int    `json:"created"`
	Failed          int    `json:"failed"`
	Removed         int    `json:"removed"`
	Total           string `json:"total"`
	// RefundDue is what paid rows that could not become RMAs are owed back; null when nothing.
	RefundDue *string `json:"refundDue"`
}

type documentsJSON struct {
	URL string `json:"url"`
}

// BatchJSON is a batch as GET /rma-manager/batches/{id} answers it.
type BatchJSON struct {
	ID        string           `json:"id"`
	CreatedAt string           `json:"createdAt"`
	CreatedBy string           `json:"createdBy"`
	Mine      bool             `json:"mine"`
	Status    string           `json:"status"`
	Contact   rmajson.Contact  `json:"contact"`
	Address   rmajson.Address  `json:"address"`
	Packaging packagingJSON    `json:"packaging"`
	Payment   *paymentJSON     `json:"payment"`
	Summary   batchSummaryJSON `json:"summary"`
	Rows      []rowJSON        `json:"rows"`
	Documents *documentsJSON   `json:"documents"`
	// DocumentsError says why a finished batch has no documents (they were given up on).
	DocumentsError *string `json:"documentsError"`
	ResultCSVURL   string  `json:"resultCsvUrl"`
}

// ResultJSON is the answer of submit, pay, confirm and remove-row.
type ResultJSON struct {
	Batch      BatchJSON `json:"batch"`
	PaymentURL *string   `json:"paymentUrl"`
}

type listItemJSON struct {
	ID        string `json:"id"`
	CreatedAt string `json:"createdAt"`
	CreatedBy string `json:"createdBy"`
	Mine      bool   `json:"mine"`
	Status    string `json:"status"`
	Rows      int    `json:"rows"`
	Created   int    `json:"created"`
	Failed    int    `json:"failed"`
	Total     string `json:"total"`
}

type pageJSON struct {
	Items     []listItemJSON `json:"items"`
	HasNext   bool           `json:"hasNext"`
	EndCursor string         `json:"endCursor"`
}

func toResult(b batch.Batch, subject, paymentURL string) ResultJSON {
	out := ResultJSON{Batch: toBatchJSON(b, subject)}
	if paymentURL != "" {
		out.PaymentURL = &paymentURL
	}
	return out
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toBatchJSON(b batch.Batch, subject string) BatchJSON {
	c := b.Counts()
	out := BatchJSON{
		ID: b.ID, CreatedAt: rfc3339(b.CreatedAt), CreatedBy: b.CreatedBy, Mine: b.Owner == subject, Status: string(c.Status()),
		Contact: rmajson.ContactOf(b.Contact), Address: rmajson.AddressOf(b.Address),
		Packaging: packagingJSON{Kind: string(b.Packaging.Kind), Boxes: b.Packaging.Boxes},
		Summary: batchSummaryJSON{Rows: c.Rows, Pending: c.Pending, AwaitingPayment: c.AwaitingPayment, Created: c.Created, Failed: c.Failed,
			Removed: c.Removed, Total: b.Total().Decimal()},
		Rows:         make([]rowJSON, len(b.Rows)),
		ResultCSVURL: Path + "/" + b.ID + "/result.csv",
	}
	if b.Packaging.Kind == batch.OwnBoxes {
		n := b.Packaging.UnitsPerBox
		out.Packaging.UnitsPerBox = &n
	}
	if p := b.Payment; p != nil {
		out.Payment = &paymentJSON{
			QuoteID: p.QuoteID, Amount: p.Amount.Decimal(), Status: string(p.Status), Method: optional(string(p.Method)),
			CustomerPO: optional(p.CustomerPO), ExpiresAt: rfc3339(p.ExpiresAt),
		}
	}
	if b.DocumentID != "" {
		out.Documents = &documentsJSON{URL: Path + "/" + b.ID + "/documents.pdf"}
	}
	if b.DocumentsFailed {
		out.DocumentsError = optional(batch.MsgDocumentsFailed)
	}
	if due := b.RefundDue(); due.Cents > 0 {
		out.Summary.RefundDue = optional(due.Decimal())
	}
	for i, r := range b.Rows {
		row := rowJSON{
			Index: r.Index, Serial: r.Serial, Model: optional(r.Model), Entitlement: optional(string(r.Entitlement)),
			Status: string(r.Status), RMANumber: optional(r.RMANumber), RMAStatus: optional(r.RMAStatus),
			TrackingNumber: optional(r.TrackingNumber), Reasons: make([]reasonJSON, len(r.Reasons)),
		}
		if r.Price != nil {
			d := r.Price.Decimal()
			row.Price = &d
		}
		if r.Box > 0 {
			box := r.Box
			row.Box = &box
		}
		for j, reason := range r.Reasons {
			row.Reasons[j] = reasonJSON{Field: reason.Field, Message: reason.Message}
		}
		out.Rows[i] = row
	}
	return out
}
