package rmadb

import (
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/rma/rma"
)

// build makes the RMA of c for unit u created at created with its timeline of steps.
func (p *planner) build(c DemoCustomer, t demoTarget, u rma.Unit, created time.Time, steps []step, open bool) demoRMA {
	rec := rma.RMA{
		Owner: c.Subject, Org: c.Org, OpenedByName: c.Name, Serial: u.Serial, Model: u.Model, PartNumber: u.PartNumber,
		Type: rma.DefaultRMAType, Contact: c.Contact, Address: c.Address, Method: rma.ShipLabel,
		Packaging: rma.Packaging{HavePackaging: true}, CreatedAt: created,
	}
	if c.ReferencePrefix != "" {
		rec.Problem.CustomerReference = fmt.Sprintf("%s-%04d", c.ReferencePrefix, 1000+p.rng.IntN(9000))
	}
	if c.AssetTagPrefix != "" {
		rec.Problem.AssetTag = c.AssetTagPrefix + "-" + u.Serial[len(u.Serial)-5:]
	}
	perm := &rec.Problem.Permissions
	perm.AcknowledgeClickWrap, perm.AcknowledgeHDDBackup = true, true
	if u.ProductType == rma.ProductTypeVeretos {
		noData := false
		perm.HasDeviceData = &noData
	} else {
		perm.Reimage = p.rng.IntN(3) == 0
	}
	rec.Problem.Accessories = rma.Accessories{ACPower: p.rng.IntN(2) == 0, Battery: p.rng.IntN(4) == 0}
	if p.rng.IntN(5) == 0 {
		rec.Method, rec.Packaging = rma.ShipBox, rma.Packaging{RequestBox: true}
	}

	var fault rma.FaultOptions
	if t.recycle {
		rec.Type, rec.TPM = rma.RMATypeRecycle, rma.RecycleTPMs[p.rng.IntN(len(rma.RecycleTPMs))]
		rec.Problem.PrimaryFault, rec.Problem.Problem, rec.Problem.InitialNotes = "RECYCLE", "RECYCLE", "RECYCLE"
		rec.Problem.Permissions = rma.Permissions{}
		rec.Method, rec.Packaging = rma.ShipLabel, rma.Packaging{HavePackaging: true}
	} else {
		options := DemoRepairOptions()[u.Model]
		fault = options[p.rng.IntN(len(options))]
		option := fault.Options[p.rng.IntN(len(fault.Options))]
		rec.Problem.PrimaryFault, rec.Problem.Problem, rec.ProblemPrice = fault.Name, option.Name, option.Price
		rec.Problem.InitialNotes = option.Name + ". " + demoContexts[p.rng.IntN(len(demoContexts))]
	}

	r := demoRMA{open: open}
	at := created
	for _, s := range steps {
		at = at.Add(s.after)
		e := rma.Event{At: at, Kind: s.kind, Status: s.status, Actor: s.actor, Note: s.note, Detail: s.detail}
		switch s.kind {
		case rma.EventCreated:
			e.Detail = rma.CreatedDetail(rec.Type, u.Serial)
		case rma.EventLabelIssued:
			if rec.Method != rma.ShipLabel {
				continue
			}
			rec.TrackingNumber = p.tracking("01")
			e.Detail = rma.LabelIssuedDetail(rec.TrackingNumber)
		}
		switch s.status {
		case rma.StatusRepairing:
			if parts := partsFor(fault, u); parts != "" {
				r.work = append(r.work, rma.RepairWork{At: at, Actor: s.actor, Status: s.status, PartsReplaced: parts})
			}
		case rma.StatusShippedBack:
			rec.ReturnTrackingNumber = p.tracking("03")
			r.work = append(r.work, rma.RepairWork{At: at, Actor: s.actor, Status: s.status,
				WorkPerformed: workFor(fault), TechnicianNotes: demoTechNotes[p.rng.IntN(len(demoTechNotes))]})
		}
		if s.status != "" {
			rec.Status = s.status
		}
		r.events = append(r.events, e)
	}
	r.rec = rec
	return r
}

// tracking is a carrier number of the UPS shape: 1Z, six characters, the service, eight digits.
func (p *planner) tracking(service string) string {
	const alphabet = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	var b strings.Builder
	b.WriteString("1Z")
	for range 6 {
		b.WriteByte(alphabet[p.rng.IntN(len(alphabet))])
	}
	fmt.Fprintf(&b, "%s%08d", service, p.rng.IntN(100_000_000))
	return b.String()
}

var demoContexts = []string{
	"Happened on a site visit.", "Noticed at the start of a shift.", "Dropped from a truck step.",
	"Started after a long day in the rain.", "Crew reports it got worse over a week.", "Seen on two shifts in a row.",
}

var demoTechNotes = []string{
	"Passed all tests.", "Passed burn-in and the drop-sensor check.", "Firmware updated to the current release.",
	"Cleaned the vents; thermals normal.", "Customer data left untouched.",
}

// partsFor names the parts a fault's repair replaced.
func partsFor(f rma.FaultOptions, u rma.Unit) string {
	part := map[string]string{
		"Display": "Display assembly", "Battery / Power": "Battery pack and DC-in board", "Keyboard / Input": "Keyboard and touchpad module",
		"Storage": "SSD 512 GB", "Connectivity": "Wireless module", "Chassis / Damage": "Housing and hinge kit",
		"Barcode Scanner": "Scan engine", "Software / OS": "",
	}[f.Name]
	if part == "" {
		return ""
	}
	return part + " (" + u.Model + ")"
}

// workFor says what the technician did for a fault.
func workFor(f rma.FaultOptions) string {
	if f.Name == "Software / OS" {
		return "Re-installed the system image; ran the diagnostics suite."
	}
	return "Replaced the faulty part, re-assembled and sealed the unit, ran the 4-hour burn-in."
}
