package accountdb

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"time"

	gcblob "gocloud.dev/blob"
	"gorm.io/gorm/clause"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// DemoOrg is the demo organization whose members (olivia, diego) have branches.
const DemoOrg = "FleetCo Utilities"

// DemoBranches are FleetCo Utilities' sites: its headquarters and two field depots, each with
// the person who receives returned units.
func DemoBranches() []account.Branch {
	at := time.Date(2025, 2, 3, 15, 0, 0, 0, time.UTC)
	b := func(id, name string, a rma.Address, c account.BranchContact) account.Branch {
		return account.Branch{ID: id, Org: DemoOrg, Name: name, Address: a, Contact: c, CreatedAt: at, UpdatedAt: at}
	}
	return []account.Branch{
		b("br_fleetco_columbus", "Columbus Headquarters",
			rma.Address{Line1: "455 Industrial Pkwy", City: "Columbus", State: "OH", Country: "US", PostalCode: "43219"},
			account.BranchContact{FirstName: "Olivia", LastName: "Chen", Email: "olivia@fleetco.example", Phone: "6145550187", PhoneCountryCode: "US"}),
		b("br_fleetco_phoenix", "Phoenix Field Depot",
			rma.Address{Line1: "1710 W Buckeye Rd", City: "Phoenix", State: "AZ", Country: "US", PostalCode: "85007"},
			account.BranchContact{FirstName: "Diego", LastName: "Alvarez", Email: "diego@fleetco.example", Phone: "6025550163", PhoneCountryCode: "US"}),
		b("br_fleetco_dayton", "Dayton Service Yard",
			rma.Address{Line1: "2300 Valley St", Line2: "Gate 4", City: "Dayton", State: "OH", Country: "US", PostalCode: "45404"},
			account.BranchContact{FirstName: "Marcus", LastName: "Hill", Email: "marcus.hill@fleetco.example", Phone: "9375550144", PhoneCountryCode: "US"}),
	}
}

// catalogueEntry is one seeded download; its file is generated from it.
type catalogueEntry struct {
	id, model, family, name, category, os, version, released, notes, file string
	// kib is the generated payload's size in KiB.
	kib int
}

const (
	osWin11 = "Windows 11 Pro 64-bit"
	osWin10 = "Windows 10 IoT Enterprise LTSC 2021"
	osAndr  = "Android 13"
	osAny   = "Any"
)

