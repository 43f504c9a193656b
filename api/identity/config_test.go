package identity_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/identity"
	"rugged.example/portal/api/pkg/testkit"
)

func TestNew_RejectsIncompleteConfig(t *testing.T) {
	db := testkit.SQLite(t)
	valid := func() identity.Config {
		return identity.Config{Issuer: "http://127.0.0.1:8080/idp", ClientID: "service-portal",
			RedirectOrigins: []string{"http://127.0.0.1:8080"}, DataDir: t.TempDir(), DB: db}
	}
	tests := []struct {
		name   string
		change func(*identity.Config)
	}{
		{"no database", func(c *identity.Config) { c.DB = nil }},
		{"no data dir", func(c *identity.Config) { c.DataDir = "" }},
		{"no issuer", func(c *identity.Config) { c.Issuer = "" }},
		{"issuer without scheme", func(c *identity.Config) { c.Issuer = "127.0.0.1:8080/idp" }},
		{"issuer with query", func(c *identity.Config) { c.Issuer = "http://127.0.0.1:8080/idp?x=1" }},
		{"no redirect origin", func(c *identity.Config) { c.RedirectOrigins = nil }},
		{"redirect origin with path", func(c *identity.Config) { c.RedirectOrigins = []string{"http://127.0.0.1:8080/app"} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := valid()
			tc.change(&cfg)
			_, err := identity.New(context.Background(), cfg)
			require.ErrorIs(t, err, identity.ErrInvalidConfig)
		})
	}
	t.Run("valid config", func(t *testing.T) {
		p, err := identity.New(context.Background(), valid())
		require.NoError(t, err)
		require.Equal(t, "http://127.0.0.1:8080/idp", p.Issuer())
		require.Equal(t, "service-portal", p.ClientID())
	})
}
