package identity

import (
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"
)

// The stored hash of the demo users is DemoPassword's, at the cost every other hash has.
func TestDemoPasswordHash_IsDemoPasswordAtTheDefaultCost(t *testing.T) {
	require.NoError(t, bcrypt.CompareHashAndPassword([]byte(demoPasswordHash), []byte(DemoPassword)))
	cost, err := bcrypt.Cost([]byte(demoPasswordHash))
	require.NoError(t, err)
	require.Equal(t, bcrypt.DefaultCost, cost)
}
