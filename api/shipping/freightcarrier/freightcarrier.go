// Package freightcarrier is Rugged Freight, the carrier built into the portal for the embedded
// default: it books a return shipment by allocating a tracking number from a persisted sequence
// (so numbers never repeat, across restarts too) and checking the ship-from address the way a
// carrier's address validation would. It implements shipping.Carrier; configuration swaps it for
// a real carrier's implementation of the same interface.
package freightcarrier

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"rugged.example/portal/api/shipping/shipping"
)

// Name is the carrier's name as labels print it.
const Name = "Rugged Freight"

// DefaultPrefix starts every tracking number.
const DefaultPrefix = "RF"

// Digits is how many digits of the sequence a tracking number carries before its check digit.
const Digits = 10

const maxSerial = 9_999_999_999

// ErrExhausted means the sequence has run past what Digits can hold.
var ErrExhausted = errors.New("freightcarrier: tracking number sequence exhausted")

// Sequence hands out increasing numbers that are never handed out twice; shippingdb.Sequence
// persists one in the portal's database.
type Sequence interface {
	Next(ctx context.Context) (int64, error)
}

// Carrier is the built-in carrier.
type Carrier struct {
	seq    Sequence
	prefix string
}

// New returns the carrier over seq; an empty prefix selects DefaultPrefix.
func New(seq Sequence, prefix string) *Carrier {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	return &Carrier{seq: seq, prefix: strings.ToUpper(prefix)}
}

// CheckShipFrom implements shipping.Carrier.
func (c *Carrier) CheckShipFrom(_ context.Context, a shipping.Address) error { return checkShipper(a) }

// CreateShipment implements shipping.Carrier.
func (c *Carrier) CreateShipment(ctx context.Context, s shipping.Shipment) (shipping.Booking, error) {
	if err := checkShipper(s.From); err != nil {
		return shipping.Booking{}, err
	}
	n, err := c.seq.Next(ctx)
	if err != nil {
		return shipping.Booking{}, fmt.Errorf("freightcarrier: next tracking number: %w", err)
	}
	trk, err := TrackingNumber(c.prefix, n)
	if err != nil {
		return shipping.Booking{}, err
	}
	return shipping.Booking{Carrier: Name, TrackingNumber: trk}, nil
}

var (
	usZIP       = regexp.MustCompile(`^\d{5}(?:[- ]?\d{4})?$`)
	caPostal    = regexp.MustCompile(`^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$`)
	militaryZIP = regexp.MustCompile(`^(?:09[0-8]|340|96[2-6])\d{2}(?:-?\d{4})?$`)
)

// checkShipper refuses addresses no carrier could pick up from: a postal code that cannot exist
// in the address's country, or a military address outside the military ZIP ranges.
func checkShipper(a shipping.Address) error {
	postal := strings.TrimSpace(a.PostalCode)
	switch {
	case a.Military():
		if !militaryZIP.MatchString(postal) {
			return shipping.ErrShipperAddress
		}
	case strings.EqualFold(strings.TrimSpace(a.Country), "US"):
		if !usZIP.MatchString(postal) {
			return shipping.ErrShipperAddress
		}
	case strings.EqualFold(strings.TrimSpace(a.Country), "CA"):
		if !caPostal.MatchString(postal) {
			return shipping.ErrShipperAddress
		}
	}
	return nil
}

// TrackingNumber formats the n-th tracking number: prefix, n as Digits zero-padded digits, and a
// Luhn (mod 10) check digit over those digits, e.g. RF00000000018 for n = 1.
func TrackingNumber(prefix string, n int64) (string, error) {
	if n < 0 || n > maxSerial {
		return "", ErrExhausted
	}
	digits := fmt.Sprintf("%0*d", Digits, n)
	return prefix + digits + strconv.Itoa(CheckDigit(digits)), nil
}

// CheckDigit is the Luhn check digit of a string of decimal digits.
func CheckDigit(digits string) int {
	sum := 0
	double := true // the rightmost payload digit is doubled
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return (10 - sum%10) % 10
}

// Valid reports whether s is a well-formed tracking number with the given prefix: a scanner at
// a drop-off office rejects a mistyped number before looking it up.
func Valid(prefix, s string) bool {
	digits, ok := strings.CutPrefix(s, prefix)
	if !ok || len(digits) != Digits+1 || strings.Trim(digits, "0123456789") != "" {
		return false
	}
	return CheckDigit(digits[:Digits]) == int(digits[Digits]-'0')
}
