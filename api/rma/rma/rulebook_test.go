package rma

import (
	"testing"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/rulebook"
)

// The rulebook's packaging mode and serial rules (packages/rulebook/vectors), which the browser
// applies with the same vectors (apps/repair packaging.ts, packages/forms serial.ts).

type packagingInput struct {
	Address         Address `json:"address"`
	AdvanceExchange bool    `json:"advanceExchange"`
}

// geoAddressRules are the geography module's rules, as the composition root wires them.
type geoAddressRules struct{ AddressValidator }

func (geoAddressRules) IsMilitaryAddress(a Address) bool {
	return geo.IsMilitaryAddress(geo.Address(a))
}

func TestRulebook_PackagingMode(t *testing.T) {
	c := &Creator{Addresses: geoAddressRules{}}
	rulebook.Run(t, "packaging-mode", func(in packagingInput) string {
		u := Unit{}
		if in.AdvanceExchange {
			u.AllowedRepairTypes = []string{RepairTypeAdvanceExchange}
		}
		if m := c.shippingMethod(in.Address, u); m != "" {
			return string(m)
		}
		return "choice"
	})
}

func TestRulebook_Serial(t *testing.T) {
	rulebook.Run(t, "serial", func(raw string) map[string]string {
		serial, err := ParseSerial(raw)
		switch f, ok := fault.As(err); {
		case err == nil:
			return map[string]string{"serial": serial.String()}
		case ok && f.Fields["serial"] != "":
			return map[string]string{"error": f.Fields["serial"]}
		case ok:
			// What the customer is shown: the fault's public message.
			return map[string]string{"error": f.Message}
		default:
			return map[string]string{"error": err.Error()}
		}
	})
}

type unitFacts struct {
	Model     string `json:"model"`
	RMAExists bool   `json:"rmaExists"`
	AllowOOW  bool   `json:"allowOow"`
	IsEOS     bool   `json:"isEOS"`
}

func TestRulebook_SerialValidForNewRMA(t *testing.T) {
	rulebook.Run(t, "serial-valid-for-new-rma", func(in unitFacts) bool {
		u := Unit{Model: in.Model, AllowOOW: in.AllowOOW, EndOfService: in.IsEOS}
		if in.RMAExists {
			u.OpenRMANumber = "RMA-1"
		}
		return u.ValidForNewRMA()
	})
}
