package rmadb

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// numberDemoRMAs numbers plan in order of creation from demoFirstNumber; the RMA at index
// anchor (-1 for none) gets the documented unit's number, those before it fit below it and
// those after it above, up to demoLastNumber.
func numberDemoRMAs(plan []demoRMA, anchor int) error {
	slices.SortStableFunc(plan, func(a, b demoRMA) int { return a.rec.CreatedAt.Compare(b.rec.CreatedAt) })
	fixed := demoLastNumber + 1
	if anchor >= 0 {
		n, err := strconv.Atoi(strings.TrimPrefix(documentedUnitWithRMA().OpenRMANumber, "RMA-"))
		if err != nil {
			return fmt.Errorf("rmadb: documented RMA number: %w", err)
		}
		fixed = n
	} else {
		anchor = len(plan)
	}
	below, above := fixed-demoFirstNumber, demoLastNumber-fixed
	if anchor > below || len(plan)-anchor-1 > above {
		return fmt.Errorf("rmadb: demo history of %d RMAs does not fit its numbers", len(plan))
	}
	for i := range plan {
		var n int
		switch {
		case i < anchor:
			n = demoFirstNumber + i*below/anchor
		case i == anchor:
			n = fixed
		default:
			n = fixed + (i - anchor)
		}
		number := fmt.Sprintf("RMA-%d", n)
		plan[i].rec.Number = number
		for j := range plan[i].events {
			plan[i].events[j].RMANumber = number
		}
	}
	return nil
}
