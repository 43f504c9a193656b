// Package compose is the composition root of the all-in-one binary: it reads the configuration,
// opens the database and cache, and mounts every domain, the identity provider and the web shell
// on one Gin engine.
package compose

import (
	"strings"

	"rugged.example/portal/api/pkg/config"
)

// Config is the portal binary's whole configuration; README.md documents each variable.
type Config struct {
	Addr string `env:"PORTAL_ADDR" envDefault:"127.0.0.1:8080"`
	// PublicURL is where browsers reach the portal; it defaults to http://PORTAL_ADDR.
	PublicURL string `env:"PORTAL_PUBLIC_URL"`
	DataDir   string `env:"PORTAL_DATA_DIR" envDefault:"./var"`
	// WebDir holds host/dist and apps/<remote>/dist.
	WebDir string `env:"PORTAL_WEB_DIR" envDefault:"."`
	// RemoteURLs overrides a remote's manifest URL: "repair=https://cdn.example/repair/mf-manifest.json,…".
	RemoteURLs map[string]string `env:"PORTAL_REMOTE_URLS" envSeparator:"," envKeyValSeparator:"="`
	LogLevel   string            `env:"LOG_LEVEL" envDefault:"info"`

	DatabaseURL    config.Secret `env:"DATABASE_URL"`
	RedisURL       config.Secret `env:"REDIS_URL"`
	RedisKeyPrefix string        `env:"REDIS_KEY_PREFIX" envDefault:"portal:"`

	// OIDCIssuer selects an external provider; empty runs the embedded one under /idp.
	OIDCIssuer     string `env:"OIDC_ISSUER"`
	OIDCClientID   string `env:"OIDC_CLIENT_ID" envDefault:"service-portal"`
	OIDCAudience   string `env:"OIDC_AUDIENCE"`
	OIDCRolesClaim string `env:"OIDC_ROLES_CLAIM" envDefault:"roles"`
	OIDCScope      string `env:"OIDC_SCOPE" envDefault:"openid profile email roles address phone organization offline_access"`
}

// LoadConfig reads the environment and fills the derived defaults.
func LoadConfig() (Config, error) {
	cfg, err := config.Load[Config]()
	if err != nil {
		return cfg, err
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = "http://" + cfg.Addr
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	if cfg.OIDCAudience == "" {
		cfg.OIDCAudience = cfg.OIDCClientID
	}
	return cfg, nil
}

// EmbeddedIdentity reports whether the portal runs its own development provider.
func (c Config) EmbeddedIdentity() bool { return c.OIDCIssuer == "" }

// Issuer is the issuer URL tokens must carry.
func (c Config) Issuer() string {
	if c.EmbeddedIdentity() {
		return c.PublicURL + "/idp"
	}
	return c.OIDCIssuer
}
