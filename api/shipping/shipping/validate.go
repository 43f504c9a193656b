package shipping

import (
	"fmt"
	"strings"

	"rugged.example/portal/api/pkg/validate"
)

// Limits of spec §9 for what a label prints, and of the invoice.
const (
	maxAddressLine = 35
	maxCity        = 35
	maxState       = 35
	maxCountry     = 35
	maxPostalCode  = 12
	maxName        = 71 // first and last name, 35 each, and a space
	maxCompany     = 35
	maxPhone       = 25
	maxEmail       = 254
	maxRMANumber   = 40
	maxItems       = 50
	maxItemText    = 100
	maxPartNumber  = 40
	maxSerial      = 50
)

// ValidateAddress applies the address form's rules of spec §5 to a, reporting fields under
// prefix (e.g. "address.").
func ValidateAddress(v *validate.Errors, prefix string, a Address) {
	v.Required(prefix+"line1", a.Line1)
	v.MaxLen(prefix+"line1", a.Line1, maxAddressLine)
	v.MaxLen(prefix+"line2", a.Line2, maxAddressLine)
	v.Required(prefix+"city", a.City)
	v.MaxLen(prefix+"city", a.City, maxCity)
	if norm(a.Country) == "US" {
		v.Required(prefix+"state", a.State)
	}
	v.MaxLen(prefix+"state", a.State, maxState)
	v.Required(prefix+"country", a.Country)
	v.MaxLen(prefix+"country", a.Country, maxCountry)
	v.Required(prefix+"postalCode", a.PostalCode)
	v.MaxLen(prefix+"postalCode", a.PostalCode, maxPostalCode)
}

func validateIssue(req IssueRequest, depot Address) error {
	var v validate.Errors
	v.Required("owner", req.Owner)
	if req.Direction != ToDepot && req.Direction != ToCustomer {
		v.Add("direction", "Must be empty (to the depot) or toCustomer")
	}
	v.Required("rmaNumber", req.RMANumber)
	v.MaxLen("rmaNumber", req.RMANumber, maxRMANumber)
	ValidateAddress(&v, "address.", req.From)
	validateContact(&v, req.Contact)
	if !req.Packaging.Valid() && !(req.Direction == ToCustomer && req.Packaging == "") {
		v.Add("packaging", "Must be label or qr")
	}
	v.MaxLen("reason", req.Reason, maxItemText)
	if len(req.Items) == 0 && CrossesBorder(req.From, depot) {
		// Customs needs to know what crosses the border.
		v.Add("items", validate.MsgRequired)
	}
	if len(req.Items) > maxItems {
		v.Add("items", fmt.Sprintf("Must be at most %d items", maxItems))
	}
	for i, it := range req.Items {
		p := fmt.Sprintf("items.%d.", i)
		v.Required(p+"description", it.Description)
		v.MaxLen(p+"description", it.Description, maxItemText)
		v.MaxLen(p+"partNumber", it.PartNumber, maxPartNumber)
		v.MaxLen(p+"serial", it.Serial, maxSerial)
		v.MaxLen(p+"countryOfOrigin", it.CountryOfOrigin, maxCountry)
		if it.Quantity < 1 {
			v.Add(p+"quantity", "Must be at least 1")
		}
		if it.UnitValueCents < 0 {
			v.Add(p+"unitValue", "Must be at least 0")
		}
	}
	return v.Err()
}

// validateContact checks the contact a label prints, under "contact.".
func validateContact(v *validate.Errors, c Contact) {
	v.Required("contact.name", c.Name)
	v.MaxLen("contact.name", c.Name, maxName)
	v.MaxLen("contact.company", c.Company, maxCompany)
	v.MaxLen("contact.phone", c.Phone, maxPhone)
	v.MaxLen("contact.email", c.Email, maxEmail)
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}
