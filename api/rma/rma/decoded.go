package rma

import (
	"encoding/json"
	"sync"
)

// decodedUnits remembers the last decoding of each cached unit, by its cached bytes: a check
// whose cache answer is byte for byte the one decoded before takes that Unit instead of decoding
// the JSON again, which was a tenth of verify-serial's CPU under load. Comparing the bytes, it
// can never answer a unit the cache no longer holds. A full memo starts over.
//
// The Units it hands out share their slices between callers, who only read them.
type decodedUnits struct {
	mu    sync.Mutex
	units map[string]decodedUnit
	limit int
}

type decodedUnit struct {
	raw  string
	unit Unit
}

func newDecodedUnits(limit int) *decodedUnits {
	return &decodedUnits{units: make(map[string]decodedUnit), limit: limit}
}

func (d *decodedUnits) decode(key string, raw []byte) (Unit, error) {
	d.mu.Lock()
	e, ok := d.units[key]
	d.mu.Unlock()
	if ok && e.raw == string(raw) {
		return e.unit, nil
	}
	var u Unit
	if err := json.Unmarshal(raw, &u); err != nil {
		return Unit{}, err
	}
	d.mu.Lock()
	if len(d.units) >= d.limit {
		clear(d.units)
	}
	d.units[key] = decodedUnit{raw: string(raw), unit: u}
	d.mu.Unlock()
	return u, nil
}
