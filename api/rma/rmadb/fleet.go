package rmadb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// model is one product line of the demo catalogue.
type model struct {
	name, family, productType string
	partNumbers               []string
	// eol marks a line that is no longer supported: about half its units are end of service.
	eol bool
}

var catalogue = []model{
	{"RL14", "Ranger", "LAPTOP", []string{"RL14-G2-16", "RL14-G2-32"}, false},
	{"RL15", "Ranger", "LAPTOP", []string{"RL15-G1-16", "RL15-G1-32"}, false},
	{"ST10", "Summit", "TABLET", []string{"ST10-G3-8", "ST10-G3-16"}, false},
	{"ST12", "Summit", "TABLET", []string{"ST12-G2-16"}, false},
	{"TH6", "Trek", "HANDHELD", []string{"TH6-G1-4", "TH6-G1-6"}, false},
	{"EX70", "Expedition", "CONVERTIBLE", []string{"EX70-G4-16"}, true},
	{"EX80", "Expedition", "CONVERTIBLE", []string{"EX80-G1-16"}, false},
	{"VX12", "Veretos", rma.ProductTypeVeretos, []string{"VX12-S1-32"}, false},
}

func date(s string) *time.Time {
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// DemoUnits are the documented units of the README, one per case a customer can meet.
func DemoUnits() []rma.Unit {
	std := []string{rma.RepairTypeStandard}
	return []rma.Unit{
		{Serial: "RT10000001", Model: "RL14", ModelFamily: "Ranger", PartNumber: "RL14-G2-16", ProductType: "LAPTOP", AllowedRepairTypes: std, WarrantyEnd: date("2028-06-30"), WarrantyType: "STANDARD"},
		{Serial: "RT10000002", Model: "ST12", ModelFamily: "Summit", PartNumber: "ST12-G2-16", ProductType: "TABLET", AllowedRepairTypes: std, WarrantyEnd: date("2025-03-31"), WarrantyType: "STANDARD"},
		{Serial: "RT10000003", Model: "RL15", ModelFamily: "Ranger", PartNumber: "RL15-G1-16", ProductType: "LAPTOP", AllowedRepairTypes: std, AllowOOW: true, WarrantyEnd: date("2025-01-15"), WarrantyType: "STANDARD"},
		{Serial: "RT10000004", Model: "EX70", ModelFamily: "Expedition", PartNumber: "EX70-G4-16", ProductType: "CONVERTIBLE", AllowedRepairTypes: std, WarrantyEnd: date("2021-09-30"), WarrantyType: "STANDARD", EndOfService: true},
		{Serial: "RT10000005", Model: "EX80", ModelFamily: "Expedition", PartNumber: "EX80-G1-16", ProductType: "CONVERTIBLE", AllowedRepairTypes: std, WarrantyEnd: date("2028-12-31"), WarrantyType: "EXTENDED"},
		{Serial: "RT10000006", Model: "TH6", ModelFamily: "Trek", PartNumber: "TH6-G1-4", ProductType: "HANDHELD", AllowedRepairTypes: std, WarrantyEnd: date("2027-11-30"), WarrantyType: "STANDARD", OpenRMANumber: "RMA-100417"},
		{Serial: "VT10000007", Model: "VX12", ModelFamily: "Veretos", PartNumber: "VX12-S1-32", ProductType: rma.ProductTypeVeretos, AllowedRepairTypes: std, WarrantyEnd: date("2029-02-28"), WarrantyType: "SECURE"},
		{Serial: "RT10000008", Model: "RL14", ModelFamily: "Ranger", ProductType: "LAPTOP", AllowedRepairTypes: std, WarrantyType: "STANDARD"},
		{Serial: "RT10000009", Model: "ST10", ModelFamily: "Summit", PartNumber: "ST10-G3-8", ProductType: "TABLET", AllowedRepairTypes: []string{rma.RepairTypeStandard, rma.RepairTypeAdvanceExchange}, WarrantyEnd: date("2027-05-31"), WarrantyType: "ADVANCE_EXCHANGE"},
	}
}

// FleetUnits generates n further units deterministically (same seed, same fleet), so lists and
// benchmarks are not toy-sized and runs are repeatable.
func FleetUnits(n int) []rma.Unit {
	rng := rand.New(rand.NewPCG(2026, 11))
	units := make([]rma.Unit, 0, n)
	base := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		m := catalogue[rng.IntN(len(catalogue))]
		prefix := "RT"
		if m.productType == rma.ProductTypeVeretos {
			prefix = "VT"
		}
		shipped := base.AddDate(0, 0, rng.IntN(4*365))
		years := 3
		warrantyType := "STANDARD"
		if rng.IntN(4) == 0 {
			years, warrantyType = 5, "EXTENDED"
		}
		end := shipped.AddDate(years, 0, -1)
		u := rma.Unit{
			Serial:             fmt.Sprintf("%s%08d", prefix, 10001000+i),
			Model:              m.name,
			ModelFamily:        m.family,
			PartNumber:         m.partNumbers[rng.IntN(len(m.partNumbers))],
			ProductType:        m.productType,
			AllowedRepairTypes: []string{rma.RepairTypeStandard},
			WarrantyEnd:        &end,
			WarrantyType:       warrantyType,
			EndOfService:       m.eol && rng.IntN(2) == 0,
			AllowOOW:           rng.IntN(20) == 0,
		}
		if rng.IntN(15) == 0 {
			u.AllowedRepairTypes = append(u.AllowedRepairTypes, rma.RepairTypeAdvanceExchange)
		}
		units = append(units, u)
	}
	return units
}

// FleetSize is how many generated units the embedded default seeds beside the demo units.
const FleetSize = 400

// SeedDemo fills an empty registry with the demo and fleet units; a registry that already has
// units is left alone, so restarts never overwrite changes.
func SeedDemo(ctx context.Context, s *Store) error {
	n, err := s.CountUnits(ctx)
	if err != nil || n > 0 {
		return err
	}
	return s.UpsertUnits(ctx, append(DemoUnits(), FleetUnits(FleetSize)...))
}
