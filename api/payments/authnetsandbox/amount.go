package authnetsandbox

import (
	"encoding/json"
	"strconv"
	"strings"
)

// decimal is a JSON amount in a request, a number or a string; it reads exactly into cents.
type decimal struct {
	cents int64
	ok    bool
}

func (d *decimal) UnmarshalJSON(b []byte) error {
	text := string(b)
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
	}
	d.cents, d.ok = parseCents(text)
	return nil
}

// parseCents reads "289", "289.5" or "289.00" as cents; more than two decimals, a sign or an
// exponent is not an amount.
func parseCents(s string) (int64, bool) {
	whole, frac, dot := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || (dot && frac == "") || !digits(whole) || !digits(frac) || len(whole) > 12 {
		return 0, false
	}
	frac += strings.Repeat("0", 2-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	return n, err == nil
}

// cents is an amount the sandbox writes: a JSON number with two decimals, as request.api does.
type cents int64

func (c cents) MarshalJSON() ([]byte, error) { return []byte(formatCents(int64(c))), nil }

func formatCents(c int64) string { return strconv.FormatInt(c/100, 10) + "." + twoDigits(c%100) }

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
