package identitydb

import "time"

// All tables of the identity capability carry the prefix idp_. Lists of strings (scopes,
// audience, prompt, amr) are stored space-separated, the way OAuth writes scopes.

type userRow struct {
	ID                     string  `gorm:"primaryKey;size:64"`
	Email                  string  `gorm:"size:254;not null;uniqueIndex"`
	PasswordHash           string  `gorm:"size:100;not null"`
	FirstName              string  `gorm:"size:100;not null;default:''"`
	LastName               string  `gorm:"size:100;not null;default:''"`
	Company                string  `gorm:"size:100;not null;default:''"`
	Position               string  `gorm:"size:100;not null;default:''"`
	Phone                  string  `gorm:"size:32;not null;default:''"`
	PhoneCountryCode       string  `gorm:"size:2;not null;default:''"`
	ShipLine1              string  `gorm:"size:100;not null;default:''"`
	ShipLine2              string  `gorm:"size:100;not null;default:''"`
	ShipCity               string  `gorm:"size:100;not null;default:''"`
	ShipState              string  `gorm:"size:100;not null;default:''"`
	ShipCountry            string  `gorm:"size:2;not null;default:''"`
	ShipPostalCode         string  `gorm:"size:20;not null;default:''"`
	OrgName                string  `gorm:"size:200;not null;default:''"`
	FlatDiscountPercentage float64 `gorm:"not null;default:0"`
	CreatedAt              time.Time
	UpdatedAt              time.Time
}

func (userRow) TableName() string { return "idp_users" }

type userRoleRow struct {
	UserID string `gorm:"primaryKey;size:64"`
	Role   string `gorm:"primaryKey;size:200"`
}

func (userRoleRow) TableName() string { return "idp_user_roles" }

type authRequestRow struct {
	ID                  string `gorm:"primaryKey;size:64"`
	ClientID            string `gorm:"size:100;not null"`
	RedirectURI         string `gorm:"size:2048;not null"`
	Scopes              string `gorm:"type:text;not null"`
	State               string `gorm:"type:text;not null;default:''"`
	Nonce               string `gorm:"type:text;not null;default:''"`
	ResponseType        string `gorm:"size:50;not null"`
	ResponseMode        string `gorm:"size:50;not null;default:''"`
	CodeChallenge       string `gorm:"size:200;not null;default:''"`
	CodeChallengeMethod string `gorm:"size:10;not null;default:''"`
	Prompt              string `gorm:"size:100;not null;default:''"`
	MaxAgeSeconds       *int64
	LoginHint           string `gorm:"size:254;not null;default:''"`
	UserID              string `gorm:"size:64;not null;default:''"`
	AuthTime            *time.Time
	AMR                 string  `gorm:"size:100;not null;default:''"`
	Done                bool    `gorm:"not null;default:false"`
	CodeHash            *string `gorm:"size:64;uniqueIndex"`
	CodeIssuedAt        *time.Time
	CreatedAt           time.Time `gorm:"not null;index"`
}

func (authRequestRow) TableName() string { return "idp_auth_requests" }

type accessTokenRow struct {
	ID             string    `gorm:"primaryKey;size:64"`
	UserID         string    `gorm:"size:64;not null;index:idx_idp_access_tokens_user_client,priority:1"`
	ClientID       string    `gorm:"size:100;not null;index:idx_idp_access_tokens_user_client,priority:2"`
	Scopes         string    `gorm:"type:text;not null"`
	Audience       string    `gorm:"type:text;not null"`
	RefreshTokenID string    `gorm:"size:64;not null;default:''"`
	ExpiresAt      time.Time `gorm:"not null;index"`
	CreatedAt      time.Time `gorm:"not null"`
}

func (accessTokenRow) TableName() string { return "idp_access_tokens" }

type refreshTokenRow struct {
	ID        string    `gorm:"primaryKey;size:64"`
	TokenHash string    `gorm:"size:64;not null;uniqueIndex"`
	UserID    string    `gorm:"size:64;not null;index:idx_idp_refresh_tokens_user_client,priority:1"`
	ClientID  string    `gorm:"size:100;not null;index:idx_idp_refresh_tokens_user_client,priority:2"`
	Scopes    string    `gorm:"type:text;not null"`
	Audience  string    `gorm:"type:text;not null"`
	AMR       string    `gorm:"size:100;not null;default:''"`
	AuthTime  time.Time `gorm:"not null"`
	ExpiresAt time.Time `gorm:"not null;index"`
	CreatedAt time.Time `gorm:"not null"`
}

func (refreshTokenRow) TableName() string { return "idp_refresh_tokens" }

type sessionRow struct {
	TokenHash string    `gorm:"primaryKey;size:64"`
	UserID    string    `gorm:"size:64;not null;index"`
	AuthTime  time.Time `gorm:"not null"`
	ExpiresAt time.Time `gorm:"not null;index"`
	CreatedAt time.Time `gorm:"not null"`
}

func (sessionRow) TableName() string { return "idp_sessions" }
