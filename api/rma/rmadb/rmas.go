package rmadb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/promise"
	"rugged.example/portal/api/rma/rma"
)

// rmaRow is one RMA with the snapshot of what the customer submitted. Device credentials arrive
// sealed by the core and stay sealed here.
//
// The (owner|org, created_at|updated_at, number) indexes serve the history's keyset pages: one
// ordered index scan per branch of the viewer's own and their organization's RMAs.
type rmaRow struct {
	Number               string `gorm:"primaryKey;size:20;index:idx_rma_rmas_owner_created,priority:3;index:idx_rma_rmas_owner_updated,priority:3;index:idx_rma_rmas_org_created,priority:3;index:idx_rma_rmas_org_updated,priority:3"`
	UID                  string `gorm:"column:uid;size:26;not null;uniqueIndex:idx_rma_rmas_uid"`
	Owner                string `gorm:"size:100;not null;index:idx_rma_rmas_owner_created,priority:1;index:idx_rma_rmas_owner_updated,priority:1"`
	Org                  string `gorm:"size:100;not null;default:'';index:idx_rma_rmas_org_created,priority:1;index:idx_rma_rmas_org_updated,priority:1"`
	OpenedByName         string `gorm:"size:70;not null;default:''"`
	Serial               string `gorm:"size:50;not null;index"`
	Model                string `gorm:"size:30;not null"`
	PartNumber           string `gorm:"size:40;not null"`
	RMAType              string `gorm:"size:20;not null"`
	Status               string `gorm:"size:30;not null"`
	PrimaryFault         string `gorm:"size:100;not null"`
	Problem              string `gorm:"size:200;not null"`
	ProblemPriceCents    int64  `gorm:"not null"`
	ProblemPriceCurrency string `gorm:"size:3;not null;default:'USD'"`
	InitialNotes         string `gorm:"size:1000;not null"`
	CustomerReference    string `gorm:"size:50;not null"`
	AssetTag             string `gorm:"size:20;not null"`
	Reimage              bool   `gorm:"not null"`
	BIOSFirmware         bool   `gorm:"not null"`
	WindowsUser          string `gorm:"type:text;not null"`
	WindowsPassword      string `gorm:"type:text;not null"`
	BIOSPassword         string `gorm:"type:text;not null"`
	HasDeviceData        *bool
	AckClickWrap         bool   `gorm:"not null"`
	AckHDDBackup         bool   `gorm:"not null"`
	AccACPower           bool   `gorm:"not null"`
	AccStorage           bool   `gorm:"not null"`
	AccHardCase          bool   `gorm:"not null"`
	AccBattery           bool   `gorm:"not null"`
	ContactFirstName     string `gorm:"size:35;not null"`
	ContactLastName      string `gorm:"size:35;not null"`
	ContactEmail         string `gorm:"size:254;not null"`
	ContactPhone         string `gorm:"size:25;not null"`
	ContactPhoneCC       string `gorm:"size:2;not null"`
	ContactCompany       string `gorm:"size:35;not null"`
	ContactPosition      string `gorm:"size:35;not null"`
	ShipLine1            string `gorm:"size:35;not null"`
	ShipLine2            string `gorm:"size:35;not null"`
	ShipCity             string `gorm:"size:35;not null"`
	ShipState            string `gorm:"size:35;not null"`
	ShipCountry          string `gorm:"size:35;not null"`
	ShipPostalCode       string `gorm:"size:12;not null"`
	HavePackaging        bool   `gorm:"not null"`
	RequestBox           bool   `gorm:"not null"`
	ForgoShipping        bool   `gorm:"not null"`
	ShippingMethod       string `gorm:"size:20;not null"`
	TPM                  string `gorm:"size:20;not null;default:''"`
	LabelID              string `gorm:"size:64;not null;default:''"`
	InvoiceID            string `gorm:"size:64;not null;default:''"`
	TrackingNumber       string `gorm:"size:40;not null;default:''"`
	ShippingError        string `gorm:"size:300;not null;default:''"`
	ReturnTrackingNumber string `gorm:"size:40;not null;default:''"`
	// LabelAttempts and LabelRetryAt are the missing label's retries (labelretry.go).
	LabelAttempts int        `gorm:"not null;default:0"`
	LabelRetryAt  *time.Time `gorm:"index:idx_rma_rmas_label_retry"`
	// PaymentAttemptAt is when the customer last started paying an RMA awaiting its payment
	// (unpaid.go); left as it was once the RMA moves on.
	PaymentAttemptAt *time.Time `gorm:"index:idx_rma_rmas_payment_attempt"`
	// PromisedShipDate (YYYY-MM-DD) and PromisePausedAt are the promise's (promise.go).
	PromisedShipDate *string `gorm:"size:10"`
	PromisePausedAt  *time.Time
	// BatchID is the fleet batch the RMA was created in (NULL for none) and BatchBox its box
	// there (0 until the batch assigns boxes): batch.go.
	BatchID   *string   `gorm:"size:11;index:idx_rma_rmas_batch"`
	BatchBox  int       `gorm:"not null;default:0"`
	CreatedAt time.Time `gorm:"index:idx_rma_rmas_owner_created,priority:2;index:idx_rma_rmas_org_created,priority:2"`
	UpdatedAt time.Time `gorm:"index:idx_rma_rmas_owner_updated,priority:2;index:idx_rma_rmas_org_updated,priority:2"`
}

