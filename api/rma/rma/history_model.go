package rma

import (
	"time"

	"rugged.example/portal/api/pkg/visibility"
)

// Viewer is who reads RMAs and units: the portal's one visibility rule (their own and their
// organization's). An alias, so the capability's callers name it as rma's reader.
type Viewer = visibility.Viewer

// HistoryItem is one row of the history list.
type HistoryItem struct {
	UID, Number, Type, Serial, Model, Problem, CustomerReference, AssetTag string
	Status                                                                 Status
	Owner, Org                                                             string
	// OpenedBy is the name of who opened the RMA, as their token gave it then (RMA.OpenedByName):
	// what the organization sees, which the contact cannot say (a branch's, when shipped from one).
	OpenedBy string
	// PromisedShipDate is the promised ship-back date, nil until the unit is received.
	PromisedShipDate *time.Time
	// BatchID is the fleet batch the RMA was created in, "" for one opened on its own.
	BatchID              string
	CreatedAt, UpdatedAt time.Time
}

// Mine reports whether v opened the RMA (false for the organization's others).
func (i HistoryItem) Mine(v Viewer) bool { return v.Owns(i.Owner) }

// Details is one RMA with its status timeline, oldest event first.
type Details struct {
	RMA      RMA
	Timeline []Event
}
