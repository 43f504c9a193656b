// Package depot is the depot domain's core: what staff do to a unit that reaches the depot
// (receive it, find it in the queue, and every action audited), the ports it needs and the
// Service the HTTP surface calls. RMAs move only through the rma capability's lifecycle.
package depot

import (
	"context"
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// Staff is the caller of a depot action, from the verified token.
type Staff struct {
	Subject string
	Email   string
}

// Action names what a staff member did, in the audit.
type Action string

const (
	ActionReceive        Action = "receive"
	ActionSerialMismatch Action = "flag.serialMismatch"
	ActionUnitWithoutRMA Action = "flag.unitWithoutRma"
)

// FlagKind says why a unit was flagged for a lead rather than received.
type FlagKind string

const (
	FlagSerialMismatch FlagKind = "SERIAL_MISMATCH"
	FlagUnitWithoutRMA FlagKind = "UNIT_WITHOUT_RMA"
)

// Errors of the depot, each with its stable id.
var (
	ErrSerialMismatch = fault.New(fault.KindConflict, "depot.serialMismatch",
		"The scanned serial is not this RMA's unit. The unit is flagged for a lead and was not received.")
	ErrNotAwaitingUnit = fault.New(fault.KindConflict, "depot.notAwaitingUnit",
		"This RMA is not awaiting its unit: it was received already, or it is not ready to receive.")
)

// Receipt is what staff recorded when a unit arrived.
type Receipt struct {
	RMANumber string
	Serial    string
	Photos    []string
	Notes     string
	Actor     string
	At        time.Time
}

// Flag is a unit that arrived without a matching RMA: recorded for a lead, never received.
type Flag struct {
	Kind      FlagKind
	RMANumber string
	// Serial is what was scanned; Expected is the RMA's serial (a mismatch only).
	Serial, Expected string
	Detail           string
	Actor            string
	At               time.Time
}

// AuditEntry is one staff action: who, when, on which RMA, the status before and after and
// what was done.
type AuditEntry struct {
	ID         int64
	At         time.Time
	Actor      string
	ActorEmail string
	Action     Action
	// RMANumber names the RMA of an RMA's action; OrderNumber the parts order (PB-…) of an
	// order's. One of them is set.
	RMANumber   string
	OrderNumber string
	From, To    rma.Status
	Detail      string
}

// RMAs is what the depot needs of the RMA store: the row of an RMA whoever owns it, locked for
// the caller's transaction (rmadb.Store).
type RMAs interface {
	LockRMA(ctx context.Context, number string) (rma.RMA, error)
}

// Mover moves an RMA through the one table of allowed moves, joining the caller's transaction
// (rma.Lifecycle); RecordWork records repair work on an RMA a paid quote moved to REPAIRING.
type Mover interface {
	Advance(ctx context.Context, a rma.Advance) (rma.RMA, error)
	RecordWork(ctx context.Context, number, actor string, w rma.RepairWork) (rma.RMA, error)
}

// Records reads an RMA for staff's work page, whoever owns it (rmadb.Store): the RMA, its
// timeline oldest first, and its unit.
type Records interface {
	RMAForStaff(ctx context.Context, number string) (rma.RMA, error)
	Timeline(ctx context.Context, number string) ([]rma.Event, error)
	UnitBySerial(ctx context.Context, serial string) (rma.Unit, error)
}

// Photos ties the staff member's uploads to an RMA in the caller's transaction (uploads).
type Photos interface {
	Claim(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) error
}

// Store is what the depot keeps of its own (depotdb implements it). Writes join the
// transaction ctx carries.
type Store interface {
	AddReceipt(ctx context.Context, r Receipt) error
	// Receipt is the RMA's receipt; ok false before its unit was received.
	Receipt(ctx context.Context, number string) (r Receipt, ok bool, err error)
	AddRepair(ctx context.Context, r RepairRecord) error
	// RepairOf is the repair recorded on the RMA's unit; ok false before one is.
	RepairOf(ctx context.Context, number string) (r RepairRecord, ok bool, err error)
	AddFlag(ctx context.Context, f Flag) error
	// Flags lists the flags, newest first.
	Flags(ctx context.Context) ([]Flag, error)
	AddAudit(ctx context.Context, e AuditEntry) error
	Audit(ctx context.Context, q AuditQuery) ([]AuditEntry, error)
	// StaffEmails maps the subject of each staff member the audit names on RMA rmaNumber to the
	// e-mail their token carried.
	StaffEmails(ctx context.Context, rmaNumber string) (map[string]string, error)
}

// Service holds the depot's use cases.
type Service struct {
	Store Store
	RMAs  RMAs
	// Records reads an RMA for the work page.
	Records Records
	// InWork lists every customer's RMAs in work, for the queue and the backlog.
	InWork rma.WorkStore
	Mover  Mover
	Photos Photos
	// PhotoFiles opens the photos of RMAs for staff (photo.go).
	PhotoFiles PhotoFiles
	// Labels issues return labels (ship back); nil in a process that does not ship.
	Labels ReturnLabels
	// PartsOrders ships parts orders (the parts service, adapted by the composition root).
	PartsOrders PartsOrders
	// Diagnoses, Prices, Payments and Quotes serve diagnoses (diagnose.go); ReturnFee is what
	// returning a unit unrepaired costs, quoted with a revised quote.
	Diagnoses Diagnoses
	Prices    Prices
	Payments  Payments
	Quotes    RevisedQuotes
	ReturnFee money.Money
	Tx        db.Transactor
	Log       *slog.Logger
	Now       func() time.Time
	// Zone is the depot's time zone (DEPOT_TIMEZONE, the promise calendar's): which day today is
	// for the queue's and backlog's breaches. nil is UTC.
	Zone *time.Location
}
