package inputguard

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckJSON_NamesEachFlawedFieldByItsPath(t *testing.T) {
	tests := []struct {
		name, body string
		want       map[string]string
	}{
		{"a clean create-RMA body", `{"serial":"RT10000001","rmaInput":{"initialNotes":"Cracked.\nTwice.","customerReference":"PO-1"},` +
			`"address":{"line1":"2100 Riverside Dr"},"contact":{"firstName":"Casey"}}`, map[string]string{}},
		{"a NUL escape in a one-line field", `{"rmaInput":{"customerReference":"A\u0000"}}`,
			map[string]string{"rmaInput.customerReference": MsgOneLine}},
		{"CR LF in a name", `{"contact":{"firstName":"Casey\r\nBcc: x@example.com"}}`,
			map[string]string{"contact.firstName": MsgOneLine}},
		{"line breaks and tabs in notes", `{"rmaInput":{"initialNotes":"a\r\n\tb"}}`, map[string]string{}},
		{"a NUL in notes", `{"rmaInput":{"initialNotes":"a\u0000b"}}`,
			map[string]string{"rmaInput.initialNotes": MsgNoControl}},
		{"raw bytes that are not UTF-8", "{\"desc\":\"caf\xe9\"}", map[string]string{"desc": MsgNotUTF8}},
		{"an element of an array of objects", `{"lines":[{"partNumber":"RL14"},{"partNumber":"RL\u0000"}]}`,
			map[string]string{"lines[1].partNumber": MsgOneLine}},
		{"an element of an array of strings", `{"lines":[{"serials":["RT1","RT2\n"]}]}`,
			map[string]string{"lines[0].serials[1]": MsgOneLine}},
		{"a top-level array", `[{"message":"ok\nok"},{"message":"\u0000"}]`, map[string]string{"[1].message": MsgNoControl}},
		{"a key", `{"contact":{"first\u0000Name":"Casey"}}`, map[string]string{"contact.first\uFFFDName": MsgOneLine}},
		{"a key of bytes that are not UTF-8", "{\"\xff\":1}", map[string]string{"\uFFFD": MsgNotUTF8}},
		{"a top-level string", `"\u0000"`, map[string]string{"body": MsgOneLine}},
		{"every flawed field", `{"a":"\u0000","b":{"c":"\n"},"d":["\u0007"]}`,
			map[string]string{"a": MsgOneLine, "b.c": MsgOneLine, "d[0]": MsgOneLine}},
		{"numbers, booleans and nulls", `{"quantity":3,"ok":true,"none":null,"x":[1,2.5e3]}`, map[string]string{}},
		{"the values before a syntax error", `{"a":"\u0000",}`, map[string]string{"a": MsgOneLine}},
		{"a second JSON value, which a decoder could read next", `{"a":"ok"} {"b":"\u0000"}`, map[string]string{"b": MsgOneLine}},
		{"not JSON at all", `serial=RT1%00`, map[string]string{}},
		{"a paired surrogate escape", `{"a":"\ud83d\ude00"}`, map[string]string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found := findings{}
			checkJSON([]byte(tt.body), found)
			require.Equal(t, tt.want, map[string]string(found))
		})
	}
}

func TestCheckJSON_NamesAtMostTenFields(t *testing.T) {
	body := "[" + strings.TrimSuffix(strings.Repeat(`"\u0000",`, 50), ",") + "]"
	found := findings{}
	checkJSON([]byte(body), found)
	require.Len(t, found, maxNamed)
}

func TestCheckJSON_StopsAtEncodingJSONsNestingLimit(t *testing.T) {
	body := strings.Repeat("[", maxDepth+1) + `"\u0000"` + strings.Repeat("]", maxDepth+1)
	found := findings{}
	checkJSON([]byte(body), found)
	require.Empty(t, found, "a handler's decoder refuses this depth before reading the string")
}

func TestCheckJSON_JudgesTheDocumentsItIsGiven(t *testing.T) {
	var seen []string
	doc := document{path: "query", check: func(v string, _ findings) { seen = append(seen, v) }}
	found := findings{}
	checkJSON([]byte(`{"query":"{\n  a\n}","variables":{"query":"x"}}`), found, doc)
	require.Empty(t, found, "a document may span lines")
	require.Equal(t, []string{"{\n  a\n}"}, seen, "only the top-level query is the document")
}

func TestCannotHoldFlaws_OnlyForTextWithoutEscapesOrRawFlawedCharacters(t *testing.T) {
	tests := []struct {
		name, body string
		want       bool
	}{
		{"plain JSON", `{"serial":"RT10000001","contact":{"firstName":"Zoë"}}`, true},
		{"pretty-printed JSON", "{\n\t\"a\": \"b\"\r\n}", true},
		{"an escape", `{"a":"b\nc"}`, false},
		{"an escaped quote", `{"a":"say \"hi\""}`, false},
		{"a raw DEL", "{\"a\":\"\x7f\"}", false},
		{"a raw C1 control", "{\"a\":\"\u0085\"}", false},
		{"a raw line separator", "{\"a\":\"\u2028\"}", false},
		{"a raw paragraph separator", "{\"a\":\"\u2029\"}", false},
		{"bytes that are not UTF-8", "{\"a\":\"\xff\"}", false},
		{"a character beside a C1 control's first byte", `{"a":"¡ ©"}`, true},
		{"a character beside a separator's first bytes", `{"a":"— …"}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.want, cannotHoldFlaws([]byte(tt.body)))
		})
	}
}
