package money

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDiscounted_Extremes holds what the rulebook's discount vectors cannot: JSON has no NaN or
// infinity, and a browser no amount beyond 2^53.
func TestDiscounted_Extremes(t *testing.T) {
	tests := []struct {
		name    string
		cents   int64
		percent float64
		want    int64
	}{
		{"NaN percent is no discount", 28900, math.NaN(), 28900},
		{"infinite percent is no discount", 28900, math.Inf(1), 28900},
		{"large amounts stay exact (922337203685477580.7 off)", math.MaxInt64, 10, 8301034833169298226},
		{"the most negative amount", math.MinInt64, 50, math.MinInt64 / 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := USD(tt.cents).Discounted(tt.percent)
			require.Equal(t, USD(tt.want), got)
		})
	}
}

// Amounts in US dollars that a browser holds are the rulebook's price-display vectors.
func TestString_DollarSignForUSDAndTheCodeOtherwise(t *testing.T) {
	tests := []struct {
		money Money
		want  string
	}{
		{USD(math.MinInt64), "-$92,233,720,368,547,758.08"},
		{Money{Cents: 28900, Currency: "EUR"}, "289.00 EUR"},
		{Money{Cents: 289, Currency: "JPY"}, "289 JPY"},
		{Money{Cents: 1500, Currency: "BHD"}, "1.500 BHD"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			require.Equal(t, tt.want, tt.money.String())
		})
	}
}

func TestGrouped_IsStringsDollarsWithoutTheSign(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 5: "0.05", 4550: "45.50", 150000: "1,500.00", 123456789: "1,234,567.89", -4550: "-45.50"} {
		require.Equal(t, want, USD(cents).Grouped(), "cents %d", cents)
	}
}

func TestNew_NormalisesTheCodeAndRefusesUnknownOnes(t *testing.T) {
	m, err := New(100, "usd")
	require.NoError(t, err)
	require.Equal(t, USD(100), m)
	for _, code := range []string{"", "US", "USDD", "ABC", "XXX", "$"} {
		_, err := New(100, code)
		require.ErrorIs(t, err, ErrCurrency, code)
	}
	require.NoError(t, USD(1).Validate())
	require.ErrorIs(t, Money{Cents: 1, Currency: "usd"}.Validate(), ErrCurrency)
	require.ErrorIs(t, Money{Cents: 1}.Validate(), ErrCurrency)
}

func TestParseDecimal_IsExactOrRefuses(t *testing.T) {
	tests := []struct {
		amount, code string
		want         Money
		err          error
	}{
		{"289.00", "USD", USD(28900), nil},
		{"289.5", "USD", USD(28950), nil},
		{"289", "USD", USD(28900), nil},
		{"0.01", "USD", USD(1), nil},
		{"-1.50", "USD", USD(-150), nil},
		{"289", "JPY", Money{Cents: 289, Currency: "JPY"}, nil},
		{"289.001", "USD", Money{}, ErrAmount},
		{"289.0", "JPY", Money{}, ErrAmount},
		{"289.", "USD", Money{}, ErrAmount},
		{".50", "USD", Money{}, ErrAmount},
		{"", "USD", Money{}, ErrAmount},
		{"1e3", "USD", Money{}, ErrAmount},
		{"+1.00", "USD", Money{}, ErrAmount},
		{"1,000.00", "USD", Money{}, ErrAmount},
		{"99999999999999999999.00", "USD", Money{}, ErrAmount},
		{"1.00", "ABC", Money{}, ErrCurrency},
	}
	for _, tt := range tests {
		t.Run(tt.amount+" "+tt.code, func(t *testing.T) {
			got, err := ParseDecimal(tt.amount, tt.code)
			if tt.err != nil {
				require.ErrorIs(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, got)
			require.Equal(t, got, mustParse(t, got.Decimal(), got.Currency), "Decimal and ParseDecimal round-trip")
		})
	}
}

func TestJSON_IsCentsAndCurrency(t *testing.T) {
	b, err := json.Marshal(USD(28900))
	require.NoError(t, err)
	require.JSONEq(t, `{"cents":28900,"currency":"USD"}`, string(b))

	var m Money
	require.NoError(t, json.Unmarshal([]byte(`{"cents":1,"currency":"EUR"}`), &m))
	require.Equal(t, Money{Cents: 1, Currency: "EUR"}, m)
}

func mustParse(t *testing.T, amount, code string) Money {
	t.Helper()
	m, err := ParseDecimal(amount, code)
	require.NoError(t, err)
	return m
}
