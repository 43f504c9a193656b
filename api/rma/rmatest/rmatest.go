// Package rmatest offers an in-memory rma.Store for the tests of modules that use the rma core.
package rmatest

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"rugged.example/portal/api/geo/geo"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/validate"
	"rugged.example/portal/api/rma/rma"
)

// Store is a map-backed rma.Store that counts lookups, so tests can see cache behaviour.
type Store struct {
	mu      sync.Mutex
	units   map[string]rma.Unit
	Lookups int
}

// NewStore holds units by serial.
func NewStore(units ...rma.Unit) *Store {
	s := &Store{units: map[string]rma.Unit{}}
	for _, u := range units {
		s.units[u.Serial] = u
	}
	return s
}

// UnitBySerial implements rma.Store.
func (s *Store) UnitBySerial(_ context.Context, serial string) (rma.Unit, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Lookups++
	u, ok := s.units[serial]
	if !ok {
		return rma.Unit{}, rma.ErrUnitNotFound
	}
	return u, nil
}

// Addresses is an rma.AddressRules that accepts any address with a line1 (no geography catalog
// to load) and asks geo which addresses are military, as the composition root does.
type Addresses struct{}

func (Addresses) ValidateAddress(a rma.Address) error {
	if a.Line1 == "" {
		return fault.Validation(map[string]string{"line1": validate.MsgRequired})
	}
	return nil
}

func (Addresses) IsMilitaryAddress(a rma.Address) bool {
	return geo.IsMilitaryAddress(geo.Address(a))
}

// Claimer is an rma.AttachmentClaimer over a set of uploaded names per owner.
type Claimer struct {
	mu      sync.Mutex
	Owned   map[string]string // bucket file name → owner
	Claimed map[string]string // bucket file name → rma number
}

// NewClaimer knows the given uploads of owner.
func NewClaimer(owner string, names ...string) *Claimer {
	c := &Claimer{Owned: map[string]string{}, Claimed: map[string]string{}}
	for _, n := range names {
		c.Owned[n] = owner
	}
	return c
}

func (c *Claimer) Claim(_ context.Context, owner string, names []string, number string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, n := range names {
		if c.Owned[n] != owner || c.Claimed[n] != "" {
			return fault.Validation(map[string]string{"attachments": "Unknown attachment " + n})
		}
	}
	for _, n := range names {
		c.Claimed[n] = number
	}
	return nil
}

// Issuer is an rma.DocumentIssuer that hands out numbered documents, or fails with Err.
type Issuer struct {
	mu          sync.Mutex
	Err         error
	ShipFromErr error
	Requests    []rma.ShipmentRequest
}

// CheckShipFrom refuses every address while ShipFromErr is set.
func (i *Issuer) CheckShipFrom(context.Context, rma.Address) error {
	i.mu.Lock()
	defer i.mu.Unlock()
	return i.ShipFromErr
}

func (i *Issuer) IssueDocuments(_ context.Context, req rma.ShipmentRequest) (rma.ShipmentDocuments, error) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.Err != nil {
		return rma.ShipmentDocuments{}, i.Err
	}
	i.Requests = append(i.Requests, req)
	n := len(i.Requests)
	docs := rma.ShipmentDocuments{LabelID: fmt.Sprintf("label-%d", n), TrackingNumber: fmt.Sprintf("RF%010d", n)}
	if req.From.Country != rma.CountryUS {
		docs.InvoiceID = fmt.Sprintf("invoice-%d", n)
	}
	return docs, nil
}

// Issued is a copy of the requests the issuer answered with documents, safe to read while
// other goroutines issue.
func (i *Issuer) Issued() []rma.ShipmentRequest {
	i.mu.Lock()
	defer i.mu.Unlock()
	return slices.Clone(i.Requests)
}

// Mailer records queued e-mails.
type Mailer struct {
	mu   sync.Mutex
	Sent []string // "to|subject"
	// Texts are the bodies, in the order of Sent.
	Texts []string
}

func (m *Mailer) Enqueue(_ context.Context, to, subject, text string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Sent = append(m.Sent, to+"|"+subject)
	m.Texts = append(m.Texts, text)
	return nil
}

// Sealer marks values as sealed without real cryptography, so tests can see what was sealed.
type Sealer struct{}

func (Sealer) Seal(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	return "sealed:" + s, nil
}

// NoCache is an rma.Unfreezer with nothing to forget.
type NoCache struct{}

func (NoCache) ForgetUnit(context.Context, string) error { return nil }

// Counter records the RMAs the creator reports as created, by type.
type Counter struct {
	mu      sync.Mutex
	Created map[string]int
}

func (c *Counter) RMACreated(rmaType string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.Created == nil {
		c.Created = map[string]int{}
	}
	c.Created[rmaType]++
}
