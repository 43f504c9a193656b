package partsapi

import (
	"context"
	"encoding/csv"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/csvsafe"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rma"
)

// InventoryPath is the service-managed inventory.
const InventoryPath = "/parts-manager/inventory"

// InventoryService is the inventory's core; *parts.Inventory implements it.
type InventoryService interface {
	List(ctx context.Context, v visibility.Viewer, q parts.InventoryQuery) (parts.InventoryPage, error)
	All(ctx context.Context, v visibility.Viewer, q parts.InventoryQuery) ([]parts.InventoryUnit, error)
	Profile(ctx context.Context, v visibility.Viewer, serial rma.Serial) (parts.UnitProfile, error)
}

type inventoryAPI struct{ svc InventoryService }

// InventoryRoutes mounts the inventory's endpoints.
func InventoryRoutes(r gin.IRouter, guard *auth.Guard, svc InventoryService, log *slog.Logger) {
	a := inventoryAPI{svc: svc}

	// Spec §6: a sign-in route admits users holding a role of this portal (others: 403).
	customer := []gin.HandlerFunc{guard.SignedIn(), guard.Customer()}

	// Who: signed-in customers; the units are the caller's and their organization's (registered,
	// with an RMA, or ordered parts for). Nobody reads another's units.
	r.GET(InventoryPath, append(customer, httpx.Handler(log, a.list))...)

	// Who: signed-in customers, for a unit they (or their organization) hold; another customer's
	// unit answers 404 'Serial Not Found', exactly as an unknown serial does.
	r.GET(InventoryPath+"/:serial", append(customer, httpx.Handler(log, a.profile))...)
}

// OpenRMAJSON is a unit's open RMA.
type OpenRMAJSON struct {
	RMANumber string `json:"rmaNumber"`
	UID       string `json:"uid"`
	Status    string `json:"status"`
}

// InventoryUnitJSON is one unit of an inventory.
type InventoryUnitJSON struct {
	Serial        string       `json:"serial"`
	Model         string       `json:"model"`
	ModelFamily   string       `json:"modelFamily"`
	ProductType   string       `json:"productType"`
	WarrantyState string       `json:"warrantyState"`
	WarrantyEnd   *string      `json:"warrantyEnd"`
	OpenRMA       *OpenRMAJSON `json:"openRma"`
	Registered    bool         `json:"registered"`
	RegisteredAt  *string      `json:"registeredAt"`
	Sources       []string     `json:"sources"`
}

// InventoryPageJSON is one page of an inventory.
type InventoryPageJSON struct {
	Items        []InventoryUnitJSON `json:"items"`
	Total        int                 `json:"total"`
	Page         int                 `json:"page"`
	ItemsPerPage int                 `json:"itemsPerPage"`
	// Models are the models of every unit held, whatever the filter: the model filter's choices.
	Models []string `json:"models"`
}

