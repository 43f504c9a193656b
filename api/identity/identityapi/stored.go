package identityapi

import (
	"context"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/auth"
)

// StoredProfiles reads the contact and address users saved in account settings;
// *identitydb.Store implements it.
type StoredProfiles interface {
	StoredProfile(ctx context.Context, subject string) (identity.StoredProfile, bool, error)
}

// WithStored returns profiles whose answers carry the user's stored profile in place of the
// provider's fields (spec §6: users see their stored address and contact). The merge sits
// outside the source, so a source that caches the provider's answer (identityoidc) never holds a
// stale copy of what the user saved: /me and the account service read a save at once, for the
// embedded provider and external ones alike.
func WithStored(source Profiles, stored StoredProfiles) Profiles {
	return mergedProfiles{source: source, stored: stored}
}

type mergedProfiles struct {
	source Profiles
	stored StoredProfiles
}

func (m mergedProfiles) Profile(ctx context.Context, caller auth.Principal, accessToken string) (identity.Profile, error) {
	p, err := m.source.Profile(ctx, caller, accessToken)
	if err != nil {
		return identity.Profile{}, err
	}
	s, ok, err := m.stored.StoredProfile(ctx, caller.Subject)
	if err != nil {
		return identity.Profile{}, err
	}
	if ok {
		p = p.WithStored(s)
	}
	return p, nil
}
