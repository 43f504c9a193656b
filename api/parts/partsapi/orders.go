package partsapi

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/visibility"
	"rugged.example/portal/api/rma/rmajson"
)

// Paths of the orders.
const (
	OrdersPath       = "/parts-manager/orders"
	PricePath        = OrdersPath + "/price"
	ProcessPath      = OrdersPath + "/process"
	CancelPath       = OrdersPath + "/cancel"
	VideoSerialsPath = "/parts-manager/video/serials"
)

// maxOrderBody bounds a pricing or order body: 100 lines of part numbers and serials.
const maxOrderBody = 1 << 20

// OrderService is the orders' core; *parts.Orders implements it.
type OrderService interface {
	Price(ctx context.Context, kind parts.OrderKind, lines []parts.LineRequest) (parts.Priced, error)
	Place(ctx context.Context, c parts.Customer, r parts.PlaceRequest) (parts.Placed, error)
	Process(ctx context.Context, c parts.Customer, id, token string) (parts.Order, error)
	Cancel(ctx context.Context, c parts.Customer, id string) (parts.Order, error)
	Get(ctx context.Context, v visibility.Viewer, id string) (parts.Order, error)
	VideoSerials(ctx context.Context, c parts.Customer, model string) ([]parts.VideoUnit, error)
}

type ordersAPI struct{ svc OrderService }

// OrderRoutes mounts the orders' endpoints and the video units' serials.
func OrderRoutes(r gin.IRouter, guard *auth.Guard, svc OrderService, log *slog.Logger) {
	a := ordersAPI{svc: svc}

	// Who: anyone, signed in or not: the cart, manual entry and the checkout price lines at the
	// catalogue's prices; nothing is stored.
	r.POST(PricePath, httpx.Handler(log, a.price))

	// Spec §6: every other call is a sign-in route, which admits users holding a role of this
	// portal (others: 403 auth.noClientRole), as the inventory and GraphQL do.
	customer := []gin.HandlerFunc{guard.SignedIn(), guard.Customer()}

	// Who: signed-in users holding service:partorder:create (others: 403 'Your account cannot
	// order parts…', checked in the core so the refusal names ordering); video parts also need
	// service:video:serial:read, a purchase order service:payment:po. The order is the caller's
	// (owner and organization from the token).
	r.POST(OrdersPath, append(customer, httpx.Handler(log, a.place))...)

	// Who: the order's owner; anyone else's order answers as an unknown one.
	r.POST(ProcessPath, append(customer, httpx.Handler(log, a.process))...)

	// Who: the order's owner; anyone else's order answers as an unknown one.
	r.POST(CancelPath, append(customer, httpx.Handler(log, a.cancel))...)

	// Who: the order's owner or a member of its organization; anyone else's answers as an
	// unknown one.
	r.GET(OrdersPath+"/:rmaBatchId", append(customer, httpx.Handler(log, a.get))...)

	// Who: signed-in users holding service:video:serial:read (others: 403 'Your account cannot
	// look up video unit serials.'); the units are the caller's and their organization's.
	r.GET(VideoSerialsPath, append(customer, httpx.Handler(log, a.videoSerials))...)
}

// lineDTO is one line as the browser sends it. The quantity is read as raw JSON so a quantity
// that is not a whole number is a problem of its line, not a malformed body.
type lineDTO struct {
	PartNumber   string          `json:"partNumber"`
	Quantity     json.RawMessage `json:"quantity"`
	Model        string          `json:"model"`
	Serials      []string        `json:"serials"`
	SearchSerial string          `json:"searchSerial"`
}

// quantity reads a whole number; anything else is 0, which the rules refuse.
func (l lineDTO) quantity() int {
	n, err := strconv.Atoi(string(bytes.TrimSpace(l.Quantity)))
	if err != nil {
		return 0
	}
	return n
}

func toLines(in []lineDTO) []parts.LineRequest {
	out := make([]parts.LineRequest, len(in))
	for i, l := range in {
		out[i] = parts.LineRequest{PartNumber: l.PartNumber, Quantity: l.quantity(), Model: l.Model, Serials: l.Serials, SearchSerial: l.SearchSerial}
	}
	return out
}

// priceRequest is a pricing; kind (parts or video) is the order the lines are for, so a parts
// cart learns at once which lines only the video order takes.
type priceRequest struct {
	Kind  string    `json:"kind"`
	Lines []lineDTO `json:"lines"`
}

