package telemetry_test

import (
	"testing"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationWatchOutbox_ReportsBacklogAndOldestAge(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		require.NoError(t, mail.Migrate(t.Context(), gdb))
		tel := newTelemetry(t)
		require.NoError(t, tel.WatchOutbox(gdb))

		body := scrape(t, tel)
		requireSample(t, body, "portal_mail_outbox_pending", 0)
		requireSample(t, body, "portal_mail_outbox_oldest_pending_age_seconds", 0)

		for _, subject := range []string{"RMA RMA-100501 created", "RMA RMA-100502 created"} {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, mail.Message{
				To: []string{"casey@example.com"}, Subject: subject, Text: "Your label",
			}))
		}
		body = scrape(t, tel)
		requireSample(t, body, "portal_mail_outbox_pending", 2)
		age, ok := sample(body, "portal_mail_outbox_oldest_pending_age_seconds")
		require.True(t, ok)
		require.Greater(t, age, 0.0)
		require.Less(t, age, 60.0)
	})
}

func TestWatchOutbox_AnUnreachableDatabaseLeavesTheOtherMetricsServed(t *testing.T) {
	gdb := testkit.SQLite(t)
	require.NoError(t, mail.Migrate(t.Context(), gdb))
	tel := newTelemetry(t)
	require.NoError(t, tel.WatchOutbox(gdb))
	tel.RMACreated("REPAIR")
	sqlDB, err := gdb.DB()
	require.NoError(t, err)
	require.NoError(t, sqlDB.Close())

	body := scrape(t, tel)
	requireSample(t, body, `portal_rmas_created_total{rma_type="REPAIR"}`, 1)
	require.NotContains(t, body, "portal_mail_outbox_pending")
}
