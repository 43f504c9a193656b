package accountapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
)

// StatusCountJSON is one bar of RMAs by status.
type StatusCountJSON struct {
	Status string `json:"status"`
	Count  int    `json:"count"`
}

// MonthCountJSON is one month of RMAs opened.
type MonthCountJSON struct {
	Month   string `json:"month"`
	Repair  int    `json:"repair"`
	Recycle int    `json:"recycle"`
}

// MonthDaysJSON is one month's average turnaround.
type MonthDaysJSON struct {
	Month       string  `json:"month"`
	AverageDays float64 `json:"averageDays"`
}

// TurnaroundJSON is how long the service took.
type TurnaroundJSON struct {
	Closed      int             `json:"closed"`
	AverageDays float64         `json:"averageDays"`
	MedianDays  float64         `json:"medianDays"`
	ByMonth     []MonthDaysJSON `json:"byMonth"`
}

// UnitsJSON counts units by warranty state.
type UnitsJSON struct {
	InWarranty    int `json:"inWarranty"`
	OutOfWarranty int `json:"outOfWarranty"`
	EndOfService  int `json:"endOfService"`
}

// MonthAmountJSON is one month's spend.
type MonthAmountJSON struct {
	Month  string      `json:"month"`
	Amount money.Money `json:"amount"`
}

// SpendJSON is what was paid.
type SpendJSON struct {
	Total   money.Money       `json:"total"`
	ByMonth []MonthAmountJSON `json:"byMonth"`
}

// SummaryResponse is the dashboard.
type SummaryResponse struct {
	RMAsByStatus    []StatusCountJSON `json:"rmasByStatus"`
	RMAsByMonth     []MonthCountJSON  `json:"rmasByMonth"`
	Turnaround      TurnaroundJSON    `json:"turnaround"`
	UnitsByWarranty UnitsJSON         `json:"unitsByWarranty"`
	Spend           SpendJSON         `json:"spend"`
	OpenRMAs        int               `json:"openRmas"`
}

func (a API) summary(c *gin.Context) error {
	d, err := a.svc.Dashboard(c.Request.Context(), viewer(c))
	if err != nil {
		return err
	}
	s := d.Stats
	out := SummaryResponse{
		RMAsByStatus: make([]StatusCountJSON, 0, len(s.ByStatus)),
		RMAsByMonth:  make([]MonthCountJSON, 0, len(s.ByMonth)),
		Turnaround: TurnaroundJSON{
			Closed: s.Turnaround.Closed, AverageDays: s.Turnaround.AverageDays, MedianDays: s.Turnaround.MedianDays,
			ByMonth: make([]MonthDaysJSON, 0, len(s.Turnaround.ByMonth)),
		},
		UnitsByWarranty: UnitsJSON{InWarranty: s.Units.InWarranty, OutOfWarranty: s.Units.OutOfWarranty, EndOfService: s.Units.EndOfService},
		Spend:           SpendJSON{Total: d.SpendTotal, ByMonth: make([]MonthAmountJSON, 0, len(d.Spend))},
		OpenRMAs:        d.OpenRMAs,
	}
	for status, n := range s.ByStatus {
		out.RMAsByStatus = append(out.RMAsByStatus, StatusCountJSON{Status: status, Count: n})
	}
	// A map has no order; the chart reads the statuses alphabetically, the same on every load.
	slices.SortFunc(out.RMAsByStatus, func(x, y StatusCountJSON) int { return strings.Compare(x.Status, y.Status) })
	for _, m := range s.ByMonth {
		out.RMAsByMonth = append(out.RMAsByMonth, MonthCountJSON{Month: m.Month, Repair: m.Repair, Recycle: m.Recycle})
	}
	for _, m := range s.Turnaround.ByMonth {
		out.Turnaround.ByMonth = append(out.Turnaround.ByMonth, MonthDaysJSON{Month: m.Month, AverageDays: m.AverageDays})
	}
	for _, m := range d.Spend {
		out.Spend.ByMonth = append(out.Spend.ByMonth, MonthAmountJSON{Month: m.Month, Amount: m.Amount})
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
	return nil
}

// StatusEventJSON is the data of one rma-status event.
type StatusEventJSON struct {
	RMANumber string `json:"rmaNumber"`
	UID       string `json:"uid"`
	Status    string `json:"status"`
	At        string `json:"at"`
}

// StreamIDMax bounds the client id of an event stream (it is only logged).
const StreamIDMax = 100

// events streams the status changes of the RMAs the caller may see as server-sent events:
// `event: rma-status` with the change as data, and `: ping` comments while idle so proxies keep
// the connection. It ends when the client goes or the stream drops the subscriber (the browser
// reconnects).
func (a API) events(c *gin.Context) error {
	id := strings.TrimSpace(c.Query("id"))
	var v validate.Errors
	v.Required("id", id)
	v.MaxLen("id", id, StreamIDMax)
	if err := v.Err(); err != nil {
		return err
	}
	if _, ok := c.Writer.(http.Flusher); !ok {
		return fault.New(fault.KindInternal, "internal", "streaming unsupported")
	}
	ctx := c.Request.Context()
	sub, unsubscribe := a.stream.Subscribe(viewer(c))
	defer unsubscribe()

	h := c.Writer.Header()
	// SSE is UTF-8 by definition (no charset parameter), as browsers and the pact expect.
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	// nginx (the split topology's and most ingresses') would otherwise hold events in its buffer.
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	if _, err := fmt.Fprint(c.Writer, ": connected\n\n"); err != nil {
		return nil
	}
	c.Writer.Flush()
	a.log.DebugContext(ctx, "event stream opened", "client", id)

	ping := time.NewTicker(a.opts.Heartbeat)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-sub.Dropped():
			return nil
		case <-ping.C:
			if _, err := fmt.Fprint(c.Writer, ": ping\n\n"); err != nil {
				return nil
			}
		case ch := <-sub.Changes():
			data, err := json.Marshal(StatusEventJSON{RMANumber: ch.Number, UID: ch.UID, Status: ch.Status, At: rfc3339(ch.At)})
			if err != nil {
				return nil
			}
			if _, err := fmt.Fprintf(c.Writer, "event: rma-status\ndata: %s\n\n", data); err != nil {
				return nil
			}
		}
		c.Writer.Flush()
	}
}
