package batch

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Entitlement is how a row's repair is paid: covered by the warranty, paid for before its RMA
// is released, or let through without prepayment by the unit's out-of-warranty override.
type Entitlement string

const (
	InWarranty    Entitlement = "IN_WARRANTY"
	OutOfWarranty Entitlement = "OUT_OF_WARRANTY"
	Override      Entitlement = "OVERRIDE"
)

// The fields a reason names: a row's columns, as the page's cells are named.
const (
	FieldSerial            = "serial"
	FieldFault             = "fault"
	FieldProblem           = "problem"
	FieldNotes             = "notes"
	FieldCustomerReference = "customerReference"
	FieldAssetTag          = "assetTag"
	FieldBranch            = "branch"
	FieldHasData           = "hasData"
)

// The unit card's texts of spec §4 (packages/forms' UNIT_TEXT), for the units one RMA refuses.
const (
	MsgRMAExists    = "RMA Already Exists For This Unit"
	MsgMissingData  = "Your unit is missing data, please contact support"
	MsgEndOfService = "This unit has reached end of service and can no longer be repaired."
	// MsgNoBranches refuses a branch named by a customer outside any organization.
	MsgNoBranches = "Only members of an organization ship from a branch; leave the branch empty."
)

// Reason is why a row cannot become an RMA, on one of its fields.
type Reason struct {
	Field, Message string
}

// Verdict is one row's pre-flight: OK with no reasons, or the reasons; the unit's model, its
// entitlement ("" when the unit is unknown or cannot be judged) and, out of warranty, the
// price of its repair after the caller's discount (nil otherwise).
type Verdict struct {
	Index       int
	Serial      string
	OK          bool
	Reasons     []Reason
	Model       string
	Entitlement Entitlement
	Price       *money.Money
	// Camera is a VERETOS unit: its RMA asks the click-wrap when it holds data (submit's rule).
	Camera bool
}

// Summary counts a pre-flight: rows, how many pass and fail, the passing rows per entitlement,
// and the total of the passing out-of-warranty rows (zero when there are none).
type Summary struct {
	Rows, OK, Failed                    int
	InWarranty, OutOfWarranty, Override int
	Total                               money.Money
}

// Preflight is every row's verdict and the summary.
type Preflight struct {
	Rows    []Verdict
	Summary Summary
}

// MsgTooManyRows refuses a batch over MaxRows.
const MsgTooManyRows = "A batch holds at most 1,000 rows"

// Deps are what the batch's use cases read and write through. The pre-flight needs only
// Units, Options, Branches and Discounts.
type Deps struct {
	Units     Units
	Options   Options
	Branches  Branches
	Discounts Discounts
	// Now is the clock warranties are judged by; nil is time.Now.
	Now func() time.Time
	// NewID draws a new batch's id; nil is a random one (tests draw a taken one).
	NewID func() string

	Store          Store
	Tx             db.Transactor
	RMAs           RMAs
	Documents      Documents
	Payments       Payments
	PurchaseOrders PurchaseOrders
	Mail           Mailer
	Addresses      rma.AddressValidator
	Log            *slog.Logger
	Settings       Settings
}

// Settings are the batch's configuration.
type Settings struct {
	// PublicURL is the portal's address (PORTAL_PUBLIC_URL): the batch page's link in the
	// summary e-mail and PayPal's return.
	PublicURL string
	// POReleaseDomains are the e-mail domains whose purchase orders carry a release number.
	POReleaseDomains []string
	// Lease is how long a worker holds a batch without news (default 2 minutes): a worker that
	// died lets its batch go to another after it.
	Lease time.Duration
	// Poll is how often an idle worker looks for work (default 1 s); a submit in the same
	// process wakes it at once.
	Poll time.Duration
}

// Service holds the batch's use cases.
type Service struct {
	d Deps
	// wake tells this process's worker that a batch has work (a submit, a payment).
	wake chan struct{}
}

