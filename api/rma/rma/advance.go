package rma

import (
	"strings"

	"rugged.example/portal/api/pkg/validate"
)

// Limits of what staff write on a transition.
const (
	NoteMax           = 500
	ReturnTrackingMax = 40
	WorkFieldMax      = 2000
)

// Advance is staff's move of an RMA, whoever owns it.
type Advance struct {
	Number string
	// Status is where staff move it, as ParseStatus read it.
	Status Status
	// Actor is the staff member's subject ("cli:<user>" from the command line).
	Actor string
	Note  string
	// ReturnTracking is the carrier's number of the unit's way back; SHIPPED_BACK only.
	ReturnTracking string
	// Work is recorded with REPAIRING and SHIPPED_BACK only.
	Work RepairWork
}

func (a *Advance) trim() {
	a.Number = strings.ToUpper(strings.TrimSpace(a.Number))
	for _, s := range []*string{&a.Note, &a.ReturnTracking, &a.Work.PartsReplaced, &a.Work.WorkPerformed, &a.Work.TechnicianNotes} {
		*s = strings.TrimSpace(*s)
	}
}

// validate applies the field rules; whether the move is allowed needs the stored RMA.
func (a Advance) validate() error {
	var v validate.Errors
	v.Required("rmaNumber", a.Number)
	if !a.Status.Known() {
		v.Add("status", "Choose a status from the list")
	}
	v.MaxLen("note", a.Note, NoteMax)
	switch {
	case a.Status == StatusShippedBack:
		v.Required("returnTracking", a.ReturnTracking)
		v.MaxLen("returnTracking", a.ReturnTracking, ReturnTrackingMax)
	case a.ReturnTracking != "":
		v.Add("returnTracking", "Only a unit shipped back has a return tracking number")
	}
	if a.Status != StatusRepairing && a.Status != StatusShippedBack && !a.Work.empty() {
		v.Add("workPerformed", "Repair work is recorded when the unit is repaired or shipped back")
	}
	v.MaxLen("partsReplaced", a.Work.PartsReplaced, WorkFieldMax)
	v.MaxLen("workPerformed", a.Work.WorkPerformed, WorkFieldMax)
	v.MaxLen("technicianNotes", a.Work.TechnicianNotes, WorkFieldMax)
	return v.Err()
}
