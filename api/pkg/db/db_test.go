package db_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationOpen_BothDialectsAnswer(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, db.Ping(gdb)(t.Context()))
		var one int
		require.NoError(t, gdb.Raw("SELECT 1").Scan(&one).Error)
		require.Equal(t, 1, one)
	})
}

func TestOpen_RejectsUnknownURLScheme(t *testing.T) {
	_, err := db.Open(t.Context(), db.Options{URL: "mysql://x", Log: testkit.Quiet()})
	require.ErrorContains(t, err, "unsupported")
}
