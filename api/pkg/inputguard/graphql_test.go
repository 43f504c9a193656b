package inputguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckGraphQL_JudgesStringLiteralsAsTheServerReadsThem(t *testing.T) {
	tests := []struct {
		name, document string
		want           map[string]string
	}{
		{"a clean mutation", `mutation{createServiceSupportTicket(ticketInput:{name:"Casey Morgan",subject:"Hi",description:"Line one\nLine two",caseType:"Question"}){success}}`,
			map[string]string{}},
		{"a NUL escape in a one-line input field", `mutation{createServiceSupportTicket(ticketInput:{subject:"Hi\u0000"}){success}}`,
			map[string]string{"ticketInput.subject": MsgOneLine}},
		{"a line-break escape in a one-line input field", `mutation{createServiceSupportTicket(ticketInput:{name:"Casey\r\nBcc: x"}){success}}`,
			map[string]string{"ticketInput.name": MsgOneLine}},
		{"a NUL escape in a multi-line input field", `mutation{createServiceSupportTicket(ticketInput:{description:"a\u0000"}){success}}`,
			map[string]string{"ticketInput.description": MsgNoControl}},
		{"a block string spanning lines in a one-line argument", "{partsOrderBatchConnection(search:\"\"\"a\nb\"\"\"){totalCount}}",
			map[string]string{"search": MsgOneLine}},
		{"an argument of a nested field", `{a{b(text:"\u0007"){c}}}`, map[string]string{"text": MsgOneLine}},
		{"a list element", `{partsOrderBatchConnection(statuses:["PLACED","\u0000"]){totalCount}}`,
			map[string]string{"statuses[1]": MsgOneLine}},
		{"a directive's argument", `{a @include(if: true) @x(reason:"\n") }`, map[string]string{"reason": MsgOneLine}},
		{"a variable's default value", `query($s: String = "\u0000"){a(s:$s)}`, map[string]string{"$s": MsgOneLine}},
		{"a fragment's argument", `query{...F} fragment F on Query{a(text:"\u0000")}`, map[string]string{"text": MsgOneLine}},
		{"an inline fragment's argument", `query{... on Query{a(text:"\u0000")}}`, map[string]string{"text": MsgOneLine}},
		{"a document that does not parse is the server's to refuse", `{a(text:"\u0000"`, map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found := findings{}
			checkGraphQL(tt.document, found)
			require.Equal(t, tt.want, map[string]string(found))
		})
	}
}
