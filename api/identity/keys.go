package identity

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/go-jose/go-jose/v4"

	"rugged.example/portal/api/pkg/keyfile"
)

const signingKeyBits = 2048

// signingKey is the provider's RS256 key. It implements op.SigningKey; public() the op.Key
// published at /keys.
type signingKey struct {
	id   string
	priv *rsa.PrivateKey
}

func (k *signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k *signingKey) Key() any                                    { return k.priv }
func (k *signingKey) ID() string                                  { return k.id }
func (k *signingKey) public() *rsa.PublicKey                      { return &k.priv.PublicKey }

type publicKey struct{ k *signingKey }

func (p publicKey) ID() string                         { return p.k.id }
func (p publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (p publicKey) Use() string                        { return "sig" }
func (p publicKey) Key() any                           { return p.k.public() }

// PrepareSigningKey reads or creates dataDir's signing key in the background and yields the
// outcome once: generating an RSA key for a new data directory takes a few hundred milliseconds,
// which a start can spend on its schema and demo data meanwhile. New then reads the key.
func PrepareSigningKey(dataDir string, logger *slog.Logger) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := loadOrCreateSigningKey(dataDir, logger)
		done <- err
	}()
	return done
}

// loadOrCreateSigningKey reads dataDir/idp-signing-key.pem, creating it (0600) when absent.
// Processes starting at the same time end up with the same key (keyfile).
func loadOrCreateSigningKey(dataDir string, logger *slog.Logger) (*signingKey, error) {
	path := filepath.Join(dataDir, SigningKeyFile)
	data, created, err := keyfile.ReadOrCreate(path, newSigningKeyPEM)
	if err != nil {
		return nil, fmt.Errorf("identity: signing key: %w", err)
	}
	if created {
		logger.Info("idp signing key created", slog.String("path", path))
	}
	priv, err := parseSigningKey(path, data)
	if err != nil {
		return nil, err
	}
	id, err := keyID(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	return &signingKey{id: id, priv: priv}, nil
}

func parseSigningKey(path string, data []byte) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("identity: %s holds no PEM block", path)
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("identity: %s: unexpected PEM type %q", path, block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("identity: parse %s: %w", path, err)
	}
	rsaKey, ok := key.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("identity: %s is not an RSA key", path)
	}
	return rsaKey, nil
}

// newSigningKeyPEM generates a signing key, PKCS #8 in PEM.
func newSigningKeyPEM() ([]byte, error) {
	priv, err := rsa.GenerateKey(rand.Reader, signingKeyBits)
	if err != nil {
		return nil, fmt.Errorf("identity: generate signing key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("identity: encode signing key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// keyID is the RFC 7638 thumbprint of the public key, so every process derives the same
// "kid" from the same key file.
func keyID(pub *rsa.PublicKey) (string, error) {
	jwk := jose.JSONWebKey{Key: pub}
	sum, err := jwk.Thumbprint(crypto.SHA256)
	if err != nil {
		return "", fmt.Errorf("identity: key id: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(sum), nil
}
