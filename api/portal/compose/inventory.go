package compose

import (
	"rugged.example/portal/api/rma/rma"
)

// Holdings is the rma capability's answer to which units a customer (or their organization)
// holds, through a registration or an RMA: the parts service's inventory, its video-unit serials
// and the video order's check read it.
func (c *capabilities) Holdings() *rma.Holdings { return rma.NewHoldings(c.Units()) }