// UnitRMAJSON is one RMA of a unit's profile.
type UnitRMAJSON struct {
	RMANumber string `json:"rmaNumber"`
	UID       string `json:"uid"`
	Type      string `json:"type"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

// UnitOrderJSON is one parts order line of a unit's profile.
type UnitOrderJSON struct {
	RMABatchID string `json:"rmaBatchId"`
	CreatedAt  string `json:"createdAt"`
	PartNumber string `json:"partNumber"`
	Quantity   int    `json:"quantity"`
}

// UnitProfileJSON is one unit with its RMAs and parts orders.
type UnitProfileJSON struct {
	InventoryUnitJSON
	RMAs   []UnitRMAJSON   `json:"rmas"`
	Orders []UnitOrderJSON `json:"orders"`
}

const inventoryDateLayout = "2006-01-02"

func toInventoryUnitJSON(u parts.InventoryUnit) InventoryUnitJSON {
	out := InventoryUnitJSON{
		Serial: u.Serial, Model: u.Model, ModelFamily: u.ModelFamily, ProductType: u.ProductType,
		WarrantyState: u.WarrantyState, Registered: u.Registered, Sources: u.Sources,
	}
	if out.Sources == nil {
		out.Sources = []string{}
	}
	if u.WarrantyEnd != nil {
		d := u.WarrantyEnd.UTC().Format(inventoryDateLayout)
		out.WarrantyEnd = &d
	}
	if u.RegisteredAt != nil {
		at := u.RegisteredAt.UTC().Format(time.RFC3339)
		out.RegisteredAt = &at
	}
	if u.OpenRMA != nil {
		out.OpenRMA = &OpenRMAJSON{RMANumber: u.OpenRMA.Number, UID: u.OpenRMA.UID, Status: string(u.OpenRMA.Status)}
	}
	return out
}

// inventoryQuery reads the list's query parameters; page parameters that are not positive
// numbers and an openRma that is neither true nor false are refused with the others.
func inventoryQuery(c *gin.Context) (parts.InventoryQuery, error) {
	bad := fault.Validation(map[string]string{})
	q := parts.InventoryQuery{
		Text: c.Query("q"), Model: c.Query("model"), Warranty: c.Query("warranty"),
		Page: intParam(c, "page", bad), ItemsPerPage: intParam(c, "itemsPerPage", bad),
	}
	switch strings.ToLower(strings.TrimSpace(c.Query("openRma"))) {
	case "":
	case "true":
		yes := true
		q.OpenRMA = &yes
	case "false":
		no := false
		q.OpenRMA = &no
	default:
		bad.Fields["openRma"] = "Must be true or false"
	}
	if len(bad.Fields) > 0 {
		return q, bad
	}
	return q, nil
}

func inventoryViewer(c *gin.Context) visibility.Viewer {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return visibility.Viewer{Subject: p.Subject, Org: p.Org}
}

func (a inventoryAPI) list(c *gin.Context) error {
	q, err := inventoryQuery(c)
	if err != nil {
		return err
	}
	v := inventoryViewer(c)
	if c.Query("format") == "csv" {
		units, err := a.svc.All(c.Request.Context(), v, q)
		if err != nil {
			return err
		}
		return inventoryCSV(c, units)
	}
	page, err := a.svc.List(c.Request.Context(), v, q)
	if err != nil {
		return err
	}
	out := InventoryPageJSON{Items: make([]InventoryUnitJSON, 0, len(page.Items)), Total: page.Total, Page: page.Page, ItemsPerPage: page.ItemsPerPage, Models: page.Models}
	for _, u := range page.Items {
		out.Items = append(out.Items, toInventoryUnitJSON(u))
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

func (a inventoryAPI) profile(c *gin.Context) error {
	// A serial that is none names no unit: 'Serial Not Found', as an unknown one.
	serial, err := rma.ParseSerial(c.Param("serial"))
	if err != nil {
		return rma.ErrUnitNotFound
	}
	p, err := a.svc.Profile(c.Request.Context(), inventoryViewer(c), serial)
	if err != nil {
		return err
	}
	out := UnitProfileJSON{InventoryUnitJSON: toInventoryUnitJSON(p.Unit), RMAs: []UnitRMAJSON{}, Orders: []UnitOrderJSON{}}
	for _, r := range p.RMAs {
		out.RMAs = append(out.RMAs, UnitRMAJSON{
			RMANumber: r.Number, UID: r.UID, Type: r.Type, Status: string(r.Status), CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339),
		})
	}
	for _, o := range p.Orders {
		out.Orders = append(out.Orders, UnitOrderJSON{
			RMABatchID: o.RMABatchID, CreatedAt: o.CreatedAt.UTC().Format(time.RFC3339), PartNumber: o.PartNumber, Quantity: o.Quantity,
		})
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

// InventoryCSVHeader is the first row of the inventory download.
var InventoryCSVHeader = []string{"Serial", "Model", "Model Family", "Product Type", "Warranty", "Warranty End", "Open RMA", "Open RMA Status", "Registered", "Registered At", "Sources"}

// inventoryCSV writes every unit the query matched. The inventory is bounded (rma.MaxHeld units),
// so it is read whole before the first byte: a failure answers as any other error would.
func inventoryCSV(c *gin.Context, units []parts.InventoryUnit) error {
	c.Header("Content-Type", "text/csv; charset=utf-8")
	c.Header("Content-Disposition", `attachment; filename="inventory.csv"`)
	c.Header("Cache-Control", "no-store")
	c.Status(http.StatusOK)
	w := csv.NewWriter(c.Writer)
	_ = w.Write(InventoryCSVHeader)
	for _, u := range units {
		j := toInventoryUnitJSON(u)
		var end, number, status, registeredAt string
		if j.WarrantyEnd != nil {
			end = *j.WarrantyEnd
		}
		if j.OpenRMA != nil {
			number, status = j.OpenRMA.RMANumber, j.OpenRMA.Status
		}
		if j.RegisteredAt != nil {
			registeredAt = *j.RegisteredAt
		}
		registered := "no"
		if j.Registered {
			registered = "yes"
		}
		row := []string{j.Serial, j.Model, j.ModelFamily, j.ProductType, j.WarrantyState, end, number, status, registered, registeredAt,
			strings.Join(j.Sources, " ")}
		_ = w.Write(csvsafe.Row(row))
	}
	w.Flush()
	return nil
}
