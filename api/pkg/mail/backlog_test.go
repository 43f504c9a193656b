package mail_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

// verdictSender delivers every message except those to rejected@, which it refuses for good.
type verdictSender struct{}

func (verdictSender) Send(_ context.Context, msg mail.Message) error {
	if msg.To[0] == "rejected@example.com" {
		return fmt.Errorf("%w: 550 no such user", mail.ErrPermanent)
	}
	return nil
}

func TestIntegrationPendingBacklog_IsZeroOnAnEmptyOutbox(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		b, err := mail.PendingBacklog(t.Context(), gdb)
		require.NoError(t, err)
		require.Equal(t, mail.Backlog{}, b)
	})
}

func TestIntegrationPendingBacklog_CountsOnlyPendingMailAndDatesTheOldest(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		start := time.Now().UTC().Add(-time.Second)
		for _, addr := range []string{"sent@example.com", "rejected@example.com"} {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, to(addr, "Settled")))
		}
		_, err := mail.NewDispatcher(gdb, verdictSender{}, testkit.Quiet(), mail.DispatcherOptions{}).DispatchOnce(t.Context())
		require.NoError(t, err)
		for _, subject := range []string{"First", "Second", "Third"} {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, to("waiting@example.com", subject)))
		}
		pending, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Len(t, pending, 3, "precondition: one sent and one given up are not pending")

		b, err := mail.PendingBacklog(t.Context(), gdb)
		require.NoError(t, err)
		require.EqualValues(t, 3, b.Pending)
		require.Equal(t, pending[0].CreatedAt, b.OldestCreatedAt, "the oldest pending message, not the sent one before it")
		require.True(t, b.OldestCreatedAt.After(start))
	})
}
