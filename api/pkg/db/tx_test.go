package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/testkit"
)

type note struct {
	ID   uint
	Text string
}

func TestIntegrationInTx_CommitsAllOrNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, gdb.AutoMigrate(&note{}))
		tx := db.NewTransactor(gdb)
		write := func(ctx context.Context, text string) error {
			return db.Conn(ctx, gdb).Create(&note{Text: text}).Error
		}

		boom := errors.New("boom")
		err := tx.InTx(t.Context(), func(ctx context.Context) error {
			require.NoError(t, write(ctx, "first"))
			// A nested call joins the outer transaction instead of committing on its own.
			require.NoError(t, tx.InTx(ctx, func(ctx context.Context) error { return write(ctx, "nested") }))
			return boom
		})
		require.ErrorIs(t, err, boom)
		var n int64
		require.NoError(t, gdb.Model(&note{}).Count(&n).Error)
		require.Zero(t, n, "nothing of a failed transaction is left")

		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			if err := write(ctx, "a"); err != nil {
				return err
			}
			return write(ctx, "b")
		}))
		require.NoError(t, gdb.Model(&note{}).Count(&n).Error)
		require.EqualValues(t, 2, n)
	})
}
