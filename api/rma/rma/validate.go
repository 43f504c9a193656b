package rma

import (
	"context"
	"slices"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
)

// validate checks every rule and returns the shipping method and the server's price of the
// chosen problem (the browser's price is never trusted).
// An RMA of a fleet batch (inBatch) needs no photos: a batch's rows are lines of a file, and the
// depot sees the units themselves.
func (c *Creator) validate(ctx context.Context, r CreateRequest, u Unit, inBatch bool) (ShippingMethod, money.Money, error) {
	var v validate.Errors
	switch r.RMAType {
	case DefaultRMAType:
		validateProblem(&v, r.Problem, u)
		if !inBatch && len(r.Problem.Attachments) == 0 {
			v.Add("rmaInput.attachments", MsgMustAttachFiles)
		}
	case RMATypeUpgrade:
		validateUpgrade(&v, r.Problem)
	default:
		v.Add("rmaInput.rmaType", MsgRMATypes)
	}
	price, err := c.optionPrice(ctx, &v, r, u)
	if err != nil {
		return "", money.Money{}, err
	}
	ValidateContact(&v, "contact.", r.Contact)
	ValidateAddress(&v, c.Addresses, r.Address)
	method := c.shippingMethod(r.Address, u)
	if r.Packaging.ForgoShipping {
		v.Add("packaging.forgoShipping", "Shipping cannot be skipped")
	}
	chosen := chosenMethod(r.Packaging)
	if method == ShipLabel && !u.AdvanceExchange() && chosen != ShipLabel {
		v.Add("packaging", MsgLabelOnly)
	}
	if method == "" {
		method = chosen
	}
	return method, price, v.Err()
}

// MsgRMATypes refuses an rmaType this path does not create (recycling has its own).
const MsgRMATypes = "Only REPAIR or UPGRADE requests can be created here"

// ValidateAddress adds rules' messages about a to v under "address.", as every form that takes
// the shared address (create-RMA, recycling, the parts checkout) names them.
func ValidateAddress(v *validate.Errors, rules AddressValidator, a Address) {
	err := rules.ValidateAddress(a)
	if err == nil {
		return
	}
	f, ok := fault.As(err)
	if !ok {
		v.Add("address", err.Error())
		return
	}
	for field, msg := range f.Fields {
		v.Add("address."+field, msg)
	}
}

func (c *Creator) optionPrice(ctx context.Context, v *validate.Errors, r CreateRequest, u Unit) (money.Money, error) {
	if r.Problem.PrimaryFault == "" || r.Problem.Problem == "" {
		return money.Money{}, nil
	}
	faults, err := c.Store.RepairOptions(ctx, u.Model, r.RMAType)
	if err != nil {
		return money.Money{}, err
	}
	i := slices.IndexFunc(faults, func(f FaultOptions) bool { return f.Name == r.Problem.PrimaryFault })
	upgrade := r.RMAType == RMATypeUpgrade
	if i < 0 {
		v.Add("rmaInput.primaryFault", pick(upgrade, MsgPickUpgradeCategory, "Select a primary fault from the list"))
		return money.Money{}, nil
	}
	j := slices.IndexFunc(faults[i].Options, func(o Option) bool { return o.Name == r.Problem.Problem })
	if j < 0 {
		v.Add("rmaInput.problem", pick(upgrade, MsgPickUpgrade, "Select a problem from the list"))
		return money.Money{}, nil
	}
	return faults[i].Options[j].Price, nil
}

// Messages of an upgrade whose option is not one of the unit's model's.
const (
	MsgPickUpgradeCategory = "Select an upgrade category from the list"
	MsgPickUpgrade         = "Select an upgrade from the list"
)

func pick(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// prefixFields moves a validation fault's message under one payload field.
func prefixFields(err error, field string) error {
	f, ok := fault.As(err)
	if !ok || f.Kind != fault.KindInvalid {
		return err
	}
	msg := f.Message
	for _, m := range f.Fields {
		msg = m
		break
	}
	return fault.Validation(map[string]string{field: msg})
}
