package freightcarrier_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/shipping/freightcarrier"
	"rugged.example/portal/api/shipping/shipping"
)

type counter struct {
	mu  sync.Mutex
	n   int64
	err error
}

func (c *counter) Next(context.Context) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	c.n++
	return c.n, nil
}

var austin = shipping.Address{Line1: "600 Congress Ave", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"}

func TestCreateShipment_NumbersShipmentsFromTheSequence(t *testing.T) {
	c := freightcarrier.New(&counter{}, "")
	for _, want := range []string{"RF00000000018", "RF00000000026", "RF00000000034"} {
		b, err := c.CreateShipment(t.Context(), shipping.Shipment{From: austin, RMANumber: "RMA-1"})
		require.NoError(t, err)
		require.Equal(t, shipping.Booking{Carrier: "Rugged Freight", TrackingNumber: want}, b)
		require.True(t, freightcarrier.Valid("RF", b.TrackingNumber))
	}
}

func TestCreateShipment_RefusesImpossibleShipperAddresses(t *testing.T) {
	tests := []struct {
		name string
		addr shipping.Address
		ok   bool
	}{
		{"US ZIP", austin, true},
		{"US ZIP+4", shipping.Address{PostalCode: "78701-1234", Country: "US"}, true},
		{"US letters", shipping.Address{PostalCode: "ABCDE", Country: "US"}, false},
		{"US short", shipping.Address{PostalCode: "7870", Country: "us"}, false},
		{"Canada", shipping.Address{PostalCode: "M5X 1A9", Country: "CA"}, true},
		{"Canada without space", shipping.Address{PostalCode: "m5x1a9", Country: "CA"}, true},
		{"Canada with a US ZIP", shipping.Address{PostalCode: "78701", Country: "CA"}, false},
		{"APO AE", shipping.Address{City: "APO", State: "AE", PostalCode: "09096", Country: "US"}, true},
		{"FPO AP", shipping.Address{City: "FPO", State: "AP", PostalCode: "96349-0001", Country: "US"}, true},
		{"APO with a civilian ZIP", shipping.Address{City: "APO", State: "AE", PostalCode: "78701", Country: "US"}, false},
		{"elsewhere: the carrier leaves it to customs", shipping.Address{PostalCode: "10115", Country: "DE"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq := &counter{}
			_, err := freightcarrier.New(seq, "RF").CreateShipment(t.Context(), shipping.Shipment{From: tt.addr})
			if tt.ok {
				require.NoError(t, err)
				return
			}
			require.ErrorIs(t, err, shipping.ErrShipperAddress)
			require.Zero(t, seq.n, "a refused shipment uses no tracking number")
		})
	}
}

func TestCreateShipment_SequenceFailureIsAnError(t *testing.T) {
	_, err := freightcarrier.New(&counter{err: errors.New("db down")}, "").CreateShipment(t.Context(), shipping.Shipment{From: austin})
	require.ErrorContains(t, err, "db down")
}

func TestTrackingNumber_FormatAndLimits(t *testing.T) {
	got, err := freightcarrier.TrackingNumber("RF", 7992739871)
	require.NoError(t, err)
	require.Equal(t, "RF79927398713", got, "the classic Luhn example: 7992739871 has check digit 3")
	_, err = freightcarrier.TrackingNumber("RF", 10_000_000_000)
	require.ErrorIs(t, err, freightcarrier.ErrExhausted)
	_, err = freightcarrier.TrackingNumber("RF", -1)
	require.ErrorIs(t, err, freightcarrier.ErrExhausted)
}

func TestValid_CatchesEverySingleDigitErrorAndAdjacentSwap(t *testing.T) {
	trk, err := freightcarrier.TrackingNumber("RF", 4_203_117_590)
	require.NoError(t, err)
	require.True(t, freightcarrier.Valid("RF", trk))
	b := []byte(trk)
	for i := 2; i < len(b); i++ {
		for d := byte('0'); d <= '9'; d++ {
			if d == trk[i] {
				continue
			}
			typo := append([]byte(nil), b...)
			typo[i] = d
			require.False(t, freightcarrier.Valid("RF", string(typo)), "typo %s", typo)
		}
	}
	for i := 2; i < len(b)-1; i++ {
		if b[i] == b[i+1] || (b[i] == '0' && b[i+1] == '9') || (b[i] == '9' && b[i+1] == '0') {
			continue // Luhn's one known blind spot is 09 <-> 90
		}
		swap := append([]byte(nil), b...)
		swap[i], swap[i+1] = swap[i+1], swap[i]
		require.False(t, freightcarrier.Valid("RF", string(swap)), "swap %s", swap)
	}
	for _, bad := range []string{"", "RF", "XX00000000018", "RF0000000001", "RF000000000180", "RF0000000001X"} {
		require.False(t, freightcarrier.Valid("RF", bad), bad)
	}
}
