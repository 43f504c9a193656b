package identitydb

import (
	"strings"
	"time"

	"rugged.example/portal/api/identity/identitycore"
)

func joinList(list []string) string { return strings.Join(list, " ") }

func splitList(s string) []string {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return nil
	}
	return fields
}

// utc normalises times so that both drivers store and compare them the same way.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

func utcPtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := utc(t)
	return &u
}

func fromPtr(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func toDBUser(u identitycore.User) userRow {
	return userRow{
		ID:                     u.ID,
		Email:                  strings.ToLower(strings.TrimSpace(u.Email)),
		PasswordHash:           u.PasswordHash,
		FirstName:              u.FirstName,
		LastName:               u.LastName,
		Company:                u.Company,
		Position:               u.Position,
		Phone:                  u.Phone,
		PhoneCountryCode:       u.PhoneCountryCode,
		ShipLine1:              u.Shipping.Line1,
		ShipLine2:              u.Shipping.Line2,
		ShipCity:               u.Shipping.City,
		ShipState:              u.Shipping.State,
		ShipCountry:            u.Shipping.Country,
		ShipPostalCode:         u.Shipping.PostalCode,
		OrgName:                u.OrgName,
		FlatDiscountPercentage: u.FlatDiscountPercentage,
	}
}

func toCoreUser(r userRow, roles []userRoleRow) identitycore.User {
	names := make([]string, 0, len(roles))
	for _, role := range roles {
		names = append(names, role.Role)
	}
	return identitycore.User{
		ID:               r.ID,
		Email:            r.Email,
		PasswordHash:     r.PasswordHash,
		FirstName:        r.FirstName,
		LastName:         r.LastName,
		Company:          r.Company,
		Position:         r.Position,
		Phone:            r.Phone,
		PhoneCountryCode: r.PhoneCountryCode,
		Shipping: identitycore.Address{
			Line1:      r.ShipLine1,
			Line2:      r.ShipLine2,
			City:       r.ShipCity,
			State:      r.ShipState,
			Country:    r.ShipCountry,
			PostalCode: r.ShipPostalCode,
		},
		OrgName:                r.OrgName,
		FlatDiscountPercentage: r.FlatDiscountPercentage,
		Roles:                  names,
	}
}

func toDBAuthRequest(a identitycore.AuthRequest) authRequestRow {
	return authRequestRow{
		ID:                  a.ID,
		ClientID:            a.ClientID,
		RedirectURI:         a.RedirectURI,
		Scopes:              joinList(a.Scopes),
		State:               a.State,
		Nonce:               a.Nonce,
		ResponseType:        a.ResponseType,
		ResponseMode:        a.ResponseMode,
		CodeChallenge:       a.CodeChallenge,
		CodeChallengeMethod: a.CodeChallengeMethod,
		Prompt:              joinList(a.Prompt),
		MaxAgeSeconds:       a.MaxAgeSeconds,
		LoginHint:           a.LoginHint,
		UserID:              a.UserID,
		AuthTime:            utcPtr(a.AuthTime),
		AMR:                 joinList(a.AMR),
		Done:                a.Done,
		CreatedAt:           utc(a.CreatedAt),
	}
}

func toCoreAuthRequest(r authRequestRow) identitycore.AuthRequest {
	return identitycore.AuthRequest{
		ID:                  r.ID,
		ClientID:            r.ClientID,
		RedirectURI:         r.RedirectURI,
		Scopes:              splitList(r.Scopes),
		State:               r.State,
		Nonce:               r.Nonce,
		ResponseType:        r.ResponseType,
		ResponseMode:        r.ResponseMode,
		CodeChallenge:       r.CodeChallenge,
		CodeChallengeMethod: r.CodeChallengeMethod,
		Prompt:              splitList(r.Prompt),
		MaxAgeSeconds:       r.MaxAgeSeconds,
		LoginHint:           r.LoginHint,
		UserID:              r.UserID,
		AuthTime:            fromPtr(r.AuthTime),
		AMR:                 splitList(r.AMR),
		Done:                r.Done,
		CreatedAt:           r.CreatedAt.UTC(),
		CodeIssuedAt:        fromPtr(r.CodeIssuedAt),
	}
}

func toDBAccessToken(t identitycore.AccessToken) accessTokenRow {
	return accessTokenRow{
		ID:             t.ID,
		UserID:         t.UserID,
		ClientID:       t.ClientID,
		Scopes:         joinList(t.Scopes),
		Audience:       joinList(t.Audience),
		RefreshTokenID: t.RefreshTokenID,
		ExpiresAt:      utc(t.ExpiresAt),
		CreatedAt:      utc(t.CreatedAt),
	}
}

func toCoreAccessToken(r accessTokenRow) identitycore.AccessToken {
	return identitycore.AccessToken{
		ID:             r.ID,
		UserID:         r.UserID,
		ClientID:       r.ClientID,
		Scopes:         splitList(r.Scopes),
		Audience:       splitList(r.Audience),
		RefreshTokenID: r.RefreshTokenID,
		ExpiresAt:      r.ExpiresAt.UTC(),
		CreatedAt:      r.CreatedAt.UTC(),
	}
}

func toDBRefreshToken(t identitycore.RefreshToken, tokenHash string) refreshTokenRow {
	return refreshTokenRow{
		ID:        t.ID,
		TokenHash: tokenHash,
		UserID:    t.UserID,
		ClientID:  t.ClientID,
		Scopes:    joinList(t.Scopes),
		Audience:  joinList(t.Audience),
		AMR:       joinList(t.AMR),
		AuthTime:  utc(t.AuthTime),
		ExpiresAt: utc(t.ExpiresAt),
		CreatedAt: utc(t.CreatedAt),
	}
}

func toCoreRefreshToken(r refreshTokenRow) identitycore.RefreshToken {
	return identitycore.RefreshToken{
		ID:        r.ID,
		UserID:    r.UserID,
		ClientID:  r.ClientID,
		Scopes:    splitList(r.Scopes),
		Audience:  splitList(r.Audience),
		AMR:       splitList(r.AMR),
		AuthTime:  r.AuthTime.UTC(),
		ExpiresAt: r.ExpiresAt.UTC(),
		CreatedAt: r.CreatedAt.UTC(),
	}
}

func toDBSession(s identitycore.Session, tokenHash string, now time.Time) sessionRow {
	return sessionRow{
		TokenHash: tokenHash,
		UserID:    s.UserID,
		AuthTime:  utc(s.AuthTime),
		ExpiresAt: utc(s.ExpiresAt),
		CreatedAt: utc(now),
	}
}

func toCoreSession(r sessionRow) identitycore.Session {
	return identitycore.Session{
		UserID:    r.UserID,
		AuthTime:  r.AuthTime.UTC(),
		ExpiresAt: r.ExpiresAt.UTC(),
	}
}
