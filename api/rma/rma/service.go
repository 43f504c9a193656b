package rma

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"rugged.example/portal/api/pkg/cache"
)

// Store is what the rma core needs from persistence; rmadb implements it.
type Store interface {
	// UnitBySerial returns ErrUnitNotFound when the registry has no such serial.
	UnitBySerial(ctx context.Context, serial string) (Unit, error)
}

// Verification is the answer to a serial check.
type Verification struct {
	Unit           Unit
	InWarranty     bool
	ValidForNewRMA bool
	CardState      CardState
}

// Service runs the serial check over the registry, with a short read-through cache because the
// same serial is checked many times while a customer types and steps through the flow.
type Service struct {
	store   Store
	cache   cache.Cache
	decoded *decodedUnits
	log     *slog.Logger
	now     func() time.Time
}

const (
	unitTTL     = time.Minute
	notFoundTTL = 15 * time.Second
	// notFoundMarker is cached for unknown serials so that scanning for serials costs the
	// database nothing; it is short-lived so an imported unit shows up quickly.
	notFoundMarker = "-"
	// decodedLimit bounds the decoded units kept beside the cache (a few hundred bytes each).
	decodedLimit = 10_000
)

// NewService wires the service. now may be nil (time.Now).
func NewService(store Store, c cache.Cache, log *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, cache: c, decoded: newDecodedUnits(decodedLimit), log: log, now: now}
}

// VerifySerial reports the unit of serial and its state.
func (s *Service) VerifySerial(ctx context.Context, serial Serial) (Verification, error) {
	u, err := s.unit(ctx, serial.String())
	if err != nil {
		return Verification{}, err
	}
	today := s.now()
	return Verification{
		Unit:           u,
		InWarranty:     u.InWarranty(today),
		ValidForNewRMA: u.ValidForNewRMA(),
		CardState:      u.CardState(today),
	}, nil
}

// ForgetUnit drops the cached copy of a unit after its registry row changed.
func (s *Service) ForgetUnit(ctx context.Context, serial string) error {
	return s.cache.Delete(ctx, unitKey(serial))
}

func unitKey(serial string) string { return "rma:unit:" + serial }

func (s *Service) unit(ctx context.Context, serial string) (Unit, error) {
	key := unitKey(serial)
	if b, err := s.cache.Get(ctx, key); err == nil {
		if string(b) == notFoundMarker {
			return Unit{}, ErrUnitNotFound
		}
		if u, err := s.decoded.decode(key, b); err == nil {
			return u, nil
		}
	} else if !errors.Is(err, cache.ErrMiss) {
		// A cache outage slows the check down but must not fail it.
		s.log.WarnContext(ctx, "unit cache read failed", "err", err)
	}

	u, err := s.store.UnitBySerial(ctx, serial)
	switch {
	case errors.Is(err, ErrUnitNotFound):
		s.remember(ctx, key, []byte(notFoundMarker), notFoundTTL)
		return Unit{}, err
	case err != nil:
		return Unit{}, err
	}
	if b, err := json.Marshal(u); err == nil {
		s.remember(ctx, key, b, unitTTL)
	}
	return u, nil
}

func (s *Service) remember(ctx context.Context, key string, value []byte, ttl time.Duration) {
	if err := s.cache.Set(ctx, key, value, ttl); err != nil {
		s.log.WarnContext(ctx, "unit cache write failed", "err", err)
	}
}
