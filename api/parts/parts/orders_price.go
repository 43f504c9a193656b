package parts

import (
	"context"
	"fmt"
	"slices"

	"rugged.example/portal/api/pkg/money"
)

func fits(p Part, model string) bool {
	return slices.ContainsFunc(p.Fits, func(f Fit) bool { return f.Model == model })
}

// Price prices lines at the catalogue's prices (public: the cart, manual entry and the
// checkout's reconciliation). A line the catalogue refuses (unknown or discontinued part, a
// quantity outside 1..999, a model the part does not fit, a body-worn camera's part on a parts
// order) is a problem, listed with its index, and left out of the total; only more than
// MaxLines lines is an error. kind is the order the lines are for ("" when the caller does not
// say: then no line is refused for its kind, and Place refuses it still).
func (s *Orders) Price(ctx context.Context, kind OrderKind, lines []LineRequest) (Priced, error) {
	if len(lines) > MaxLines {
		return Priced{}, ErrTooManyLines
	}
	switch kind {
	case "", KindParts, KindVideo:
	default:
		return Priced{}, ErrUnknownKind
	}
	norm := make([]LineRequest, len(lines))
	pns := make([]string, 0, len(lines))
	for i, l := range lines {
		norm[i] = normalizeLine(l)
		if pn := norm[i].PartNumber; pn != "" && len(pn) <= PartNumberMaxLength {
			pns = append(pns, pn)
		}
	}
	catalogue, err := s.d.Store.Parts(ctx, pns)
	if err != nil {
		return Priced{}, err
	}
	out := Priced{Lines: make([]PricedLine, len(norm)), Problems: []Problem{}, Total: money.USD(0)}
	currencySet := false
	for i, l := range norm {
		p, known := catalogue[l.PartNumber]
		line := PricedLine{
			PartNumber: l.PartNumber, Quantity: l.Quantity, Model: l.Model, Serials: l.Serials, SearchSerial: l.SearchSerial,
			UnitPrice: money.USD(0), LineTotal: money.USD(0),
		}
		problem := func(code, msg string) {
			out.Problems = append(out.Problems, Problem{Index: i, PartNumber: l.PartNumber, Code: code, Message: msg})
		}
		if known {
			line.Description, line.Availability, line.ImagePath, line.HighValue = p.Description, p.Availability, p.ImagePath, p.HighValue
			line.UnitPrice = p.Price
			if l.Quantity >= 1 && l.Quantity <= MaxQuantity {
				line.LineTotal = money.Money{Cents: p.Price.Cents * int64(l.Quantity), Currency: p.Price.Currency}
			} else {
				line.LineTotal = money.Money{Currency: p.Price.Currency}
			}
		}
		out.Lines[i] = line
		switch {
		case !known:
			problem(CodeUnknownPart, MsgUnknownPart(l.PartNumber))
		case l.Quantity < 1 || l.Quantity > MaxQuantity:
			problem(CodeBadQuantity, MsgBadQuantity)
		case p.Discontinued():
			problem(CodeDiscontinued, MsgDiscontinued(l.PartNumber))
		case p.VideoOnly && kind == KindParts:
			problem(CodeVideoOnly, MsgVideoOnly(l.PartNumber))
		case l.Model != "" && !fits(p, l.Model):
			problem(CodeWrongModel, MsgWrongModel(l.PartNumber, l.Model))
		default:
			if !currencySet {
				out.Total, currencySet = money.Money{Currency: p.Price.Currency}, true
			}
			if p.Price.Currency != out.Total.Currency {
				return Priced{}, fmt.Errorf("parts: the catalogue prices %s in %s, the order in %s", p.PartNumber, p.Price.Currency, out.Total.Currency)
			}
			out.Total.Cents += line.LineTotal.Cents
		}
	}
	return out, nil
}
