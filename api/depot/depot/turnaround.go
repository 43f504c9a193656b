package depot

import (
	"cmp"
	"context"
	"slices"
	"time"

	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// The window of the turnaround figures, in days back from today.
const (
	TurnaroundDaysDefault = 90
	TurnaroundDaysMax     = 730
	MsgTurnaroundDays     = "Must be 1 to 730"
)

// TurnaroundGroup is the spread of the stays of one model, one warranty type, or one of each
// ("" where the group does not split by it).
type TurnaroundGroup struct {
	Model, WarrantyType string
	rma.Spread
}

// TurnaroundReport is how long units stayed at the depot, receipt to shipment back, for the
// repairs shipped back in the window: overall, per model, per warranty type and per both,
// each group sorted by its name.
type TurnaroundReport struct {
	Since          time.Time
	Days           int
	Overall        rma.Spread
	ByModel        []TurnaroundGroup
	ByWarrantyType []TurnaroundGroup
	ByBoth         []TurnaroundGroup
}

// Turnarounds computes the depot's turnaround from the RMAs' timelines.
type Turnarounds struct {
	Stays rma.StayStore
	Now   func() time.Time
}

// Report reads the stays of the last days (0: TurnaroundDaysDefault) and groups them.
func (t Turnarounds) Report(ctx context.Context, days int) (TurnaroundReport, error) {
	if days == 0 {
		days = TurnaroundDaysDefault
	}
	if days < 1 || days > TurnaroundDaysMax {
		var v validate.Errors
		v.Add("days", MsgTurnaroundDays)
		return TurnaroundReport{}, v.Err()
	}
	since := t.Now().UTC().AddDate(0, 0, -days)
	stays, err := t.Stays.DepotStays(ctx, since)
	if err != nil {
		return TurnaroundReport{}, err
	}
	return TurnaroundReport{
		Since: since, Days: days, Overall: rma.SpreadOf(stays),
		ByModel:        groups(stays, func(s rma.DepotStay) TurnaroundGroup { return TurnaroundGroup{Model: s.Model} }),
		ByWarrantyType: groups(stays, func(s rma.DepotStay) TurnaroundGroup { return TurnaroundGroup{WarrantyType: s.WarrantyType} }),
		ByBoth: groups(stays, func(s rma.DepotStay) TurnaroundGroup {
			return TurnaroundGroup{Model: s.Model, WarrantyType: s.WarrantyType}
		}),
	}, nil
}

// groups splits stays by the group key names and computes each group's spread.
func groups(stays []rma.DepotStay, key func(rma.DepotStay) TurnaroundGroup) []TurnaroundGroup {
	members := map[TurnaroundGroup][]rma.DepotStay{}
	for _, s := range stays {
		k := key(s)
		members[k] = append(members[k], s)
	}
	out := make([]TurnaroundGroup, 0, len(members))
	for k, ss := range members {
		k.Spread = rma.SpreadOf(ss)
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b TurnaroundGroup) int {
		return cmp.Or(cmp.Compare(a.Model, b.Model), cmp.Compare(a.WarrantyType, b.WarrantyType))
	})
	return out
}
