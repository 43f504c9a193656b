package graph

import (
	"maps"
	"slices"
	"strings"
	"time"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/support/support"
)

func toRepairFaults(faults []rma.FaultOptions) []*RepairFault {
	out := make([]*RepairFault, len(faults))
	for i, f := range faults {
		opts := make([]*RepairOption, len(f.Options))
		for j, o := range f.Options {
			opts[j] = &RepairOption{Name: o.Name, Price: toMoney(o.Price), Tip: o.Tip}
		}
		out[i] = &RepairFault{Name: f.Name, Options: opts}
	}
	return out
}

func toMoney(m money.Money) *Money {
	return &Money{Cents: m.Cents, Currency: m.Currency}
}

func toNamedTicketInput(in TicketInput) support.NamedTicketInput {
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	return support.NamedTicketInput{
		Name: in.Name, EmailAddress: in.EmailAddress, Phone: in.Phone, Subject: in.Subject,
		Description: in.Description, CaseType: in.CaseType, Model: deref(in.Model), Serial: deref(in.Serial),
	}
}

// ticketFieldNames are how the form labels the ticket's fields, for refusals a person can act on.
var ticketFieldNames = map[string]string{
	"firstName": "First name", "lastName": "Last name", "emailAddress": "Email", "phone": "Phone",
	"subject": "Subject", "description": "Description", "caseType": "Case type", "model": "Model", "serial": "Serial",
}

// refusal turns a validation fault into one sentence: "Phone: Invalid Format or Number; …".
func refusal(f *fault.Error) string {
	if len(f.Fields) == 0 {
		return f.Message
	}
	parts := make([]string, 0, len(f.Fields))
	for _, field := range slices.Sorted(maps.Keys(f.Fields)) {
		name := ticketFieldNames[field]
		if name == "" {
			name = field
		}
		parts = append(parts, name+": "+f.Fields[field])
	}
	return strings.Join(parts, "; ")
}

func toReportRows(rows []support.ReportRow) []*CommonReportRow {
	out := make([]*CommonReportRow, len(rows))
	for i, r := range rows {
		out[i] = &CommonReportRow{Message: r.Message, IsWarning: r.IsWarning, IsPaused: r.IsPaused}
	}
	return out
}

func toSupportTickets(tickets []support.Ticket) []*SupportTicket {
	out := make([]*SupportTicket, len(tickets))
	for i, t := range tickets {
		out[i] = &SupportTicket{UID: t.UID, Subject: t.Subject, CaseType: t.CaseType, Status: t.Status, CreatedAt: t.CreatedAt.UTC().Format(time.RFC3339)}
	}
	return out
}
