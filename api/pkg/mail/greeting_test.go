package mail

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGreeting_NamesTheContactOrTheCustomer(t *testing.T) {
	require.Equal(t, "Hello Casey,\n\n", Greeting(" Casey "))
	require.Equal(t, "Hello customer,\n\n", Greeting(""))
	require.Equal(t, "Hello customer,\n\n", Greeting(" \t"))
}
