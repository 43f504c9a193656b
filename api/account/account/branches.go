package account

import (
	"context"
	"crypto/rand"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// BranchNameMax is the longest branch name, the limit of the other name fields (spec §9).
const BranchNameMax = 35

// BranchContact is who to ask at a branch.
type BranchContact struct {
	FirstName, LastName, Email, Phone, PhoneCountryCode string
}

// Branch is one site of an organization: members may ship units from its address.
type Branch struct {
	ID        string
	Org       string
	Name      string
	Address   rma.Address
	Contact   BranchContact
	CreatedAt time.Time
	UpdatedAt time.Time
}

// BranchInput is what a member sends to add or change a branch.
type BranchInput struct {
	Name    string
	Address rma.Address
	Contact BranchContact
}

// BranchStore keeps branches; accountdb implements it. Every call is scoped to one organization,
// so another organization's branch id reads as unknown.
type BranchStore interface {
	// Branches lists org's branches by name.
	Branches(ctx context.Context, org string) ([]Branch, error)
	CreateBranch(ctx context.Context, b Branch) error
	// UpdateBranch changes org's branch b.ID; ErrBranchNotFound when org has none by that id.
	UpdateBranch(ctx context.Context, b Branch) error
	// DeleteBranch removes org's branch id; ErrBranchNotFound when org has none by that id.
	DeleteBranch(ctx context.Context, org, id string) error
}

// organization is the caller's organization, or ErrNoOrganization.
func organization(caller auth.Principal) (string, error) {
	if caller.Org == "" {
		return "", ErrNoOrganization
	}
	return caller.Org, nil
}

// Branches lists the caller's organization's branches.
func (s *Service) Branches(ctx context.Context, caller auth.Principal) (org string, _ []Branch, _ error) {
	org, err := organization(caller)
	if err != nil {
		return "", nil, err
	}
	bs, err := s.d.Branches.Branches(ctx, org)
	return org, bs, err
}

// AddBranch validates in and adds it to the caller's organization.
func (s *Service) AddBranch(ctx context.Context, caller auth.Principal, in BranchInput) (Branch, error) {
	org, err := organization(caller)
	if err != nil {
		return Branch{}, err
	}
	in = trimBranch(in)
	if err := s.checkBranch(in); err != nil {
		return Branch{}, err
	}
	now := s.now().UTC().Truncate(time.Second)
	b := Branch{ID: newBranchID(), Org: org, Name: in.Name, Address: in.Address, Contact: in.Contact, CreatedAt: now, UpdatedAt: now}
	if err := s.d.Branches.CreateBranch(ctx, b); err != nil {
		return Branch{}, err
	}
	return b, nil
}

// UpdateBranch validates in and replaces the caller's organization's branch id with it.
func (s *Service) UpdateBranch(ctx context.Context, caller auth.Principal, id string, in BranchInput) (Branch, error) {
	org, err := organization(caller)
	if err != nil {
		return Branch{}, err
	}
	in = trimBranch(in)
	if err := s.checkBranch(in); err != nil {
		return Branch{}, err
	}
	b := Branch{ID: id, Org: org, Name: in.Name, Address: in.Address, Contact: in.Contact, UpdatedAt: s.now().UTC().Truncate(time.Second)}
	if err := s.d.Branches.UpdateBranch(ctx, b); err != nil {
		return Branch{}, err
	}
	return b, nil
}

// DeleteBranch removes the caller's organization's branch id.
func (s *Service) DeleteBranch(ctx context.Context, caller auth.Principal, id string) error {
	org, err := organization(caller)
	if err != nil {
		return err
	}
	return s.d.Branches.DeleteBranch(ctx, org, id)
}

// trimBranch removes the spaces around what the member typed.
func trimBranch(in BranchInput) BranchInput {
	t := strings.TrimSpace
	c := in.Contact
	return BranchInput{
		Name:    t(in.Name),
		Address: trimAddress(in.Address),
		Contact: BranchContact{FirstName: t(c.FirstName), LastName: t(c.LastName), Email: t(c.Email), Phone: t(c.Phone), PhoneCountryCode: strings.ToUpper(t(c.PhoneCountryCode))},
	}
}

// checkBranch applies the create-RMA form's contact and address rules (spec §5) and the name's.
func (s *Service) checkBranch(in BranchInput) error {
	var v validate.Errors
	v.Required("name", in.Name)
	v.MaxLen("name", in.Name, BranchNameMax)
	c := in.Contact
	rma.ValidateContact(&v, "contact.", rma.Contact{FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, PhoneCountryCode: c.PhoneCountryCode})
	s.d.Addresses.CheckAddress(&v, "address.", in.Address)
	return v.Err()
}

// newBranchID is "br_" and 16 random base32 characters: unguessable, so an id says nothing about
// how many branches exist.
func newBranchID() string { return "br_" + strings.ToLower(rand.Text()[:16]) }
