package rma

import (
	"crypto/rand"
	"fmt"
)

// UIDLength is the length of an RMA's uid.
const UIDLength = 26

// uidAlphabet is Crockford's base32 in lower case: no i, l, o or u to misread in a link.
const uidAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// NewUID returns a fresh uid: 26 base32 characters, 130 bits from crypto/rand, so uids are
// unique without coordination and cannot be guessed from one another.
func NewUID() (string, error) {
	var raw [UIDLength]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("rma: uid: %w", err)
	}
	out := make([]byte, UIDLength)
	for i, b := range raw {
		// 256 is a multiple of 32, so the low five bits of a random byte are uniform.
		out[i] = uidAlphabet[b&31]
	}
	return string(out), nil
}
