// Package visibility is the portal's one rule of who reads a customer's records: the customer
// who owns them and, when they were made under an organization, its members. RMAs, units, parts
// orders and quotes all follow it, so it lives below the domains that apply it.
package visibility

// Viewer is who reads: a signed-in customer and their organization.
type Viewer struct {
	Subject string
	// Org is the viewer's organization, "" for none.
	Org string
}

// Owns reports whether the viewer owns a record of owner (an organization's other members'
// records are seen, not owned). A viewer without a subject is nobody and owns nothing, even a
// record whose owner was never set.
func (v Viewer) Owns(owner string) bool { return v.Subject != "" && owner == v.Subject }

// Sees reports whether the viewer may read a record of owner made under org ("" for none). A
// viewer without a subject sees nothing, whatever organization it claims.
func (v Viewer) Sees(owner, org string) bool {
	return v.Owns(owner) || (v.Subject != "" && v.Org != "" && org == v.Org)
}
