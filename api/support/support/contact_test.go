package support_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/cache"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supporttest"
)

func TestSubmitContact_EnforcesEveryRuleWithItsMessage(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	long := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name   string
		change func(*support.ContactInput)
		field  string
		msg    string
	}{
		{"first name required", func(in *support.ContactInput) { in.FirstName = " " }, "firstName", "Required"},
		{"first name max 35", func(in *support.ContactInput) { in.FirstName = long(36) }, "firstName", "Must be less than 36 characters"},
		{"last name required", func(in *support.ContactInput) { in.LastName = "" }, "lastName", "Required"},
		{"last name max 35", func(in *support.ContactInput) { in.LastName = long(36) }, "lastName", "Must be less than 36 characters"},
		{"email required", func(in *support.ContactInput) { in.Email = "" }, "email", "Required"},
		{"email valid", func(in *support.ContactInput) { in.Email = "sam.example.com" }, "email", "Must be a valid e-mail address"},
		{"phone max 25", func(in *support.ContactInput) { in.Phone = strings.Repeat("1", 26) }, "phone", "Must be less than 26 characters"},
		{"company max 35", func(in *support.ContactInput) { in.Company = long(36) }, "company", "Must be less than 36 characters"},
		{"subject required", func(in *support.ContactInput) { in.Subject = "" }, "subject", "Required"},
		{"subject max 80", func(in *support.ContactInput) { in.Subject = long(81) }, "subject", "Must be less than 81 characters"},
		{"primary fault required", func(in *support.ContactInput) { in.PrimaryFault = "" }, "primaryFault", "Required"},
		{"primary fault broken or software", func(in *support.ContactInput) { in.PrimaryFault = "Broken" }, "primaryFault", "Must be broken or software"},
		{"desc required", func(in *support.ContactInput) { in.Desc = "\n" }, "desc", "Required"},
		{"desc max 2000", func(in *support.ContactInput) { in.Desc = long(2001) }, "desc", "Must be less than 2001 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := supporttest.ValidContact()
			tt.change(&in)
			err := env.Service.SubmitContact(t.Context(), "10.0.0.1", in)
			requireField(t, err, tt.field, tt.msg)
		})
	}
	pending, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	require.Empty(t, pending, "no invalid message is mailed")
}

func TestSubmitContact_OptionalFieldsMayBeEmptyAndInputIsTrimmed(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	in := supporttest.ValidContact()
	in.Phone, in.Company = "", ""
	in.FirstName, in.Subject, in.PrimaryFault = "  Sam ", " Unit will not boot\t", " software "
	require.NoError(t, env.Service.SubmitContact(t.Context(), "10.0.0.1", in))
	pending, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.Equal(t, []string{"support@rugged.example"}, pending[0].Message.To)
	require.Equal(t, "sam@example.com", pending[0].Message.ReplyTo)
	require.Equal(t, "Contact form (software): Unit will not boot", pending[0].Message.Subject)
	require.Contains(t, pending[0].Message.Text, "Name: Sam Lee\n")
}

func TestSubmitContact_GlobalCeilingRefusesEveryone(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{Cache: cache.NewMemory(100),
		Settings: support.Settings{ContactGlobal: 3, ContactGlobalWindow: time.Hour}})
	for _, ip := range []string{"10.0.0.1", "10.0.0.2", "10.0.0.3"} {
		require.NoError(t, env.Service.SubmitContact(t.Context(), ip, supporttest.ValidContact()))
	}
	err := env.Service.SubmitContact(t.Context(), "10.0.0.4", supporttest.ValidContact())
	require.ErrorIs(t, err, support.ErrTooManyOverall)
	wait, ok := support.RetryAfter(err)
	require.True(t, ok)
	require.Equal(t, time.Hour, wait, "the clock stands at 10:00, the start of the hour's window")

	env.Clock.Advance(wait)
	require.NoError(t, env.Service.SubmitContact(t.Context(), "10.0.0.4", supporttest.ValidContact()))
}

type downCache struct{ cache.Cache }

func (downCache) Incr(context.Context, string, time.Duration) (int64, error) {
	return 0, errors.New("connection refused")
}

func TestSubmitContact_FailsClosedWhenTheLimiterIsDown(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{Cache: downCache{cache.NewMemory(10)}})
	err := env.Service.SubmitContact(t.Context(), "10.0.0.1", supporttest.ValidContact())
	require.ErrorIs(t, err, support.ErrLimiterUnavailable)
	pending, err := env.Outbox.Pending(t.Context(), 0)
	require.NoError(t, err)
	require.Empty(t, pending)
}