// catalogue covers every model of the demo fleet: what a field team installs after a reimage or
// a board replacement.
var catalogue = []catalogueEntry{
	{"rl14-chipset-10-1-19", "RL14", "Ranger", "Intel Chipset Device Software", "Chipset", osWin11, "10.1.19", "2025-09-16", "Adds support for the Gen 2 board revision. Fixes a resume-from-sleep delay on battery.", "RL14_Chipset_10.1.19.zip", 96},
	{"rl14-graphics-31-0-101", "RL14", "Ranger", "Intel Iris Xe Graphics Driver", "Graphics", osWin11, "31.0.101.5590", "2025-10-07", "Sunlight-readable panel profile; corrects flicker at 20 % brightness.", "RL14_Graphics_31.0.101.5590.zip", 160},
	{"rl14-bios-1-18", "RL14", "Ranger", "System BIOS", "BIOS", osAny, "1.18.0", "2025-11-04", "Security fixes (INTEL-SA-01071). Run from AC power; do not interrupt.", "RL14_BIOS_1.18.0.zip", 72},
	{"rl14-wlan-23-60", "RL14", "Ranger", "Intel Wi-Fi 6E AX211 Driver", "Network", osWin11, "23.60.1", "2025-08-19", "Improves roaming between vehicle and depot access points.", "RL14_WLAN_23.60.1.zip", 120},
	{"rl15-chipset-10-1-19", "RL15", "Ranger", "Intel Chipset Device Software", "Chipset", osWin11, "10.1.19", "2025-09-16", "First release for the RL15 G1 board.", "RL15_Chipset_10.1.19.zip", 96},
	{"rl15-bios-1-07", "RL15", "Ranger", "System BIOS", "BIOS", osAny, "1.07.2", "2025-06-24", "Adds the hot-swap battery calibration menu.", "RL15_BIOS_1.07.2.zip", 72},
	{"rl15-wwan-2-1", "RL15", "Ranger", "Sierra Wireless EM7690 WWAN Driver", "Network", osWin11, "2.1.4812", "2025-07-29", "FirstNet band 14 support; carrier profile update.", "RL15_WWAN_2.1.4812.zip", 140},
	{"st10-touch-4-2", "ST10", "Summit", "Touchscreen Firmware", "Firmware", osWin10, "4.2.0", "2025-05-13", "Glove and rain modes; palm rejection tuned for the 10-inch panel.", "ST10_Touch_4.2.0.zip", 48},
	{"st10-bios-2-03", "ST10", "Summit", "System BIOS", "BIOS", osAny, "2.03", "2025-10-21", "Battery charge limit option for vehicle docks.", "ST10_BIOS_2.03.zip", 64},
	{"st10-gps-1-9", "ST10", "Summit", "u-blox GNSS Receiver Driver", "GPS", osWin10, "1.9.3", "2025-03-11", "Dead-reckoning support with the vehicle dock.", "ST10_GNSS_1.9.3.zip", 40},
	{"st12-touch-5-0", "ST12", "Summit", "Touchscreen Firmware", "Firmware", osWin11, "5.0.1", "2025-09-30", "Active pen hover accuracy; glove mode on by default.", "ST12_Touch_5.0.1.zip", 56},
	{"st12-graphics-31-0-101", "ST12", "Summit", "Intel UHD Graphics Driver", "Graphics", osWin11, "31.0.101.5333", "2025-04-15", "Fixes rotation lock after undocking.", "ST12_Graphics_31.0.101.5333.zip", 150},
	{"st12-bios-3-11", "ST12", "Summit", "System BIOS", "BIOS", osAny, "3.11", "2025-11-11", "Security fixes; keyboard dock detection at boot.", "ST12_BIOS_3.11.zip", 64},
	{"th6-os-13-4", "TH6", "Trek", "Trek OS Update", "Operating System", osAndr, "13.4.2", "2025-10-14", "Android security patch level 2025-10-01. Scanner engine 7.3.", "TH6_OS_13.4.2.zip", 220},
	{"th6-scanner-7-3", "TH6", "Trek", "Barcode Scanner Engine Firmware", "Firmware", osAndr, "7.3.0", "2025-08-05", "Reads damaged 1D codes faster; adds GS1 DataMatrix parsing.", "TH6_Scanner_7.3.0.zip", 36},
	{"th6-usb-2-4", "TH6", "Trek", "USB Driver for Windows", "Utilities", osWin11, "2.4.0", "2025-01-21", "For ADB and mass deployment from a Windows workstation.", "TH6_USB_Driver_2.4.0.zip", 28},
	{"ex70-bios-4-22", "EX70", "Expedition", "System BIOS (final)", "BIOS", osAny, "4.22", "2024-12-10", "Final BIOS for the end-of-service EX70: security fixes only.", "EX70_BIOS_4.22.zip", 64},
	{"ex70-chipset-10-1-18", "EX70", "Expedition", "Intel Chipset Device Software", "Chipset", osWin10, "10.1.18", "2024-06-18", "Last release for Windows 10 IoT on the EX70.", "EX70_Chipset_10.1.18.zip", 90},
	{"ex80-bios-1-12", "EX80", "Expedition", "System BIOS", "BIOS", osAny, "1.12.0", "2025-10-28", "Hinge sensor calibration; tablet mode switching delay fixed.", "EX80_BIOS_1.12.0.zip", 72},
	{"ex80-audio-6-0", "EX80", "Expedition", "Realtek Audio Driver", "Audio", osWin11, "6.0.9731.1", "2025-07-08", "Outdoor loudness profile for the front speakers.", "EX80_Audio_6.0.9731.1.zip", 110},
	{"ex80-wlan-23-60", "EX80", "Expedition", "Intel Wi-Fi 6E AX211 Driver", "Network", osWin11, "23.60.1", "2025-08-19", "Improves roaming between vehicle and depot access points.", "EX80_WLAN_23.60.1.zip", 120},
	{"vx12-fw-2-6", "VX12", "Veretos", "Secure Firmware Bundle", "Firmware", osAny, "2.6.0", "2025-09-09", "Signed firmware for the VX12 secure element; verify the checksum before installing.", "VX12_Secure_Firmware_2.6.0.zip", 80},
	{"vx12-tpm-7-2", "VX12", "Veretos", "TPM 2.0 Firmware Update", "Security", osAny, "7.2.3.1", "2025-04-29", "Addresses CVE-2025-2884. Suspend BitLocker before installing.", "VX12_TPM_7.2.3.1.zip", 44},
}

