package authnet

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/money"
)

func TestFormatAmount_WritesCentsAsTwoDecimalDollars(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   money.Money
		want string
	}{
		{"one cent", money.USD(1), "0.01"},
		{"ten cents", money.USD(10), "0.10"},
		{"one dollar", money.USD(100), "1.00"},
		{"odd cents", money.USD(28901), "289.01"},
		{"a repair", money.USD(28900), "289.00"},
		{"large", money.USD(123456789012), "1234567890.12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FormatAmount(tc.in)
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}

func TestFormatAmount_RefusesWhatNobodyShouldPay(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   money.Money
	}{
		{"zero", money.USD(0)},
		{"negative", money.USD(-100)},
		{"another currency", money.Money{Cents: 100, Currency: "EUR"}},
		{"lower-case code", money.Money{Cents: 100, Currency: "usd"}},
		{"no currency", money.Money{Cents: 100}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FormatAmount(tc.in)
			require.ErrorIs(t, err, ErrAmount)
		})
	}
}

func TestAmount_DecodesNumbersAndStringsExactly(t *testing.T) {
	for _, tc := range []struct {
		json  string
		cents int64
	}{
		{`289.00`, 28900},
		{`"289.00"`, 28900},
		{`289.5`, 28950},
		{`289`, 28900},
		{`0.10`, 10},
		{`0.00`, 0},
		{`"0.07"`, 7},
	} {
		t.Run(tc.json, func(t *testing.T) {
			var a amount
			require.NoError(t, json.Unmarshal([]byte(tc.json), &a))
			require.Equal(t, money.USD(tc.cents), money.Money(a))
		})
	}
}

func TestAmount_RefusesWhatIsNotAnExactAmount(t *testing.T) {
	for _, in := range []string{`289.001`, `"289.001"`, `"abc"`, `""`, `2.89e2`, `true`, `"12."`} {
		t.Run(in, func(t *testing.T) {
			var a amount
			require.Error(t, json.Unmarshal([]byte(in), &a))
		})
	}
}
