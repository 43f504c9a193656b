// Package depotapi is the depot process's HTTP surface: Gin handlers, their request and
// response shapes, and the routes. Handlers never touch gorm; errors go to httpx's one mapper.
package depotapi

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/rma/rma"
)

// bodyLimit bounds a request body: a receipt is a few ids and a note.
const bodyLimit = 16 << 10

// Depot is what the handlers need of the core (depot.Service).
type Depot interface {
	Receive(ctx context.Context, who depot.Staff, req depot.ReceiveRequest) (rma.RMA, error)
	Repair(ctx context.Context, who depot.Staff, req depot.RepairRequest) (rma.RMA, error)
	Diagnose(ctx context.Context, who depot.Staff, req depot.DiagnoseRequest) (depot.Diagnosed, error)
	Work(ctx context.Context, number string) (depot.Work, error)
	Photo(ctx context.Context, id string) (depot.Photo, error)
	Shipper
	PartsOrderShipper
	Queue(ctx context.Context, f depot.QueueFilter) (depot.QueuePage, error)
	Backlog(ctx context.Context) ([]depot.BacklogCount, error)
	Flags(ctx context.Context) ([]depot.Flag, error)
	Audit(ctx context.Context, r keyset.Request) (depot.AuditPage, error)
}

// Routes mounts the depot's routes. Who: depot staff only, never a customer. Technicians and
// leads receive units, record repairs and work the queue; leads alone read the backlog and the audit.
func Routes(r gin.IRouter, guard *auth.Guard, d Depot, photos Uploader, log *slog.Logger) {
	h := handlers{d: d, photos: photos}
	staff := guard.AnyOf(auth.PermDepotTechnician, auth.PermDepotLead)
	lead := guard.AnyOf(auth.PermDepotLead)
	r.POST("/depot/photos", guard.SignedIn(), staff, httpx.Handler(log, h.uploadPhotos))
	r.POST("/depot/rmas/:number/receive", guard.SignedIn(), staff, httpx.Handler(log, h.receive))
	r.GET("/depot/photos/*id", guard.SignedIn(), staff, httpx.Handler(log, h.photo))
	r.GET("/depot/rmas/:number", guard.SignedIn(), staff, httpx.Handler(log, h.work))
	r.POST("/depot/rmas/:number/diagnosis", guard.SignedIn(), staff, httpx.Handler(log, h.diagnose))
	r.POST("/depot/rmas/:number/repair", guard.SignedIn(), staff, httpx.Handler(log, h.repair))
	r.POST("/depot/rmas/:number/ship", guard.SignedIn(), staff, httpx.Handler(log, h.ship))
	r.GET("/depot/rmas/:number/return-label", guard.SignedIn(), staff, httpx.Handler(log, h.returnLabel))
	r.POST("/depot/parts-orders/:number/ship", guard.SignedIn(), staff, httpx.Handler(log, h.shipPartsOrder))
	r.GET("/depot/parts-orders", guard.SignedIn(), staff, httpx.Handler(log, h.partsOrders))
	r.GET("/depot/queue", guard.SignedIn(), staff, httpx.Handler(log, h.queue))
	r.GET("/depot/backlog", guard.SignedIn(), lead, httpx.Handler(log, h.backlog))
	r.GET("/depot/flags", guard.SignedIn(), lead, httpx.Handler(log, h.flags))
	r.GET("/depot/audit", guard.SignedIn(), lead, httpx.Handler(log, h.audit))
}

type handlers struct {
	d      Depot
	photos Uploader
}

func staffOf(c *gin.Context) depot.Staff {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return depot.Staff{Subject: p.Subject, Email: p.Email}
}

type receiveRequest struct {
	Serial         string   `json:"serial"`
	Photos         []string `json:"photos"`
	Notes          string   `json:"notes"`
	UnitWithoutRMA string   `json:"unitWithoutRma"`
}

type receiveResponse struct {
	RMANumber string `json:"rmaNumber"`
	Status    string `json:"status"`
}

func (h handlers) receive(c *gin.Context) error {
	var body receiveRequest
	if err := httpx.DecodeJSON(c, bodyLimit, &body); err != nil {
		return err
	}
	moved, err := h.d.Receive(c.Request.Context(), staffOf(c), depot.ReceiveRequest{
		Number: c.Param("number"), Serial: body.Serial, Photos: body.Photos, Notes: body.Notes, UnitWithoutRMA: body.UnitWithoutRMA,
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, receiveResponse{RMANumber: moved.Number, Status: string(moved.Status)})
	return nil
}

type qaCheck struct {
	Check  string `json:"check"`
	Passed bool   `json:"passed"`
}

type repairRequest struct {
	PartsReplaced   string    `json:"partsReplaced"`
	WorkPerformed   string    `json:"workPerformed"`
	TechnicianNotes string    `json:"technicianNotes"`
	QA              []qaCheck `json:"qa"`
}

func (h handlers) repair(c *gin.Context) error {
	var body repairRequest
	if err := httpx.DecodeJSON(c, bodyLimit, &body); err != nil {
		return err
	}
	req := depot.RepairRequest{Number: c.Param("number"), PartsReplaced: body.PartsReplaced, WorkPerformed: body.WorkPerformed, TechnicianNotes: body.TechnicianNotes}
	for _, q := range body.QA {
		req.QA = append(req.QA, depot.QACheck{Check: q.Check, Passed: q.Passed})
	}
	moved, err := h.d.Repair(c.Request.Context(), staffOf(c), req)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, receiveResponse{RMANumber: moved.Number, Status: string(moved.Status)})
	return nil
}

