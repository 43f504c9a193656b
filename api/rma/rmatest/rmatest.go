// Package rmatest offers an in-memory rma.Store for the tests of modules that use the rma core.
package rmatest

import (
	"context"
	"sync"

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
