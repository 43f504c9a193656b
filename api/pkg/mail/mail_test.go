package mail_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/mail"
)

func validMessage() mail.Message {
	return mail.Message{
		To:      []string{"Jane Doe <jane.doe@example.com>"},
		ReplyTo: "support@rugged.example",
		Subject: "RMA RMA-1042 created — your shipping label",
		Text:    "Download your label: https://portal.example/rma/RMA-1042/label",
		HTML:    `<p><a href="https://portal.example/rma/RMA-1042/label">Download your label</a></p>`,
	}
}

func TestValidate_AcceptsAWellFormedMessage(t *testing.T) {
	require.NoError(t, validMessage().Validate())

	textOnly := validMessage()
	textOnly.HTML, textOnly.ReplyTo = "", ""
	require.NoError(t, textOnly.Validate())
}

func TestValidate_RejectsHeaderInjectionAndMalformedMessages(t *testing.T) {
	tests := []struct {
		name   string
		change func(m *mail.Message)
	}{
		{"CRLF in subject adds a header", func(m *mail.Message) { m.Subject = "Hello\r\nBcc: victim@example.com" }},
		{"bare LF in subject", func(m *mail.Message) { m.Subject = "Hello\nBcc: victim@example.com" }},
		{"bare CR in subject", func(m *mail.Message) { m.Subject = "Hello\rBcc: victim@example.com" }},
		{"NUL in subject", func(m *mail.Message) { m.Subject = "Hello\x00" }},
		{"CRLF after a recipient", func(m *mail.Message) { m.To = []string{"jane@example.com\r\nBcc: victim@example.com"} }},
		// net/mail itself accepts folding whitespace inside an address.
		{"folded display name", func(m *mail.Message) { m.To = []string{"Jane\r\n <jane@example.com>"} }},
		{"CRLF in reply-to", func(m *mail.Message) { m.ReplyTo = "support@rugged.example\r\nBcc: victim@example.com" }},
		{"LF in reply-to", func(m *mail.Message) { m.ReplyTo = "support@rugged.example\nX: y" }},
		{"two addresses in one recipient", func(m *mail.Message) { m.To = []string{"a@example.com, b@example.com"} }},
		{"no recipient", func(m *mail.Message) { m.To = nil }},
		{"recipient is not an address", func(m *mail.Message) { m.To = []string{"jane.example.com"} }},
		{"reply-to is not an address", func(m *mail.Message) { m.ReplyTo = "support" }},
		{"too many recipients", func(m *mail.Message) {
			m.To = nil
			for range mail.MaxRecipients + 1 {
				m.To = append(m.To, "jane@example.com")
			}
		}},
		{"empty subject", func(m *mail.Message) { m.Subject = "  " }},
		{"subject too long", func(m *mail.Message) { m.Subject = strings.Repeat("é", mail.MaxSubject+1) }},
		{"no body", func(m *mail.Message) { m.Text, m.HTML = " ", "" }},
		{"body too large", func(m *mail.Message) { m.Text = strings.Repeat("a", mail.MaxBody+1) }},
		{"body not UTF-8", func(m *mail.Message) { m.Text = "\xff\xfe" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := validMessage()
			tt.change(&m)
			err := m.Validate()
			require.ErrorIs(t, err, mail.ErrInvalid)
			f, ok := fault.As(err)
			require.True(t, ok)
			require.Equal(t, fault.KindInvalid, f.Kind)
		})
	}
}

func TestValidate_ErrorDoesNotEchoTheAddress(t *testing.T) {
	m := validMessage()
	m.To = []string{"secret-customer@example.com\r\nBcc: x@example.com"}
	require.NotContains(t, m.Validate().Error(), "secret-customer")
}