// NewService returns a Service over d.
func NewService(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.NewID == nil {
		d.NewID = newID
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Settings.Lease <= 0 {
		d.Settings.Lease = 2 * time.Minute
	}
	if d.Settings.Poll <= 0 {
		d.Settings.Poll = time.Second
	}
	return &Service{d: d, wake: make(chan struct{}, 1)}
}

// now is the clock to the microsecond PostgreSQL keeps, so a batch returned is the batch stored.
func (s *Service) now() time.Time { return s.d.Now().UTC().Truncate(time.Microsecond) }

// notify wakes this process's worker without waiting.
func (s *Service) notify() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Preflight checks rows (1..MaxRows) as the caller's batch: each against the rules and
// messages of one RMA's serial check and problem step (rma.RefusalForNewRMA, the model's repair
// options, the field limits, the camera's data question), plus a serial listed twice and a
// branch the caller's organization does not have; and prices the out-of-warranty rows as the
// repair service prices one RMA. Nothing is stored. The registry, the options and the branches
// are each read once for the whole batch.
func (s *Service) Preflight(ctx context.Context, caller auth.Principal, accessToken string, rows []Row) (Preflight, error) {
	switch {
	case len(rows) == 0:
		return Preflight{}, fault.Validation(map[string]string{"rows": validate.MsgRequired})
	case len(rows) > MaxRows:
		return Preflight{}, fault.Validation(map[string]string{"rows": MsgTooManyRows})
	}
	serials := make([]rma.Serial, len(rows))
	parsed := make([]bool, len(rows))
	var lookup []string
	for i, r := range rows {
		if serial, err := rma.ParseSerial(r.Serial); err == nil {
			serials[i], parsed[i] = serial, true
			lookup = append(lookup, serial.String())
		}
	}
	units, err := s.units(ctx, lookup)
	if err != nil {
		return Preflight{}, err
	}
	options, err := s.options(ctx, units)
	if err != nil {
		return Preflight{}, err
	}
	branches, err := s.branches(ctx, caller, rows)
	if err != nil {
		return Preflight{}, err
	}
	seen := lines(serials, parsed)
	today := s.d.Now() // one day for every row, as one batch is judged at once

	out := Preflight{Rows: make([]Verdict, len(rows))}
	var priced []*Verdict
	for i, r := range rows {
		v := Verdict{Index: i, Serial: strings.TrimSpace(r.Serial)}
		if parsed[i] {
			v.Serial = serials[i].String()
		}
		var reasons validate.Errors
		u, known := units[v.Serial]
		eligible := false
		switch {
		case !parsed[i]:
			serialRule(&reasons, r.Serial)
		case !known:
			reasons.Add(FieldSerial, rma.ErrUnitNotFound.Message)
		default:
			v.Model, v.Camera = u.Model, u.ProductType == rma.ProductTypeVeretos
			msg := refusal(u)
			if msg != "" {
				reasons.Add(FieldSerial, msg)
			}
			eligible = msg == ""
			if !u.MissingData() {
				v.Entitlement = entitlement(u, today)
			}
		}
		if parsed[i] && len(seen[v.Serial]) > 1 {
			reasons.Add(FieldSerial, listedTwice(seen[v.Serial]))
		}
		price, hasPrice := problemRules(&reasons, r, u, eligible, options[u.Model])
		if v.Entitlement == OutOfWarranty && hasPrice {
			v.Price = &price
			priced = append(priced, &out.Rows[i])
		}
		branchRule(&reasons, r.Branch, caller, branches)
		v.Reasons = toReasons(reasons)
		v.OK = len(v.Reasons) == 0
		out.Rows[i] = v
	}
	if err := s.discount(ctx, caller, accessToken, priced); err != nil {
		return Preflight{}, err
	}
	sum, err := summarize(out.Rows)
	if err != nil {
		return Preflight{}, err
	}
	out.Summary = sum
	return out, nil
}

// units reads the batch's units, keyed by serial.
func (s *Service) units(ctx context.Context, serials []string) (map[string]rma.Unit, error) {
	if len(serials) == 0 {
		return map[string]rma.Unit{}, nil
	}
	list, err := s.d.Units.UnitsBySerials(ctx, slices.Compact(slices.Sorted(slices.Values(serials))))
	if err != nil {
		return nil, err
	}
	out := make(map[string]rma.Unit, len(list))
	for _, u := range list {
		out[u.Serial] = u
	}
	return out, nil
}

// options reads the repair options of the units' models.
func (s *Service) options(ctx context.Context, units map[string]rma.Unit) (map[string][]rma.FaultOptions, error) {
	var models []string
	for _, u := range units {
		if u.Model != "" {
			models = append(models, u.Model)
		}
	}
	if len(models) == 0 {
		return map[string][]rma.FaultOptions{}, nil
	}
	return s.d.Options.RepairOptionsOfModels(ctx, slices.Compact(slices.Sorted(slices.Values(models))), rma.DefaultRMAType)
}

// branches reads the caller's organization's branch names, by their key (branchKey), when a
// row names one.
func (s *Service) branches(ctx context.Context, caller auth.Principal, rows []Row) (map[string]bool, error) {
	named := slices.ContainsFunc(rows, func(r Row) bool { return strings.TrimSpace(r.Branch) != "" })
	if !named || caller.Org == "" {
		return nil, nil
	}
	names, err := s.d.Branches.BranchNames(ctx, caller.Org)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[branchKey(n)] = true
	}
	return out, nil
}

