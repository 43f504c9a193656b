package partsdb_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/parts/parts"
	"rugged.example/portal/api/parts/partsdb"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/testkit"
)

func newStore(t *testing.T, gdb *gorm.DB) *partsdb.Store {
	t.Helper()
	_, err := db.Migrate(t.Context(), gdb, partsdb.Schema())
	require.NoError(t, err)
	return partsdb.NewStore(gdb)
}

func TestStore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		s := newStore(t, gdb)
		t.Run("seed is idempotent and covers every demo model", func(t *testing.T) { testSeed(t, s) })
		t.Run("search by model and text, paged", func(t *testing.T) { testSearch(t, s) })
		t.Run("upsert replaces by part number, all or nothing", func(t *testing.T) { testUpsert(t, s) })
	})
}

func testSeed(t *testing.T, s *partsdb.Store) {
	ctx := t.Context()
	require.NoError(t, partsdb.Seed(ctx, s))
	require.NoError(t, partsdb.Seed(ctx, s), "seeding again changes nothing")
	_, total, err := s.Search(ctx, parts.Query{Page: 1, ItemsPerPage: 10})
	require.NoError(t, err)
	require.EqualValues(t, len(partsdb.DemoCatalogue()), total)
	for _, m := range []string{"RL14", "RL15", "ST10", "ST12", "TH6", "EX70", "EX80", "VX12"} {
		_, n, err := s.Search(ctx, parts.Query{Model: m, Page: 1, ItemsPerPage: 1})
		require.NoError(t, err)
		require.GreaterOrEqual(t, n, int64(8), m)
	}
	p, err := s.Part(ctx, "RNG-DOCK-VEH")
	require.NoError(t, err)
	require.Equal(t, []parts.Fit{{Model: "RL14", Family: "Ranger"}, {Model: "RL15", Family: "Ranger"}}, p.Fits, "a part fits several models")
	require.True(t, p.HighValue)
	require.Equal(t, money.USD(89900), p.Price)
}

func testSearch(t *testing.T, s *partsdb.Store) {
	ctx := t.Context()
	items, total, err := s.Search(ctx, parts.Query{Model: "VX12", Text: "mount", Page: 1, ItemsPerPage: 2})
	require.NoError(t, err)
	require.EqualValues(t, 4, total)
	require.Len(t, items, 2)
	require.Equal(t, "VX12-MNT-CLIP", items[0].PartNumber, "by part number")
	next, _, err := s.Search(ctx, parts.Query{Model: "VX12", Text: "mount", Page: 2, ItemsPerPage: 2})
	require.NoError(t, err)
	require.Equal(t, []string{"VX12-MNT-MOLLE", "VX12-MNT-VEH"}, []string{next[0].PartNumber, next[1].PartNumber})

	items, _, err = s.Search(ctx, parts.Query{Text: "rl14-scr", Page: 1, ItemsPerPage: 10})
	require.NoError(t, err)
	require.Len(t, items, 1, "part numbers match case-insensitively")
	for _, literal := range []string{"%", "_", "!", "' OR '1'='1"} {
		_, n, err := s.Search(ctx, parts.Query{Text: literal, Page: 1, ItemsPerPage: 10})
		require.NoError(t, err)
		require.Zero(t, n, "%q is literal text", literal)
	}
	_, n, err := s.Search(ctx, parts.Query{Model: "NOPE", Page: 1, ItemsPerPage: 10})
	require.NoError(t, err)
	require.Zero(t, n)
	_, err = s.Part(ctx, "NOPE-1")
	require.ErrorIs(t, err, parts.ErrPartNotFound)
}

func testUpsert(t *testing.T, s *partsdb.Store) {
	ctx := t.Context()
	changed := parts.Part{
		PartNumber: "RL14-BAT-STD", Description: "RL14 standard battery, 2026 cells", Price: money.USD(13900),
		Availability: parts.Backorder, ImagePath: "/assets/parts/battery.svg",
		Fits: []parts.Fit{{Model: "RL14", Family: "Ranger"}, {Model: "RL15", Family: "Ranger"}},
	}
	added := parts.Part{PartNumber: "TH6-SCREEN-FILM", Description: "TH6 screen protector film, 3 pack", Price: money.USD(1900), Availability: parts.InStock, Fits: []parts.Fit{{Model: "TH6", Family: "Trek"}}}
	require.NoError(t, s.Upsert(ctx, []parts.Part{changed, added}))
	got, err := s.Part(ctx, "RL14-BAT-STD")
	require.NoError(t, err)
	require.Equal(t, changed, got)
	got, err = s.Part(ctx, "TH6-SCREEN-FILM")
	require.NoError(t, err)
	require.Equal(t, added, got)

	tooLong := parts.Part{PartNumber: "X-" + strings.Repeat("9", 60), Description: "x", Price: money.USD(1), Availability: parts.InStock}
	again := changed
	again.Description = "should not stick"
	err = s.Upsert(ctx, []parts.Part{again, tooLong, {PartNumber: "DUP", Fits: []parts.Fit{{Model: "A", Family: "F"}, {Model: "A", Family: "F"}}}})
	require.Error(t, err)
	got, err = s.Part(ctx, "RL14-BAT-STD")
	require.NoError(t, err)
	require.Equal(t, changed.Description, got.Description, "a failed upsert writes nothing")
}