func (rmaRow) TableName() string { return "rma_rmas" }

// lineRow is one item the RMA covers: the unit and each accessory shipped with it.
type lineRow struct {
	ID          uint   `gorm:"primaryKey"`
	RMANumber   string `gorm:"size:20;not null;index"`
	Kind        string `gorm:"size:20;not null"`
	Description string `gorm:"size:200;not null"`
	Serial      string `gorm:"size:50;not null"`
	PartNumber  string `gorm:"size:40;not null"`
	// PriceCents and PriceCurrency are the unit line's price; accessory lines carry none.
	PriceCents    *int64
	PriceCurrency *string `gorm:"size:3"`
}

func (lineRow) TableName() string { return "rma_lines" }

// eventRow is one entry of an RMA's timeline.
type eventRow struct {
	ID        uint      `gorm:"primaryKey"`
	RMANumber string    `gorm:"size:20;not null;index"`
	At        time.Time `gorm:"not null"`
	Kind      string    `gorm:"size:40;not null"`
	Detail    string    `gorm:"size:500;not null"`
	Status    string    `gorm:"size:30;not null;default:''"`
	Actor     string    `gorm:"size:100;not null;default:''"`
	Note      string    `gorm:"size:500;not null;default:''"`
}

func (eventRow) TableName() string { return "rma_events" }

// idempotencyRow remembers which RMA an owner's Idempotency-Key created.
type idempotencyRow struct {
	Owner     string `gorm:"primaryKey;size:100"`
	Key       string `gorm:"primaryKey;size:100"`
	RMANumber string `gorm:"size:20;not null"`
	CreatedAt time.Time
}

func (idempotencyRow) TableName() string { return "rma_idempotency_keys" }

// counterRow hands out RMA numbers; one UPDATE … RETURNING per number keeps them unique and
// gap-free under concurrent creates on both databases. The first migration starts counter "rma"
// at 100500, leaving room below for the numbers of the registry's imported history.
type counterRow struct {
	Name  string `gorm:"primaryKey;size:20"`
	Value int64  `gorm:"not null"`
}

func (counterRow) TableName() string { return "rma_counters" }

// NextRMANumber implements rma.RMAStore.
func (s *Store) NextRMANumber(ctx context.Context) (string, error) {
	var next int64
	err := db.Conn(ctx, s.db).Raw("UPDATE rma_counters SET value = value + 1 WHERE name = ? RETURNING value", "rma").Scan(&next).Error
	if err != nil {
		return "", fmt.Errorf("rmadb: next number: %w", err)
	}
	if next == 0 {
		return "", errors.New("rmadb: rma counter missing (run Migrate)")
	}
	return fmt.Sprintf("RMA-%d", next), nil
}

// labelShippingGrace is how long a new RMA's own shipping step has before the LabelRetrier may
// take over its label. Both record a label only on an RMA that has none (SetShipping,
// IssueLabel), so a slow step that the retrier overtakes can neither overwrite nor wipe the
// retrier's label; but each one books the carrier, so the grace is kept far longer than the
// step can take: the carrier call (no bound of its own, the request's context ends it) and the
// short transaction that records the documents take seconds, and 5 minutes leaves a second
// booking to a step that has already failed in all but name.
const labelShippingGrace = 5 * time.Minute

