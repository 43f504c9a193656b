// Package config reads a binary's typed configuration from the environment and keeps secrets out
// of logs. Each binary declares one struct with `env` tags; this package only loads and masks it.
package config

import (
	"fmt"
	"log/slog"

	"github.com/caarlos0/env/v11"
)

// Load fills a T from the environment, applying `envDefault` tags.
func Load[T any]() (T, error) {
	var cfg T
	if err := env.Parse(&cfg); err != nil {
		return cfg, fmt.Errorf("config: %w", err)
	}
	return cfg, nil
}

// Secret is a string that never prints itself: fmt, JSON and slog all see a mask. Use it for
// passwords, API keys and URLs that can carry credentials.
type Secret string

const mask = "*****"

// Reveal returns the value for the one place that needs it (a client constructor).
func (s Secret) Reveal() string { return string(s) }

func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return mask
}

// GoString keeps %#v from printing the value.
func (s Secret) GoString() string { return s.String() }

// LogValue keeps slog from printing the value.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText keeps encoders from printing the value.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
