package identitythrottle

import (
	"crypto/sha256"
	"encoding/hex"
	"net/netip"
	"strings"
)

// Keys are stored hashed: the table then holds neither the e-mails people typed (sometimes a
// password typed into the wrong field) nor their addresses in the clear. A hash is no secret
// for a guessable value, so this only keeps them out of casual sight.

// accountKey is an e-mail's key, whether or not an account has it; the lookup of users ignores
// case and surrounding spaces, so the key does too.
func accountKey(email string) string {
	return "account:" + hash(strings.ToLower(strings.TrimSpace(email)))
}

// clientKey is a client address's key. An IPv6 client counts by its /64, the block one
// subscriber is given, or it could take a fresh address for every guess.
func clientKey(address string) string {
	address = strings.TrimSpace(address)
	if ip, err := netip.ParseAddr(address); err == nil {
		ip = ip.Unmap()
		if ip.Is6() {
			prefix, _ := ip.WithZone("").Prefix(64)
			address = prefix.String()
		} else {
			address = ip.String()
		}
	}
	return "client:" + hash(address)
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