// CreateRMA implements rma.RMAStore.
func (s *Store) CreateRMA(ctx context.Context, r rma.RMA, idempotencyKey string) error {
	conn := db.Conn(ctx, s.db)
	if idempotencyKey != "" {
		err := conn.Create(&idempotencyRow{Owner: r.Owner, Key: idempotencyKey, RMANumber: r.Number}).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return rma.ErrDuplicateRequest
		}
		if err != nil {
			return fmt.Errorf("rmadb: idempotency key: %w", err)
		}
	}
	row := toRMARow(r)
	if r.Status == rma.StatusAwaitingPayment {
		// The customer starts paying as it is opened: the abandon clock starts now.
		at := utc(r.CreatedAt)
		row.PaymentAttemptAt = &at
	}
	if r.Method == rma.ShipLabel || r.Method == rma.ShipQR {
		// Born with its label's retry due after a grace: if the shipping step after the commit
		// never completes (client gone, database stopped, process killed), the LabelRetrier
		// issues the label; a shipping step that does complete clears it (SetShipping).
		due := utc(r.CreatedAt.Add(labelShippingGrace))
		row.LabelRetryAt = &due
	}
	if err := conn.Create(row).Error; err != nil {
		return fmt.Errorf("rmadb: create rma: %w", err)
	}
	if err := conn.Create(toLineRows(r)).Error; err != nil {
		return fmt.Errorf("rmadb: create lines: %w", err)
	}
	return nil
}

