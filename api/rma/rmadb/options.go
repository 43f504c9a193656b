package rmadb

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// optionRow is one problem a fault offers for a model, with its out-of-warranty price in minor
// units of its currency.
type optionRow struct {
	ID            uint   `gorm:"primaryKey"`
	Model         string `gorm:"size:30;not null;index:idx_rma_options_model"`
	RMAType       string `gorm:"size:20;not null;index:idx_rma_options_model"`
	Fault         string `gorm:"size:100;not null"`
	Problem       string `gorm:"size:200;not null"`
	PriceCents    int64  `gorm:"not null"`
	PriceCurrency string `gorm:"size:3;not null;default:'USD'"`
	Tip           string `gorm:"size:500;not null"`
	SortOrder     int    `gorm:"not null"`
}

func (optionRow) TableName() string { return "rma_repair_options" }

// RepairOptions implements rma.OptionsStore: faults in catalogue order, each with its problems.
func (s *Store) RepairOptions(ctx context.Context, model, rmaType string) ([]rma.FaultOptions, error) {
	var rows []optionRow
	err := db.Conn(ctx, s.db).Where("model = ? AND rma_type = ?", model, rmaType).Order("sort_order, id").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: repair options: %w", err)
	}
	return toFaultOptions(rows), nil
}

// ReplaceRepairOptions swaps a model's option list in one transaction: the import path for
// price changes.
func (s *Store) ReplaceRepairOptions(ctx context.Context, model, rmaType string, faults []rma.FaultOptions) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("model = ? AND rma_type = ?", model, rmaType).Delete(&optionRow{}).Error; err != nil {
			return err
		}
		rows := toOptionRows(model, rmaType, faults)
		if len(rows) == 0 {
			return nil
		}
		return tx.Create(&rows).Error
	})
}

func toFaultOptions(rows []optionRow) []rma.FaultOptions {
	var out []rma.FaultOptions
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].Name != r.Fault {
			out = append(out, rma.FaultOptions{Name: r.Fault})
		}
		last := &out[len(out)-1]
		last.Options = append(last.Options, rma.Option{Name: r.Problem, Price: money.Money{Cents: r.PriceCents, Currency: r.PriceCurrency}, Tip: r.Tip})
	}
	return out
}

func toOptionRows(model, rmaType string, faults []rma.FaultOptions) []optionRow {
	var rows []optionRow
	for _, f := range faults {
		for _, o := range f.Options {
			rows = append(rows, optionRow{
				Model: model, RMAType: rmaType, Fault: f.Name, Problem: o.Name,
				PriceCents: o.Price.Cents, PriceCurrency: o.Price.Currency, Tip: o.Tip, SortOrder: len(rows),
			})
		}
	}
	return rows
}

