package compose

import (
	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/rma/rma"
)

// Holdings is the rma capability's answer to which units a customer (or their organization)
// holds, through a registration or an RMA: the parts service's inventory, its video-unit serials
// and the video order's check read it.
func (c *capabilities) Holdings() *rma.Holdings { return rma.NewHoldings(c.Units()) }

// Inventory is the parts service's service-managed inventory: the units held through
// registrations and RMAs (rma's holdings), and through parts orders (partsdb's order lines),
// whose units no registration or RMA holds are read from the registry by the serial check.
func (c *capabilities) Inventory() *parts.Inventory {
	return parts.NewInventory(c.Holdings(), partsdb.NewStore(c.gdb), c.UnitService(), nil)
}
