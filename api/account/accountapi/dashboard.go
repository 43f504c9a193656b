package accountapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/account/account"
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
		out.RMAsByStatus = append(out.RMAsByStatus, StatusCountJSON{Status: string(status), Count: n})
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
// the connection. It ends when the client goes, when the stream drops the subscriber, or when
// the access token that opened it expires: the viewer (and their organization) was read from
// that token, so a revoked session or a member who left stops receiving within a token's life,
// and the browser reconnects with a fresh token. Every write has a deadline, so a client that
// stops reading frees the handler instead of blocking it until TCP gives up.
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
	p := principal(c)
	sub, unsubscribe, err := a.stream.Subscribe(account.ViewerOf(p))
	if err != nil {
		return err
	}
	defer unsubscribe()
	var expired <-chan time.Time
	if !p.Expiry.IsZero() {
		expired = a.opts.At(p.Expiry)
	}

	h := c.Writer.Header()
	// SSE is UTF-8 by definition (no charset parameter), as browsers and the pact expect.
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	// nginx (the split topology's and most ingresses') would otherwise hold events in its buffer.
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	rc := http.NewResponseController(c.Writer)
	// A keep-alive connection's next request must not inherit this response's deadline.
	defer func() { _ = rc.SetWriteDeadline(time.Time{}) }()
	// send writes one frame and flushes it under a deadline of two heartbeats: a client that
	// reads keeps up with far less, one that stopped fails the write and ends the response.
	send := func(frame string) bool {
		// A writer without deadlines (a test recorder) answers ErrNotSupported; it cannot block.
		_ = rc.SetWriteDeadline(time.Now().Add(2 * a.opts.Heartbeat))
		if _, err := io.WriteString(c.Writer, frame); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send(": connected\n\n") {
		return nil
	}
	a.log.DebugContext(ctx, "event stream opened", "client", id)

	ping := time.NewTicker(a.opts.Heartbeat)
	defer ping.Stop()
	for {
		var frame string
		select {
		case <-ctx.Done():
			return nil
		case <-sub.Dropped():
			return nil
		case <-expired:
			a.log.DebugContext(ctx, "event stream ends with its token", "client", id)
			return nil
		case <-ping.C:
			frame = ": ping\n\n"
		case ch := <-sub.Changes():
			data, err := json.Marshal(StatusEventJSON{RMANumber: ch.Number, UID: ch.UID, Status: string(ch.Status), At: rfc3339(ch.At)})
			if err != nil {
				return nil
			}
			frame = fmt.Sprintf("event: rma-status\ndata: %s\n\n", data)
		}
		if !send(frame) {
			return nil
		}
	}
}
