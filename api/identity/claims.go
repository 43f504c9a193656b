package identity

import (
	"slices"
	"strings"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"rugged.example/portal/api/identity/identitycore"
)

// Private claim names shared by access tokens, id tokens and userinfo.
const (
	ClaimRoles            = "roles"
	ClaimOrg              = "org"
	ClaimFlags            = "flags"
	ClaimCompany          = "company"
	ClaimPosition         = "position"
	ClaimPhoneCountryCode = "phoneCountryCode"
)

func supportedClaims() []string {
	return append(slices.Clone(op.DefaultSupportedClaims),
		"address", ClaimRoles, ClaimOrg, ClaimFlags, ClaimCompany, ClaimPosition, ClaimPhoneCountryCode, "scope")
}

// mintScopes are the scopes of a token made by MintAccessToken.
func mintScopes() []string {
	return []string{"openid", "profile", "email", ScopeRoles, "address", "phone", ScopeOrganization}
}

// accessTokenClaims are the private claims of every access token, whatever the scopes:
// the APIs authorise with them.
func accessTokenClaims(u identitycore.User, scopes []string) map[string]any {
	p := u.Profile()
	claims := map[string]any{
		"email":       p.Email,
		"given_name":  p.FirstName,
		"family_name": p.LastName,
		ClaimRoles:    p.Roles,
		ClaimFlags:    p.Flags,
	}
	if p.Org != nil {
		claims[ClaimOrg] = *p.Org
	}
	if len(scopes) > 0 {
		claims["scope"] = strings.Join(scopes, " ")
	}
	return claims
}

// setUserinfo fills userinfo (and id_token claims) for the granted scopes:
//
//	profile      name, given_name, family_name, preferred_username, company, position, flags
//	email        email, email_verified
//	phone        phone_number (national digits as stored), phoneCountryCode
//	address      address (OpenID form of the shipping address)
//	roles        roles
//	organization org (only when the user belongs to one)
func setUserinfo(info *oidc.UserInfo, u identitycore.User, scopes []string) {
	p := u.Profile()
	info.Subject = p.Subject
	for _, scope := range scopes {
		switch scope {
		case oidc.ScopeProfile:
			info.Name = strings.TrimSpace(p.FirstName + " " + p.LastName)
			info.GivenName = p.FirstName
			info.FamilyName = p.LastName
			info.PreferredUsername = p.Email
			info.AppendClaims(ClaimCompany, p.Company)
			info.AppendClaims(ClaimPosition, p.Position)
			info.AppendClaims(ClaimFlags, p.Flags)
		case oidc.ScopeEmail:
			info.Email = p.Email
			info.EmailVerified = oidc.Bool(true)
		case oidc.ScopePhone:
			info.PhoneNumber = p.Phone
			info.AppendClaims(ClaimPhoneCountryCode, p.PhoneCountryCode)
		case oidc.ScopeAddress:
			if a := p.Address.Shipping; !a.IsZero() {
				info.Address = &oidc.UserInfoAddress{
					Formatted:     formatAddress(a),
					StreetAddress: strings.TrimSpace(a.Line1 + "\n" + a.Line2),
					Locality:      a.City,
					Region:        a.State,
					PostalCode:    a.PostalCode,
					Country:       a.Country,
				}
			}
		case ScopeRoles:
			info.AppendClaims(ClaimRoles, p.Roles)
		case ScopeOrganization:
			if p.Org != nil {
				info.AppendClaims(ClaimOrg, *p.Org)
			}
		}
	}
}

func formatAddress(a identitycore.Address) string {
	lines := []string{a.Line1, a.Line2, strings.TrimSpace(a.City + ", " + a.State + " " + a.PostalCode), a.Country}
	lines = slices.DeleteFunc(lines, func(s string) bool { return strings.Trim(s, " ,") == "" })
	return strings.Join(lines, "\n")
}
