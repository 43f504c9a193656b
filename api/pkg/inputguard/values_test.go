package inputguard

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCheckValues_JudgesQueryAndFormPairsAsHandlersDecodeThem(t *testing.T) {
	tests := []struct {
		name, raw string
		want      map[string]string
	}{
		{"a clean history query", "sortBy[]=createdAt&filterText=RT1000&page=2", map[string]string{}},
		{"a NUL", "q=%00", map[string]string{"q": MsgOneLine}},
		{"CR LF", "line1=2100%0D%0ABcc:x", map[string]string{"line1": MsgOneLine}},
		{"bytes that are not UTF-8", "filterText=%ff", map[string]string{"filterText": MsgNotUTF8}},
		{"a plus is a space", "q=a+b", map[string]string{}},
		{"a flawed key", "a%00b=1", map[string]string{"a\uFFFDb": MsgOneLine}},
		{"a multi-line field", "desc=a%0D%0Ab", map[string]string{}},
		{"every value of a repeated key", "year=2024&year=%00", map[string]string{"year": MsgOneLine}},
		{"a pair that does not decode is left out, as for handlers", "q=%zz&x=%00", map[string]string{"x": MsgOneLine}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found := findings{}
			checkValues(tt.raw, found)
			require.Equal(t, tt.want, map[string]string(found))
		})
	}
}
