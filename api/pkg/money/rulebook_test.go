package money

import (
	"testing"

	"rugged.example/portal/api/pkg/rulebook"
)

// The rulebook's discount and price display (packages/rulebook/vectors), which the browser
// applies with the same vectors (apps/repair price.ts discounted, @portal/ui formatMoney).

type discountInput struct {
	Price   Money   `json:"price"`
	Percent float64 `json:"percent"`
}

func TestRulebook_Discount(t *testing.T) {
	rulebook.Run(t, "discount", func(in discountInput) Money { return in.Price.Discounted(in.Percent) })
}

func TestRulebook_PriceDisplay(t *testing.T) {
	rulebook.Run(t, "price-display", Money.String)
}
