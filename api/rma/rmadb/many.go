package rmadb

import (
	"context"
	"fmt"
	"slices"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/rma/rma"
)

// manyChunk bounds the parameters of one IN list: SQLite allows 32,766 and PostgreSQL 65,535,
// and a batch of 1,000 serials is one query.
const manyChunk = 1000

// UnitsBySerials reads the registry's units of serials (stored form), in a query per
// manyChunk serials instead of one per serial; a serial the registry does not know is absent.
func (s *Store) UnitsBySerials(ctx context.Context, serials []string) ([]rma.Unit, error) {
	units := make([]rma.Unit, 0, len(serials))
	for chunk := range slices.Chunk(serials, manyChunk) {
		var rows []unitRow
		if err := db.Conn(ctx, s.db).Where("serial IN ?", chunk).Find(&rows).Error; err != nil {
			return nil, fmt.Errorf("rmadb: units by serials: %w", err)
		}
		for _, r := range rows {
			units = append(units, toUnit(r))
		}
	}
	return units, nil
}

// RepairOptionsOfModels is RepairOptions for several models in one query: each model's faults
// in catalogue order; a model without options is absent.
func (s *Store) RepairOptionsOfModels(ctx context.Context, models []string, rmaType string) (map[string][]rma.FaultOptions, error) {
	byModel := make(map[string][]optionRow)
	for chunk := range slices.Chunk(models, manyChunk) {
		var rows []optionRow
		err := db.Conn(ctx, s.db).Where("model IN ? AND rma_type = ?", chunk, rmaType).Order("model, sort_order, id").Find(&rows).Error
		if err != nil {
			return nil, fmt.Errorf("rmadb: repair options of models: %w", err)
		}
		for _, r := range rows {
			byModel[r.Model] = append(byModel[r.Model], r)
		}
	}
	out := make(map[string][]rma.FaultOptions, len(byModel))
	for model, rows := range byModel {
		out[model] = toFaultOptions(rows)
	}
	return out, nil
}
