package support_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/support/support"
	"rugged.example/portal/api/support/supporttest"
)

func requireField(t *testing.T, err error, field, msg string) {
	t.Helper()
	f, ok := fault.As(err)
	require.True(t, ok, "want a validation fault, got %v", err)
	require.Equal(t, fault.KindInvalid, f.Kind)
	require.Equal(t, "validation", f.ID)
	require.Equal(t, msg, f.Fields[field], "fields: %v", f.Fields)
}

func TestCreateTicket_EnforcesEveryRuleWithItsMessage(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	long := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name   string
		change func(*support.TicketInput)
		field  string
		msg    string
	}{
		{"first name required", func(in *support.TicketInput) { in.FirstName = "" }, "firstName", "Required"},
		{"first name whitespace is empty", func(in *support.TicketInput) { in.FirstName = "   " }, "firstName", "Required"},
		{"first name max 100", func(in *support.TicketInput) { in.FirstName = long(101) }, "firstName", "Input length too long"},
		{"last name required", func(in *support.TicketInput) { in.LastName = "" }, "lastName", "Required"},
		{"last name max 100", func(in *support.TicketInput) { in.LastName = long(101) }, "lastName", "Input length too long"},
		{"email required", func(in *support.TicketInput) { in.EmailAddress = "" }, "emailAddress", "Required"},
		{"email valid", func(in *support.TicketInput) { in.EmailAddress = "jane@" }, "emailAddress", "Must be a valid e-mail address"},
		{"email without dotted domain", func(in *support.TicketInput) { in.EmailAddress = "jane@localhost" }, "emailAddress", "Must be a valid e-mail address"},
		{"email with display name", func(in *support.TicketInput) { in.EmailAddress = "Jane <jane@example.com>" }, "emailAddress", "Must be a valid e-mail address"},
		{"email max 50", func(in *support.TicketInput) { in.EmailAddress = long(39) + "@example.com" }, "emailAddress", "Input length too long"},
		{"phone required", func(in *support.TicketInput) { in.Phone = "" }, "phone", "Required"},
		{"phone max 25", func(in *support.TicketInput) { in.Phone = strings.Repeat("1", 26) }, "phone", "Input length too long"},
		{"phone mask", func(in *support.TicketInput) { in.Phone = "512-555-0100" }, "phone", "Invalid Format or Number"},
		{"phone mask without spaces", func(in *support.TicketInput) { in.Phone = "(512) 555-0100" }, "phone", "Invalid Format or Number"},
		{"subject required", func(in *support.TicketInput) { in.Subject = "" }, "subject", "Required"},
		{"subject max 80", func(in *support.TicketInput) { in.Subject = long(81) }, "subject", "Input length too long"},
		{"description required", func(in *support.TicketInput) { in.Description = " \n" }, "description", "Required"},
		{"description capped", func(in *support.TicketInput) { in.Description = long(5001) }, "description", "Input length too long"},
		{"case type required", func(in *support.TicketInput) { in.CaseType = "" }, "caseType", "Required"},
		{"case type from the list", func(in *support.TicketInput) { in.CaseType = "Billing" }, "caseType", "Must be one of Hardware, Software, Quote, Question"},
		{"model max 30", func(in *support.TicketInput) { in.Model = long(31) }, "model", "Input length too long"},
		{"serial max 50", func(in *support.TicketInput) { in.Serial = long(51) }, "serial", "Input length too long"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := supporttest.ValidTicket()
			tt.change(&in)
			_, err := env.Service.CreateTicket(t.Context(), "casey", in)
			requireField(t, err, tt.field, tt.msg)
		})
	}
	tickets, err := env.Service.TicketsOf(t.Context(), "casey")
	require.NoError(t, err)
	require.Empty(t, tickets, "no invalid ticket is stored")
}

func TestCreateTicket_AcceptsLimitsExactly(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	in := support.TicketInput{
		FirstName: strings.Repeat("a", 100), LastName: strings.Repeat("b", 100),
		EmailAddress: strings.Repeat("c", 38) + "@example.com", Phone: "(512)555-0100",
		Subject: strings.Repeat("s", 80), Description: "d", CaseType: "Question",
		Model: strings.Repeat("m", 30), Serial: strings.Repeat("n", 50),
	}
	_, err := env.Service.CreateTicket(t.Context(), "casey", in)
	require.NoError(t, err)
}

func TestCreateTicket_TrimsInputAndCanonicalizesCaseType(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	in := supporttest.ValidTicket()
	in.FirstName, in.Subject, in.Phone, in.CaseType, in.Serial = "  Jane ", "\tScreen flickers \n", " (512)555-0100 ", " software ", " RT10000001 "
	got, err := env.Service.CreateTicket(t.Context(), "casey", in)
	require.NoError(t, err)
	require.Equal(t, "Jane", got.FirstName)
	require.Equal(t, "Screen flickers", got.Subject)
	require.Equal(t, "(512)555-0100", got.Phone)
	require.Equal(t, "Software", got.CaseType)
	require.Equal(t, "RT10000001", got.Serial)
	require.Equal(t, "open", got.Status)
	require.Equal(t, "TCK-100001", got.UID)

	list, err := env.Service.TicketsOf(t.Context(), "casey")
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, got, list[0])
}

func TestNamedTicketInput_SplitsNameAtFirstSpace(t *testing.T) {
	tests := []struct{ name, first, last string }{
		{"Jane Doe", "Jane", "Doe"},
		{"  Jane   van Doe ", "Jane", "van Doe"},
		{"Cher", "Cher", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		in := support.NamedTicketInput{Name: tt.name}.TicketInput()
		require.Equal(t, tt.first, in.FirstName, tt.name)
		require.Equal(t, tt.last, in.LastName, tt.name)
	}
}

func TestCreateTicket_OneWordNameFailsAsMissingLastName(t *testing.T) {
	env := supporttest.New(t, supporttest.Options{})
	v := supporttest.ValidTicket()
	in := support.NamedTicketInput{Name: "Cher", EmailAddress: v.EmailAddress, Phone: v.Phone, Subject: v.Subject,
		Description: v.Description, CaseType: v.CaseType}.TicketInput()
	_, err := env.Service.CreateTicket(t.Context(), "casey", in)
	requireField(t, err, "lastName", "Required")
}

func TestBanner_FirstWarningOrPausedRow(t *testing.T) {
	_, ok := support.Banner([]support.ReportRow{{Message: "all fine"}})
	require.False(t, ok)
	row, ok := support.Banner([]support.ReportRow{{Message: "all fine"}, {Message: "paused", IsPaused: true}, {Message: "warn", IsWarning: true}})
	require.True(t, ok)
	require.Equal(t, "paused", row.Message)
}
