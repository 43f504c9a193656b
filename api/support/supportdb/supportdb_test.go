package supportdb_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supportdb"
	"rugged.example/portal/api/support/supporttest"
)

// TestIntegrationStore runs the store suite on SQLite and on a fresh PostgreSQL database.
func TestIntegrationStore(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		t.Run("tickets get unique uids and list newest first, owner's only", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb})
			ctx := t.Context()
			first, err := env.Service.CreateTicket(ctx, "owner-a", supporttest.ValidTicket())
			require.NoError(t, err)
			env.Clock.Advance(time.Minute)
			in := supporttest.ValidTicket()
			in.Subject, in.CaseType = "Need a quote", "Quote"
			second, err := env.Service.CreateTicket(ctx, "owner-a", in)
			require.NoError(t, err)
			_, err = env.Service.CreateTicket(ctx, "owner-b", supporttest.ValidTicket())
			require.NoError(t, err)

			require.Equal(t, "TCK-100001", first.UID)
			require.Equal(t, "TCK-100002", second.UID)
			list, err := env.Service.TicketsOf(ctx, "owner-a")
			require.NoError(t, err)
			require.Len(t, list, 2)
			require.Equal(t, second, list[0])
			require.Equal(t, first, list[1])
			require.Equal(t, time.Date(2026, 11, 22, 10, 1, 0, 0, time.UTC), list[0].CreatedAt)
			none, err := env.Service.TicketsOf(ctx, "nobody")
			require.NoError(t, err)
			require.Empty(t, none)
		})

		t.Run("concurrent creates never share a uid", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb})
			var wg sync.WaitGroup
			uids := make(chan string, 8)
			for range 8 {
				wg.Go(func() {
					tk, err := env.Service.CreateTicket(context.Background(), "owner-c", supporttest.ValidTicket())
					if err == nil {
						uids <- tk.UID
					}
				})
			}
			wg.Wait()
			close(uids)
			seen := map[string]bool{}
			for u := range uids {
				require.False(t, seen[u], "uid %s handed out twice", u)
				seen[u] = true
			}
			require.Len(t, seen, 8)
		})

		t.Run("a ticket mails the support inbox in its transaction", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb, Settings: support.Settings{Inbox: "help@rugged.example"}})
			tk, err := env.Service.CreateTicket(t.Context(), "owner-d", supporttest.ValidTicket())
			require.NoError(t, err)
			mails, err := env.Outbox.Recent(t.Context(), "help@rugged.example", 10)
			require.NoError(t, err)
			require.Len(t, mails, 1)
			require.Equal(t, "Support ticket "+tk.UID+" (Hardware): Screen flickers", mails[0].Message.Subject)
			require.Equal(t, "jane@example.com", mails[0].Message.ReplyTo)
			require.Contains(t, mails[0].Message.Text, "Serial: RT10000001")
		})

		t.Run("a failing ticket insert leaves no mail and no uid used", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb, Store: func(s support.Store) support.Store { return failingInsert{s} }})
			_, err := env.Service.CreateTicket(t.Context(), "owner-e", supporttest.ValidTicket())
			require.ErrorIs(t, err, errInsert)
			requireNoMail(t, env, "owner-e")
		})

		t.Run("a failing mail rolls the ticket back", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb, Mail: func(m support.Mailer) support.Mailer { return failingMail{m} }})
			_, err := env.Service.CreateTicket(t.Context(), "owner-f", supporttest.ValidTicket())
			require.ErrorIs(t, err, errMail)
			requireNoMail(t, env, "owner-f")
		})

		t.Run("a contact message is stored and mailed, or neither", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb})
			require.NoError(t, env.Service.SubmitContact(t.Context(), "10.1.1.1", supporttest.ValidContact()))
			require.Equal(t, int64(1), count(t, gdb, "support_contact_messages"))

			failing := supporttest.New(t, supporttest.Options{DB: gdb, Mail: func(m support.Mailer) support.Mailer { return failingMail{m} }})
			err := failing.Service.SubmitContact(t.Context(), "10.1.1.2", supporttest.ValidContact())
			require.ErrorIs(t, err, errMail)
			require.Equal(t, int64(1), count(t, gdb, "support_contact_messages"), "the failed message is not kept")
			var mails int64
			require.NoError(t, gdb.Table("mail_outbox").Where("subject LIKE ?", "Contact form%").Count(&mails).Error)
			require.Equal(t, int64(1), mails, "only the first message's mail")
		})

		t.Run("the banner report is seeded without a banner and replaced whole", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb})
			ctx := t.Context()
			rows, err := env.Service.Report(ctx, support.ReportRMAWarning)
			require.NoError(t, err)
			require.Len(t, rows, 1)
			_, shown := support.Banner(rows)
			require.False(t, shown)

			env.Clock.Advance(time.Hour)
			require.NoError(t, env.Service.ReplaceReport(ctx, support.ReportRMAWarning, []support.ReportRow{
				{Message: "  Depot closed on Friday  ", IsWarning: true}, {Message: "Paused", IsPaused: true},
			}))
			rows, err = env.Service.Report(ctx, support.ReportRMAWarning)
			require.NoError(t, err)
			require.Equal(t, []support.ReportRow{
				{Position: 0, Message: "Depot closed on Friday", IsWarning: true, UpdatedAt: env.Clock.Now()},
				{Position: 1, Message: "Paused", IsPaused: true, UpdatedAt: env.Clock.Now()},
			}, rows)

			require.NoError(t, supportdb.Seed(ctx, env.Store), "seeding again keeps an admin's rows")
			rows, err = env.Service.Report(ctx, support.ReportRMAWarning)
			require.NoError(t, err)
			require.Len(t, rows, 2)

			require.NoError(t, env.Service.ReplaceReport(ctx, support.ReportRMAWarning, nil))
			rows, err = env.Service.Report(ctx, support.ReportRMAWarning)
			require.NoError(t, err)
			require.Empty(t, rows)
		})

		t.Run("an invalid report leaves the old rows in place", func(t *testing.T) {
			env := supporttest.New(t, supporttest.Options{DB: gdb})
			ctx := t.Context()
			require.NoError(t, env.Service.ReplaceReport(ctx, "OTHER", []support.ReportRow{{Message: "kept", IsWarning: true}}))
			long := make([]byte, 301)
			for i := range long {
				long[i] = 'x'
			}
			err := env.Service.ReplaceReport(ctx, "OTHER", []support.ReportRow{{Message: "ok"}, {Message: string(long)}})
			f, ok := faultFields(err)
			require.True(t, ok)
			require.Equal(t, "Must be less than 301 characters", f["[1].message"])
			rows, err := env.Service.Report(ctx, "OTHER")
			require.NoError(t, err)
			require.Len(t, rows, 1)
			require.Equal(t, "kept", rows[0].Message)
		})
	})
}

var (
	errInsert = errors.New("insert failed")
	errMail   = errors.New("mail failed")
)

// failingInsert fails every ticket insert, after the uid was drawn.
type failingInsert struct{ support.Store }

func (failingInsert) CreateTicket(context.Context, support.Ticket) error { return errInsert }

// failingMail writes the outbox row, then fails: the row must vanish with the transaction.
type failingMail struct{ next support.Mailer }

func (m failingMail) Enqueue(ctx context.Context, msg mailMessage) error {
	if err := m.next.Enqueue(ctx, msg); err != nil {
		return err
	}
	return errMail
}

func requireNoMail(t *testing.T, env supporttest.Env, owner string) {
	t.Helper()
	mails, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	for _, m := range mails {
		require.NotContains(t, m.Message.Text, "Account: "+owner+"\n", "mail of the failed ticket")
	}
	list, err := env.Service.TicketsOf(t.Context(), owner)
	require.NoError(t, err)
	require.Empty(t, list)
}

func count(t *testing.T, gdb *gorm.DB, table string) int64 {
	t.Helper()
	var n int64
	require.NoError(t, gdb.Table(table).Count(&n).Error)
	return n
}