// PricedLineJSON is one priced line.
type PricedLineJSON struct {
	PartNumber   string      `json:"partNumber"`
	Description  string      `json:"description"`
	Quantity     int         `json:"quantity"`
	UnitPrice    money.Money `json:"unitPrice"`
	LineTotal    money.Money `json:"lineTotal"`
	Availability string      `json:"availability"`
	ImagePath    string      `json:"imagePath"`
	IsHighValue  bool        `json:"isHighValue"`
	Model        string      `json:"model"`
	Serials      []string    `json:"serials"`
}

// ProblemJSON is a line the catalogue refuses.
type ProblemJSON struct {
	Index      int    `json:"index"`
	PartNumber string `json:"partNumber"`
	Code       string `json:"code"`
	Message    string `json:"message"`
}

// PricedJSON is the answer of /orders/price.
type PricedJSON struct {
	Lines    []PricedLineJSON `json:"lines"`
	Total    money.Money      `json:"total"`
	Problems []ProblemJSON    `json:"problems"`
}

func (a ordersAPI) price(c *gin.Context) error {
	var body priceRequest
	if err := httpx.DecodeJSON(c, maxOrderBody, &body); err != nil {
		return err
	}
	p, err := a.svc.Price(c.Request.Context(), parts.OrderKind(body.Kind), toLines(body.Lines))
	if err != nil {
		return err
	}
	// A line with a problem is answered in problems only (by its index in the request); lines
	// are the priced ones, in the request's order.
	refused := make(map[int]bool, len(p.Problems))
	for _, pr := range p.Problems {
		refused[pr.Index] = true
	}
	out := PricedJSON{Lines: make([]PricedLineJSON, 0, len(p.Lines)), Total: p.Total, Problems: make([]ProblemJSON, len(p.Problems))}
	for i, l := range p.Lines {
		if refused[i] {
			continue
		}
		out.Lines = append(out.Lines, PricedLineJSON{
			PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice,
			LineTotal: l.LineTotal, Availability: l.Availability, ImagePath: l.ImagePath, IsHighValue: l.HighValue,
			Model: l.Model, Serials: nonNil(l.Serials),
		})
	}
	for i, pr := range p.Problems {
		out.Problems[i] = ProblemJSON(pr)
	}
	c.JSON(http.StatusOK, out)
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// customer is the caller as the core sees them, from the verified token only.
func customer(c *gin.Context) parts.Customer {
	p, _ := auth.PrincipalFrom(c.Request.Context())
	return parts.Customer{
		Subject: p.Subject, Org: p.Org, Name: p.DisplayName(), Email: p.Email,
		MayOrder: p.Has(auth.PermCreatePartOrder), MayReadVideoSerials: p.Has(auth.PermVideoSerialAccess), MayPayByPO: p.Has(auth.PermPaymentPO),
	}
}

type placeRequest struct {
	Kind        string          `json:"kind"`
	Lines       []lineDTO       `json:"lines"`
	Contact     rmajson.Contact `json:"contact"`
	Address     rmajson.Address `json:"address"`
	PaymentData struct {
		PaymentMethod    string `json:"paymentMethod"`
		CustomerPO       string `json:"customerPO"`
		CustomerPOFileID string `json:"customerPOFileId"`
	} `json:"paymentData"`
}

// PlacedJSON is the answer of a checkout.
type PlacedJSON struct {
	RMABatchID string      `json:"rmaBatchId"`
	Status     string      `json:"status"`
	Total      money.Money `json:"total"`
	PaymentURL string      `json:"paymentUrl,omitempty"`
}

func (a ordersAPI) place(c *gin.Context) error {
	var body placeRequest
	if err := httpx.DecodeJSON(c, maxOrderBody, &body); err != nil {
		return err
	}
	if len(body.Lines) > parts.MaxLines {
		return parts.ErrTooManyLines
	}
	key, err := httpx.IdempotencyKey(c)
	if err != nil {
		return err
	}
	res, err := a.svc.Place(c.Request.Context(), customer(c), parts.PlaceRequest{
		Kind: parts.OrderKind(body.Kind), Lines: toLines(body.Lines),
		Contact: body.Contact.Domain(),
		Address: body.Address.Domain(),
		Method:  parts.PaymentMethod(body.PaymentData.PaymentMethod), CustomerPO: body.PaymentData.CustomerPO,
		CustomerPOFileID: body.PaymentData.CustomerPOFileID, IdempotencyKey: key,
	})
	if err != nil {
		return err
	}
	c.JSON(http.StatusCreated, PlacedJSON{
		RMABatchID: res.Order.ID, Status: string(res.Order.Status), Total: res.Order.Total, PaymentURL: res.PaymentURL,
	})
	return nil
}

// OrderLineJSON is one line of an order.
type OrderLineJSON struct {
	PartNumber  string      `json:"partNumber"`
	Description string      `json:"description"`
	Quantity    int         `json:"quantity"`
	UnitPrice   money.Money `json:"unitPrice"`
	LineTotal   money.Money `json:"lineTotal"`
	Model       string      `json:"model"`
	Serials     []string    `json:"serials"`
}

// OrderJSON is an order as its owner and their organization read it.
type OrderJSON struct {
	RMABatchID    string          `json:"rmaBatchId"`
	Kind          string          `json:"kind"`
	Status        string          `json:"status"`
	CreatedAt     string          `json:"createdAt"`
	Total         money.Money     `json:"total"`
	PaymentMethod string          `json:"paymentMethod"`
	CustomerPO    string          `json:"customerPO"`
	Contact       rmajson.Contact `json:"contact"`
	Address       rmajson.Address `json:"address"`
	Lines         []OrderLineJSON `json:"lines"`
	Mine          bool            `json:"mine"`
	OrderedByName string          `json:"orderedByName"`
	// Shipment is how the depot sent the order; null until it is SHIPPED.
	Shipment *ShipmentJSON `json:"shipment"`
}

// ShipmentJSON is a shipped order's carrier and tracking as its customer reads them (who at the
// depot sent it is the depot's audit, not the customer's).
type ShipmentJSON struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"trackingNumber"`
	ShippedAt      string `json:"shippedAt"`
}

// ToOrderJSON is o as viewer reads it.
func ToOrderJSON(o parts.Order, viewer string) OrderJSON {
	out := OrderJSON{
		RMABatchID: o.ID, Kind: string(o.Kind), Status: string(o.Status), CreatedAt: o.CreatedAt.UTC().Format(time.RFC3339),
		Total: o.Total, PaymentMethod: string(o.PaymentMethod), CustomerPO: o.CustomerPO,
		Contact: rmajson.ContactOf(o.Contact), Address: rmajson.AddressOf(o.Address), Lines: make([]OrderLineJSON, len(o.Lines)),
		Mine: o.Owner == viewer, OrderedByName: o.OrderedByName,
	}
	for i, l := range o.Lines {
		out.Lines[i] = OrderLineJSON{
			PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity, UnitPrice: l.UnitPrice,
			LineTotal: l.LineTotal, Model: l.Model, Serials: nonNil(l.Serials),
		}
	}
	if sh := o.Shipment; sh != nil {
		out.Shipment = &ShipmentJSON{Carrier: sh.Carrier, TrackingNumber: sh.TrackingNumber, ShippedAt: sh.ShippedAt.UTC().Format(time.RFC3339)}
	}
	return out
}

type batchRequest struct {
	RMABatchID string `json:"rmaBatchId"`
	Token      string `json:"token"`
}

func (a ordersAPI) process(c *gin.Context) error {
	var body batchRequest
	if err := httpx.DecodeJSON(c, maxOrderBody, &body); err != nil {
		return err
	}
	cust := customer(c)
	o, err := a.svc.Process(c.Request.Context(), cust, body.RMABatchID, body.Token)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, ToOrderJSON(o, cust.Subject))
	return nil
}

func (a ordersAPI) cancel(c *gin.Context) error {
	var body batchRequest
	if err := httpx.DecodeJSON(c, maxOrderBody, &body); err != nil {
		return err
	}
	cust := customer(c)
	o, err := a.svc.Cancel(c.Request.Context(), cust, body.RMABatchID)
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, ToOrderJSON(o, cust.Subject))
	return nil
}

func (a ordersAPI) get(c *gin.Context) error {
	cust := customer(c)
	o, err := a.svc.Get(c.Request.Context(), cust.Viewer(), c.Param("rmaBatchId"))
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, ToOrderJSON(o, cust.Subject))
	return nil
}

// VideoUnitJSON is one video unit of the caller's.
type VideoUnitJSON struct {
	Serial      string `json:"serial"`
	Model       string `json:"model"`
	ModelFamily string `json:"modelFamily"`
}

func (a ordersAPI) videoSerials(c *gin.Context) error {
	units, err := a.svc.VideoSerials(c.Request.Context(), customer(c), c.Query("model"))
	if err != nil {
		return err
	}
	out := struct {
		Items []VideoUnitJSON `json:"items"`
	}{Items: make([]VideoUnitJSON, len(units))}
	for i, u := range units {
		out.Items[i] = VideoUnitJSON(u)
	}
	c.JSON(http.StatusOK, out)
	return nil
}