// discount prices the out-of-warranty rows after the caller's discount, read once: the repair
// service's amount for one RMA is its option's price, Discounted by the same percentage.
func (s *Service) discount(ctx context.Context, caller auth.Principal, accessToken string, priced []*Verdict) error {
	if len(priced) == 0 {
		return nil
	}
	percent, err := s.d.Discounts.DiscountPercent(ctx, caller, accessToken)
	if err != nil {
		return err
	}
	for _, v := range priced {
		p := v.Price.Discounted(percent)
		v.Price = &p
	}
	return nil
}

// serialRule is why a serial that does not parse names no unit: the serial rules' field
// message, or 'Serial Not Found' for another alphabet.
func serialRule(reasons *validate.Errors, raw string) {
	_, err := rma.ParseSerial(raw)
	if f, ok := fault.As(err); ok && len(f.Fields) > 0 {
		reasons.Add(FieldSerial, f.Fields["serial"])
		return
	}
	reasons.Add(FieldSerial, rma.ErrUnitNotFound.Message)
}

// refusal is why one RMA of u would be refused, in the unit card's words of spec §4: what
// blocks the repair first (the card's order), then rma.RefusalForNewRMA, the rule creation
// applies, so no row passes here that creation would refuse.
func refusal(u rma.Unit) string {
	err := rma.RefusalForNewRMA(u, rma.DefaultRMAType)
	switch {
	case u.MissingData():
		return MsgMissingData
	case u.Model == rma.ModelEX80:
		return rma.ErrContactHelpdesk.Message
	case u.EndOfService:
		return MsgEndOfService
	case u.RMAExists() && !u.AllowOOW:
		return MsgRMAExists
	case err != nil:
		f, _ := fault.As(err)
		return f.Message
	}
	return ""
}

// entitlement is how u's repair would be paid today: spec §4's rule that only a unit out of
// warranty without the override is paid for first.
func entitlement(u rma.Unit, now time.Time) Entitlement {
	switch {
	case u.InWarranty(now):
		return InWarranty
	case u.AllowOOW:
		return Override
	}
	return OutOfWarranty
}

// problemRules applies the problem step's rules of one RMA (spec §5, rma's validateProblem and
// option check) to r: the fault and problem required, the notes required, the limits; and for
// an eligible unit (known, and not refused: one RMA's check stops at its serial otherwise) the
// fault and problem among its model's repair options and the camera's data question. It
// answers the option's price.
func problemRules(reasons *validate.Errors, r Row, u rma.Unit, eligible bool, faults []rma.FaultOptions) (money.Money, bool) {
	faultName, problem := strings.TrimSpace(r.Fault), strings.TrimSpace(r.Problem)
	reasons.Required(FieldFault, faultName)
	reasons.Required(FieldProblem, problem)
	notes := strings.TrimSpace(r.Notes)
	reasons.Required(FieldNotes, notes)
	reasons.MaxLen(FieldNotes, notes, rma.NotesMax)
	reasons.MaxLen(FieldCustomerReference, strings.TrimSpace(r.CustomerReference), rma.ReferenceMax)
	reasons.MaxLen(FieldAssetTag, strings.TrimSpace(r.AssetTag), rma.AssetTagMax)
	if !eligible {
		return money.Money{}, false
	}
	if u.ProductType == rma.ProductTypeVeretos && r.HasData == nil {
		reasons.Add(FieldHasData, validate.MsgRequired)
	}
	if faultName == "" || problem == "" {
		return money.Money{}, false
	}
	i := slices.IndexFunc(faults, func(f rma.FaultOptions) bool { return f.Name == faultName })
	if i < 0 {
		reasons.Add(FieldFault, "Select a primary fault from the list")
		return money.Money{}, false
	}
	j := slices.IndexFunc(faults[i].Options, func(o rma.Option) bool { return o.Name == problem })
	if j < 0 {
		reasons.Add(FieldProblem, "Select a problem from the list")
		return money.Money{}, false
	}
	return faults[i].Options[j].Price, true
}

