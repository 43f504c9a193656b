package compose

import (
	"time"

	"rugged.example/portal/api/depot/depot"
	"rugged.example/portal/api/depot/depotdb"
	"rugged.example/portal/api/pkg/db"
)

// Depot is the depot staff's service: it moves RMAs through the lifecycle the repair domain's
// staff moves use, reads them through the RMA store whoever owns them, and ties the staff
// member's condition photos to the RMA through the uploads.
func (c *capabilities) Depot() *depot.Service {
	return &depot.Service{
		Store: depotdb.NewStore(c.gdb), RMAs: c.Units(), Mover: c.Lifecycle(), Photos: c.Attachments(),
		Tx: db.NewTransactor(c.gdb), Log: c.log, Now: time.Now,
	}
}
