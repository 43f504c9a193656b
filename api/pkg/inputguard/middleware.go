package inputguard

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"slices"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/httpx"
)

// DefaultMaxBody is the most of a JSON or form body the guard reads ahead to judge: the longest
// body any route takes (a parts order of many lines, partsapi). Multipart bodies are judged as
// they stream and have no such bound here.
const DefaultMaxBody = 1 << 20

// Options say what the guard leaves alone and how far it reads.
type Options struct {
	// MaxBody bounds a JSON or form body (DefaultMaxBody when 0); a longer one is refused with
	// ErrBodyTooLarge before its handler runs, read no further.
	MaxBody int64
	// Unchecked are routes (as registered: c.FullPath()) whose requests pass untouched: the
	// payment providers' webhooks, whose signatures are verified over the raw bytes and whose
	// content is the provider's, which a refusal would only make it send again and again.
	Unchecked []string
	// GraphQL are routes whose JSON body's "query" is a GraphQL document: it may span lines, and
	// its string literals are judged as its server will read them.
	GraphQL []string
	// Log is where httpx.WriteError logs a refusal: it logs none of the guard's 400s and 413s,
	// and never a body.
	Log *slog.Logger
}

// Middleware refuses a request whose text a handler could not keep or must not print (see the
// package comment) with ErrInvalidText, and a JSON or form body longer than o.MaxBody with
// ErrBodyTooLarge. The body a handler reads is the one the client sent: a JSON or form body is
// read ahead and handed over from memory, a multipart body is judged while the handler reads it.
func Middleware(o Options) gin.HandlerFunc {
	if o.MaxBody == 0 {
		o.MaxBody = DefaultMaxBody
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return func(c *gin.Context) {
		route := c.FullPath()
		if slices.Contains(o.Unchecked, route) {
			c.Next()
			return
		}
		found := findings{}
		checkParams(c.Params, found)
		checkValues(c.Request.URL.RawQuery, found)
		checkHeaders(c, found)
		if err := o.checkBody(c, found, slices.Contains(o.GraphQL, route)); err != nil {
			httpx.WriteError(c, o.Log, err)
			return
		}
		if err := found.err(); err != nil {
			httpx.WriteError(c, o.Log, err)
			return
		}
		c.Next()
	}
}

// checkBody judges the request's body, or arranges for it to be judged as it is read.
func (o Options) checkBody(c *gin.Context, found findings, graphQL bool) error {
	r := c.Request
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	mediaType, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if boundary, ok := multipartBoundary(mediaType, params); ok {
		r.Body = newMultipartBody(r.Body, boundary)
		return nil
	}
	if r.ContentLength > o.MaxBody {
		return ErrBodyTooLarge
	}
	body, readErr := io.ReadAll(io.LimitReader(r.Body, o.MaxBody+1))
	if int64(len(body)) > o.MaxBody {
		return ErrBodyTooLarge
	}
	// The handler reads what was read, then what stopped the reading (a client that went away).
	r.Body = readAhead{Reader: io.MultiReader(bytes.NewReader(body), failing{readErr}), Closer: r.Body}
	// Whatever its Content-Type, a handler may decode a body as JSON: judged as JSON, it is the
	// same body its decoder would see. Only a body declared a form is read as a form, as only
	// such a body is read as one (Request.ParseForm).
	var docs []document
	if graphQL {
		docs = append(docs, document{path: "query", check: checkGraphQL})
	}
	checkJSON(body, found, docs...)
	if mediaType == "application/x-www-form-urlencoded" {
		checkValues(string(body), found)
	}
	return nil
}

// readAhead is a body read ahead: its bytes, and the client's body to close.
type readAhead struct {
	io.Reader
	io.Closer
}

// failing is a reader that fails with err, or ends when err is nil.
type failing struct{ err error }

func (f failing) Read([]byte) (int, error) {
	if f.err == nil || errors.Is(f.err, io.EOF) {
		return 0, io.EOF
	}
	return 0, f.err
}
