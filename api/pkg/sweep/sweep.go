// Package sweep runs one pass of a background sweep over due rows: read a batch, settle each
// row in its own transaction, and read again while batches come back full.
package sweep

import (
	"context"
	"errors"
)

// Pass reads due items batch at a time and settles each, counting those settle says it acted
// on (settled true). Several processes may sweep at once: settle changes a row only if it is
// still due, and answers false for one another process or its owner took meanwhile.
//
// A pass ends when a batch comes back short (nothing more is due), when a batch settles no row
// at all (reading again would return the same rows), or when any row failed: the failures are
// joined into the error, and the next pass tries them again.
func Pass[T any](ctx context.Context, batch int, due func(ctx context.Context, limit int) ([]T, error), settle func(ctx context.Context, item T) (bool, error)) (int, error) {
	acted := 0
	for {
		items, err := due(ctx, batch)
		if err != nil {
			return acted, err
		}
		moved := 0
		var errs []error
		for _, item := range items {
			done, err := settle(ctx, item)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			moved++
			if done {
				acted++
			}
		}
		if len(items) < batch || moved == 0 || len(errs) > 0 {
			return acted, errors.Join(errs...)
		}
	}
}
