package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"rugged.example/portal/api/pkg/fault"
)

// ErrProviderUnavailable answers requests while the issuer's discovery document cannot be read.
// It is a 503, not a 401: the caller's token may be fine, and a 401 would send browsers to a
// sign-in that cannot work either.
var ErrProviderUnavailable = fault.New(fault.KindUnavailable, "auth.providerUnavailable",
	"Sign-in is unavailable right now: the identity provider cannot be reached. Please try again in a few minutes.")

// ProviderMetadata is what the portal reads from an issuer's discovery document.
type ProviderMetadata struct {
	Issuer             string `json:"issuer"`
	JWKSURI            string `json:"jwks_uri"`
	UserinfoEndpoint   string `json:"userinfo_endpoint"`
	EndSessionEndpoint string `json:"end_session_endpoint"`
}

// Discovery backoff: the first retry comes soon (a provider that starts a moment after the
// portal), later ones less often so an absent provider is not hammered.
const (
	discoveryMinBackoff = 500 * time.Millisecond
	discoveryMaxBackoff = 15 * time.Second
	discoveryTimeout    = 5 * time.Second
)

// Discovery reads an issuer's discovery document on first use and remembers it. A failure is
// remembered for a short, growing backoff and then tried again, so a process that starts before
// its provider answers works as soon as the provider does.
type Discovery struct {
	issuer string
	client *http.Client
	now    func() time.Time

	mu       sync.Mutex
	meta     *ProviderMetadata
	err      error
	retryAt  time.Time
	backoff  time.Duration
	fetching chan struct{}
}

// NewDiscovery returns a Discovery of issuer; a nil client is http.DefaultClient.
func NewDiscovery(issuer string, client *http.Client) *Discovery {
	if client == nil {
		client = http.DefaultClient
	}
	return &Discovery{issuer: strings.TrimRight(issuer, "/"), client: client, now: time.Now}
}

// WithClock makes d read the time from now instead of time.Now, so a test moves a clock past a
// failure's backoff instead of waiting for it. Call it before d is used.
func (d *Discovery) WithClock(now func() time.Time) *Discovery {
	d.now = now
	return d
}

// Issuer is the issuer URL the discovery document must name.
func (d *Discovery) Issuer() string { return d.issuer }

// Client is the HTTP client used to reach the provider.
func (d *Discovery) Client() *http.Client { return d.client }

// Metadata returns the discovery document, fetching it when it is not known yet and the last
// failure's backoff has passed. Failures wrap ErrProviderUnavailable.
func (d *Discovery) Metadata(ctx context.Context) (ProviderMetadata, error) {
	for {
		d.mu.Lock()
		switch {
		case d.meta != nil:
			meta := *d.meta
			d.mu.Unlock()
			return meta, nil
		case d.fetching != nil:
			// Someone is asking the provider already: wait for their answer.
			wait := d.fetching
			d.mu.Unlock()
			select {
			case <-wait:
				continue
			case <-ctx.Done():
				return ProviderMetadata{}, fmt.Errorf("%w: %v", ErrProviderUnavailable, ctx.Err())
			}
		case d.err != nil && d.now().Before(d.retryAt):
			err := d.err
			d.mu.Unlock()
			return ProviderMetadata{}, err
		}
		done := make(chan struct{})
		d.fetching = done
		d.mu.Unlock()

		// One caller's cancelled request must not count as the provider's failure for everyone.
		fetchCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), discoveryTimeout)
		meta, err := d.fetch(fetchCtx)
		cancel()

		d.mu.Lock()
		d.fetching = nil
		close(done)
		if err == nil {
			d.meta, d.err, d.backoff = &meta, nil, 0
			d.mu.Unlock()
			return meta, nil
		}
		d.backoff = min(max(2*d.backoff, discoveryMinBackoff), discoveryMaxBackoff)
		d.err = fmt.Errorf("%w: discover %s: %v", ErrProviderUnavailable, d.issuer, err)
		d.retryAt = d.now().Add(d.backoff)
		err = d.err
		d.mu.Unlock()
		return ProviderMetadata{}, err
	}
}

func (d *Discovery) fetch(ctx context.Context) (ProviderMetadata, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.issuer+"/.well-known/openid-configuration", nil)
	if err != nil {
		return ProviderMetadata{}, err
	}
	req.Header.Set("Accept", "application/json")
	res, err := d.client.Do(req)
	if err != nil {
		return ProviderMetadata{}, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return ProviderMetadata{}, fmt.Errorf("status %s", res.Status)
	}
	var meta ProviderMetadata
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&meta); err != nil {
		return ProviderMetadata{}, fmt.Errorf("read document: %w", err)
	}
	// OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was asked for.
	if strings.TrimRight(meta.Issuer, "/") != d.issuer {
		return ProviderMetadata{}, fmt.Errorf("document names issuer %q", meta.Issuer)
	}
	if meta.JWKSURI == "" {
		return ProviderMetadata{}, errors.New("document has no jwks_uri")
	}
	return meta, nil
}

// DiscoveringVerifier verifies tokens of an issuer whose keys it finds through discovery on
// first use (go-oidc then fetches and rotates the keys themselves). Until discovery succeeds it
// answers ErrProviderUnavailable.
type DiscoveringVerifier struct {
	cfg       OIDCConfig
	discovery *Discovery

	mu       sync.Mutex
	verifier *OIDCVerifier
}

// NewDiscoveringVerifier returns a verifier of cfg's issuer; it contacts nobody until used.
func NewDiscoveringVerifier(cfg OIDCConfig, d *Discovery) *DiscoveringVerifier {
	return &DiscoveringVerifier{cfg: cfg, discovery: d}
}

// Verify implements Verifier.
func (v *DiscoveringVerifier) Verify(ctx context.Context, raw string) (Principal, error) {
	verifier, err := v.ready(ctx)
	if err != nil {
		return Principal{}, err
	}
	return verifier.Verify(ctx, raw)
}

func (v *DiscoveringVerifier) ready(ctx context.Context) (*OIDCVerifier, error) {
	v.mu.Lock()
	verifier := v.verifier
	v.mu.Unlock()
	if verifier != nil {
		return verifier, nil
	}
	meta, err := v.discovery.Metadata(ctx)
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.verifier == nil {
		// The key set lives as long as the process: it refreshes keys on unknown key ids.
		keysCtx := oidc.ClientContext(context.Background(), v.discovery.Client())
		v.verifier = NewOIDCVerifier(v.cfg, oidc.NewRemoteKeySet(keysCtx, meta.JWKSURI))
	}
	return v.verifier, nil
}
