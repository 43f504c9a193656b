package parts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partstest"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

var (
	ceilingContact = rma.Contact{FirstName: "Olivia", LastName: "Chen", Email: "olivia@fleetco.example", Phone: "2025550147", PhoneCountryCode: "US"}
	ceilingAddress = rma.Address{Line1: "100 Main St", City: "Austin", State: "TX", Country: "US", PostalCode: "78701"}
	// olivia may order parts, video parts, and pay by purchase order; she holds VT20000001.
	olivia = parts.Customer{Subject: "usr_olivia", Org: "FleetCo Utilities", Name: "Olivia Chen", Email: "olivia@fleetco.example",
		MayOrder: true, MayReadVideoSerials: true, MayPayByPO: true}
)

// TestPlace_TheTotalCeilingHoldsForEveryOrderPath places card, purchase-order and video orders
// on both sides of their ceiling: at the ceiling is accepted, a cent above is refused with the
// ceiling's message, and a refused order stores nothing.
func TestPlace_TheTotalCeilingHoldsForEveryOrderPath(t *testing.T) {
	card := parts.PlaceRequest{Method: parts.MethodPayPal}
	po := parts.PlaceRequest{Method: parts.MethodPO, CustomerPO: "PO-7781-1234", CustomerPOFileID: "po/olivia.pdf"}
	// 2 x RL14-BAT-STD is $258.00; one VX12-DOCK-1 for a unit olivia holds $149.00.
	twoBatteries := []parts.LineRequest{{PartNumber: "RL14-BAT-STD", Quantity: 2}}
	dock := []parts.LineRequest{{PartNumber: "VX12-DOCK-1", Quantity: 1, Model: "VX12", Serials: []string{"VT20000001"}}}
	const (
		above258 = "Order total must be at most $257.99. Please split the parts into smaller orders."
		above149 = "Order total must be at most $148.99. Please split the parts into smaller orders."
	)
	tests := []struct {
		name    string
		kind    parts.OrderKind
		lines   []parts.LineRequest
		pay     parts.PlaceRequest
		ceiling int64
		// refusal is the total's message, "" for an order placed.
		refusal string
	}{
		{"a card order at the ceiling is placed", parts.KindParts, twoBatteries, card, 25800, ""},
		{"a card order a cent above the ceiling is refused", parts.KindParts, twoBatteries, card, 25799, above258},
		{"a purchase order at the ceiling is placed", parts.KindParts, twoBatteries, po, 25800, ""},
		{"a purchase order above the ceiling is refused", parts.KindParts, twoBatteries, po, 25799, above258},
		{"a video order at the ceiling is placed", parts.KindVideo, dock, card, 14900, ""},
		{"a video order above the ceiling is refused", parts.KindVideo, dock, card, 14899, above149},
		{"a video order by purchase order above the ceiling is refused", parts.KindVideo, dock, po, 14899, above149},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := partstest.NewOrdersWith(t, parts.OrderSettings{PublicURL: "http://portal.test", MaxTotal: money.USD(tt.ceiling)})
			r := tt.pay
			r.Kind, r.Lines, r.Contact, r.Address = tt.kind, tt.lines, ceilingContact, ceilingAddress
			placed, err := e.Orders.Place(t.Context(), olivia, r)
			if tt.refusal == "" {
				require.NoError(t, err)
				require.Equal(t, tt.ceiling, placed.Order.Total.Cents)
				return
			}
			f, ok := fault.As(err)
			require.True(t, ok, "a validation fault, not %v", err)
			require.Equal(t, fault.KindInvalid, f.Kind)
			require.Equal(t, map[string]string{parts.FieldTotal: tt.refusal}, f.Fields)
			_, known := e.Payments.Quote("PB-100001")
			require.False(t, known, "no quote: nothing ordered, nothing charged")
		})
	}
}

// TestNewOrders_DefaultCeilingIs250000Dollars: an order of 999 RL14 screens ($488,511.00) is
// refused without any configuration, with the ceiling in the message.
func TestNewOrders_DefaultCeilingIs250000Dollars(t *testing.T) {
	e := partstest.NewOrders(t)
	_, err := e.Orders.Place(t.Context(), olivia, parts.PlaceRequest{
		Kind: parts.KindParts, Lines: []parts.LineRequest{{PartNumber: "RL14-SCR", Quantity: 999}},
		Contact: ceilingContact, Address: ceilingAddress, Method: parts.MethodPayPal,
	})
	f, ok := fault.As(err)
	require.True(t, ok, "a validation fault, not %v", err)
	require.Equal(t, "Order total must be at most $250,000.00. Please split the parts into smaller orders.", f.Fields[parts.FieldTotal])
}

func TestTotalCeiling_ReadsDollarsAndRefusesWhatCannotBound(t *testing.T) {
	tests := []struct {
		in    string
		cents int64
		bad   bool
	}{
		{in: "250000.00", cents: 25_000_000},
		{in: " 1000 ", cents: 100_000},
		{in: "90071992547409.91", cents: money.MaxSafeCents},
		{in: "90071992547409.92", bad: true},
		{in: "0", bad: true},
		{in: "-5.00", bad: true},
		{in: "ten", bad: true},
		{in: "", bad: true},
		{in: "1.001", bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var c parts.TotalCeiling
			err := c.UnmarshalText([]byte(tt.in))
			if tt.bad {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, money.USD(tt.cents), c.Money)
		})
	}
}
