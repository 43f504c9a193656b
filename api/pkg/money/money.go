// Package money holds amounts as integer minor units of an ISO 4217 currency, the one shape money
// has in Go, the database and every API (ARCHITECTURE §5). Floats never carry an amount: a float
// price cannot say 0.10 exactly, and the browser and the server must agree to the cent.
package money

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"

	"golang.org/x/text/currency"
)

// USDCode is the currency of every price the portal has today.
const USDCode = "USD"

// MaxSafeCents is the largest amount in minor units a JavaScript number holds exactly
// (Number.MAX_SAFE_INTEGER, 2^53 - 1): an amount the browser reads must stay within it.
const MaxSafeCents = 1<<53 - 1

var (
	// ErrCurrency is a currency that is not a recognised ISO 4217 code.
	ErrCurrency = errors.New("money: not an ISO 4217 currency code")
	// ErrAmount is a decimal amount that is malformed, has more decimals than the currency's
	// minor unit or does not fit.
	ErrAmount = errors.New("money: not an amount of the currency")
)

// Money is an amount in the minor unit of its currency (cents for USD). JSON is
// {"cents":28900,"currency":"USD"}.
type Money struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

// New returns cents of currency, the code normalised to upper case; it refuses a code ISO 4217
// does not know (and XXX, "no currency").
func New(cents int64, code string) (Money, error) {
	unit, err := currency.ParseISO(code)
	if err != nil || unit == (currency.Unit{}) {
		return Money{}, ErrCurrency
	}
	return Money{Cents: cents, Currency: unit.String()}, nil
}

// USD returns cents of US dollars.
func USD(cents int64) Money { return Money{Cents: cents, Currency: USDCode} }

// Validate reports whether m's currency is an ISO 4217 code in its canonical upper case, the
// check for a Money that arrived as JSON or from a database row.
func (m Money) Validate() error {
	n, err := New(m.Cents, m.Currency)
	if err != nil || n.Currency != m.Currency {
		return ErrCurrency
	}
	return nil
}

// ParseDecimal reads a provider's decimal amount ("289.00", "289.5", "289") in code's major
// unit. It is exact: more decimals than the currency's minor unit has are refused, not rounded.
func ParseDecimal(amount, code string) (Money, error) {
	m, err := New(0, code)
	if err != nil {
		return Money{}, err
	}
	digits := m.scale()
	negative := strings.HasPrefix(amount, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(amount, "-"), ".")
	if whole == "" || len(frac) > digits || !allDigits(whole) || !allDigits(frac) ||
		(strings.Contains(amount, ".") && frac == "") {
		return Money{}, ErrAmount
	}
	frac += strings.Repeat("0", digits-len(frac))
	cents, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return Money{}, ErrAmount
	}
	if negative {
		cents = -cents
	}
	m.Cents = cents
	return m, nil
}

// Decimal is the amount in the currency's major unit with exactly its minor-unit decimals
// ("289.00" for USD, "289" for JPY), the form payment providers take.
func (m Money) Decimal() string {
	digits := m.scale()
	abs := strconv.FormatUint(magnitude(m.Cents), 10)
	if len(abs) <= digits {
		abs = strings.Repeat("0", digits-len(abs)+1) + abs
	}
	sign := ""
	if m.Cents < 0 {
		sign = "-"
	}
	if digits == 0 {
		return sign + abs
	}
	return sign + abs[:len(abs)-digits] + "." + abs[len(abs)-digits:]
}

// String is the amount for people: US dollars as the browser writes them, "$1,289.00" (the
// rulebook's price-display vectors hold both to it), anything else "1289.00 EUR", so a "$" is
// never ambiguous between dollar currencies.
func (m Money) String() string {
	if m.Currency == USDCode {
		sign, digits := m.grouped()
		return sign + "$" + digits
	}
	return m.Decimal() + " " + m.Currency
}

// Grouped is the amount as String writes dollars but without a currency sign, "1,289.00" or
// "-45.50": for a column whose header names the currency (the commercial invoice's values).
func (m Money) Grouped() string {
	sign, digits := m.grouped()
	return sign + digits
}

// grouped is the minus of a negative amount and the Decimal of its magnitude grouped by threes.
func (m Money) grouped() (sign, digits string) {
	abs, negative := strings.CutPrefix(m.Decimal(), "-")
	if negative {
		sign = "-"
	}
	return sign, thousands(abs)
}

// thousands groups the whole part of an unsigned decimal by threes: "1234567.89" → "1,234,567.89".
func thousands(decimal string) string {
	whole, frac, hasFrac := strings.Cut(decimal, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// percentScale is how finely a discount percentage counts: millionths of a percent. A float
// percentage such as 33.33 is 33.329999… in binary; rounding it to this grid first makes the
// percentage the decimal the profile meant, so the rest of the computation is exact.
const percentScale = 1_000_000

// Discounted applies the flat discount of spec §6 and the cost rounding of §9: the discount is
// percent of the amount, rounded to the cent half up (in the customer's favour), and capped at
// the amount, so the result is never below zero. Spec §9's "two decimals (truncate and round)"
// is exactly this: truncating the exact discount at a third decimal and rounding half up at the
// second is the same as rounding half up, and integer arithmetic leaves no float noise that the
// truncation was there to remove. The browser computes the same (apps/repair price.ts).
//
// A percentage of 100 or more makes the amount zero. A negative, NaN or infinite percentage is
// no discount: it is bad profile data, and bad data must not make a repair free or dearer.
// A negative amount (a credit) shrinks the same way towards zero.
func (m Money) Discounted(percent float64) Money {
	if math.IsNaN(percent) || math.IsInf(percent, 0) || percent <= 0 {
		return m
	}
	if percent >= 100 {
		return Money{Cents: 0, Currency: m.Currency}
	}
	micro := int64(math.Round(percent * percentScale))
	whole := big.NewInt(100 * percentScale)
	exact := new(big.Int).Mul(new(big.Int).SetUint64(magnitude(m.Cents)), big.NewInt(micro))
	discount, rest := new(big.Int).QuoRem(exact, whole, new(big.Int))
	if rest.Lsh(rest, 1).Cmp(whole) >= 0 {
		discount.Add(discount, big.NewInt(1))
	}
	// micro ≤ 100·percentScale keeps the discount at most the magnitude, so the result lies
	// between zero and the amount and fits an int64.
	off := discount.Int64()
	if m.Cents < 0 {
		off = -off
	}
	return Money{Cents: m.Cents - off, Currency: m.Currency}
}

// scale is the number of minor-unit decimals of m's currency (2 for USD and EUR, 0 for JPY);
// an unknown code counts as 2, the common case, so formatting never fails.
func (m Money) scale() int {
	unit, err := currency.ParseISO(m.Currency)
	if err != nil {
		return 2
	}
	digits, _ := currency.Standard.Rounding(unit)
	return digits
}

// magnitude is |cents| without overflowing on math.MinInt64.
func magnitude(cents int64) uint64 {
	if cents < 0 {
		return uint64(^cents) + 1
	}
	return uint64(cents)
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
