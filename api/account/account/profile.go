package account

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Profiles answers the caller's profile as /me does, the stored fields merged in
// (identityapi.WithStored over the process's profile source).
type Profiles interface {
	Profile(ctx context.Context, caller auth.Principal, accessToken string) (identitycore.Profile, error)
}

// ProfileStore keeps the stored profile; *identitydb.Store implements it.
type ProfileStore interface {
	SaveStoredProfile(ctx context.Context, p identitycore.StoredProfile) error
}

// AddressRules are spec §5's address rules, which need geography: the geo capability's, the
// ones the create-RMA path applies (no PO boxes), adapted in the composition root.
type AddressRules interface {
	// CheckAddress adds each failing field's message to v, its name prefixed with prefix.
	CheckAddress(v *validate.Errors, prefix string, a rma.Address)
}

// ProfileUpdate is the account-settings form: contact and shipping address. The e-mail is the
// provider's and is not part of it.
type ProfileUpdate struct {
	FirstName, LastName, Phone, PhoneCountryCode, Company, Position string
	Address                                                         rma.Address
}

// trim removes the spaces around what the customer typed, as the create-RMA payload is trimmed,
// so the limits see what is stored.
func (u *ProfileUpdate) trim() {
	t := strings.TrimSpace
	u.FirstName, u.LastName, u.Phone = t(u.FirstName), t(u.LastName), t(u.Phone)
	u.PhoneCountryCode, u.Company, u.Position = strings.ToUpper(t(u.PhoneCountryCode)), t(u.Company), t(u.Position)
	u.Address = trimAddress(u.Address)
}

func trimAddress(a rma.Address) rma.Address {
	t := strings.TrimSpace
	return rma.Address{
		Line1: t(a.Line1), Line2: t(a.Line2), City: t(a.City), State: strings.ToUpper(t(a.State)),
		Country: strings.ToUpper(t(a.Country)), PostalCode: t(a.PostalCode),
	}
}

// Profile answers the caller's profile, stored fields winning.
func (s *Service) Profile(ctx context.Context, caller auth.Principal, accessToken string) (identitycore.Profile, error) {
	return s.profile(ctx, caller, accessToken)
}

// profile reads the merged profile. A valid signature over a subject the provider no longer
// knows is answered as /me answers it: a bad token, so the browser signs in again.
func (s *Service) profile(ctx context.Context, caller auth.Principal, accessToken string) (identitycore.Profile, error) {
	p, err := s.d.Profiles.Profile(ctx, caller, accessToken)
	if errors.Is(err, identitycore.ErrUnknownUser) {
		return identitycore.Profile{}, fmt.Errorf("%w: unknown subject", auth.ErrInvalidToken)
	}
	return p, err
}

// SaveProfile validates u with the contact and address rules of spec §5 (the create-RMA form's,
// with the provider's e-mail standing in for the e-mail field the form does not have), stores it
// and answers the merged profile.
func (s *Service) SaveProfile(ctx context.Context, caller auth.Principal, accessToken string, u ProfileUpdate) (identitycore.Profile, error) {
	u.trim()
	current, err := s.profile(ctx, caller, accessToken)
	if err != nil {
		return identitycore.Profile{}, err
	}
	var v validate.Errors
	rma.ValidateContact(&v, "", rma.Contact{
		FirstName: u.FirstName, LastName: u.LastName, Email: current.Email, Phone: u.Phone,
		PhoneCountryCode: u.PhoneCountryCode, Company: u.Company, Position: u.Position,
	})
	s.d.Addresses.CheckAddress(&v, "address.", u.Address)
	if err := v.Err(); err != nil {
		return identitycore.Profile{}, err
	}
	a := u.Address
	err = s.d.ProfileStore.SaveStoredProfile(ctx, identitycore.StoredProfile{
		Subject: caller.Subject, FirstName: u.FirstName, LastName: u.LastName, Company: u.Company, Position: u.Position,
		Phone: u.Phone, PhoneCountryCode: u.PhoneCountryCode,
		Shipping: identitycore.Address{Line1: a.Line1, Line2: a.Line2, City: a.City, State: a.State, Country: a.Country, PostalCode: a.PostalCode},
		SavedAt:  s.now().UTC().Truncate(time.Second),
	})
	if err != nil {
		return identitycore.Profile{}, err
	}
	return s.profile(ctx, caller, accessToken)
}
