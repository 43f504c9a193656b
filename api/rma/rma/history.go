package rma

// Viewer is who reads RMAs: a customer sees their own and, as a member of an organization,
// the organization's.
type Viewer struct {
	Subject string
	// Org is the viewer's organization, "" for none.
	Org string
}

// Sees reports whether the viewer may read an RMA of owner opened under org.
func (v Viewer) Sees(owner, org string) bool {
	return owner == v.Subject || (v.Org != "" && org == v.Org)
}
