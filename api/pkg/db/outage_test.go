package db_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/db/dbfault"
	"rugged.example/portal/api/pkg/privateserver"
	"rugged.example/portal/api/pkg/testkit"
)

func selectOne(ctx context.Context, gdb *gorm.DB) error {
	var one int
	return gdb.WithContext(ctx).Raw("SELECT 1").Scan(&one).Error
}

// A private cluster stopped under an open pool: every query fails as Unreachable (503, never
// 500), and once the cluster is back the same pool answers again within 5 s without a restart.
func TestIntegrationOpen_PostgresOutageIsUnreachableAndThePoolRecovers(t *testing.T) {
	pg := privateserver.StartPostgres(t)
	gdb, err := db.Open(t.Context(), db.Options{URL: pg.URL("postgres"), Log: testkit.Quiet()})
	require.NoError(t, err)
	t.Cleanup(func() {
		if sqlDB, err := gdb.DB(); err == nil {
			_ = sqlDB.Close()
		}
	})
	// Several pooled connections, all of which the stop breaks.
	for range 5 {
		require.NoError(t, selectOne(t.Context(), gdb))
	}

	pg.Stop(t)
	for i := range 10 {
		err := selectOne(t.Context(), gdb)
		require.Error(t, err)
		require.True(t, dbfault.Unreachable(err), "query %d while down: %v", i, err)
		if i < 2 {
			t.Logf("while down: %v", err)
		}
	}
	require.True(t, dbfault.Unreachable(db.Ping(gdb)(t.Context())))

	pg.Start(t)
	back := time.Now()
	require.Eventually(t, func() bool { return selectOne(t.Context(), gdb) == nil }, 5*time.Second, 50*time.Millisecond)
	t.Logf("queries answer %v after the cluster accepts connections", time.Since(back))
	for range 20 {
		require.NoError(t, selectOne(t.Context(), gdb), "no broken connection is left in the pool")
	}
}
