package authnet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"rugged.example/portal/api/pkg/money"
)

// Currency is the currency of the merchant account. An Authorize.net account settles in one
// currency, set up with the account, and request amounts carry no currency; the portal's
// account is in US dollars, so any other currency is refused rather than charged as dollars.
const Currency = money.USDCode

// ErrAmount is an amount the client will not ask anyone to pay: zero, negative, or not in
// Currency.
var ErrAmount = errors.New("authnet: amount is not a positive amount in the account's currency")

// FormatAmount is m as the decimal string request.api takes ("289.00" for 28900 cents).
func FormatAmount(m money.Money) (string, error) {
	if m.Currency != Currency || m.Cents <= 0 {
		return "", fmt.Errorf("%w: %d %q", ErrAmount, m.Cents, m.Currency)
	}
	return m.Decimal(), nil
}

// amount is a decimal amount in a response. The JSON API writes them as numbers (45.00), some
// fields and older answers as strings ("45.00"); both decode, exactly, without a float.
type amount money.Money

func (a *amount) UnmarshalJSON(b []byte) error {
	text := string(bytes.TrimSpace(b))
	if text == "null" {
		return nil
	}
	if len(text) > 0 && text[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	}
	m, err := money.ParseDecimal(text, Currency)
	if err != nil {
		return fmt.Errorf("authnet: amount %s: %w", text, err)
	}
	*a = amount(m)
	return nil
}
