package geo

import (
	"regexp"
	"strings"
	"unicode"

	"rugged.example/portal/api/pkg/validate"
)

// Limits of the address form (spec §5, §9).
const (
	MaxAddressLine = 35
	MaxCity        = 35
	MaxState       = 35
	MaxCountry     = 35
	MaxPostalCode  = 12
)

// Messages for the rules the spec states without wording. The browser shows the same text from
// packages/forms.
const (
	MsgUnknownCountry = "Must be a valid country code"
	MsgUnknownState   = "Must be a state of the selected country"
	// MsgMilitaryCity is given for the city of a military state (AA, AE, AP) that is not APO,
	// FPO or DPO.
	MsgMilitaryCity = "Must be APO, FPO or DPO for a military state"
	// MsgMilitaryState is given for an APO, FPO or DPO city whose state is not military. Spec §4
	// clears the city in both cases, so both messages sit on the city field.
	MsgMilitaryState = "APO, FPO and DPO need a military state (AA, AE or AP)"
)

// Address is the address of spec §3. Country holds an ISO 3166-1 alpha-2 code and State the
// state's code (e.g. "TX"), both as the country and state lists send them.
type Address struct {
	Line1, Line2, City, State, Country, PostalCode string
}

// Normalized returns the address as it should be stored and validated: every field trimmed, the
// country and state codes in upper case, and a military city written APO, FPO or DPO.
func (a Address) Normalized() Address {
	t := strings.TrimSpace
	n := Address{
		Line1: t(a.Line1), Line2: t(a.Line2), City: t(a.City), PostalCode: t(a.PostalCode),
		State: strings.ToUpper(t(a.State)), Country: strings.ToUpper(t(a.Country)),
	}
	if IsMilitaryCity(n.City) {
		n.City = strings.ToUpper(n.City)
	}
	return n
}

// IsMilitaryAddress reports whether a ships through military mail: country US and state AA,
// AE or AP (spec §4 "Packaging": such addresses always get a label).
func IsMilitaryAddress(a Address) bool {
	return a.Country == CountryUS && IsMilitaryState(a.State)
}

// poBox finds a post-office box in an address line, in any case:
//   - "PO Box", "P.O. Box", "P O Box", "P.O.Box", "POBox", "Post Office Box" anywhere;
//   - "POB 12", "P.O.B. 12", "POB #12" (a number must follow, so "Pob Lane" is a street);
//   - "Box 12", "Box #12" at the start (so "12 Box Elder St" and "Boxwood Lane" are streets).
//
// \b keeps it to whole words: "Hippo Box", "Apollo Blvd" and "Postbox Lane" do not match.
var poBox = regexp.MustCompile(`(?i)` +
	`\bp(?:ost)?[\s.\-]*o(?:ffice)?[\s.\-]*box\b` +
	`|\bp[\s.]*o[\s.]*b\.?\s*(?:no\.?\s*)?#?\s*\d` +
	`|^\s*box\s*(?:no\.?\s*)?#?\s*\d`)

// IsPOBox reports whether an address line names a post-office box. Every Unicode space counts
// as one (a pasted "PO\u00a0Box" is a PO box): the pattern's \s knows only ASCII spaces.
func IsPOBox(line string) bool {
	return poBox.MatchString(strings.Map(asciiSpace, line))
}

func asciiSpace(r rune) rune {
	if unicode.IsSpace(r) {
		return ' '
	}
	return r
}

// ValidateAddress applies the address rules of spec §5 and returns a fault.Validation with one
// message per failing field (line1, line2, city, state, country, postalCode), or nil. PO boxes
// are refused on both lines unless allowPOBox. Validate a.Normalized() if the input may carry
// stray spaces or lower-case codes, and store what was validated.
func (c *Catalog) ValidateAddress(a Address, allowPOBox bool) error {
	var v validate.Errors
	c.CheckAddress(&v, "", a, allowPOBox)
	return v.Err()
}

// CheckAddress adds the address rules' failures to v, each field name prefixed with prefix
// (e.g. "address."), so a caller can validate a whole request into one fault.
func (c *Catalog) CheckAddress(v *validate.Errors, prefix string, a Address, allowPOBox bool) {
	f := func(name string) string { return prefix + name }

	v.Required(f("line1"), a.Line1)
	v.MaxLen(f("line1"), a.Line1, MaxAddressLine)
	v.MaxLen(f("line2"), a.Line2, MaxAddressLine)
	if !allowPOBox {
		if IsPOBox(a.Line1) {
			v.Add(f("line1"), validate.MsgPOBox)
		}
		if IsPOBox(a.Line2) {
			v.Add(f("line2"), validate.MsgPOBox)
		}
	}

	v.Required(f("country"), a.Country)
	v.MaxLen(f("country"), a.Country, MaxCountry)
	_, knownCountry := c.Country(a.Country)
	if strings.TrimSpace(a.Country) != "" && !knownCountry {
		v.Add(f("country"), MsgUnknownCountry)
	}

	if a.Country == CountryUS {
		v.Required(f("state"), a.State)
	}
	v.MaxLen(f("state"), a.State, MaxState)
	if strings.TrimSpace(a.State) != "" && knownCountry && c.HasStates(a.Country) {
		if _, ok := c.State(a.Country, a.State); !ok {
			v.Add(f("state"), MsgUnknownState)
		}
	}

	v.Required(f("city"), a.City)
	v.MaxLen(f("city"), a.City, MaxCity)
	switch military, militaryCity := IsMilitaryAddress(a), IsMilitaryCity(a.City); {
	case military && !militaryCity:
		v.Add(f("city"), MsgMilitaryCity)
	case militaryCity && !military:
		v.Add(f("city"), MsgMilitaryState)
	}

	v.Required(f("postalCode"), a.PostalCode)
	v.MaxLen(f("postalCode"), a.PostalCode, MaxPostalCode)
}
