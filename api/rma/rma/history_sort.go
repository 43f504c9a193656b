package rma

import (
	"slices"

	"rugged.example/portal/api/pkg/fault"
)

// SortField is a column the history may be sorted by.
type SortField string

const (
	SortCreatedAt SortField = "createdAt"
	SortUpdatedAt SortField = "updatedAt"
	SortRMANumber SortField = "rmaNumber"
	SortStatus    SortField = "status"
	SortSerial    SortField = "serial"
	SortModel     SortField = "model"
)

// SortFields are the fields the history sorts by; ties are always broken by the RMA number,
// so every order is total and pages never repeat or skip an RMA.
var SortFields = []SortField{SortCreatedAt, SortUpdatedAt, SortRMANumber, SortStatus, SortSerial, SortModel}

// IsTime reports whether the field's values are times (the rest are text).
func (f SortField) IsTime() bool { return f == SortCreatedAt || f == SortUpdatedAt }

// HistorySort is one key of the history's order.
type HistorySort struct {
	Field SortField
	Desc  bool
}

// DefaultHistorySort is newest first.
var DefaultHistorySort = HistorySort{Field: SortCreatedAt, Desc: true}

// MsgSortField is the message for a sort field the history does not know.
const MsgSortField = "Must be one of createdAt, updatedAt, rmaNumber, status, serial, model"

// checkSort answers the default order (newest first) for a sort without a field and refuses
// unknown fields.
func checkSort(s HistorySort) (HistorySort, error) {
	if s.Field == "" {
		return DefaultHistorySort, nil
	}
	if !slices.Contains(SortFields, s.Field) {
		return HistorySort{}, fault.Validation(map[string]string{"sortBy": MsgSortField})
	}
	return s, nil
}

// checkSorts checks every key of a multi-key order; no key is newest first.
func checkSorts(s []HistorySort) ([]HistorySort, error) {
	if len(s) == 0 {
		return []HistorySort{DefaultHistorySort}, nil
	}
	out := make([]HistorySort, 0, len(s))
	for _, key := range s {
		key, err := checkSort(key)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(out, func(o HistorySort) bool { return o.Field == key.Field }) {
			out = append(out, key)
		}
	}
	return out, nil
}
