package identityoidc

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/nyaruka/phonenumbers"

	"rugged.example/portal/api/identity/identitycore"
	"rugged.example/portal/api/pkg/auth"
)

// ClaimPaths says where the portal's own claims are in a provider's tokens and userinfo: dot
// paths, as in OIDC_ROLES_CLAIM, OIDC_ORG_CLAIM and OIDC_DISCOUNT_CLAIM.
type ClaimPaths struct {
	Roles    string // e.g. "roles" or "resource_access.service-portal.roles"
	Org      string // e.g. "org.name"
	Discount string // e.g. "flags.rma.flatDiscountPercentage"
}

// profileFromClaims maps one set of claims (an access token's or userinfo's) to a profile. It
// never fails: a claim that is missing or of an unexpected type leaves its field empty.
func profileFromClaims(claims map[string]any, paths ClaimPaths) identitycore.Profile {
	p := identitycore.Profile{
		Email:            text(claims["email"]),
		FirstName:        text(claims["given_name"]),
		LastName:         text(claims["family_name"]),
		Company:          text(claims["company"]),
		Position:         text(claims["position"]),
		PhoneCountryCode: strings.ToUpper(text(claims["phoneCountryCode"])),
		Roles:            auth.RoleList(auth.ClaimAt(claims, paths.Roles)),
		Flags:            identitycore.Flags{RMA: identitycore.RMAFlags{FlatDiscountPercentage: DiscountPercent(auth.ClaimAt(claims, paths.Discount))}},
	}
	if p.FirstName == "" && p.LastName == "" {
		p.FirstName, p.LastName = splitName(text(claims["name"]))
	}
	p.Phone, p.PhoneCountryCode = phone(text(claims["phone_number"]), p.PhoneCountryCode)
	if address, ok := claims["address"].(map[string]any); ok {
		p.Address.Shipping = shippingAddress(address)
	}
	if org := text(auth.ClaimAt(claims, paths.Org)); org != "" {
		p.Org = &identitycore.Org{Name: org}
	}
	return p
}

// merge combines the access token's profile with userinfo's: userinfo wins wherever it says
// something (it is the provider's answer for this user now), roles are the union of both.
func merge(token, info identitycore.Profile) identitycore.Profile {
	pick := func(a, b string) string {
		if b != "" {
			return b
		}
		return a
	}
	out := identitycore.Profile{
		Subject:          token.Subject,
		Email:            pick(token.Email, info.Email),
		FirstName:        pick(token.FirstName, info.FirstName),
		LastName:         pick(token.LastName, info.LastName),
		Company:          pick(token.Company, info.Company),
		Position:         pick(token.Position, info.Position),
		Address:          token.Address,
		Roles:            union(token.Roles, info.Roles),
		Org:              token.Org,
		Flags:            token.Flags,
		Phone:            token.Phone,
		PhoneCountryCode: token.PhoneCountryCode,
	}
	// Phone and country code travel together: a number from one source with the other's
	// country would be a different number.
	if info.Phone != "" {
		out.Phone, out.PhoneCountryCode = info.Phone, info.PhoneCountryCode
	}
	// One address, never a mix of two.
	if !info.Address.Shipping.IsZero() {
		out.Address = info.Address
	}
	if info.Org != nil {
		out.Org = info.Org
	}
	if info.Flags.RMA.FlatDiscountPercentage != 0 {
		out.Flags = info.Flags
	}
	return out
}

func union(a, b []string) []string {
	out := make([]string, 0, len(a)+len(b))
	seen := map[string]bool{}
	for _, r := range append(append([]string{}, a...), b...) {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// text is a claim's string value, trimmed; anything but a string is no value.
func text(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

// splitName splits a full name at its first run of white space, as the portal's forms do:
// "Jane van Doe" is "Jane" and "van Doe".
func splitName(name string) (first, last string) {
	name = strings.TrimSpace(name)
	i := strings.IndexFunc(name, unicode.IsSpace)
	if i < 0 {
		return name, ""
	}
	return name[:i], strings.TrimSpace(name[i:])
}

// DiscountPercent reads a flat discount claim: a JSON number or a numeric string ("10",
// "12.5%"), kept within 0–100; anything else is no discount. The repair service reads the
// embedded provider's access-token claim with it too, so both readings agree.
func DiscountPercent(v any) float64 {
	var f float64
	switch n := v.(type) {
	case float64:
		f = n
	case json.Number:
		f, _ = n.Float64()
	case string:
		f, _ = strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(n), "%")), 64)
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return 0
	}
	return min(f, 100)
}

// phone turns the phone_number claim into what the portal stores: the national digits and the
// number's ISO country. OpenID providers send E.164 ("+1 512 555 0142"); a number without a
// country prefix keeps its digits and the country the provider named, if any.
func phone(raw, country string) (digits, region string) {
	if raw == "" {
		return "", country
	}
	if strings.HasPrefix(raw, "+") {
		if num, err := phonenumbers.Parse(raw, ""); err == nil {
			if r := phonenumbers.GetRegionCodeForNumber(num); r != "" && r != "ZZ" {
				return phonenumbers.GetNationalSignificantNumber(num), r
			}
		}
	}
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, raw), country
}

// shippingAddress maps an OpenID address claim (OpenID Connect Core §5.1.1). street_address
// may hold several lines separated by newlines: the first is line 1, the rest line 2.
func shippingAddress(a map[string]any) identitycore.Address {
	street := strings.ReplaceAll(text(a["street_address"]), "\r\n", "\n")
	var lines []string
	for l := range strings.SplitSeq(street, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	out := identitycore.Address{
		City:       text(a["locality"]),
		State:      text(a["region"]),
		PostalCode: text(a["postal_code"]),
		Country:    text(a["country"]),
	}
	// The portal's address forms use ISO country codes; a provider's two-letter code may come
	// in lower case. A country name is kept as sent.
	if len(out.Country) == 2 {
		out.Country = strings.ToUpper(out.Country)
	}
	if len(lines) > 0 {
		out.Line1 = lines[0]
		out.Line2 = strings.Join(lines[1:], ", ")
	}
	return out
}
