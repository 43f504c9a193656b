package inputguard

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/textproto"
	"net/url"
	"slices"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// A JSON body the guard lets through holds no flawed text: every key and string a handler
// decodes from it is fit for its field, and the body is UTF-8 throughout.
func FuzzCheckJSON(f *testing.F) {
	for _, seed := range []string{
		`{"rmaInput":{"initialNotes":"a\r\nb","customerReference":"PO-1"}}`,
		`{"a":"\u0000"}`, "{\"a\":\"\xff\"}", `[{"message":"x\ny"}]`, `{"lines":[{"serials":["RT1","RT2"]}]}`,
		`{"a":"\ud800"}`, `{"a":1} {"b":"\n"}`, `"top"`, `{"a\u0000":1}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if cannotHoldFlaws(body) {
			walked := findings{}
			walkJSON(body, walked, nil)
			if len(walked) > 0 {
				t.Fatalf("the quick pass let through %q, which the walk refuses: %v", body, walked)
			}
		}
		found := findings{}
		checkJSON(body, found)
		if len(found) > 0 || !json.Valid(body) {
			return
		}
		if !utf8.Valid(body) {
			t.Fatalf("let through a body that is not UTF-8: %q", body)
		}
		var v any
		if err := json.Unmarshal(body, &v); err != nil {
			t.Fatalf("valid JSON does not decode: %v", err)
		}
		assertFit(t, "", v)
	})
}

// assertFit fails when a decoded value holds text its field may not hold.
func assertFit(t *testing.T, key string, v any) {
	switch v := v.(type) {
	case string:
		if flawOf(v, multiLineFields[key]) != noFlaw {
			t.Fatalf("let through %q under %q", v, key)
		}
	case []any:
		for _, e := range v {
			assertFit(t, key, e)
		}
	case map[string]any:
		for k, e := range v {
			if flawOf(k, false) != noFlaw {
				t.Fatalf("let through the key %q", k)
			}
			assertFit(t, k, e)
		}
	}
}

// A value judged in two pieces, cut anywhere, is judged as it is whole.
func FuzzTextScanner(f *testing.F) {
	f.Add("Müller 東京", 3, false)
	f.Add("caf\xc3", 4, true)
	f.Add("a\r\nb", 2, true)
	f.Fuzz(func(t *testing.T, value string, cut int, multiLine bool) {
		if cut < 0 || cut > len(value) {
			return
		}
		s := textScanner{multiLine: multiLine}
		got := s.scan([]byte(value[:cut]))
		if got == noFlaw {
			got = s.scan([]byte(value[cut:]))
		}
		if got == noFlaw {
			got = s.end()
		}
		if want := flawOf(value, multiLine); got != want {
			t.Fatalf("%q cut at %d: %v, whole: %v", value, cut, got, want)
		}
	})
}

// A multipart body of one field and one file reaches its handler as sent, or is refused for a
// flawed name or value; it is never altered, and never let through flawed.
func FuzzMultipartBody(f *testing.F) {
	f.Add("subject", "Hello", "crack.png", []byte("\x89PNG\x00\xff"))
	f.Add("desc", "a\r\nb", "東京.png", []byte("--"+testBoundary))
	f.Add("subject", "a\x00", "crack.png", []byte{})
	f.Add("subject", "ok", "crack\x00.png", []byte("x"))
	f.Fuzz(func(t *testing.T, field, value, file string, content []byte) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		if mw.SetBoundary(testBoundary) != nil || mw.WriteField(field, value) != nil {
			return
		}
		disposition := `form-data; name="files[0]"; filename*=UTF-8''` + url.PathEscape(file)
		w, err := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {disposition}})
		if err != nil {
			return
		}
		_, _ = w.Write(content)
		_ = mw.Close()

		sent, sentErr := readParts(bytes.NewReader(body.Bytes()))
		got, err := readParts(newMultipartBody(io.NopCloser(iotest.OneByteReader(bytes.NewReader(body.Bytes()))), testBoundary))
		flawed := false
		for _, p := range sent {
			flawed = flawed || flawOf(p.field, false) != noFlaw || flawOf(p.file, false) != noFlaw ||
				(p.file == "" && flawOf(p.content, isMultiLine(p.field)) != noFlaw)
		}
		switch {
		case errors.Is(err, ErrInvalidText):
			if !flawed {
				t.Fatalf("refused %q: %v", sent, err)
			}
		case err != nil:
			if sentErr == nil {
				t.Fatalf("broke off %q: %v", sent, err)
			}
		case flawed:
			t.Fatalf("let through %q", got)
		case !slices.Equal(got, sent):
			t.Fatalf("handed over %q, sent %q", got, sent)
		}
	})
}
