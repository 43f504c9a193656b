package cache

import (
	"context"
	"strconv"
	"sync"
	"time"
)

// Memory is a process-local cache. Expired entries are dropped on read and swept when the map
// grows past its limit, so it cannot grow without bound.
type Memory struct {
	mu      sync.Mutex
	entries map[string]entry
	limit   int
	now     func() time.Time
}

type entry struct {
	value   []byte
	expires time.Time
}

// NewMemory returns an empty cache holding at most limit entries.
func NewMemory(limit int) *Memory {
	return &Memory{entries: make(map[string]entry), limit: limit, now: time.Now}
}

func (m *Memory) Get(_ context.Context, key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok || !m.now().Before(e.expires) {
		delete(m.entries, key)
		return nil, ErrMiss
	}
	return append([]byte(nil), e.value...), nil
}

func (m *Memory) Set(_ context.Context, key string, value []byte, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.makeRoom()
	m.entries[key] = entry{value: append([]byte(nil), value...), expires: m.now().Add(ttl)}
	return nil
}

func (m *Memory) Delete(_ context.Context, keys ...string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, k := range keys {
		delete(m.entries, k)
	}
	return nil
}

func (m *Memory) Incr(_ context.Context, key string, ttl time.Duration) (int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	var n int64
	if ok && m.now().Before(e.expires) {
		n, _ = strconv.ParseInt(string(e.value), 10, 64)
	} else {
		m.makeRoom()
		e.expires = m.now().Add(ttl)
	}
	n++
	e.value = []byte(strconv.FormatInt(n, 10))
	m.entries[key] = e
	return n, nil
}

func (m *Memory) Ping(context.Context) error { return nil }

// makeRoom drops expired entries, then arbitrary ones, until a new entry fits. Callers hold mu.
func (m *Memory) makeRoom() {
	if len(m.entries) < m.limit {
		return
	}
	now := m.now()
	for k, e := range m.entries {
		if !now.Before(e.expires) {
			delete(m.entries, k)
		}
	}
	for k := range m.entries {
		if len(m.entries) < m.limit {
			return
		}
		delete(m.entries, k)
	}
}