// The demo price list. Laptops and tablets share most faults; handhelds have a scanner; the
// end-of-service EX70 has none, which is what the "no options" message is for.
var (
	display = rma.FaultOptions{Name: "Display", Options: []rma.Option{
		{Name: "Cracked or broken screen", Price: money.USD(289_00), Tip: "Note where the impact happened and whether touch still responds anywhere."},
		{Name: "Dead pixels or lines", Price: money.USD(189_00), Tip: "A photo of the screen showing the lines helps us order the right panel."},
		{Name: "Touch not responding", Price: money.USD(149_00), Tip: "Say whether the stylus still works when touch does not."},
	}}
	power = rma.FaultOptions{Name: "Battery / Power", Options: []rma.Option{
		{Name: "Battery does not hold a charge", Price: money.USD(119_00), Tip: "Ship the battery with the unit so we can test both."},
		{Name: "Unit does not power on", Price: money.USD(229_00), Tip: "Tell us whether any LED lights up when the charger is connected."},
		{Name: "Charging port damaged", Price: money.USD(159_00), Tip: "Send the AC adapter too: a faulty adapter is a common cause."},
	}}
	keyboard = rma.FaultOptions{Name: "Keyboard / Input", Options: []rma.Option{
		{Name: "Keys missing or stuck", Price: money.USD(99_00), Tip: "List the keys that fail."},
		{Name: "Touchpad not working", Price: money.USD(109_00), Tip: "Check whether the touchpad was turned off with the function key first."},
	}}
	storage = rma.FaultOptions{Name: "Storage", Options: []rma.Option{
		{Name: "Drive not detected", Price: money.USD(179_00), Tip: "Back up what you can: a replaced drive comes back empty."},
		{Name: "Slow or failing drive", Price: money.USD(179_00), Tip: "Back up what you can: a replaced drive comes back empty."},
	}}
	connectivity = rma.FaultOptions{Name: "Connectivity", Options: []rma.Option{
		{Name: "Wi-Fi or Bluetooth not working", Price: money.USD(129_00), Tip: "Tell us the networks or devices you tested with."},
		{Name: "Mobile broadband not working", Price: money.USD(149_00), Tip: "Leave the SIM card out of the unit."},
	}}
	chassis = rma.FaultOptions{Name: "Chassis / Damage", Options: []rma.Option{
		{Name: "Cracked housing or broken hinge", Price: money.USD(199_00), Tip: "Photos of the damage from several sides help the quote."},
		{Name: "Liquid damage", Price: money.USD(349_00), Tip: "Do not switch the unit on again; ship it as it is."},
	}}
	scanner = rma.FaultOptions{Name: "Barcode Scanner", Options: []rma.Option{
		{Name: "Scanner does not read", Price: money.USD(139_00), Tip: "Tell us which barcode types fail."},
	}}
	software = rma.FaultOptions{Name: "Software / OS", Options: []rma.Option{
		{Name: "Does not boot to the operating system", Price: money.USD(89_00), Tip: "Allow the system image re-install if you can."},
	}}
)

// DemoRepairOptions is the seed price list by model.
func DemoRepairOptions() map[string][]rma.FaultOptions {
	laptop := []rma.FaultOptions{display, power, keyboard, storage, connectivity, chassis, software}
	tablet := []rma.FaultOptions{display, power, storage, connectivity, chassis, software}
	return map[string][]rma.FaultOptions{
		"RL14": laptop, "RL15": laptop, "ST10": tablet, "ST12": tablet, "VX12": tablet, "EX80": laptop,
		"TH6": {display, power, scanner, connectivity},
		// End of service: no options, which the browser answers with spec §2's message.
		"EX70": nil,
	}
}

