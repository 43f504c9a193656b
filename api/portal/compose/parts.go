package compose

import (
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
)

// Parts is the parts service's core: its catalogue (partsdb) and the rma capability's unit
// lookup, which turns a serial into its unit's model.
func (c *capabilities) Parts() *parts.Service {
	return parts.NewService(partsdb.NewStore(c.gdb), c.UnitService())
}

// PartsCatalogue is the parts service on a database handle, for commands that only import and
// read the catalogue (`portal parts import`): no unit lookup.
func PartsCatalogue(gdb *gorm.DB) *parts.Service {
	return parts.NewService(partsdb.NewStore(gdb), nil)
}
