package parts

import (
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/validate"
)

// DefaultMaxOrderTotal is the order total ceiling when none is configured: $250,000.00.
var DefaultMaxOrderTotal = money.USD(25_000_000)

// FieldTotal is where a checkout's total ceiling is reported, beside the lines' and forms' fields.
const FieldTotal = "total"

// OrderLimits are the orders' configurable limits (PARTS_*), read by the composition root.
type OrderLimits struct {
	// MaxTotal is the most one order may total: a decimal in US dollars ("250000.00"), more than
	// zero and at most money.MaxSafeCents cents, so every amount of an order stays one the
	// browser reads exactly. Card, PO and video orders alike are refused above it.
	MaxTotal TotalCeiling `env:"PARTS_ORDER_MAX_TOTAL" envDefault:"250000.00"`
}

// TotalCeiling is an order total ceiling read from the configuration.
type TotalCeiling struct{ money.Money }

// UnmarshalText reads a decimal amount of US dollars; anything else stops the process at start
// rather than leave orders without their ceiling.
func (c *TotalCeiling) UnmarshalText(b []byte) error {
	m, err := money.ParseDecimal(strings.TrimSpace(string(b)), money.USDCode)
	if err != nil {
		return fmt.Errorf("parts: order total ceiling %q: %w", b, err)
	}
	if m.Cents <= 0 || m.Cents > money.MaxSafeCents {
		return fmt.Errorf("parts: order total ceiling %q must be more than 0.00 and at most %s", b, money.USD(money.MaxSafeCents).Decimal())
	}
	c.Money = m
	return nil
}

// MsgTotalTooLarge is the checkout's message for an order above ceiling.
func MsgTotalTooLarge(ceiling money.Money) string {
	return fmt.Sprintf("Order total must be at most %s. Please split the parts into smaller orders.", ceiling)
}

// checkCeiling adds the total's message to v when total is above ceiling. A total in another
// currency than the ceiling's cannot be compared: that is a configuration error, never an order
// that passes unbounded.
func checkCeiling(v *validate.Errors, total, ceiling money.Money) error {
	if total.Cents == 0 {
		return nil
	}
	if total.Currency != ceiling.Currency {
		return fmt.Errorf("parts: an order in %s cannot be held to the total ceiling in %s", total.Currency, ceiling.Currency)
	}
	if total.Cents > ceiling.Cents {
		v.Add(FieldTotal, MsgTotalTooLarge(ceiling))
	}
	return nil
}
