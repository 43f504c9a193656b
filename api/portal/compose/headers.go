package compose

import (
	"fmt"
	"net"
	"net/netip"
	"strings"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/payments/paymentsapi"
)

// defaultPolicy is the Content-Security-Policy of every response that is not a page: API JSON,
// scripts, manifests, PDFs. A JSON answer or an uploaded file opened as a document can then run
// nothing, load nothing and be framed by no one. Pages replace it with their own: the host shell
// (webshell), the identity provider's sign-in page and the provider sandboxes' forms.
const defaultPolicy = "default-src 'none'; frame-ancestors 'none'"

// permissionsPolicy turns off the browser features the portal never uses, for its own pages and
// anything a page might frame. Photos are uploaded through a file input, not the camera; PayPal
// and Authorize.net are pages the browser goes to, not the Payment Request API; the only feature
// in use, clipboard-write (copying a driver's checksum), keeps its same-origin default. Only
// features Chromium knows are listed: it reports any other as a header error on every page
// (bluetooth is one; Web Bluetooth is not governed by this header there).
const permissionsPolicy = "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), " +
	"display-capture=(), encrypted-media=(), geolocation=(), gyroscope=(), hid=(), idle-detection=(), " +
	"magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), " +
	"screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()"

// hsts makes browsers use HTTPS for a year, subdomains included, once they saw it over HTTPS.
const hsts = "max-age=31536000; includeSubDomains"

// securityHeaders returns the middleware that sends the headers every response carries. It is
// built once at start: trustedProxies (PORTAL_TRUSTED_PROXIES, as gin's SetTrustedProxies takes
// them) are the only peers whose X-Forwarded-Proto says the browser used HTTPS.
func securityHeaders(trustedProxies []string) (gin.HandlerFunc, error) {
	proxies, err := parseProxies(trustedProxies)
	if err != nil {
		return nil, err
	}
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", defaultPolicy)
		// Agrees with frame-ancestors 'none' for browsers that only know this header. Nothing of
		// the portal is framed, not even by itself: silent renew uses the refresh token, not an
		// iframe, and Authorize.net's hosted form is a page the browser posts to, not a frame
		// that would need an iframe communicator here.
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", permissionsPolicy)
		if servedOverHTTPS(c, proxies) {
			h.Set("Strict-Transport-Security", hsts)
		}
		c.Next()
	}, nil
}

// servedOverHTTPS reports whether the browser reached the portal over HTTPS: TLS on this
// connection, or a trusted proxy that terminated TLS saying so. HSTS sent over plain HTTP is
// ignored by browsers, and believing anyone's X-Forwarded-Proto would let a client pin a
// plain-HTTP deployment's host to HTTPS for a year.
func servedOverHTTPS(c *gin.Context, proxies []netip.Prefix) bool {
	if c.Request.TLS != nil {
		return true
	}
	forwarded := c.Request.Header.Values("X-Forwarded-Proto")
	if len(forwarded) == 0 || !fromProxy(c.Request.RemoteAddr, proxies) {
		return false
	}
	// Each proxy may append what it saw; the last value is the trusted proxy's own.
	values := strings.Split(forwarded[len(forwarded)-1], ",")
	return strings.EqualFold(strings.TrimSpace(values[len(values)-1]), "https")
}

func fromProxy(remoteAddr string, proxies []netip.Prefix) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return false
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range proxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// parseProxies reads addresses and CIDRs, as gin's SetTrustedProxies does.
func parseProxies(entries []string) ([]netip.Prefix, error) {
	out := make([]netip.Prefix, 0, len(entries))
	for _, e := range entries {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		if strings.Contains(e, "/") {
			p, err := netip.ParsePrefix(e)
			if err != nil {
				return nil, fmt.Errorf("compose: PORTAL_TRUSTED_PROXIES: %w", err)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(e)
		if err != nil {
			return nil, fmt.Errorf("compose: PORTAL_TRUSTED_PROXIES: %w", err)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// authNetFormURL is where the browser posts Authorize.net's payment token: the configured form,
// or the sandbox's under the public URL (CardProviders mounts it there).
func authNetFormURL(cfg Config) string {
	if cfg.AuthNet.FormURL != "" {
		return cfg.AuthNet.FormURL
	}
	return cfg.PublicURL + paymentsapi.AuthNetSandboxPath
}
