package inputguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFlawOf_OneLineAndMultiLineFields(t *testing.T) {
	tests := []struct {
		name, value        string
		oneLine, multiLine flaw
	}{
		{"plain text", "Screen cracked after a drop.", noFlaw, noFlaw},
		{"accented and wide characters", "Müller 東京 ＝1", noFlaw, noFlaw},
		{"the replacement character itself", "\uFFFD", noFlaw, noFlaw},
		{"empty", "", noFlaw, noFlaw},
		{"NUL", "a\x00b", controlChar, controlChar},
		{"line feed", "a\nb", controlChar, noFlaw},
		{"carriage return", "a\rb", controlChar, noFlaw},
		{"CR LF faking a header line", "Casey\r\nBcc: all@example.com", controlChar, noFlaw},
		{"tab", "a\tb", controlChar, noFlaw},
		{"line separator", "a\u2028b", controlChar, noFlaw},
		{"paragraph separator", "a\u2029b", controlChar, noFlaw},
		{"escape", "a\x1b[31m", controlChar, controlChar},
		{"delete", "a\x7f", controlChar, controlChar},
		{"C1 next line", "a\u0085b", controlChar, controlChar},
		{"byte that is not UTF-8", "a\xffb", notUTF8, notUTF8},
		{"truncated character", "caf\xc3", notUTF8, notUTF8},
		{"UTF-8 of a surrogate", "\xed\xa0\x80", notUTF8, notUTF8},
		{"overlong NUL", "\xc0\x80", notUTF8, notUTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.Equal(t, tt.oneLine, flawOf(tt.value, false), "one-line field")
			require.Equal(t, tt.multiLine, flawOf(tt.value, true), "multi-line field")
		})
	}
}

func TestTextScanner_JudgesAValueSplitAnywhereAsAWhole(t *testing.T) {
	for _, value := range []string{"Müller 東京", "東\n京", "caf\xc3", "a\xffb", "ok\x00", "\xe6\x9d", "😀😀"} {
		for _, multiLine := range []bool{false, true} {
			want := flawOf(value, multiLine)
			for cut := 0; cut <= len(value); cut++ {
				s := textScanner{multiLine: multiLine}
				got := s.scan([]byte(value[:cut]))
				if got == noFlaw {
					got = s.scan([]byte(value[cut:]))
				}
				if got == noFlaw {
					got = s.end()
				}
				require.Equal(t, want, got, "%q cut at %d", value, cut)
			}
		}
	}
}

func TestIsMultiLine_ByTheLastNameOfThePath(t *testing.T) {
	tests := []struct {
		path string
		want bool
	}{
		{"rmaInput.initialNotes", true},
		{"desc", true},
		{"variables.ticketInput.description", true},
		{"[3].message", true},
		{"note", true},
		{"technicianNotes", true},
		{"rmaInput.customerReference", false},
		{"contact.firstName", false},
		{"address.line1", false},
		{"subject", false},
		{"filterText", false},
		{"lines[0].serials[1]", false},
		{"initialNotes[0]", true},
		{"sortBy[]", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			require.Equal(t, tt.want, isMultiLine(tt.path))
		})
	}
}

func TestShown_NamesAFlawedNameSafely(t *testing.T) {
	require.Equal(t, "body", shown(""))
	require.Equal(t, "a\uFFFDb", shown("a\x00b"))
	require.Equal(t, "a\uFFFDb", shown("a\xffb"))
	long := shown(string(make([]byte, 300)))
	require.Equal(t, maxShownName+1, len([]rune(long)))
}