// driverFile builds the download of e: a zip with the release notes and the package, made the
// same way every time (fixed times, a payload from a generator seeded by the id), so a second
// seed writes the same bytes and the stored checksum holds.
func driverFile(e catalogueEntry) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	released, err := time.Parse(time.DateOnly, e.released)
	if err != nil {
		return nil, err
	}
	put := func(name string, body []byte) error {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Store, Modified: released})
		if err != nil {
			return err
		}
		_, err = w.Write(body)
		return err
	}
	notes := fmt.Sprintf("%s\r\nModel: %s (%s)\r\nVersion: %s\r\nOperating system: %s\r\nReleased: %s\r\n\r\n%s\r\n",
		e.name, e.model, e.family, e.version, e.os, e.released, e.notes)
	if err := put("README.txt", []byte(notes)); err != nil {
		return nil, err
	}
	seed := sha256.Sum256([]byte(e.id))
	rng := rand.New(rand.NewChaCha8(seed))
	payload := make([]byte, e.kib<<10)
	for i := range payload {
		payload[i] = byte(rng.Uint32())
	}
	if err := put("package/"+e.id+".bin", payload); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// DriverBlobKey is where a driver's file is in blob storage.
func DriverBlobKey(id, fileName string) string { return "drivers/" + id + "/" + fileName }

// SeedDrivers writes the demo catalogue: each file to the bucket unless it is there, each row
// unless it exists. Seeding again changes nothing.
func SeedDrivers(ctx context.Context, s *Store, bucket *blob.Bucket) error {
	rows := make([]driverRow, 0, len(catalogue))
	for _, e := range catalogue {
		file, err := driverFile(e)
		if err != nil {
			return fmt.Errorf("accountdb: build %s: %w", e.file, err)
		}
		key := DriverBlobKey(e.id, e.file)
		exists, err := bucket.Exists(ctx, key)
		if err != nil {
			return fmt.Errorf("accountdb: look for %s: %w", key, err)
		}
		if !exists {
			if err := bucket.WriteAll(ctx, key, file, &gcblob.WriterOptions{ContentType: "application/zip"}); err != nil {
				return fmt.Errorf("accountdb: store %s: %w", key, err)
			}
		}
		sum := sha256.Sum256(file)
		released, _ := time.Parse(time.DateOnly, e.released)
		rows = append(rows, toDriverRow(account.Driver{
			ID: e.id, Model: e.model, ModelFamily: e.family, Name: e.name, Category: e.category, OS: e.os,
			Version: e.version, ReleaseDate: released, ReleaseNotes: e.notes, FileName: e.file,
			Size: int64(len(file)), SHA256: hex.EncodeToString(sum[:]), BlobKey: key,
		}))
	}
	if err := db.Conn(ctx, s.db).Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error; err != nil {
		return fmt.Errorf("accountdb: seed drivers: %w", err)
	}
	return nil
}

// SeedBranches gives the demo organization its branches unless it has some.
func SeedBranches(ctx context.Context, s *Store) error {
	existing, err := s.Branches(ctx, DemoOrg)
	if err != nil || len(existing) > 0 {
		return err
	}
	for _, b := range DemoBranches() {
		if err := s.CreateBranch(ctx, b); err != nil {
			return err
		}
	}
	return nil
}

// Seed loads the account service's demo data: FleetCo Utilities' branches and the driver
// catalogue with its files.
func Seed(ctx context.Context, s *Store, bucket *blob.Bucket) error {
	if err := SeedBranches(ctx, s); err != nil {
		return err
	}
	return SeedDrivers(ctx, s, bucket)
}
