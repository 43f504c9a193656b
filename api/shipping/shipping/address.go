// Package shipping is the portal's shipping capability: it books a return shipment with a carrier,
// renders the shipping label and, for a shipment that crosses a border, the commercial invoice
// (real PDFs with barcodes), keeps them for their owner until they expire, and finds retail
// drop-off offices near an address.
package shipping

import (
	"slices"
	"strings"
	"time"
)

// Address is a postal address as the portal's address form collects it (spec §3). Country is an
// ISO 3166-1 alpha-2 code; State is the state or province code (AA/AE/AP for military mail).
type Address struct {
	Line1      string
	Line2      string
	City       string
	State      string
	Country    string
	PostalCode string
}

// Contact is the person a carrier calls about a shipment.
type Contact struct {
	Name    string
	Company string
	Phone   string
	Email   string
}

// Depot is the service depot every return ships to.
type Depot struct {
	Name    string
	Phone   string
	Address Address
}

// DefaultDepot is the ship-to address when configuration names none.
func DefaultDepot() Depot {
	return Depot{
		Name: "Rugged Devices Service Depot",
		Address: Address{
			Line1: "4500 Technology Blvd", City: "Round Rock", State: "TX", PostalCode: "78681", Country: "US",
		},
	}
}

// Settings is the shipping part of a binary's configuration, with `env` tags for the binary's
// config struct to embed. Every field has a working default.
type Settings struct {
	// Carrier selects the Carrier implementation the composition root builds: "freight" is the
	// built-in Rugged Freight carrier.
	Carrier         string `env:"SHIPPING_CARRIER" envDefault:"freight"`
	TrackingPrefix  string `env:"SHIPPING_TRACKING_PREFIX" envDefault:"RF"`
	DepotName       string `env:"SHIPPING_DEPOT_NAME" envDefault:"Rugged Devices Service Depot"`
	DepotPhone      string `env:"SHIPPING_DEPOT_PHONE"`
	DepotLine1      string `env:"SHIPPING_DEPOT_LINE1" envDefault:"4500 Technology Blvd"`
	DepotLine2      string `env:"SHIPPING_DEPOT_LINE2"`
	DepotCity       string `env:"SHIPPING_DEPOT_CITY" envDefault:"Round Rock"`
	DepotState      string `env:"SHIPPING_DEPOT_STATE" envDefault:"TX"`
	DepotPostalCode string `env:"SHIPPING_DEPOT_POSTAL_CODE" envDefault:"78681"`
	DepotCountry    string `env:"SHIPPING_DEPOT_COUNTRY" envDefault:"US"`
	// OrphanGrace is how old a stored PDF without a document row must be before SweepOrphans
	// deletes it: longer than any transaction that issues documents.
	OrphanGrace time.Duration `env:"SHIPPING_ORPHAN_GRACE" envDefault:"1h"`
}

// Depot returns the configured depot.
func (s Settings) Depot() Depot {
	return Depot{
		Name: s.DepotName, Phone: s.DepotPhone,
		Address: Address{
			Line1: s.DepotLine1, Line2: s.DepotLine2, City: s.DepotCity, State: s.DepotState,
			PostalCode: s.DepotPostalCode, Country: s.DepotCountry,
		},
	}
}

var (
	militaryStates = []string{"AA", "AE", "AP"}
	militaryCities = []string{"APO", "FPO", "DPO"}
)

// Military reports whether a is an APO/FPO/DPO address: those ship through the domestic postal
// system whatever the country field says.
func (a Address) Military() bool {
	return slices.Contains(militaryStates, norm(a.State)) || slices.Contains(militaryCities, norm(a.City))
}

// CrossesBorder reports whether a shipment from a to the depot's address leaves its country and
// so needs a commercial invoice.
func CrossesBorder(from, to Address) bool {
	if from.Military() {
		return false
	}
	return norm(from.Country) != norm(to.Country)
}

// lines renders the address as a label prints it.
func (a Address) lines() []string {
	out := []string{a.Line1}
	if strings.TrimSpace(a.Line2) != "" {
		out = append(out, a.Line2)
	}
	cityLine := strings.TrimSpace(strings.Join(nonEmpty(a.City, strings.TrimSpace(a.State+" "+a.PostalCode)), ", "))
	if cityLine != "" {
		out = append(out, cityLine)
	}
	if a.Country != "" {
		out = append(out, countryName(a.Country))
	}
	return out
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func norm(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

// countryName spells out the countries a label most often shows; others print as their code,
// which carriers accept.
func countryName(code string) string {
	switch norm(code) {
	case "US":
		return "UNITED STATES"
	case "CA":
		return "CANADA"
	case "MX":
		return "MEXICO"
	case "GB":
		return "UNITED KINGDOM"
	case "DE":
		return "GERMANY"
	case "GU":
		return "GUAM"
	case "PR":
		return "PUERTO RICO"
	}
	return norm(code)
}
