package parts

import (
	"context"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/validate"
)

// checkVideoLines applies the video cart's rules: every line names its model and at least one
// serial, its quantity is its number of serials, and every serial is a video unit of that model
// the customer (or their organization) holds. Another customer's serial answers exactly like
// one nobody has.
// field names line i's messages by the line the customer sent.
func (s *Orders) checkVideoLines(ctx context.Context, c Customer, v *validate.Errors, lines []PricedLine, field func(i int) string) error {
	var all []string
	for _, l := range lines {
		for _, sn := range l.Serials {
			if len(sn) <= SerialMax && !slices.Contains(all, sn) {
				all = append(all, sn)
			}
		}
	}
	held := map[string]VideoUnit{}
	if len(all) > 0 {
		units, err := s.d.VideoUnits.HeldVideoUnits(ctx, c.Viewer(), "", all)
		if err != nil {
			return err
		}
		for _, u := range units {
			held[u.Serial] = u
		}
	}
	for i, l := range lines {
		f := field(i)
		switch {
		case l.Model == "":
			v.Add(f+".model", MsgModelRequired)
		case len(l.Serials) == 0:
			v.Add(f+".serials", MsgSerialsRequired)
		}
		for _, sn := range l.Serials {
			if u, ok := held[sn]; !ok || u.Model != l.Model {
				v.Add(f+".serials", MsgNotYourVideoUnit(sn))
				break
			}
		}
		if len(l.Serials) > 0 && l.Quantity != len(l.Serials) {
			v.Add(f+".quantity", MsgQuantitySerials)
		}
	}
	return nil
}

// VideoSerials lists the video units c (or c's organization) holds, of model when it is given:
// the video cart's serial picker.
func (s *Orders) VideoSerials(ctx context.Context, c Customer, model string) ([]VideoUnit, error) {
	if !c.MayReadVideoSerials {
		return nil, ErrCannotReadVideoSerials
	}
	model = strings.ToUpper(strings.TrimSpace(model))
	if len(model) > ModelMaxLength {
		return []VideoUnit{}, nil
	}
	units, err := s.d.VideoUnits.HeldVideoUnits(ctx, c.Viewer(), model, nil)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(units, func(a, b VideoUnit) int { return strings.Compare(a.Serial, b.Serial) })
	return units, nil
}
