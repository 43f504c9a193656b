package money

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestDiscounted_RoundsTheDiscountHalfUpAndCapsItAtThePrice(t *testing.T) {
	tests := []struct {
		name    string
		cents   int64
		percent float64
		want    int64
	}{
		{"no discount", 28900, 0, 28900},
		{"ten percent of a round price", 28900, 10, 26010},
		{"ten percent of 289.99 rounds the 28.999 discount up", 28999, 10, 26099},
		{"fifteen percent of 99.99 (14.9985 off)", 9999, 15, 8499},
		{"a third, 33.33 %, of 289.00 (96.3237 off)", 28900, 33.33, 19268},
		{"33.33 % of a dollar", 100, 33.33, 67},
		{"33.33 % of 1.50 is exactly half a cent off the 49 cents: rounds up", 150, 33.33, 100},
		{"33.33 % of 99 cents", 99, 33.33, 66},
		{"ten percent of one cent rounds to nothing", 1, 10, 1},
		{"half of one cent rounds the discount up", 1, 50, 0},
		{"half of three cents", 3, 50, 1},
		{"12.5 % of 99 cents (12.375 off)", 99, 12.5, 87},
		{"a percentage with float noise (0.1+0.2)", 10000, 0.1 + 0.2, 9970},
		{"hundred percent", 28900, 100, 0},
		{"more than the price is capped at the price", 28900, 150, 0},
		{"just under a hundred percent", 28900, 99.999, 0},
		{"a zero price stays zero", 0, 10, 0},
		{"negative percent is no discount", 28900, -10, 28900},
		{"NaN percent is no discount", 28900, math.NaN(), 28900},
		{"infinite percent is no discount", 28900, math.Inf(1), 28900},
		{"a fraction of a millionth of a percent is no discount", 28900, 1e-9, 28900},
		{"large amounts stay exact (922337203685477580.7 off)", math.MaxInt64, 10, 8301034833169298226},
		{"a credit shrinks towards zero", -28999, 10, -26099},
		{"the most negative amount", math.MinInt64, 50, math.MinInt64 / 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := USD(tt.cents).Discounted(tt.percent)
			require.Equal(t, USD(tt.want), got)
		})
	}
}

func TestDiscounted_KeepsTheCurrency(t *testing.T) {
	eur, err := New(1000, "EUR")
	require.NoError(t, err)
	require.Equal(t, Money{Cents: 900, Currency: "EUR"}, eur.Discounted(10))
}

func TestString_DollarSignForUSDAndTheCodeOtherwise(t *testing.T) {
	tests := []struct {
		money Money
		want  string
	}{
		{USD(28900), "$289.00"},
		{USD(28999), "$289.99"},
		{USD(1), "$0.01"},
		{USD(99), "$0.99"},
		{USD(0), "$0.00"},
		{USD(-150), "-$1.50"},
		{USD(math.MinInt64), "-$92233720368547758.08"},
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
