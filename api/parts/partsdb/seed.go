package partsdb

import (
	"context"
	"fmt"

	"gorm.io/gorm/clause"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
)

// demoModel is one model of the demo fleet (api/rma/rmadb's catalogue): what its parts are
// called and priced like.
type demoModel struct {
	model, family string
	video         bool
	// screen is the display's size and kind, for the descriptions.
	screen string
}

var demoModels = []demoModel{
	{"RL14", "Ranger", false, `14" FHD sunlight-readable touch display`},
	{"RL15", "Ranger", false, `15.6" FHD sunlight-readable touch display`},
	{"ST10", "Summit", false, `10.1" WUXGA glove-touch display`},
	{"ST12", "Summit", false, `12" FHD+ glove-touch display`},
	{"TH6", "Trek", false, `6" HD+ handheld display`},
	{"EX70", "Expedition", false, `11.6" convertible display`},
	{"EX80", "Expedition", false, `12.5" FHD convertible display`},
	{"VX12", "Veretos", true, ""},
}

func seedPart(pn, desc string, cents int64, avail, image string, high bool, fits ...parts.Fit) parts.Part {
	return parts.Part{PartNumber: pn, Description: desc, Fits: fits, Price: money.USD(cents), Availability: avail, ImagePath: image, HighValue: high}
}

// DemoCatalogue is the seeded catalogue: for every demo model its batteries, chargers, screen,
// keyboard (laptops and convertibles), hard case, SSD and radio modules; for the video models
// their batteries, charging docks and mounts (video-only: sold through the video order); and a few parts that fit a whole family.
func DemoCatalogue() []parts.Part {
	var out []parts.Part
	families := map[string][]parts.Fit{}
	for _, m := range demoModels {
		fit := parts.Fit{Model: m.model, Family: m.family}
		families[m.family] = append(families[m.family], fit)
		img := func(kind string) string { return "/assets/parts/" + kind + ".svg" }
		pn := func(suffix string) string { return m.model + "-" + suffix }
		if m.video {
			first := len(out)
			out = append(out,
				seedPart(pn("BAT-STD"), m.model+" body-worn camera battery, 12 h", 8900, parts.InStock, img("video-battery"), false, fit),
				seedPart(pn("BAT-EXT"), m.model+" extended body-worn camera battery, 18 h", 12900, parts.Backorder, img("video-battery"), false, fit),
				seedPart(pn("DOCK-1"), m.model+" single-bay charging dock", 14900, parts.InStock, img("video-dock"), false, fit),
				seedPart(pn("DOCK-8"), m.model+" 8-bay charging and evidence upload dock", 189900, parts.InStock, img("video-dock"), true, fit),
				seedPart(pn("MNT-CLIP"), m.model+" magnetic chest mount clip", 3900, parts.InStock, img("video-mount"), false, fit),
				seedPart(pn("MNT-MOLLE"), m.model+" MOLLE vest mount", 4900, parts.InStock, img("video-mount"), false, fit),
				seedPart(pn("MNT-VEH"), m.model+" vehicle dashboard mount", 11900, parts.InStock, img("video-mount"), false, fit),
				seedPart(pn("MNT-HELM"), m.model+" helmet mount (discontinued, use MNT-VEH or MNT-MOLLE)", 5900, parts.Discontinued, img("video-mount"), false, fit),
				seedPart(pn("CBL-USBC"), m.model+" USB-C data and charging cable, 1 m", 2900, parts.InStock, img("cable"), false, fit),
			)
			// A body-worn camera's parts are ordered only through the video order.
			for i := first; i < len(out); i++ {
				out[i].VideoOnly = true
			}
			continue
		}
		out = append(out,
			seedPart(pn("BAT-STD"), m.model+" standard battery, hot-swappable", 12900, parts.InStock, img("battery"), false, fit),
			seedPart(pn("BAT-EXT"), m.model+" extended-life battery", 18900, parts.InStock, img("battery"), false, fit),
			seedPart(pn("CHG-AC"), m.model+" AC adapter with region power cord", 8900, parts.InStock, img("charger"), false, fit),
			seedPart(pn("CHG-VEH"), m.model+" vehicle charger, 12-32 V", 14900, parts.Backorder, img("charger"), false, fit),
			seedPart(pn("SCR"), m.model+" "+m.screen+" assembly", 48900, parts.InStock, img("screen"), true, fit),
			seedPart(pn("CASE"), m.model+" hard carry case, IP67", 21900, parts.InStock, img("case"), false, fit),
			seedPart(pn("SSD-512"), m.model+" 512 GB NVMe SSD module", 22900, parts.InStock, img("ssd"), false, fit),
			seedPart(pn("SSD-1T"), m.model+" 1 TB NVMe SSD module, self-encrypting", 39900, parts.InStock, img("ssd"), true, fit),
			seedPart(pn("RAD-5G"), m.model+" 5G sub-6 WWAN radio module", 59900, parts.Backorder, img("radio"), true, fit),
			seedPart(pn("RAD-LTE"), m.model+" 4G LTE WWAN radio module", 34900, parts.Discontinued, img("radio"), true, fit),
		)
		if m.family == "Ranger" || m.family == "Expedition" {
			out = append(out,
				seedPart(pn("KBD-US"), m.model+" backlit sealed keyboard, US English", 16900, parts.InStock, img("keyboard"), false, fit),
				seedPart(pn("KBD-UK"), m.model+" backlit sealed keyboard, UK English", 16900, parts.Backorder, img("keyboard"), false, fit),
			)
		}
		if m.family == "Summit" || m.family == "Trek" {
			out = append(out,
				seedPart(pn("STYLUS"), m.model+" tethered active stylus", 4900, parts.InStock, img("stylus"), false, fit),
			)
		}
	}
	out = append(out,
		seedPart("RNG-DOCK-VEH", "Ranger vehicle docking station, dual antenna pass-through", 89900, parts.InStock, "/assets/parts/dock.svg", true, families["Ranger"]...),
		seedPart("SMT-STRAP", "Summit hand strap and shoulder harness kit", 5900, parts.InStock, "/assets/parts/strap.svg", false, families["Summit"]...),
		seedPart("EXP-KBD-DETACH", "Expedition detachable companion keyboard", 29900, parts.InStock, "/assets/parts/keyboard.svg", false, families["Expedition"]...),
		seedPart("TRK-HOLSTER", "Trek belt holster", 3900, parts.InStock, "/assets/parts/case.svg", false, families["Trek"]...),
	)
	return out
}

// Seed writes the demo catalogue. A part already there is left alone (an import may have
// changed it), so seeding again changes nothing.
func Seed(ctx context.Context, s *Store) error {
	for _, p := range DemoCatalogue() {
		row, fits := toRows(p)
		conn := db.Conn(ctx, s.db)
		res := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		if res.Error != nil {
			return fmt.Errorf("partsdb: seed: %w", res.Error)
		}
		if res.RowsAffected == 0 || len(fits) == 0 {
			continue
		}
		if err := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&fits).Error; err != nil {
			return fmt.Errorf("partsdb: seed fits: %w", err)
		}
	}
	return nil
}
