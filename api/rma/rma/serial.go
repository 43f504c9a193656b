package rma

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/validate"
)

// SerialMaxLength matches the longest serial the support-ticket form accepts (spec §9).
const SerialMaxLength = 50

// serialPattern is the alphabet of real serials, in either case. Anything else cannot name a
// unit, so it is answered as not found without asking the store. It is checked before upper-
// casing: Unicode would turn a typed "ı" into an ASCII "I".
var serialPattern = regexp.MustCompile(`^[A-Za-z0-9-]+$`)

// Serial is a unit's serial as the registry keys it: trimmed, upper-cased, of serialPattern's
// alphabet and at most SerialMaxLength long. ParseSerial is the one way to read one from what
// someone typed; handlers parse it and cores take it, so the rule is applied once.
type Serial string

// String is the serial as stored and shown.
func (s Serial) String() string { return string(s) }

// ParseSerial applies the serial rules (packages/rulebook/vectors/serial.json): trimmed, never
// empty or longer than SerialMaxLength (a validation fault on "serial"), of serialPattern's
// alphabet (else ErrUnitNotFound: no unit has such a serial), upper-cased.
func ParseSerial(raw string) (Serial, error) {
	var v validate.Errors
	serial, ok := parseSerial(&v, raw)
	if err := v.Err(); err != nil {
		return "", err
	}
	if !ok {
		return "", ErrUnitNotFound
	}
	return serial, nil
}

// parseSerial is ParseSerial for a form that checks other fields beside the serial: the serial's
// field rules go into v with theirs, and ok is false when raw is no serial (by those rules or
// by its alphabet).
func parseSerial(v *validate.Errors, raw string) (serial Serial, ok bool) {
	switch s := strings.TrimSpace(raw); {
	case s == "":
		v.Add("serial", validate.MsgRequired)
	case utf8.RuneCountInString(s) > SerialMaxLength:
		v.Add("serial", validate.MaxLength(SerialMaxLength))
	case serialPattern.MatchString(s):
		return Serial(strings.ToUpper(s)), true
	}
	return "", false
}
