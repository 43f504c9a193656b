package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/require"
)

type sample struct {
	Addr     string `env:"SAMPLE_ADDR" envDefault:"127.0.0.1:8080"`
	Password Secret `env:"SAMPLE_PASSWORD"`
}

func TestLoad_AppliesDefaultsAndReadsEnvironment(t *testing.T) {
	t.Setenv("SAMPLE_PASSWORD", "hunter2")
	cfg, err := Load[sample]()
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cfg.Addr)
	require.Equal(t, "hunter2", cfg.Password.Reveal())
}

func TestSecret_NeverPrintsItsValue(t *testing.T) {
	cfg := sample{Addr: "x", Password: "hunter2"}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("config", "cfg", cfg, "pw", cfg.Password)
	js, err := json.Marshal(cfg)
	require.NoError(t, err)
	for _, out := range []string{buf.String(), string(js), fmt.Sprintf("%v %+v %#v %s", cfg, cfg, cfg, cfg.Password)} {
		require.NotContains(t, out, "hunter2")
	}
}