type queueItem struct {
	RMANumber    string  `json:"rmaNumber"`
	Serial       string  `json:"serial"`
	Model        string  `json:"model"`
	RMAType      string  `json:"rmaType"`
	Status       string  `json:"status"`
	WarrantyType string  `json:"warrantyType"`
	Customer     string  `json:"customer"`
	CreatedAt    string  `json:"createdAt"`
	ReceivedAt   *string `json:"receivedAt"`
	// AgeSince is when the RMA's age counts from: its receipt, else its creation.
	AgeSince string `json:"ageSince"`
	// PromisedShipDate is null until the unit is received; Breached says the date has passed.
	PromisedShipDate *string `json:"promisedShipDate"`
	Breached         bool    `json:"breached"`
}

type queueResponse struct {
	Items []queueItem `json:"items"`
	Next  string      `json:"next"`
}

func (h handlers) queue(c *gin.Context) error {
	page, err := pageRequest(c)
	if err != nil {
		return err
	}
	got, err := h.d.Queue(c.Request.Context(), depot.QueueFilter{
		Status: c.Query("status"), Model: c.Query("model"), WarrantyType: c.Query("warrantyType"), Search: c.Query("q"), Page: page,
	})
	if err != nil {
		return err
	}
	out := queueResponse{Items: make([]queueItem, 0, len(got.Rows)), Next: got.Next}
	for _, r := range got.Rows {
		out.Items = append(out.Items, toQueueItem(r))
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func toQueueItem(r depot.QueueRow) queueItem {
	it := queueItem{RMANumber: r.Number, Serial: r.Serial, Model: r.Model, RMAType: r.Type, Status: string(r.Status),
		WarrantyType: r.WarrantyType, Customer: r.Customer, CreatedAt: stamp(r.CreatedAt), AgeSince: stamp(r.AgeSince()),
		Breached: r.Breached}
	if r.PromisedShipDate != "" {
		d := r.PromisedShipDate
		it.PromisedShipDate = &d
	}
	if r.ReceivedAt != nil {
		s := stamp(*r.ReceivedAt)
		it.ReceivedAt = &s
	}
	return it
}

type backlogItem struct {
	Status string `json:"status"`
	Count  int    `json:"count"`
	Oldest string `json:"oldestCreatedAt"`
	// Breached counts the status's RMAs past their promised ship-back date.
	Breached int `json:"breached"`
}

func (h handlers) backlog(c *gin.Context) error {
	got, err := h.d.Backlog(c.Request.Context())
	if err != nil {
		return err
	}
	out := make([]backlogItem, 0, len(got))
	for _, b := range got {
		out = append(out, backlogItem{Status: string(b.Status), Count: b.Count, Oldest: stamp(b.Oldest), Breached: b.Breached})
	}
	c.JSON(http.StatusOK, gin.H{"statuses": out})
	return nil
}

type flagItem struct {
	Kind      string `json:"kind"`
	RMANumber string `json:"rmaNumber"`
	Serial    string `json:"serial"`
	Expected  string `json:"expectedSerial"`
	Detail    string `json:"detail"`
	Actor     string `json:"actor"`
	At        string `json:"at"`
}

func (h handlers) flags(c *gin.Context) error {
	got, err := h.d.Flags(c.Request.Context())
	if err != nil {
		return err
	}
	items := make([]flagItem, 0, len(got))
	for _, f := range got {
		items = append(items, flagItem{Kind: string(f.Kind), RMANumber: f.RMANumber, Serial: f.Serial, Expected: f.Expected, Detail: f.Detail, Actor: f.Actor, At: stamp(f.At)})
	}
	c.JSON(http.StatusOK, gin.H{"items": items})
	return nil
}

type auditItem struct {
	ID         int64  `json:"id"`
	At         string `json:"at"`
	Actor      string `json:"actor"`
	ActorEmail string `json:"actorEmail"`
	Action     string `json:"action"`
	RMANumber  string `json:"rmaNumber"`
	// OrderNumber names a parts order's entry; "" for an RMA's.
	OrderNumber string `json:"orderNumber"`
	From        string `json:"from"`
	To          string `json:"to"`
	Detail      string `json:"detail"`
}

func (h handlers) audit(c *gin.Context) error {
	page, err := pageRequest(c)
	if err != nil {
		return err
	}
	got, err := h.d.Audit(c.Request.Context(), page)
	if err != nil {
		return err
	}
	items := make([]auditItem, 0, len(got.Entries))
	for _, e := range got.Entries {
		items = append(items, auditItem{ID: e.ID, At: stamp(e.At), Actor: e.Actor, ActorEmail: e.ActorEmail, Action: string(e.Action),
			RMANumber: e.RMANumber, OrderNumber: e.OrderNumber, From: string(e.From), To: string(e.To), Detail: e.Detail})
	}
	c.JSON(http.StatusOK, gin.H{"items": items, "next": got.Next})
	return nil
}

// pageRequest reads first and after; a first that is not a number is refused by its field.
func pageRequest(c *gin.Context) (keyset.Request, error) {
	r := keyset.Request{After: c.Query("after")}
	if s := c.Query("first"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return keyset.Request{}, fault.Validation(map[string]string{"first": "Must be a number"})
		}
		if n <= 0 {
			return keyset.Request{}, depot.Refusals.PageSize
		}
		r.First = n
	}
	return r, nil
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }
