package compose

import (
	"context"
	"strings"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/parts/parts"
)

// AwaitingShipment gives the depot the parts service's paid orders waiting to ship, as staff
// pack them: who ordered, where to, which parts.
func (d depotPartsOrders) AwaitingShipment(ctx context.Context, after *depot.PartsOrderKey, limit int) ([]depot.AwaitingPartsOrder, error) {
	var key *parts.ShipKey
	if after != nil {
		key = &parts.ShipKey{CreatedAt: after.CreatedAt, ID: after.Number}
	}
	orders, err := d.shipper.AwaitingShipment(ctx, key, limit)
	if err != nil {
		return nil, err
	}
	out := make([]depot.AwaitingPartsOrder, len(orders))
	for i, o := range orders {
		lines := make([]depot.PartsOrderLine, len(o.Lines))
		for j, l := range o.Lines {
			lines[j] = depot.PartsOrderLine{PartNumber: l.PartNumber, Description: l.Description, Quantity: l.Quantity}
		}
		a := o.Address
		out[i] = depot.AwaitingPartsOrder{
			Number: o.ID, Kind: string(o.Kind), Customer: strings.TrimSpace(o.Contact.FirstName + " " + o.Contact.LastName),
			Company: o.Contact.Company, CreatedAt: o.CreatedAt, Total: o.Total,
			ShipTo: strings.Join(nonEmpty(a.City, a.State, a.Country), ", "), Lines: lines,
		}
	}
	return out, nil
}

func nonEmpty(ss ...string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
