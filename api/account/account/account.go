// Package account is the core of the account service: what a signed-in customer reads and keeps
// about their own service (RMA history, details and repair summaries, the dashboard and its live
// stream, registered units, drivers) and about themselves (contact and address, their
// organization's branches). It reads the rma capability through narrow ports, keeps its own
// tables (branches, the driver catalogue) in accountdb, and leaves the stored profile to the
// identity capability; every port is declared here and adapted in the composition root.
//
// Visibility is the rma capability's: a viewer sees their own RMAs and units and, as a member
// of an organization, the organization's (marked mine:false). Anything else answers as if it did
// not exist.
package account

import (
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/rma/rma"
)

var (
	// ErrNoOrganization refuses the branches of a user outside any organization.
	ErrNoOrganization = fault.New(fault.KindForbidden, "account.noOrganization", "Branches are for members of an organization.")
	// ErrBranchNotFound is an unknown branch or another organization's.
	ErrBranchNotFound = fault.New(fault.KindNotFound, "account.branchNotFound", "Branch not found")
	// ErrDriverNotFound is a driver id the catalogue does not have.
	ErrDriverNotFound = fault.New(fault.KindNotFound, "account.driverNotFound", "Driver not found")
)

// Viewer is who reads: the caller's subject and organization, as the rma capability sees them.
type Viewer = rma.Viewer

// ViewerOf is the viewer a verified caller is.
func ViewerOf(p auth.Principal) Viewer { return Viewer{Subject: p.Subject, Org: p.Org} }
