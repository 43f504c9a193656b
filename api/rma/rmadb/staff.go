package rmadb

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// RMAForStaff returns an RMA whoever owns it, for staff work on it after diagnosis (a service
// quote); callers must have checked the caller's staff permission. An unknown number answers
// ErrRMANotFound.
func (s *Store) RMAForStaff(ctx context.Context, number string) (rma.RMA, error) {
	var row rmaRow
	err := db.Conn(ctx, s.db).Where("number = ?", number).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return rma.RMA{}, rma.ErrRMANotFound
	}
	if err != nil {
		return rma.RMA{}, fmt.Errorf("rmadb: rma %s: %w", number, err)
	}
	return toRMA(row), nil
}