// OpenUnitRMA implements rma.RMAStore with a conditional update, so two concurrent creates for
// one unit cannot both succeed.
func (s *Store) OpenUnitRMA(ctx context.Context, serial, number string, allowExisting bool) error {
	q := db.Conn(ctx, s.db).Model(&unitRow{}).Where("serial = ?", serial)
	if !allowExisting {
		q = q.Where("open_rma_number = ''")
	}
	res := q.Updates(map[string]any{"open_rma_number": number, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return fmt.Errorf("rmadb: open unit rma: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return rma.ErrNotValidForNewRMA
	}
	return nil
}

// RMAByIdempotencyKey implements rma.RMAStore.
func (s *Store) RMAByIdempotencyKey(ctx context.Context, owner, key string) (rma.RMA, error) {
	var row rmaRow
	err := db.Conn(ctx, s.db).
		Joins("JOIN rma_idempotency_keys k ON k.rma_number = rma_rmas.number").
		Where("k.owner = ? AND k.key = ?", owner, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if err != nil {
		return rma.RMA{}, fmt.Errorf("rmadb: by idempotency key: %w", err)
	}
	return toRMA(row), nil
}

// RMAByNumber returns an owner's RMA; another owner's number answers ErrRMANotFound.
func (s *Store) RMAByNumber(ctx context.Context, owner, number string) (rma.RMA, error) {
	var row rmaRow
	err := db.Conn(ctx, s.db).Where("number = ? AND owner = ?", number, owner).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if err != nil {
		return rma.RMA{}, fmt.Errorf("rmadb: rma %s: %w", number, err)
	}
	return toRMA(row), nil
}

// SetShipping implements rma.RMAStore with one conditional UPDATE: it writes only to an RMA
// without a label, so it never overwrites or wipes one the LabelRetrier recorded first. A
// shipping error makes the label's retry due at once, documents end the retries.
func (s *Store) SetShipping(ctx context.Context, number, labelID, invoiceID, tracking, shippingError string) (bool, error) {
	now := utcNow()
	var retryAt *time.Time
	if shippingError != "" && labelID == "" {
		retryAt = &now
	}
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).Where("number = ? AND label_id = ''", number).Updates(map[string]any{
		"label_id": labelID, "invoice_id": invoiceID, "tracking_number": tracking,
		"shipping_error": shippingError, "label_retry_at": retryAt, "updated_at": now,
	})
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: shipping of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// AddEvent implements rma.RMAStore.
func (s *Store) AddEvent(ctx context.Context, e rma.Event) error {
	if err := db.Conn(ctx, s.db).Create(toEventRow(e)).Error; err != nil {
		return fmt.Errorf("rmadb: event of %s: %w", e.RMANumber, err)
	}
	return nil
}

// Timeline implements rma.LifecycleStore and rma.HistoryStore.
func (s *Store) Timeline(ctx context.Context, number string) ([]rma.Event, error) {
	var rows []eventRow
	if err := db.Conn(ctx, s.db).Where("rma_number = ?", number).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("rmadb: timeline of %s: %w", number, err)
	}
	events := make([]rma.Event, len(rows))
	for i, row := range rows {
		events[i] = toEvent(row)
	}
	return events, nil
}

func toEventRow(e rma.Event) *eventRow {
	return &eventRow{RMANumber: e.RMANumber, At: e.At, Kind: string(e.Kind), Detail: e.Detail, Status: string(e.Status), Actor: e.Actor, Note: e.Note}
}

func toEvent(row eventRow) rma.Event {
	return rma.Event{RMANumber: row.RMANumber, At: row.At.UTC(), Kind: rma.EventKind(row.Kind), Detail: row.Detail, Status: rma.Status(row.Status), Actor: row.Actor, Note: row.Note}
}

// Events lists an RMA's history, oldest first.
func (s *Store) Events(ctx context.Context, number string) ([]string, error) {
	var kinds []string
	err := db.Conn(ctx, s.db).Model(&eventRow{}).Where("rma_number = ?", number).Order("id").Pluck("kind", &kinds).Error
	return kinds, err
}

func toRMARow(r rma.RMA) *rmaRow {
	p, perm, acc, c, a := r.Problem, r.Problem.Permissions, r.Problem.Accessories, r.Contact, r.Address
	row := &rmaRow{
		Number: r.Number, UID: r.UID, Owner: r.Owner, Org: r.Org, OpenedByName: r.OpenedByName, Serial: r.Serial, Model: r.Model, PartNumber: r.PartNumber,
		RMAType: r.Type, Status: string(r.Status), PrimaryFault: p.PrimaryFault, Problem: p.Problem,
		ProblemPriceCents: r.ProblemPrice.Cents, ProblemPriceCurrency: r.ProblemPrice.Currency, InitialNotes: p.InitialNotes, CustomerReference: p.CustomerReference,
		AssetTag: p.AssetTag, Reimage: perm.Reimage, BIOSFirmware: perm.BIOSFirmware,
		WindowsUser: perm.WindowsUser, WindowsPassword: perm.WindowsPassword, BIOSPassword: perm.BIOSPassword,
		HasDeviceData: perm.HasDeviceData, AckClickWrap: perm.AcknowledgeClickWrap, AckHDDBackup: perm.AcknowledgeHDDBackup,
		AccACPower: acc.ACPower, AccStorage: acc.Storage, AccHardCase: acc.HardCase, AccBattery: acc.Battery,
		ContactFirstName: c.FirstName, ContactLastName: c.LastName, ContactEmail: c.Email, ContactPhone: c.Phone,
		ContactPhoneCC: c.PhoneCountryCode, ContactCompany: c.Company, ContactPosition: c.Position,
		ShipLine1: a.Line1, ShipLine2: a.Line2, ShipCity: a.City, ShipState: a.State, ShipCountry: a.Country,
		ShipPostalCode: a.PostalCode, HavePackaging: r.Packaging.HavePackaging, RequestBox: r.Packaging.RequestBox,
		ForgoShipping: r.Packaging.ForgoShipping, ShippingMethod: string(r.Method), TPM: r.TPM, LabelID: r.LabelID,
		InvoiceID: r.InvoiceID, TrackingNumber: r.TrackingNumber, ShippingError: r.ShippingError,
		ReturnTrackingNumber: r.ReturnTrackingNumber, BatchBox: r.BatchBox, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if r.BatchID != "" {
		id := r.BatchID
		row.BatchID = &id
	}
	if r.PromisedShipDate != nil {
		d := r.PromisedShipDate.Format(promise.DateLayout)
		row.PromisedShipDate, row.PromisePausedAt = &d, r.PromisePausedAt
	}
	// A new RMA was last changed when it was created; set here, in UTC like every other write
	// of updated_at, because SQLite compares the stored times as text.
	if row.UpdatedAt.IsZero() {
		row.UpdatedAt = r.CreatedAt
	}
	return row
}

func toRMA(row rmaRow) rma.RMA {
	return rma.RMA{
		Number: row.Number, UID: row.UID, Owner: row.Owner, Org: row.Org, OpenedByName: row.OpenedByName, Serial: row.Serial, Model: row.Model, PartNumber: row.PartNumber,
		Type: row.RMAType, Status: rma.Status(row.Status), ProblemPrice: money.Money{Cents: row.ProblemPriceCents, Currency: row.ProblemPriceCurrency},
		Problem: rma.Problem{
			PrimaryFault: row.PrimaryFault, Problem: row.Problem, InitialNotes: row.InitialNotes,
			CustomerReference: row.CustomerReference, AssetTag: row.AssetTag,
			Permissions: rma.Permissions{
				Reimage: row.Reimage, BIOSFirmware: row.BIOSFirmware, WindowsUser: row.WindowsUser,
				WindowsPassword: row.WindowsPassword, BIOSPassword: row.BIOSPassword, HasDeviceData: row.HasDeviceData,
				AcknowledgeClickWrap: row.AckClickWrap, AcknowledgeHDDBackup: row.AckHDDBackup,
			},
			Accessories: rma.Accessories{ACPower: row.AccACPower, Storage: row.AccStorage, HardCase: row.AccHardCase, Battery: row.AccBattery},
		},
		Contact: rma.Contact{
			FirstName: row.ContactFirstName, LastName: row.ContactLastName, Email: row.ContactEmail, Phone: row.ContactPhone,
			PhoneCountryCode: row.ContactPhoneCC, Company: row.ContactCompany, Position: row.ContactPosition,
		},
		Address: rma.Address{
			Line1: row.ShipLine1, Line2: row.ShipLine2, City: row.ShipCity, State: row.ShipState,
			Country: row.ShipCountry, PostalCode: row.ShipPostalCode,
		},
		Packaging:            rma.Packaging{HavePackaging: row.HavePackaging, RequestBox: row.RequestBox, ForgoShipping: row.ForgoShipping},
		Method:               rma.ShippingMethod(row.ShippingMethod),
		TPM:                  row.TPM,
		LabelID:              row.LabelID,
		InvoiceID:            row.InvoiceID,
		TrackingNumber:       row.TrackingNumber,
		ShippingError:        row.ShippingError,
		ReturnTrackingNumber: row.ReturnTrackingNumber,
		PromisedShipDate:     parseDate(row.PromisedShipDate),
		PromisePausedAt:      utcPtr(row.PromisePausedAt),
		BatchID:              deref(row.BatchID),
		BatchBox:             row.BatchBox,
		CreatedAt:            row.CreatedAt.UTC(),
		UpdatedAt:            row.UpdatedAt.UTC(),
	}
}

var accessoryNames = []struct {
	name string
	has  func(rma.Accessories) bool
}{
	{"AC Adapter", func(a rma.Accessories) bool { return a.ACPower }},
	{"HDD/SSD", func(a rma.Accessories) bool { return a.Storage }},
	{"Hard Case", func(a rma.Accessories) bool { return a.HardCase }},
	{"Battery", func(a rma.Accessories) bool { return a.Battery }},
}

func toLineRows(r rma.RMA) []lineRow {
	lines := []lineRow{{
		RMANumber: r.Number, Kind: "unit", Description: r.Problem.PrimaryFault + ": " + r.Problem.Problem,
		Serial: r.Serial, PartNumber: r.PartNumber, PriceCents: &r.ProblemPrice.Cents, PriceCurrency: &r.ProblemPrice.Currency,
	}}
	for _, acc := range accessoryNames {
		if acc.has(r.Problem.Accessories) {
			lines = append(lines, lineRow{RMANumber: r.Number, Kind: "accessory", Description: acc.name})
		}
	}
	return lines
}

// SetStatus implements rma.RMAStore with one conditional UPDATE: PostgreSQL re-checks the
// condition after a concurrent writer's commit, SQLite runs writers one at a time, so exactly
// one of two concurrent callers moves the RMA.
func (s *Store) SetStatus(ctx context.Context, owner, number string, from, to rma.Status) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&rmaRow{}).
		Where("number = ? AND owner = ? AND status = ?", number, owner, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: status of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// CloseUnitRMA implements rma.RMAStore; a unit that names another RMA is left alone.
func (s *Store) CloseUnitRMA(ctx context.Context, serial, number string) error {
	err := db.Conn(ctx, s.db).Model(&unitRow{}).Where("serial = ? AND open_rma_number = ?", serial, number).
		Updates(map[string]any{"open_rma_number": "", "updated_at": time.Now().UTC()}).Error
	if err != nil {
		return fmt.Errorf("rmadb: close unit rma: %w", err)
	}
	return nil
}
