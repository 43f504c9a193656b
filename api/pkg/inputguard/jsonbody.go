package inputguard

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxDepth is encoding/json's own nesting limit: a handler's decoder refuses anything deeper,
// so the walk need not go further.
const maxDepth = 10000

// jsonFrame is an object or array the walk is inside.
type jsonFrame struct {
	array bool
	index int
	// key is the member being read; wantKey says the next string is a key, not a value.
	key     string
	wantKey bool
}

// document is a JSON string that holds a text of another language (a GraphQL request's
// "query"): it may span lines, and check judges what is inside it.
type document struct {
	path  string
	check func(value string, found findings)
}

// checkJSON judges every key and string of body, a JSON text as handlers decode it with
// encoding/json, naming each by its path ("rmaInput.initialNotes", "lines[0].partNumber",
// "[2].message"), and the documents among them. A body that is not JSON is walked up to its
// first error: the handler's decoder refuses it there too, and what came before is all it could
// read.
//
// encoding/json turns bytes that are not UTF-8 into U+FFFD without a word, so each string is
// judged on its raw bytes too.
func checkJSON(body []byte, found findings, docs ...document) {
	if cannotHoldFlaws(body) {
		return
	}
	walkJSON(body, found, docs)
}

// cannotHoldFlaws reports a JSON text none of whose strings can hold a flawed character: UTF-8
// throughout, without an escape (a backslash: \n, \u0000, and a GraphQL document's own escapes
// too), and without DEL, a C1 control or a line or paragraph separator written as itself, the
// flawed characters JSON lets a string hold unescaped. (A raw character below U+0020 is not JSON
// inside a string.) Most bodies are such, and are let through at the cost of one pass over their
// bytes instead of a walk of their tokens, which costs some thirty times more (benchmarks).
func cannotHoldFlaws(body []byte) bool {
	for i, b := range body {
		switch {
		case b == '\\' || b == 0x7f:
			return false
		case b == 0xc2 && i+1 < len(body) && body[i+1] >= 0x80 && body[i+1] <= 0x9f:
			return false
		case b == 0xe2 && i+2 < len(body) && body[i+1] == 0x80 && (body[i+2] == 0xa8 || body[i+2] == 0xa9):
			return false
		}
	}
	return utf8.Valid(body)
}

// walkJSON is checkJSON's walk of every token.
func walkJSON(body []byte, found findings, docs []document) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var stack []jsonFrame
	var prev int64
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		raw := body[prev:dec.InputOffset()]
		prev = dec.InputOffset()
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				if len(stack) == maxDepth {
					return
				}
				stack = append(stack, jsonFrame{array: v == '[', wantKey: v == '{'})
				continue
			}
			stack = stack[:len(stack)-1]
		case string:
			if top := len(stack) - 1; top >= 0 && stack[top].wantKey {
				stack[top].key, stack[top].wantKey = v, false
				if fl := rawFlaw(raw, v, false); fl != noFlaw {
					found.note(jsonPath(stack), fl, false)
				}
				continue
			}
			checkJSONString(stack, raw, v, found, docs)
		}
		afterValue(stack)
	}
}

// checkJSONString judges the string value v (raw as sent) at the top of stack.
func checkJSONString(stack []jsonFrame, raw []byte, v string, found findings, docs []document) {
	var doc *document
	if len(docs) > 0 {
		path := jsonPath(stack)
		if i := slices.IndexFunc(docs, func(d document) bool { return d.path == path }); i >= 0 {
			doc = &docs[i]
		}
	}
	multiLine := doc != nil || multiLineFields[leafKey(stack)]
	if fl := rawFlaw(raw, v, multiLine); fl != noFlaw {
		found.note(jsonPath(stack), fl, multiLine)
		return
	}
	if doc != nil {
		doc.check(v, found)
	}
}

// rawFlaw is the flaw of a decoded JSON string: its raw bytes' (raw holds the string as sent,
// and maybe the punctuation before it) or its decoded value's, where an escape such as \u0000
// becomes the character it names.
func rawFlaw(raw []byte, decoded string, multiLine bool) flaw {
	if !utf8.Valid(raw) {
		return notUTF8
	}
	return flawOf(decoded, multiLine)
}

// leafKey is the key of the innermost object member being read: the last name of its path.
func leafKey(stack []jsonFrame) string {
	for i := len(stack) - 1; i >= 0; i-- {
		if !stack[i].array {
			return stack[i].key
		}
	}
	return ""
}

// afterValue moves the innermost container past the value just read.
func afterValue(stack []jsonFrame) {
	if len(stack) == 0 {
		return
	}
	top := &stack[len(stack)-1]
	if top.array {
		top.index++
	} else {
		top.wantKey = true
	}
}

// jsonPath names the value being read: object members by key, joined by dots, array elements by
// index.
func jsonPath(stack []jsonFrame) string {
	var b strings.Builder
	for _, f := range stack {
		if f.array {
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(f.key)
	}
	return b.String()
}
