package parts

import (
	"context"
	"strings"

	"rugged.example/portal/api/pkg/visibility"
)

// ownOrder is c's own order id: anyone else's, an unknown one or a malformed id answer alike.
func (s *Orders) ownOrder(ctx context.Context, owner, id string) (Order, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if !ValidBatchID(id) {
		return Order{}, ErrOrderNotFound
	}
	o, err := s.d.Store.Order(ctx, id)
	if err != nil {
		return Order{}, err
	}
	if owner == "" || o.Owner != owner {
		return Order{}, ErrOrderNotFound
	}
	return o, nil
}

// Get reads order id for v: its owner or a member of its organization; anyone else's answers
// as an unknown one.
func (s *Orders) Get(ctx context.Context, v visibility.Viewer, id string) (Order, error) {
	id = strings.ToUpper(strings.TrimSpace(id))
	if !ValidBatchID(id) || v.Subject == "" {
		return Order{}, ErrOrderNotFound
	}
	o, err := s.d.Store.Order(ctx, id)
	if err != nil {
		return Order{}, err
	}
	if !o.VisibleTo(v) {
		return Order{}, ErrOrderNotFound
	}
	return o, nil
}
