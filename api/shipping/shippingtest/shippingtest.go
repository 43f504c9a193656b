// Package shippingtest offers fakes for the tests of modules that use the shipping capability: an
// in-memory Store, a Carrier that numbers shipments TEST000001… (or fails on demand), and
// NewService, a real shipping.Service on those fakes and an in-memory bucket, so a caller's test
// gets real PDFs without a database.
package shippingtest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"gocloud.dev/blob"
	"gocloud.dev/blob/memblob"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/shipping/shipping"
)

// Store is a map-backed shipping.Store. It ignores transactions: a test that needs rollback
// behaviour uses shippingdb on testkit's databases.
type Store struct {
	mu   sync.Mutex
	docs map[string]shipping.Document
}

// NewStore returns an empty store.
func NewStore() *Store { return &Store{docs: map[string]shipping.Document{}} }

// CreateDocuments implements shipping.Store.
func (s *Store) CreateDocuments(_ context.Context, docs []shipping.Document) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range docs {
		if _, dup := s.docs[d.ID]; dup {
			return fmt.Errorf("shippingtest: duplicate document id %s", d.ID)
		}
	}
	for _, d := range docs {
		s.docs[d.ID] = d
	}
	return nil
}

// Document implements shipping.Store.
func (s *Store) Document(_ context.Context, id string) (shipping.Document, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[id]
	if !ok {
		return shipping.Document{}, shipping.ErrDocumentNotFound
	}
	return d, nil
}

// ExistingDocuments implements shipping.Store.
func (s *Store) ExistingDocuments(_ context.Context, ids []string) (map[string]bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]bool{}
	for _, id := range ids {
		if _, ok := s.docs[id]; ok {
			out[id] = true
		}
	}
	return out, nil
}

// Documents lists every stored document (any order).
func (s *Store) Documents() []shipping.Document {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]shipping.Document, 0, len(s.docs))
	for _, d := range s.docs {
		out = append(out, d)
	}
	return out
}

// Carrier books every shipment under the next TEST number and records it; set Err to make it
// refuse bookings (e.g. shipping.ErrShipperAddress).
type Carrier struct {
	mu        sync.Mutex
	Err       error
	Shipments []shipping.Shipment
}

// CreateShipment implements shipping.Carrier.
func (c *Carrier) CreateShipment(_ context.Context, s shipping.Shipment) (shipping.Booking, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Err != nil {
		return shipping.Booking{}, c.Err
	}
	c.Shipments = append(c.Shipments, s)
	return shipping.Booking{Carrier: "Test Carrier", TrackingNumber: fmt.Sprintf("TEST%06d", len(c.Shipments))}, nil
}

// CheckShipFrom implements shipping.Carrier: the fake refuses with Err, like its bookings.
func (c *Carrier) CheckShipFrom(context.Context, shipping.Address) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Err
}

// Fixture is a shipping.Service on fakes, with the fakes exposed.
type Fixture struct {
	Service *shipping.Service
	Store   *Store
	Carrier *Carrier
	Bucket  *blob.Bucket
	// Now is the service's clock; tests move it to see documents expire.
	Now time.Time
}

// NewService builds a Fixture whose clock starts at now (time.Now when zero).
func NewService(tb testing.TB, now time.Time) *Fixture {
	tb.Helper()
	if now.IsZero() {
		now = time.Now()
	}
	f := &Fixture{Store: NewStore(), Carrier: &Carrier{}, Bucket: memblob.OpenBucket(nil), Now: now}
	tb.Cleanup(func() { _ = f.Bucket.Close() })
	f.Service = shipping.NewService(f.Store, f.Carrier, f.Bucket, testkit.Quiet(), shipping.Config{
		Now: func() time.Time { return f.Now },
	})
	return f
}

// Address is a valid domestic ship-from address (Austin, TX).
func Address() shipping.Address {
	return shipping.Address{Line1: "600 Congress Ave", City: "Austin", State: "TX", PostalCode: "78701", Country: "US"}
}

// Request is a valid domestic label request for owner and rma.
func Request(owner, rma string) shipping.IssueRequest {
	return shipping.IssueRequest{
		Owner: owner, RMANumber: rma, From: Address(), Packaging: shipping.PackagingLabel,
		Contact: shipping.Contact{Name: "Casey Jones", Company: "Acme Field Services", Phone: "+1 512 555 0100", Email: "casey@example.com"},
		Items:   []shipping.DeclaredItem{{Description: "Rugged laptop RL14", PartNumber: "RL14-G2-16", Serial: "RT10000001", Quantity: 1, UnitValueCents: 150000, CountryOfOrigin: "US"}},
	}
}

// BoxesRequest is a valid request for the box documents of batch: units units (serials
// RT10001000…, RMA numbers RMA-300000…, model RT10) packed perBox a box, the last box holding
// the rest, from the domestic Address.
func BoxesRequest(owner, batch string, units, perBox int, labels bool) shipping.BoxesRequest {
	of := (units + perBox - 1) / perBox
	boxes := make([]shipping.Box, 0, of)
	for i := range units {
		if i%perBox == 0 {
			boxes = append(boxes, shipping.Box{Number: len(boxes) + 1, Of: of})
		}
		b := &boxes[len(boxes)-1]
		b.Units = append(b.Units, shipping.BoxUnit{
			Serial: fmt.Sprintf("RT%08d", 10001000+i), Model: "RT10", RMANumber: fmt.Sprintf("RMA-%06d", 300000+i),
		})
	}
	return shipping.BoxesRequest{
		Owner: owner, BatchID: batch, From: Address(), Labels: labels, Boxes: boxes,
		Contact: shipping.Contact{Name: "Olivia Reyes", Company: "FleetCo Utilities", Phone: "+1 512 555 0142", Email: "olivia@fleetco.example"},
	}
}
