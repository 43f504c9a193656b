// Package secretbox seals the few secrets customers hand the portal (device passwords a
// technician needs) with AES-256-GCM, so they are never stored or logged in clear text.
package secretbox

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"

	"rugged.example/portal/api/pkg/keyfile"
)

// KeySize is the length of a key in bytes.
const KeySize = 32

// Box seals and opens strings with one key.
type Box struct {
	aead cipher.AEAD
	// derive keys Derive: an HMAC key of its own, so derived values reveal nothing of the
	// sealing key.
	derive []byte
}

// New returns a Box over a 32-byte key.
func New(key []byte) (*Box, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("secretbox: key must be %d bytes", KeySize)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("secretbox derive"))
	return &Box{aead: aead, derive: mac.Sum(nil)}, nil
}

// Derive returns 32 bytes that depend only on the key and purpose: every process holding the
// same key derives the same value (credentials of the embedded payment sandboxes), and no
// purpose's value tells anything about another's or about the key.
func (b *Box) Derive(purpose string) []byte {
	mac := hmac.New(sha256.New, b.derive)
	mac.Write([]byte(purpose))
	return mac.Sum(nil)
}

// FromBase64 decodes a key given in configuration.
func FromBase64(s string) (*Box, error) {
	key, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("secretbox: key is not base64: %w", err)
	}
	return New(key)
}

// FromKeyFile reads the key at path, creating a random one (mode 0600) the first time: the
// embedded default's way to have a stable key without configuration. Processes starting together
// on one data directory all get the same key (keyfile).
func FromKeyFile(path string) (*Box, error) {
	key, _, err := keyfile.ReadOrCreate(path, func() ([]byte, error) {
		key := make([]byte, KeySize)
		_, err := rand.Read(key)
		return key, err
	})
	if err != nil {
		return nil, err
	}
	return New(key)
}

// Seal encrypts plain; the empty string stays empty so optional fields cost nothing.
func (b *Box) Seal(plain string) (string, error) {
	if plain == "" {
		return "", nil
	}
	nonce := make([]byte, b.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.aead.Seal(nonce, nonce, []byte(plain), nil)), nil
}

// Open decrypts what Seal produced.
func (b *Box) Open(sealed string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < b.aead.NonceSize() {
		return "", errors.New("secretbox: malformed")
	}
	plain, err := b.aead.Open(nil, raw[:b.aead.NonceSize()], raw[b.aead.NonceSize():], nil)
	if err != nil {
		return "", errors.New("secretbox: cannot open")
	}
	return string(plain), nil
}
