package rma

import "context"

// ShippingMethod is how the unit travels, decided from the address and the packaging choice.
type ShippingMethod string

const (
	ShipLabel         ShippingMethod = "label"
	ShipQR            ShippingMethod = "qr"
	ShipBox           ShippingMethod = "box"
	ShipInternational ShippingMethod = "international"
	// ShipBatch is an RMA of a fleet batch (CreateInBatch): it travels in one of its batch's
	// boxes (RMA.BatchBox), whose label the batch issues, so it has no label of its own, no
	// label retries and no creation e-mail (the batch sends one summary).
	ShipBatch ShippingMethod = "batch"
)

// Countries of spec §4 "Packaging".
const (
	CountryUS = "US"
	CountryCA = "CA"
)

// MsgLabelOnly is the packaging error for an address that can only ship with a prepaid label.
const MsgLabelOnly = "A prepaid shipping label is the only option for this address"

// shippingMethod applies spec §4 "Packaging": APO and Canada force a label, other countries
// outside the US get none, advance exchange hides the choice (a label). "" leaves the choice to
// the customer.
func (c *Creator) shippingMethod(a Address, u Unit) ShippingMethod {
	switch {
	case a.Country != CountryUS && a.Country != CountryCA:
		return ShipInternational
	case a.Country == CountryCA, c.Addresses.IsMilitaryAddress(a), u.AdvanceExchange():
		return ShipLabel
	}
	return ""
}

// chosenMethod reads the packaging mapping of spec §4 backwards.
func chosenMethod(p Packaging) ShippingMethod {
	switch {
	case p.RequestBox:
		return ShipBox
	case p.HavePackaging:
		return ShipLabel
	default:
		return ShipQR
	}
}

// checkShipFrom lets the carrier refuse the address of a unit that will travel with it.
func (c *Creator) checkShipFrom(ctx context.Context, method ShippingMethod, a Address) error {
	if method == ShipInternational {
		return nil
	}
	return c.Shipping.CheckShipFrom(ctx, a)
}
