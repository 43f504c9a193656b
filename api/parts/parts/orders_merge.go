package parts

import (
	"slices"
	"strings"
)

// normalizeLine trims what the customer typed; part numbers, models and serials are upper case
// in the catalogue and the registry.
func normalizeLine(l LineRequest) LineRequest {
	up := func(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
	l.PartNumber, l.Model, l.SearchSerial = up(l.PartNumber), up(l.Model), up(l.SearchSerial)
	serials := make([]string, 0, len(l.Serials))
	for _, s := range l.Serials {
		if s = up(s); s != "" && !slices.Contains(serials, s) {
			serials = append(serials, s)
		}
	}
	l.Serials = serials
	return l
}

// mergeLines applies the cart's merge rule (spec §4) to an order's lines, so an order never
// holds one part for one model twice however its lines were sent: a line whose part number and
// model an earlier line has joins it, the serials merged and, with serials, the quantity set to
// their number (a parts line without serials adds its quantity; a quantity that is not a whole
// number from 1 to 999 keeps the merged line refused) and the serial the part was last found by
// kept (packages/rulebook/vectors/cart-merge.json). origin[i] is the index in lines of merged
// line i's first line, so every message still names the line the customer sent.
func mergeLines(lines []LineRequest) (merged []LineRequest, origin []int) {
	at := map[[2]string]int{}
	for i, raw := range lines {
		l := normalizeLine(raw)
		key := [2]string{l.PartNumber, l.Model}
		j, seen := at[key]
		if !seen {
			at[key] = len(merged)
			merged, origin = append(merged, l), append(origin, i)
			continue
		}
		m := &merged[j]
		for _, sn := range l.Serials {
			if !slices.Contains(m.Serials, sn) {
				m.Serials = append(m.Serials, sn)
			}
		}
		switch {
		case len(m.Serials) > 0:
			m.Quantity = len(m.Serials)
		case m.Quantity < 1 || l.Quantity < 1:
			m.Quantity = 0
		default:
			m.Quantity += l.Quantity
		}
		// The newest serial the part was found by, as the browser's cart keeps it (rulebook).
		if l.SearchSerial != "" {
			m.SearchSerial = l.SearchSerial
		}
	}
	return merged, origin
}
