package inputguard

import (
	"unicode/utf8"
)

// flaw is what makes a text value unfit to keep: the database cannot store it (a NUL byte, bytes
// that are not UTF-8: PostgreSQL refuses both, SQLite keeps them and a search then matches
// anything) or it fakes structure where the value is printed (a line break in a one-line field
// adds a 'Field: value' line to a support e-mail).
type flaw int

const (
	noFlaw flaw = iota
	// controlChar is a control character a field of its kind may not hold: any in a one-line
	// field, any but tab, line feed and carriage return in a multi-line one.
	controlChar
	// notUTF8 is a byte sequence that is not UTF-8.
	notUTF8
)

// flawOf returns the first flaw of s, a value of a one-line or a multi-line field.
func flawOf(s string, multiLine bool) flaw {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return notUTF8
		}
		if !allowed(r, multiLine) {
			return controlChar
		}
		i += size
	}
	return noFlaw
}

// allowed reports whether a field holds r. Unicode's line and paragraph separators break lines
// as CR and LF do, so a one-line field holds them no more than those.
func allowed(r rune, multiLine bool) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
		return multiLine
	case r < 0x20, r >= 0x7f && r < 0xa0:
		return false
	}
	return true
}

// textScanner finds the flaw of a value that arrives in pieces (a multipart field streamed to
// its handler), whatever the pieces: a character split between two of them is judged whole.
type textScanner struct {
	multiLine bool
	// pending holds the start of a character whose remaining bytes have not arrived yet.
	pending []byte
}

// scan judges the next piece of the value.
func (s *textScanner) scan(piece []byte) flaw {
	data := piece
	if len(s.pending) > 0 {
		data = append(s.pending, piece...)
	}
	whole := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				whole = i
			}
			break
		}
	}
	s.pending = append(s.pending[:0:0], data[whole:]...)
	return flawOf(string(data[:whole]), s.multiLine)
}

// end judges the value once all of it has arrived: a character still incomplete is not UTF-8.
func (s *textScanner) end() flaw {
	if len(s.pending) > 0 {
		return notUTF8
	}
	return noFlaw
}
