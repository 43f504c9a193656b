package rma

import "time"

// RepairWork is what was done to a unit, for its repair summary.
type RepairWork struct {
	At              time.Time
	Actor           string
	Status          Status
	PartsReplaced   string
	WorkPerformed   string
	TechnicianNotes string
}

func (w RepairWork) empty() bool {
	return w.PartsReplaced == "" && w.WorkPerformed == "" && w.TechnicianNotes == ""
}

// RepairSummary is what the customer reads about the service of one RMA.
type RepairSummary struct {
	RMA  RMA
	Work []RepairWork
}