// The demo upgrade list (rma type UPGRADE): the fault is the category, the problem the option,
// the tip what it adds. Prices include the part, the fitting and the unit's return.
var (
	laptopMemory = rma.FaultOptions{Name: "Memory", Options: []rma.Option{
		{Name: "16 GB to 32 GB DDR4", Price: money.USD(249_00), Tip: "Doubles the memory for virtual machines and large GIS layers; the 16 GB modules come back to you."},
		{Name: "16 GB to 64 GB DDR4", Price: money.USD(549_00), Tip: "The most the board takes: for engineering and mapping software."},
	}}
	laptopStorage = rma.FaultOptions{Name: "Storage", Options: []rma.Option{
		{Name: "1 TB NVMe SSD with data transfer", Price: money.USD(329_00), Tip: "Your data is copied to the new drive; the old one is returned or shredded, as you choose in the notes."},
		{Name: "2 TB NVMe SSD with data transfer", Price: money.USD(529_00), Tip: "Your data is copied to the new drive; the old one is returned or shredded, as you choose in the notes."},
		{Name: "Second 1 TB SSD in the expansion bay", Price: money.USD(289_00), Tip: "Adds a second drive beside the first; nothing is copied."},
	}}
	laptopBattery = rma.FaultOptions{Name: "Battery", Options: []rma.Option{
		{Name: "High-capacity battery (9-cell)", Price: money.USD(189_00), Tip: "About 40% more runtime; the unit is a little heavier."},
		{Name: "Second hot-swap battery bay", Price: money.USD(259_00), Tip: "Swap batteries without shutting down; includes one extra battery."},
	}}
	laptopRadio = rma.FaultOptions{Name: "Radio modules", Options: []rma.Option{
		{Name: "4G LTE mobile broadband module", Price: money.USD(349_00), Tip: "Fitted with its antennas; bring your own SIM from your carrier."},
		{Name: "5G mobile broadband module", Price: money.USD(499_00), Tip: "Fitted with its antennas; bring your own SIM from your carrier."},
		{Name: "Dedicated GPS receiver", Price: money.USD(199_00), Tip: "Works without a mobile signal, for navigation and asset tracking."},
	}}
	tabletMemory = rma.FaultOptions{Name: "Memory", Options: []rma.Option{
		{Name: "8 GB to 16 GB (mainboard exchange)", Price: money.USD(389_00), Tip: "Tablet memory is on the mainboard, so the board is exchanged; your storage stays."},
	}}
	tabletStorage = rma.FaultOptions{Name: "Storage", Options: []rma.Option{
		{Name: "512 GB SSD with data transfer", Price: money.USD(229_00), Tip: "Your data is copied to the new drive."},
		{Name: "1 TB SSD with data transfer", Price: money.USD(349_00), Tip: "Your data is copied to the new drive."},
	}}
	tabletBattery = rma.FaultOptions{Name: "Battery", Options: []rma.Option{
		{Name: "Extended battery", Price: money.USD(159_00), Tip: "About 30% more runtime; fits the standard rugged case."},
	}}
	tabletRadio = rma.FaultOptions{Name: "Radio modules", Options: []rma.Option{
		{Name: "4G LTE mobile broadband module", Price: money.USD(299_00), Tip: "Bring your own SIM from your carrier."},
		{Name: "Dedicated GPS receiver", Price: money.USD(179_00), Tip: "Works without a mobile signal."},
	}}
	handheldBattery = rma.FaultOptions{Name: "Battery", Options: []rma.Option{
		{Name: "Extended battery (7000 mAh)", Price: money.USD(89_00), Tip: "A full extra shift of scanning; the battery door is exchanged with it."},
	}}
	handheldRadio = rma.FaultOptions{Name: "Radio modules", Options: []rma.Option{
		{Name: "4G LTE module", Price: money.USD(229_00), Tip: "Bring your own SIM from your carrier."},
		{Name: "UHF RFID reader module", Price: money.USD(319_00), Tip: "Reads UHF RFID tags up to 3 m away."},
	}}
	cameraBattery = rma.FaultOptions{Name: "Battery", Options: []rma.Option{
		{Name: "Extended battery (14-hour)", Price: money.USD(119_00), Tip: "Covers a double shift of recording at 1080p."},
	}}
	cameraStorage = rma.FaultOptions{Name: "Storage", Options: []rma.Option{
		{Name: "64 GB to 128 GB secure storage", Price: money.USD(179_00), Tip: "Recordings are offloaded before the exchange; the evidence chain is kept in the RMA's log."},
	}}
)

// DemoUpgradeOptions is the seed upgrade list by model. Body-worn cameras (VX12) take battery
// and storage upgrades only; the EX80 (helpdesk-only service) and the end-of-service EX70 take
// none.
func DemoUpgradeOptions() map[string][]rma.FaultOptions {
	laptop := []rma.FaultOptions{laptopMemory, laptopStorage, laptopBattery, laptopRadio}
	tablet := []rma.FaultOptions{tabletMemory, tabletStorage, tabletBattery, tabletRadio}
	return map[string][]rma.FaultOptions{
		"RL14": laptop, "RL15": laptop, "ST10": tablet, "ST12": tablet,
		"TH6":  {handheldBattery, handheldRadio},
		"VX12": {cameraBattery, cameraStorage},
	}
}

// SeedRepairOptions fills each rma type's price list (repairs, upgrades) when it is empty, so a
// database seeded before upgrades existed gets them and an edited list is never overwritten.
func SeedRepairOptions(ctx context.Context, s *Store) error {
	for rmaType, lists := range map[string]map[string][]rma.FaultOptions{
		rma.DefaultRMAType: DemoRepairOptions(), rma.RMATypeUpgrade: DemoUpgradeOptions(),
	} {
		var n int64
		if err := s.db.WithContext(ctx).Model(&optionRow{}).Where("rma_type = ?", rmaType).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		for model, faults := range lists {
			if err := s.ReplaceRepairOptions(ctx, model, rmaType, faults); err != nil {
				return err
			}
		}
	}
	return nil
}
