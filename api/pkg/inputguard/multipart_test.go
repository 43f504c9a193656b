package inputguard

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/textproto"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/httpx"
)

// rawPart is one part as a client writes it: its Content-Disposition as sent, so a test can send
// what no well-behaved client would.
type rawPart struct {
	disposition, contentType, encoding string
	content                            string
}

const testBoundary = "guard-boundary-1234"

func multipartOf(t *testing.T, parts ...rawPart) []byte {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	require.NoError(t, mw.SetBoundary(testBoundary))
	for _, p := range parts {
		h := textproto.MIMEHeader{"Content-Disposition": {p.disposition}}
		if p.contentType != "" {
			h.Set("Content-Type", p.contentType)
		}
		if p.encoding != "" {
			h.Set("Content-Transfer-Encoding", p.encoding)
		}
		w, err := mw.CreatePart(h)
		require.NoError(t, err)
		_, err = io.WriteString(w, p.content)
		require.NoError(t, err)
	}
	require.NoError(t, mw.Close())
	return body.Bytes()
}

// seenPart is a part as a handler reads it.
type seenPart struct{ field, file, content, encoding string }

func (p seenPart) String() string { return p.field + "|" + p.file + "|" + p.content + "|" + p.encoding }

// readParts reads body as a handler does, a few bytes at a time.
func readParts(body io.Reader) ([]seenPart, error) {
	mr := multipart.NewReader(iotest.HalfReader(body), testBoundary)
	var out []seenPart
	for {
		p, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		content, err := io.ReadAll(p)
		if err != nil {
			return out, err
		}
		out = append(out, seenPart{p.FormName(), p.FileName(), string(content), p.Header.Get("Content-Transfer-Encoding")})
	}
}

func TestMultipartBody_HandsTheHandlerThePartsAsSent(t *testing.T) {
	big := strings.Repeat("\x89PNG\x00\xff--"+testBoundary+"\r\n", 40_000)
	body := multipartOf(t,
		rawPart{disposition: `form-data; name="files[0]"; filename="crack.png"`, contentType: "image/png", content: big},
		rawPart{disposition: `form-data; name="note"`, content: "Line one\r\nLine two"},
		rawPart{disposition: `form-data; name="qp"`, encoding: "quoted-printable", content: "caf=C3=A9"},
		rawPart{disposition: `form-data; name="files[1]"; filename="empty.png"`, contentType: "image/png"},
		rawPart{disposition: `form-data; name="files[2]"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.png`, content: "x"},
	)
	want, err := readParts(bytes.NewReader(body))
	require.NoError(t, err)

	got, err := readParts(newMultipartBody(io.NopCloser(bytes.NewReader(body)), testBoundary))
	require.NoError(t, err)
	require.Equal(t, want, got)
	require.Len(t, got, 5)
	require.Equal(t, "qp||caf=C3=A9|quoted-printable", got[2].String(), "a part is handed over raw, its encoding said")
	require.Equal(t, "files[2]|東京.png|x|", got[4].String())
}

func TestMultipartBody_HandsOverABodyWithoutParts(t *testing.T) {
	got, err := readParts(newMultipartBody(io.NopCloser(bytes.NewReader(multipartOf(t))), testBoundary))
	require.NoError(t, err)
	require.Empty(t, got)
}

func TestMultipartBody_RefusesAFlawedNameOrValueWhenTheHandlerReachesIt(t *testing.T) {
	ok := rawPart{disposition: `form-data; name="files[0]"; filename="crack.png"`, content: "\x89PNG\x00"}
	tests := []struct {
		name  string
		part  rawPart
		field string
		msg   string
	}{
		{"a NUL in a file name", rawPart{disposition: `form-data; name="files[1]"; filename*=UTF-8''crack%00.png`, content: "x"},
			"files[1]", MsgFileNameLine},
		{"a line break in a file name", rawPart{disposition: `form-data; name="files[1]"; filename*=UTF-8''a%0D%0Ab.png`, content: "x"},
			"files[1]", MsgFileNameLine},
		{"a file name that is not UTF-8", rawPart{disposition: "form-data; name=\"files[1]\"; filename=\"caf\xe9.png\"", content: "x"},
			"files[1]", MsgFileNameUTF8},
		{"a NUL in a field name", rawPart{disposition: `form-data; name*=UTF-8''a%00b`, content: "x"}, "a\uFFFDb", MsgOneLine},
		{"a NUL in a field's value", rawPart{disposition: `form-data; name="subject"`, content: "Hi\x00"}, "subject", MsgOneLine},
		{"a line break in a one-line field's value", rawPart{disposition: `form-data; name="subject"`, content: "Hi\r\nBcc: x"}, "subject", MsgOneLine},
		{"a NUL in a multi-line field's value", rawPart{disposition: `form-data; name="desc"`, content: "a\nb\x00"}, "desc", MsgNoControl},
		{"a value that ends inside a character", rawPart{disposition: `form-data; name="subject"`, content: "caf\xc3"}, "subject", MsgNotUTF8},
		{"a value with bytes that are not UTF-8", rawPart{disposition: `form-data; name="subject"`, content: strings.Repeat("a", 5000) + "\xff"},
			"subject", MsgNotUTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := newMultipartBody(io.NopCloser(bytes.NewReader(multipartOf(t, ok, tt.part))), testBoundary)
			// The handler meets the refusal while it reads: at the end of the part before a flawed
			// name, or inside a flawed value.
			_, err := readParts(body)
			// A handler wraps the read error in its own, as the uploads do; httpx still answers
			// with the refusal.
			wrapped := fmt.Errorf("%w: %w", fault.New(fault.KindInvalid, "uploads.unreadable", "Error Uploading"), err)
			status, answer := httpx.Status(wrapped)
			require.Equal(t, 400, status)
			require.Equal(t, ErrInvalidText.ID, answer.Error)
			require.Equal(t, map[string]string{tt.field: tt.msg}, answer.Fields)
			require.ErrorIs(t, err, ErrInvalidText)
		})
	}
}

func TestMultipartBody_ABodyThatIsNotMultipartBreaksOffWithoutARefusal(t *testing.T) {
	body := newMultipartBody(io.NopCloser(strings.NewReader(`{"desc":"\u0000"}`)), testBoundary)
	_, err := io.ReadAll(body)
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrInvalidText)
}
