package rma

import (
	"context"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
)

// FindingCode is what a technician found wrong with a unit.
type FindingCode string

const (
	FindingLiquidDamage     FindingCode = "LIQUID_DAMAGE"
	FindingPhysicalDamage   FindingCode = "PHYSICAL_DAMAGE"
	FindingComponentFailure FindingCode = "COMPONENT_FAILURE"
	FindingWear             FindingCode = "WEAR"
	FindingNoFaultFound     FindingCode = "NO_FAULT_FOUND"
	FindingOther            FindingCode = "OTHER"
)

// findingLabels are the findings as customers and staff read them.
var findingLabels = map[FindingCode]string{
	FindingLiquidDamage:     "Liquid damage",
	FindingPhysicalDamage:   "Physical damage",
	FindingComponentFailure: "Component failure",
	FindingWear:             "Wear",
	FindingNoFaultFound:     "No fault found",
	FindingOther:            "Other",
}

// Known reports whether c is one of the findings staff may record.
func (c FindingCode) Known() bool { _, ok := findingLabels[c]; return ok }

// Label is the finding in words.
func (c FindingCode) Label() string { return findingLabels[c] }

// RemovesCover reports whether the finding voids the warranty's cover: damage the warranty does
// not pay for.
func (c FindingCode) RemovesCover() bool {
	return c == FindingLiquidDamage || c == FindingPhysicalDamage
}

// Finding is one thing the technician found, with the photos that show it (upload ids claimed
// to the RMA).
type Finding struct {
	Code        FindingCode
	Description string
	Photos      []string
}

// LineKind says where a line item's price comes from.
type LineKind string

const (
	// LineRepairOption is one of the unit model's repair options (its problem name).
	LineRepairOption LineKind = "REPAIR_OPTION"
	// LinePart is a part of the parts catalogue (its part number).
	LinePart LineKind = "PART"
)

// LineItem is one priced line of a diagnosis; its unit price is the server's, never a request's.
type LineItem struct {
	Kind        LineKind
	Code        string
	Description string
	Quantity    int
	UnitPrice   money.Money
}

// Amount is the line's quantity times its unit price.
func (l LineItem) Amount() money.Money {
	return money.Money{Cents: l.UnitPrice.Cents * int64(l.Quantity), Currency: l.UnitPrice.Currency}
}

// Outcome is what a diagnosis means for the customer.
type Outcome string

const (
	// OutcomeCovered is work the customer owes nothing more for: the repair goes ahead.
	OutcomeCovered Outcome = "COVERED"
	// OutcomeRevisedQuote is work that costs more than covered or paid: the customer decides.
	OutcomeRevisedQuote Outcome = "REVISED_QUOTE"
)

// Choice is the customer's decision on a revised quote.
type Choice string

const (
	ChoiceApprove          Choice = "APPROVE"
	ChoiceReturnUnrepaired Choice = "RETURN_UNREPAIRED"
	ChoiceRecycle          Choice = "RECYCLE"
)

// Known reports whether c is one of the three choices.
func (c Choice) Known() bool {
	return c == ChoiceApprove || c == ChoiceReturnUnrepaired || c == ChoiceRecycle
}

// Payment methods of an approved revised quote, as the decision's request names them.
const (
	DecisionByCard = "CREDIT_CARD"
	DecisionByPO   = "PO"
)

// Decision is what the customer (or, after DecisionWindow undecided, the system) chose.
type Decision struct {
	Choice Choice
	At     time.Time
	Actor  string
	// PaymentMethod is DecisionByCard or DecisionByPO for an approval, "" otherwise.
	PaymentMethod string
	// Paid is true once the money the choice asks for is paid: the revised quote of an
	// approval, the return fee of a return.
	Paid bool
	// FeeQuoteID is the service quote of the return fee; "" for none.
	FeeQuoteID string
}

// ChoicePrice is a choice with what it costs the customer.
type ChoicePrice struct {
	Choice Choice
	Price  money.Money
}

// Diagnosis is what the technician found on a received unit, priced by the server.
type Diagnosis struct {
	RMANumber      string
	At             time.Time
	Actor          string
	Outcome        Outcome
	Findings       []Finding
	TechnicianNote string
	LineItems      []LineItem
	Total          money.Money
	// AlreadyPaid is what the customer paid for the RMA before its unit arrived (an
	// out-of-warranty repair's price).
	AlreadyPaid money.Money
	AmountDue   money.Money
	// ReturnFee is what returning the unit unrepaired costs, as quoted with the diagnosis.
	ReturnFee money.Money
	// QuoteID is the service quote of a revised quote; "" for a covered diagnosis.
	QuoteID string
	// DecideBy is when an undecided revised quote returns the unit unrepaired on its own.
	DecideBy *time.Time
	Decision *Decision
	// Reminders is how many reminders of an undecided quote were sent.
	Reminders int
}

