package mail_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/mail"
	"rugged.example/portal/api/pkg/testkit"
)

func migrated(t *testing.T, gdb *gorm.DB) *gorm.DB {
	t.Helper()
	require.NoError(t, mail.Migrate(t.Context(), gdb))
	return gdb
}

func to(addr, subject string) mail.Message {
	return mail.Message{To: []string{addr}, Subject: subject, Text: "Body of " + subject}
}

func TestIntegrationEnqueue_CommitsWithTheCallersTransactionOrNotAtAll(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		tx := db.NewTransactor(gdb)

		boom := errors.New("rma creation failed")
		err := tx.InTx(t.Context(), func(ctx context.Context) error {
			require.NoError(t, mail.Enqueue(ctx, gdb, validMessage()))
			return boom
		})
		require.ErrorIs(t, err, boom)
		pending, err := mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Empty(t, pending, "a rolled-back change of state sends no mail")

		require.NoError(t, tx.InTx(t.Context(), func(ctx context.Context) error {
			return mail.Enqueue(ctx, gdb, validMessage())
		}))
		pending, err = mail.Pending(t.Context(), gdb, 0)
		require.NoError(t, err)
		require.Len(t, pending, 1)
	})
}

func TestIntegrationEnqueue_StoresEveryFieldAndIsDueAtOnce(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		before := time.Now().UTC().Add(-time.Second)
		require.NoError(t, mail.Enqueue(t.Context(), gdb, validMessage()))

		got, err := mail.Pending(t.Context(), gdb, 10)
		require.NoError(t, err)
		require.Len(t, got, 1)
		e := got[0]
		want := validMessage()
		want.To = []string{`"Jane Doe" <jane.doe@example.com>`}
		require.Equal(t, want, e.Message)
		require.Equal(t, mail.StatusPending, e.Status())
		require.Zero(t, e.Attempts)
		require.Empty(t, e.LastError)
		require.Nil(t, e.SentAt)
		require.NotNil(t, e.NextAttemptAt)
		require.Equal(t, e.CreatedAt, *e.NextAttemptAt)
		require.True(t, e.CreatedAt.After(before))
		require.Equal(t, time.UTC, e.CreatedAt.Location())
	})
}

func TestIntegrationEnqueue_RejectsAnInvalidMessageAndWritesNothing(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		m := validMessage()
		m.Subject = "Label\r\nBcc: victim@example.com"
		require.ErrorIs(t, mail.Enqueue(t.Context(), gdb, m), mail.ErrInvalid)
		all, err := mail.Recent(t.Context(), gdb, "", 0)
		require.NoError(t, err)
		require.Empty(t, all)
	})
}

func TestIntegrationRecent_FindsOneRecipientsMailNewestFirst(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		out := mail.NewOutbox(gdb)
		ctx := t.Context()
		require.NoError(t, out.Enqueue(ctx, to("jane_doe@example.com", "first")))
		require.NoError(t, out.Enqueue(ctx, to("bob@example.com", "for bob")))
		require.NoError(t, out.Enqueue(ctx, mail.Message{
			To: []string{"Carol <carol@example.com>", "Jane <Jane_Doe@Example.com>"}, Subject: "second", Text: "x",
		}))
		// "_" is a LIKE wildcard: this address must not match jane_doe's mail.
		require.NoError(t, out.Enqueue(ctx, to("janeXdoe@example.com", "other jane")))
		// A display name quoting Jane's address is not mail to Jane.
		require.NoError(t, out.Enqueue(ctx, mail.Message{
			To: []string{`"<jane_doe@example.com>" <mallory@example.com>`}, Subject: "spoof", Text: "x",
		}))

		got, err := out.Recent(ctx, "JANE_DOE@example.com", 10)
		require.NoError(t, err)
		require.Equal(t, []string{"second", "first"}, subjects(got))
		require.Equal(t, []string{`"Carol" <carol@example.com>`, `"Jane" <Jane_Doe@Example.com>`}, got[0].Message.To)

		got, err = out.Recent(ctx, "Bob Builder <bob@example.com>", 10)
		require.NoError(t, err)
		require.Equal(t, []string{"for bob"}, subjects(got))

		got, err = out.Recent(ctx, "", 2)
		require.NoError(t, err)
		require.Equal(t, []string{"spoof", "other jane"}, subjects(got))

		_, err = out.Recent(ctx, "not an address", 10)
		require.ErrorIs(t, err, mail.ErrInvalid)
	})
}

func TestIntegrationPending_ListsOldestFirstUpToLimit(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		migrated(t, gdb)
		for _, s := range []string{"a", "b", "c"} {
			require.NoError(t, mail.Enqueue(t.Context(), gdb, to("jane@example.com", s)))
		}
		got, err := mail.Pending(t.Context(), gdb, 2)
		require.NoError(t, err)
		require.Equal(t, []string{"a", "b"}, subjects(got))
	})
}

func subjects(es []mail.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Message.Subject
	}
	return out
}