// branchRule refuses a branch the caller's organization does not have, and any branch of a
// caller without one.
func branchRule(reasons *validate.Errors, branch string, caller auth.Principal, branches map[string]bool) {
	branch = strings.TrimSpace(branch)
	switch {
	case branch == "":
	case caller.Org == "":
		reasons.Add(FieldBranch, MsgNoBranches)
	case !branches[branchKey(branch)]:
		reasons.Add(FieldBranch, fmt.Sprintf("Your organization has no branch %q.", branch))
	}
}

// branchKey matches a branch name as a person would: case and repeated spaces do not matter.
func branchKey(name string) string { return strings.ToLower(strings.Join(strings.Fields(name), " ")) }

// lines lists, per parsed serial, the rows (numbered from 1, as the page shows them) that name it.
func lines(serials []rma.Serial, parsed []bool) map[string][]int {
	out := make(map[string][]int, len(serials))
	for i, s := range serials {
		if parsed[i] {
			out[s.String()] = append(out[s.String()], i+1)
		}
	}
	return out
}

// listedTwice names every row of a serial listed more than once: 'Listed twice: rows 3 and 7'.
func listedTwice(rows []int) string {
	words := make([]string, len(rows))
	for i, r := range rows {
		words[i] = fmt.Sprint(r)
	}
	list := strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
	if len(rows) == 2 {
		return "Listed twice: rows " + list
	}
	return fmt.Sprintf("Listed %d times: rows %s", len(rows), list)
}

// reasonOrder is the order of a row's reasons: the columns'.
var reasonOrder = []string{FieldSerial, FieldFault, FieldProblem, FieldNotes, FieldCustomerReference, FieldAssetTag, FieldBranch, FieldHasData}

// fieldRank is field's place in reasonOrder; a field no column names comes after them.
func fieldRank(field string) int {
	if i := slices.Index(reasonOrder, field); i >= 0 {
		return i
	}
	return len(reasonOrder)
}

// toReasons orders a row's reasons by the columns' order, so the answer is stable.
func toReasons(e validate.Errors) []Reason {
	f, ok := fault.As(e.Err())
	if !ok {
		return nil
	}
	out := make([]Reason, 0, len(f.Fields))
	for _, field := range reasonOrder {
		if msg, ok := f.Fields[field]; ok {
			out = append(out, Reason{Field: field, Message: msg})
		}
	}
	return out
}

// summarize counts the verdicts and totals the passing out-of-warranty rows.
func summarize(rows []Verdict) (Summary, error) {
	sum := Summary{Rows: len(rows), Total: money.USD(0)}
	currency := ""
	for _, v := range rows {
		if !v.OK {
			sum.Failed++
			continue
		}
		sum.OK++
		switch v.Entitlement {
		case InWarranty:
			sum.InWarranty++
		case Override:
			sum.Override++
		case OutOfWarranty:
			sum.OutOfWarranty++
		}
		if v.Price == nil {
			continue
		}
		if currency != "" && v.Price.Currency != currency {
			return Summary{}, fmt.Errorf("batch: prices in %s and %s cannot be totalled", currency, v.Price.Currency)
		}
		currency = v.Price.Currency
		sum.Total = money.Money{Cents: sum.Total.Cents + v.Price.Cents, Currency: currency}
	}
	return sum, nil
}
