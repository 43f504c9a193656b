package graph_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rma"
)

// downOrders is a parts-order list whose database refuses connections.
type downOrders struct{}

func (downOrders) Page(context.Context, rma.Viewer, parts.OrderSearch, parts.OrderSort, keyset.Request) (parts.OrderPage, error) {
	return parts.OrderPage{}, fmt.Errorf("partsdb: page: %w", syscall.ECONNREFUSED)
}

func (downOrders) Count(context.Context, rma.Viewer, parts.OrderSearch) (int, error) {
	return 0, fmt.Errorf("partsdb: count: %w", syscall.ECONNREFUSED)
}

func TestErrorPresenter_DatabaseOutageIsUnavailableWithThePublicMessage(t *testing.T) {
	h := graph.Handler(&graph.Resolver{PartsOrders: downOrders{}}, testkit.Quiet())
	_, errs := post[connectionOf[partsOrderNode]](t, h, &olivia, "partsOrderBatchConnection", partsOrdersQuery, map[string]any{"first": 2})
	require.NotEmpty(t, errs)
	for _, e := range errs {
		require.Equal(t, "UNAVAILABLE", e.Extensions.Code)
		require.Equal(t, "The service is temporarily unavailable. Please try again in a moment.", e.Message)
	}
}