// DecisionWindow is how long a revised quote waits for its customer's decision: the quote's
// validity.
const DecisionWindow = 30 * 24 * time.Hour

// ReminderAfter are the ages of an undecided revised quote at which its customer is reminded.
var ReminderAfter = []time.Duration{3 * 24 * time.Hour, 7 * 24 * time.Hour}

// Choices are the three choices of a revised quote with their prices; none for covered work.
func (d Diagnosis) Choices() []ChoicePrice {
	if d.Outcome != OutcomeRevisedQuote {
		return nil
	}
	return []ChoicePrice{
		{ChoiceApprove, d.AmountDue},
		{ChoiceReturnUnrepaired, d.ReturnFee},
		{ChoiceRecycle, money.USD(0)},
	}
}

// RemindersDue is how many reminders d's undecided quote is owed at now (0, 1 or 2).
func (d Diagnosis) RemindersDue(now time.Time) int {
	n := 0
	for _, after := range ReminderAfter {
		if !now.Before(d.At.Add(after)) {
			n++
		}
	}
	return n
}

// Lapsed reports whether d's revised quote went undecided (or approved by card and unpaid) past
// its DecideBy at now, with rec still pending it: the unit then returns unrepaired on its own.
func (d Diagnosis) Lapsed(rec RMA, now time.Time) bool {
	return d.Outcome == OutcomeRevisedQuote && rec.Status == StatusQuotePending && d.DecideBy != nil && !now.Before(*d.DecideBy) &&
		(d.Decision == nil || d.ApprovedByCard(rec))
}

// Awaits reports whether d waits for its customer's decision on rec: a revised quote, undecided,
// its RMA still pending the quote.
func (d Diagnosis) Awaits(rec RMA) bool {
	return d.Outcome == OutcomeRevisedQuote && d.Decision == nil && rec.Status == StatusQuotePending
}

// ApprovedByCard reports whether d's customer approved paying by card and has not paid yet: the
// same approval may be asked again for the pay link.
func (d Diagnosis) ApprovedByCard(rec RMA) bool {
	return d.Decision != nil && d.Decision.Choice == ChoiceApprove && d.Decision.PaymentMethod == DecisionByCard &&
		!d.Decision.Paid && rec.Status == StatusQuotePending
}

// ErrNoDecisionPending refuses a decision on an RMA whose quote does not await one.
var ErrNoDecisionPending = fault.New(fault.KindConflict, "rma.noDecisionPending", "This RMA has no quote awaiting your decision.")

// DiagnosisStore keeps diagnoses (rmadb implements it). Every method joins the transaction ctx
// carries.
type DiagnosisStore interface {
	AddDiagnosis(ctx context.Context, d Diagnosis) error
	// Diagnosis is the RMA's diagnosis; ok false when it has none.
	Diagnosis(ctx context.Context, number string) (d Diagnosis, ok bool, err error)
	// SetQuote ties the revised quote quoteID to the RMA's diagnosis.
	SetQuote(ctx context.Context, number, quoteID string) error
	// SetDecision records d on the RMA's diagnosis while it is undecided (or approved by card
	// and unpaid, which the 30 days' return replaces) and reports whether it did: of two
	// concurrent decisions exactly one gets true.
	SetDecision(ctx context.Context, number string, d Decision) (bool, error)
	// DecisionPaid marks paid the decision whose revised quote or return fee is quoteID; a
	// revised quote paid before any decision (from the quotes of Your account) is its approval,
	// by card, at `at`.
	DecisionPaid(ctx context.Context, quoteID string, at time.Time) error
	// DueDecisions lists, oldest first and at most limit, the revised quotes of RMAs pending their
	// quote that are due at now: past their DecideBy, or undecided and owed a reminder
	// (ReminderAfter, fewer sent than due).
	DueDecisions(ctx context.Context, now time.Time, limit int) ([]Diagnosis, error)
	// SetReminders moves the diagnosis's reminder count from to to and reports whether this call
	// did it.
	SetReminders(ctx context.Context, number string, from, to int) (bool, error)
}
