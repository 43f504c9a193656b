package parts_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/visibility"
)

// noOrders fails the test when the history reads it.
type noOrders struct{ t *testing.T }

func (s noOrders) OrdersPage(context.Context, visibility.Viewer, parts.OrderPageQuery) ([]parts.Order, error) {
	s.t.Fatal("an anonymous listing reached the store")
	return nil, nil
}

func (s noOrders) CountOrders(context.Context, visibility.Viewer, parts.OrderSearch) (int, error) {
	s.t.Fatal("an anonymous count reached the store")
	return 0, nil
}

func TestOrderHistory_RefusesAnAnonymousCallerAsUnauthenticated(t *testing.T) {
	h := parts.NewOrderHistory(noOrders{t})
	_, err := h.Page(t.Context(), visibility.Viewer{}, parts.OrderSearch{}, parts.OrderSort{}, keyset.Request{})
	require.ErrorIs(t, err, auth.ErrInvalidToken, "not signed in, rather than 'Order not found'")
	_, err = h.Count(t.Context(), visibility.Viewer{}, parts.OrderSearch{})
	require.ErrorIs(t, err, auth.ErrInvalidToken)
}
