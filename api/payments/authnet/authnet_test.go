package authnet_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/payments/authnet"
)

func validConfig() authnet.Config {
	return authnet.Config{
		APIURL: "https://apitest.authorize.net/xml/v1/request.api", FormURL: "https://test.authorize.net/payment/payment",
		LoginID: "login-id-secret", TransactionKey: "transaction-key-secret", SignatureKey: "signature-key-secret",
	}
}

func TestNew_RefusesIncompleteConfiguration(t *testing.T) {
	for name, edit := range map[string]func(*authnet.Config){
		"no API URL":         func(c *authnet.Config) { c.APIURL = "" },
		"relative API URL":   func(c *authnet.Config) { c.APIURL = "/xml/v1/request.api" },
		"ftp form URL":       func(c *authnet.Config) { c.FormURL = "ftp://test.authorize.net/payment/payment" },
		"no login id":        func(c *authnet.Config) { c.LoginID = "" },
		"no transaction key": func(c *authnet.Config) { c.TransactionKey = "" },
		"no signature key":   func(c *authnet.Config) { c.SignatureKey = "" },
	} {
		t.Run(name, func(t *testing.T) {
			cfg := validConfig()
			edit(&cfg)
			_, err := authnet.New(cfg, nil)
			require.ErrorIs(t, err, authnet.ErrConfig)
		})
	}
}

func TestNew_KeepsSecretsOutOfPrintouts(t *testing.T) {
	cfg := validConfig()
	c, err := authnet.New(cfg, nil)
	require.NoError(t, err)
	require.Equal(t, cfg.FormURL, c.FormURL())
	var logs bytes.Buffer
	slog.New(slog.NewTextHandler(&logs, nil)).Info("authnet", "client", c, "config", cfg)
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("authnet", "client", c, "config", cfg)
	for _, out := range []string{fmt.Sprintf("%v %+v %#v", cfg, cfg, cfg), fmt.Sprintf("%v %+v %#v %s", c, c, c, c), logs.String()} {
		for _, secret := range []string{"login-id-secret", "transaction-key-secret", "signature-key-secret"} {
			require.False(t, strings.Contains(out, secret), "%s printed", secret)
		}
	}
}
