package rma

import (
	"errors"

	"rugged.example/portal/api/pkg/fault"
)

// The refusals of opening an RMA, shared by every way one is opened (free, paid, recycled).
var (
	ErrNotValidForNewRMA = fault.New(fault.KindConflict, "rma.notValidForNewRma", "Serial not valid for new RMA")
	ErrContactHelpdesk   = fault.New(fault.KindConflict, "rma.contactHelpdesk", "Please contact the helpdesk to arrange the return of this unit.")
	ErrRMANotFound       = fault.New(fault.KindNotFound, "rma.notFound", "RMA not found")
	// ErrPaymentRequired refuses to open, unpaid, the RMA of a unit whose repair is paid for first.
	ErrPaymentRequired = fault.New(fault.KindConflict, "rma.paymentRequired", "This unit is out of warranty: pay for the repair or save a quote.")
	// ErrUpgradeNotOffered refuses an upgrade of a unit that takes none: end of service, or the
	// EX80, whose every service goes through the helpdesk.
	ErrUpgradeNotOffered = fault.New(fault.KindConflict, "rma.upgradeNotOffered", "Upgrades are not offered for this unit.")
	// ErrUpgradeIsPaid refuses an upgrade submitted as a free RMA: an upgrade is always quoted
	// and paid (create/oow), in warranty or not.
	ErrUpgradeIsPaid = fault.New(fault.KindConflict, "rma.upgradeIsPaid", "An upgrade is paid for: pay for it or save a quote.")
	// ErrDuplicateRequest is what a store returns when an idempotency key was used already.
	ErrDuplicateRequest = errors.New("rma: idempotency key already used")
)
