package partsdb_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

// placedOrder is casey's card order of one battery, paid: PLACED with its confirmation.
func (e unpaidEnv) placedOrder(t *testing.T) parts.Order {
	t.Helper()
	p := e.placeByCard(t, casey)
	e.payments.Approve(p.Order.ID)
	o, err := e.orders.Process(t.Context(), casey, p.Order.ID, "token")
	require.NoError(t, err)
	require.Equal(t, parts.StatusPlaced, o.Status)
	return o
}

// shipper ships the env's orders on its store, outbox and clock.
func (e unpaidEnv) shipper() *parts.Shipper {
	return &parts.Shipper{Store: e.store, Mail: mail.NewOutbox(e.gdb), Tx: db.NewTransactor(e.gdb), Log: testkit.Quiet(), Now: e.clock.Now}
}

func TestIntegrationShip_MovesAPaidOrderWithItsTrackingAndEmail(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		o := e.placedOrder(t)

		shipped, err := e.shipper().Ship(t.Context(), parts.ShipRequest{ID: strings.ToLower(o.ID), Carrier: " UPS ", TrackingNumber: "1Z999AA10123456784", Actor: "usr_tariq"})
		require.NoError(t, err)
		require.Equal(t, parts.StatusShipped, shipped.Status)

		read, err := e.store.Order(t.Context(), o.ID)
		require.NoError(t, err)
		require.Equal(t, parts.StatusShipped, read.Status)
		require.NotNil(t, read.Shipment)
		require.Equal(t, "UPS", read.Shipment.Carrier)
		require.Equal(t, "1Z999AA10123456784", read.Shipment.TrackingNumber)
		require.Equal(t, "usr_tariq", read.Shipment.ShippedBy)
		require.WithinDuration(t, e.clock.Now(), read.Shipment.ShippedAt, time.Second)

		entries, err := mail.Recent(t.Context(), gdb, casey.Email, 1)
		require.NoError(t, err)
		require.Equal(t, "Your parts order "+o.ID+" has shipped", entries[0].Message.Subject)
		require.Contains(t, entries[0].Message.Text, "UPS, tracking number 1Z999AA10123456784")

		_, err = e.shipper().Ship(t.Context(), parts.ShipRequest{ID: o.ID, Carrier: "UPS", TrackingNumber: "1Z2", Actor: "usr_lena"})
		require.ErrorIs(t, err, parts.ErrShippedAlready)
		again, err := e.store.Order(t.Context(), o.ID)
		require.NoError(t, err)
		require.Equal(t, "1Z999AA10123456784", again.Shipment.TrackingNumber, "a second shipment changes nothing")
	})
}

func TestIntegrationShip_RefusesUnpaidAndCancelledOrders(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		unpaid := e.placeByCard(t, casey).Order
		_, err := e.shipper().Ship(t.Context(), parts.ShipRequest{ID: unpaid.ID, Carrier: " ", TrackingNumber: "1Z 1"})
		f, ok := fault.As(err)
		require.True(t, ok, "a validation fault, not %v", err)
		require.Equal(t, "Required", f.Fields["carrier"])
		require.Equal(t, parts.MsgBadTracking, f.Fields["trackingNumber"])

		req := parts.ShipRequest{ID: unpaid.ID, Carrier: "UPS", TrackingNumber: "1Z1", Actor: "usr_tariq"}
		_, err = e.shipper().Ship(t.Context(), req)
		require.ErrorIs(t, err, parts.ErrNotShippable)

		_, err = e.orders.Cancel(t.Context(), casey, unpaid.ID)
		require.NoError(t, err)
		_, err = e.shipper().Ship(t.Context(), req)
		require.ErrorIs(t, err, parts.ErrShipCancelled)

		_, err = e.shipper().Ship(t.Context(), parts.ShipRequest{ID: "PB-999998", Carrier: "UPS", TrackingNumber: "1Z1"})
		require.ErrorIs(t, err, parts.ErrOrderNotFound)

		read, err := e.store.Order(t.Context(), unpaid.ID)
		require.NoError(t, err)
		require.Equal(t, parts.StatusCancelled, read.Status)
		require.Nil(t, read.Shipment)
	})
}

func TestIntegrationShip_TwoConcurrentShipmentsMoveTheOrderOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		o := e.placedOrder(t)
		errs := make([]error, 2)
		var wg sync.WaitGroup
		for i, tracking := range []string{"1ZAAA", "1ZBBB"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.shipper().Ship(context.Background(), parts.ShipRequest{ID: o.ID, Carrier: "UPS", TrackingNumber: tracking, Actor: "usr_tariq"})
			}()
		}
		wg.Wait()
		var won int
		for _, err := range errs {
			if err == nil {
				won++
				continue
			}
			require.ErrorIs(t, err, parts.ErrShippedAlready)
		}
		require.Equal(t, 1, won, "one shipment moves the order")
		var n int64
		require.NoError(t, gdb.Table("parts_order_shipments").Where("order_id = ?", o.ID).Count(&n).Error)
		require.EqualValues(t, 1, n)
		shipped := 0
		for _, s := range e.subjects(t, casey.Email) {
			if strings.HasSuffix(s, "has shipped") {
				shipped++
			}
		}
		require.Equal(t, 1, shipped, "one e-mail")
	})
}

// The depot's list: every customer's paid orders, oldest first, paged by (created_at, id);
// unpaid, cancelled and shipped orders are not listed.
func TestIntegrationAwaitingShipment_ListsPaidOrdersOldestFirst(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		e := newUnpaidEnv(t, gdb)
		first := e.placedOrder(t)
		e.clock.Advance(time.Minute)
		e.placeByCard(t, casey) // awaits its payment
		e.clock.Advance(time.Minute)
		second := e.placedOrder(t)
		e.clock.Advance(time.Minute)
		shipped := e.placedOrder(t)
		_, err := e.shipper().Ship(t.Context(), parts.ShipRequest{ID: shipped.ID, Carrier: "UPS", TrackingNumber: "1Z1"})
		require.NoError(t, err)

		ids := func(os []parts.Order) []string {
			out := []string{}
			for _, o := range os {
				out = append(out, o.ID)
			}
			return out
		}
		all, err := e.shipper().AwaitingShipment(t.Context(), nil, 10)
		require.NoError(t, err)
		require.Equal(t, []string{first.ID, second.ID}, ids(all))
		require.NotEmpty(t, all[0].Lines)

		page, err := e.shipper().AwaitingShipment(t.Context(), nil, 1)
		require.NoError(t, err)
		require.Equal(t, []string{first.ID}, ids(page))
		rest, err := e.shipper().AwaitingShipment(t.Context(), &parts.ShipKey{CreatedAt: page[0].CreatedAt, ID: page[0].ID}, 10)
		require.NoError(t, err)
		require.Equal(t, []string{second.ID}, ids(rest))
	})
}
