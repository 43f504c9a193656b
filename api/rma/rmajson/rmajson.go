// Package rmajson is the wire shape of spec §3's Contact and Address, the JSON every service's
// forms send and every service's answers carry, with the named conversions to and from the rma
// core's types. One copy, so the browser's pacts meet the same field names everywhere.
//
// The Saved quote's contact is not this shape (spec §3 gives it its own names: emailAddress,
// phoneNumber, companyName); it lives with the quote in payments.
package rmajson

import "rugged.example/portal/api/rma/rma"

// Contact is spec §3's contact.
type Contact struct {
	FirstName        string `json:"firstName"`
	LastName         string `json:"lastName"`
	Email            string `json:"email"`
	Phone            string `json:"phone"`
	PhoneCountryCode string `json:"phoneCountryCode"`
	Company          string `json:"company"`
	Position         string `json:"position"`
}

// Address is spec §3's address.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	State      string `json:"state"`
	Country    string `json:"country"`
	PostalCode string `json:"postalCode"`
}

// ContactOf is c as it goes on the wire.
func ContactOf(c rma.Contact) Contact {
	return Contact{
		FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone,
		PhoneCountryCode: c.PhoneCountryCode, Company: c.Company, Position: c.Position,
	}
}

// Domain is c as the rma core takes it, as sent: trimming and validation are the core's.
func (c Contact) Domain() rma.Contact {
	return rma.Contact{
		FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone,
		PhoneCountryCode: c.PhoneCountryCode, Company: c.Company, Position: c.Position,
	}
}

// AddressOf is a as it goes on the wire.
func AddressOf(a rma.Address) Address {
	return Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode}
}

// Domain is a as the rma core takes it, as sent: trimming and validation are the core's.
func (a Address) Domain() rma.Address {
	return rma.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode}
}
