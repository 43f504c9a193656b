package graph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/keyset"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/portal/graph"
	"rugged.example/portal/api/rma/rma"
)

// oneOrder lists one order of olivia's, whatever is asked.
type oneOrder struct{ order parts.Order }

func (o oneOrder) Page(context.Context, rma.Viewer, parts.OrderSearch, parts.OrderSort, keyset.Request) (parts.OrderPage, error) {
	return parts.OrderPage{Items: []parts.Order{o.order}, Cursors: []string{"c1"}}, nil
}

func (oneOrder) Count(context.Context, rma.Viewer, parts.OrderSearch) (int, error) { return 1, nil }

// TestMoney_CentsHoldEveryAmountABrowserReadsExactly: an order's total, line total and unit
// price past GraphQL's 32-bit Int (the 100 lines x 999, $23,967,009.00) come out as the
// exact JSON number; one a JavaScript number would round is refused on its field, never sent
// as a wrong number.
func TestMoney_CentsHoldEveryAmountABrowserReadsExactly(t *testing.T) {
	tests := []struct {
		name  string
		cents int64
		// refused is set when the amount is beyond the scalar's range.
		refused bool
	}{
		{name: "a total past GraphQL's Int", cents: 2_396_700_900},
		{name: "the largest safe integer", cents: money.MaxSafeCents},
		{name: "one past it is refused", cents: money.MaxSafeCents + 1, refused: true},
	}
	const query = `{ partsOrderBatchConnection(first: 1) { edges { node { total { cents currency } lines { unitPrice { cents } lineTotal { cents } } } } } }`
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			amount := money.USD(tt.cents)
			h := graph.Handler(&graph.Resolver{PartsOrders: oneOrder{parts.Order{
				ID: "PB-100001", Kind: parts.KindParts, Owner: olivia.Subject, Status: parts.StatusPlaced, Total: amount,
				Lines:     []parts.OrderLine{{PartNumber: "RL14-SCR", Quantity: 1, UnitPrice: amount, LineTotal: amount}},
				CreatedAt: time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC),
			}}}, testkit.Quiet())
			body, err := json.Marshal(map[string]string{"query": query})
			require.NoError(t, err)
			r := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(string(body)))
			r.Header.Set("Content-Type", "application/json")
			r = r.WithContext(auth.WithPrincipal(r.Context(), olivia))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			require.Equal(t, http.StatusOK, w.Code, w.Body.String())

			var answer struct {
				Data struct {
					PartsOrderBatchConnection struct {
						Edges []struct {
							Node struct {
								Total struct {
									Cents    json.Number
									Currency string
								}
								Lines []struct{ UnitPrice, LineTotal struct{ Cents json.Number } }
							}
						}
					}
				}
				Errors []gqlError
			}
			dec := json.NewDecoder(strings.NewReader(w.Body.String()))
			dec.UseNumber()
			require.NoError(t, dec.Decode(&answer))
			if tt.refused {
				require.NotEmpty(t, answer.Errors, w.Body.String())
				require.Equal(t, "INTERNAL_SERVER_ERROR", answer.Errors[0].Extensions.Code)
				require.NotContains(t, w.Body.String(), strconv.FormatInt(tt.cents, 10), "no wrong number either")
				return
			}
			require.Empty(t, answer.Errors)
			node := answer.Data.PartsOrderBatchConnection.Edges[0].Node
			want := json.Number(strconv.FormatInt(tt.cents, 10))
			require.Equal(t, want, node.Total.Cents)
			require.Equal(t, "USD", node.Total.Currency)
			require.Equal(t, want, node.Lines[0].UnitPrice.Cents)
			require.Equal(t, want, node.Lines[0].LineTotal.Cents)
		})
	}
}
