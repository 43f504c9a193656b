package inputguard

import (
	"bytes"
	"io"
	"maps"
	"mime/multipart"
	"slices"
	"strings"
)

// multipartBody hands a multipart body to its handler part by part, as it reads it: a part's
// field name and file name are judged before the handler sees the part, and the value of a
// field that is not a file while it streams. File contents pass through without being held, so
// an upload of 250 MB costs what it did. A flaw ends the body with the refusal as its read
// error, which the handler returns and httpx answers (httpx.Refusal).
//
// The parts are written out again with the body's own boundary and their own headers (as
// read, not decoded: NextRawPart), so the handler's multipart reader reads what it would have
// read; only the preamble and the epilogue, which no reader passes on, are left out.
type multipartBody struct {
	src      *multipart.Reader
	body     io.Closer
	boundary string
	// out holds delimiter and header bytes to hand over before reading on.
	out   []byte
	part  *multipart.Part
	field string
	// value judges the current part when it is a field, not a file.
	value   *textScanner
	started bool
	err     error
}

func newMultipartBody(body io.ReadCloser, boundary string) *multipartBody {
	return &multipartBody{src: multipart.NewReader(body, boundary), body: body, boundary: boundary}
}

func (m *multipartBody) Read(p []byte) (int, error) {
	for {
		if len(m.out) > 0 {
			n := copy(p, m.out)
			m.out = m.out[n:]
			return n, nil
		}
		if m.err != nil {
			return 0, m.err
		}
		if m.part == nil {
			m.next()
			continue
		}
		n, err := m.part.Read(p)
		if m.value != nil {
			fl := m.value.scan(p[:n])
			if fl == noFlaw && err == io.EOF {
				fl = m.value.end()
			}
			if fl != noFlaw {
				m.refuse(m.field, message(fl, m.value.multiLine))
				return 0, m.err
			}
		}
		switch {
		case err == io.EOF:
			m.part = nil
		case err != nil:
			m.err = err
		}
		if n > 0 {
			return n, nil
		}
	}
}

// next reads the next part's headers, judges its names, and queues its delimiter and headers.
func (m *multipartBody) next() {
	part, err := m.src.NextRawPart()
	if err == io.EOF {
		m.out = []byte(m.delimiter() + "--\r\n")
		m.err = io.EOF
		return
	}
	if err != nil {
		m.err = err
		return
	}
	field, file := part.FormName(), part.FileName()
	if fl := flawOf(field, false); fl != noFlaw {
		m.refuse(field, message(fl, false))
		return
	}
	if fl := flawOf(file, false); fl != noFlaw {
		m.refuse(field, map[flaw]string{controlChar: MsgFileNameLine, notUTF8: MsgFileNameUTF8}[fl])
		return
	}
	var head bytes.Buffer
	head.WriteString(m.delimiter() + "\r\n")
	for _, key := range slices.Sorted(maps.Keys(part.Header)) {
		for _, v := range part.Header[key] {
			head.WriteString(key + ": " + v + "\r\n")
		}
	}
	head.WriteString("\r\n")
	m.out, m.part, m.field, m.started = head.Bytes(), part, field, true
	// A part without a file name is a field's value, as Go's ReadForm reads it.
	m.value = nil
	if file == "" {
		m.value = &textScanner{multiLine: isMultiLine(field)}
	}
}

// delimiter is the line that starts a part or, followed by "--", ends the body; after a part it
// begins with the line break that ends the part's content.
func (m *multipartBody) delimiter() string {
	if !m.started {
		return "--" + m.boundary
	}
	return "\r\n--" + m.boundary
}

func (m *multipartBody) refuse(field, msg string) {
	m.err = newRefusal(map[string]string{shown(field): msg})
}

func (m *multipartBody) Close() error { return m.body.Close() }

// multipartBoundary returns the boundary of a multipart Content-Type, or false.
func multipartBoundary(mediaType string, params map[string]string) (string, bool) {
	b := params["boundary"]
	return b, strings.HasPrefix(mediaType, "multipart/") && b != ""
}
