package partsdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// DemoOrderCustomer is a demo customer whose parts orders the demo seed writes.
type DemoOrderCustomer struct {
	Subject, Org, Name string
	Contact            rma.Contact
	Address            rma.Address
	// POPrefix, when set, makes the customer pay by purchase order (PO numbers POPrefix + n).
	POPrefix string
	// FirstID is the number of the customer's first demo order: their orders are PB-<FirstID>,
	// PB-<FirstID+1>, …, below the counter's start (100000), so no order placed later takes one.
	FirstID int
}

type demoLine struct {
	pn    string
	qty   int
	model string
}

type demoOrder struct {
	daysAgo int
	status  parts.OrderStatus
	lines   []demoLine
}

// demoOrders are each demo customer's orders, by the customer's position: a few shipped long ago,
// one placed lately, one given up before paying.
var demoOrders = [][]demoOrder{
	{
		{200, parts.StatusShipped, []demoLine{{"RL14-BAT-STD", 2, "RL14"}, {"RL14-CHG-AC", 1, "RL14"}}},
		{95, parts.StatusShipped, []demoLine{{"RL14-SCR", 1, "RL14"}}},
		{20, parts.StatusPlaced, []demoLine{{"RL14-CASE", 1, ""}, {"RL14-SSD-512", 1, "RL14"}}},
		{3, parts.StatusCancelled, []demoLine{{"RL14-KBD-US", 1, "RL14"}}},
	},
	{
		{300, parts.StatusShipped, []demoLine{{"VX12-BAT-STD", 6, "VX12"}, {"VX12-MNT-CLIP", 6, "VX12"}}},
		{150, parts.StatusShipped, []demoLine{{"VX12-DOCK-8", 1, "VX12"}}},
		{45, parts.StatusShipped, []demoLine{{"VX12-BAT-EXT", 4, "VX12"}, {"VX12-CBL-USBC", 4, ""}}},
		{12, parts.StatusPlaced, []demoLine{{"VX12-MNT-VEH", 2, "VX12"}}},
	},
	{
		{120, parts.StatusShipped, []demoLine{{"VX12-MNT-MOLLE", 3, "VX12"}}},
		{8, parts.StatusPlaced, []demoLine{{"VX12-DOCK-1", 2, "VX12"}, {"VX12-BAT-STD", 2, "VX12"}}},
	},
}

// SeedDemoOrders writes the demo customers' parts orders (the i-th customer gets the i-th set),
// priced at the catalogue's prices, each order once: an order whose id exists is left alone, so
// seeding again changes nothing.
func SeedDemoOrders(ctx context.Context, s *Store, now time.Time, customers []DemoOrderCustomer) error {
	var pns []string
	for _, set := range demoOrders {
		for _, o := range set {
			for _, l := range o.lines {
				pns = append(pns, l.pn)
			}
		}
	}
	catalogue, err := s.Parts(ctx, pns)
	if err != nil {
		return err
	}
	return db.NewTransactor(s.db).InTx(ctx, func(ctx context.Context) error {
		for i, c := range customers {
			if i >= len(demoOrders) {
				break
			}
			for j, d := range demoOrders[i] {
				id := fmt.Sprintf("PB-%06d", c.FirstID+j)
				_, err := s.Order(ctx, id)
				if err == nil {
					continue
				}
				if !errors.Is(err, parts.ErrOrderNotFound) {
					return err
				}
				o, err := demoOrderOf(c, d, id, j, now, catalogue)
				if err != nil {
					return err
				}
				if err := s.CreateOrder(ctx, o, ""); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func demoOrderOf(c DemoOrderCustomer, d demoOrder, id string, n int, now time.Time, catalogue map[string]parts.Part) (parts.Order, error) {
	at := now.UTC().Truncate(time.Second).Add(-time.Duration(d.daysAgo)*24*time.Hour - time.Duration(n*97)*time.Minute)
	o := parts.Order{
		ID: id, Kind: parts.KindParts, Owner: c.Subject, Org: c.Org, OrderedByName: c.Name, Status: d.status,
		Contact: c.Contact, Address: c.Address, PaymentMethod: parts.MethodPayPal, Total: money.USD(0),
		QuoteID: "", CreatedAt: at, UpdatedAt: at,
	}
	if c.POPrefix != "" && d.status != parts.StatusCancelled {
		o.PaymentMethod, o.CustomerPO = parts.MethodPO, fmt.Sprintf("%s%d", c.POPrefix, 4400+n)
	}
	for _, l := range d.lines {
		p, ok := catalogue[l.pn]
		if !ok {
			return parts.Order{}, fmt.Errorf("partsdb: demo order %s: part %s is not in the catalogue", id, l.pn)
		}
		total := money.Money{Cents: p.Price.Cents * int64(l.qty), Currency: p.Price.Currency}
		o.Lines = append(o.Lines, parts.OrderLine{
			PartNumber: p.PartNumber, Description: p.Description, Quantity: l.qty, UnitPrice: p.Price, LineTotal: total,
			Model: l.model, Serials: []string{},
		})
		o.Total.Cents += total.Cents
	}
	return o, nil
}
