// Package identitycore holds the identity capability's core types and sentinel errors.
//
// It is a leaf: identitydb (gorm) and identitylogin (HTML) depend on it, and package
// identity re-exports the types its callers need. Keeping the types here lets identity
// construct the gorm store without an import cycle.
package identitycore

import (
	"errors"
	"slices"
	"time"
)

// Sentinel errors. Callers compare with errors.Is.
var (
	// ErrUnknownUser: no user has this id or e-mail.
	ErrUnknownUser = errors.New("identity.unknownUser")
	// ErrInvalidCredentials: the e-mail or the password does not match.
	ErrInvalidCredentials = errors.New("identity.invalidCredentials")
	// ErrNotFound: an auth request, token or session does not exist, has expired or was used.
	ErrNotFound = errors.New("identity.notFound")
)

// ClientRolePrefix returns the prefix a role needs to count as a role of client.
func ClientRolePrefix(clientID string) string { return clientID + ":" }

// Address is a postal address as the portal's forms use it.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2"`
	City       string `json:"city"`
	State      string `json:"state"`
	Country    string `json:"country"`
	PostalCode string `json:"postalCode"`
}

// IsZero reports whether no field is set.
func (a Address) IsZero() bool { return a == Address{} }

// Addresses groups the user's stored addresses.
type Addresses struct {
	Shipping Address `json:"shipping"`
}

// Org is the organization a user belongs to.
type Org struct {
	Name string `json:"name"`
}

// RMAFlags are the RMA-related settings of a user.
type RMAFlags struct {
	FlatDiscountPercentage float64 `json:"flatDiscountPercentage"`
}

// Flags are per-user feature settings.
type Flags struct {
	RMA RMAFlags `json:"rma"`
}

// Profile is what GET /me renders and what the token claims are built from.
type Profile struct {
	Subject          string    `json:"sub"`
	Email            string    `json:"email"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	Company          string    `json:"company"`
	Position         string    `json:"position"`
	Phone            string    `json:"phone"`
	PhoneCountryCode string    `json:"phoneCountryCode"`
	Address          Addresses `json:"address"`
	Roles            []string  `json:"roles"`
	Org              *Org      `json:"org"`
	Flags            Flags     `json:"flags"`
}

// HasClientRole reports whether the profile holds at least one role of clientID.
func (p Profile) HasClientRole(clientID string) bool {
	prefix := ClientRolePrefix(clientID)
	return slices.ContainsFunc(p.Roles, func(r string) bool {
		return len(r) > len(prefix) && r[:len(prefix)] == prefix
	})
}

// User is an account of the development identity provider.
type User struct {
	ID           string
	Email        string // stored lower-case
	PasswordHash string // bcrypt
	FirstName    string
	LastName     string
	Company      string
	Position     string
	// Phone holds the national number digits, e.g. "5125550142"; PhoneCountryCode the ISO
	// country of the number, e.g. "US".
	Phone                  string
	PhoneCountryCode       string
	Shipping               Address
	OrgName                string // empty: no organization
	FlatDiscountPercentage float64
	Roles                  []string // full strings, client roles prefixed "<client>:"
}

// Profile converts a user to the profile callers see; it never carries the password hash.
func (u User) Profile() Profile {
	roles := slices.Clone(u.Roles)
	if roles == nil {
		roles = []string{}
	}
	p := Profile{
		Subject:          u.ID,
		Email:            u.Email,
		FirstName:        u.FirstName,
		LastName:         u.LastName,
		Company:          u.Company,
		Position:         u.Position,
		Phone:            u.Phone,
		PhoneCountryCode: u.PhoneCountryCode,
		Address:          Addresses{Shipping: u.Shipping},
		Roles:            roles,
		Flags:            Flags{RMA: RMAFlags{FlatDiscountPercentage: u.FlatDiscountPercentage}},
	}
	if u.OrgName != "" {
		p.Org = &Org{Name: u.OrgName}
	}
	return p
}

// AuthRequest is a pending OpenID authorization request, from /authorize until the code is
// exchanged.
type AuthRequest struct {
	ID                  string
	ClientID            string
	RedirectURI         string
	Scopes              []string
	State               string
	Nonce               string
	ResponseType        string
	ResponseMode        string
	CodeChallenge       string
	CodeChallengeMethod string
	Prompt              []string
	MaxAgeSeconds       *int64
	LoginHint           string
	// Set once the user has signed in.
	UserID   string
	AuthTime time.Time
	AMR      []string
	Done     bool

	CreatedAt    time.Time
	CodeIssuedAt time.Time // zero until a code exists
}

// AccessToken records an issued access token (the JWT itself is not stored).
type AccessToken struct {
	ID             string
	UserID         string
	ClientID       string
	Scopes         []string
	Audience       []string
	RefreshTokenID string
	ExpiresAt      time.Time
	CreatedAt      time.Time
}

// RefreshToken records an issued refresh token. Only a hash of its secret value is stored.
type RefreshToken struct {
	ID        string
	UserID    string
	ClientID  string
	Scopes    []string
	Audience  []string
	AMR       []string
	AuthTime  time.Time
	ExpiresAt time.Time
	CreatedAt time.Time
}

// Session is a browser sign-in at the provider (its cookie skips the login form).
type Session struct {
	UserID    string
	AuthTime  time.Time
	ExpiresAt time.Time
}

// StoredProfile is what the portal keeps of a user's contact and shipping address, saved from
// account settings. It is kept for every user, whichever provider signs them in, and wins over
// the provider's claims for these fields: the provider owns the e-mail, roles, organization and
// discount, the customer owns how they are reached and where their units ship from.
type StoredProfile struct {
	Subject          string
	FirstName        string
	LastName         string
	Company          string
	Position         string
	Phone            string
	PhoneCountryCode string
	Shipping         Address
	SavedAt          time.Time
}

// WithStored returns p with the stored fields in place of the provider's. The stored profile is
// saved from one form that sends every field, so an empty stored field (a second address line)
// is the customer's choice and wins too.
func (p Profile) WithStored(s StoredProfile) Profile {
	p.FirstName, p.LastName = s.FirstName, s.LastName
	p.Company, p.Position = s.Company, s.Position
	p.Phone, p.PhoneCountryCode = s.Phone, s.PhoneCountryCode
	p.Address.Shipping = s.Shipping
	return p
}
