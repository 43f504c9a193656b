package webshell

import (
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
)

// HEAD answers what GET answers, headers included, without the body (RFC 9110 §9.3.2). net/http
// works out a Content-Length only from a body it sees: a GET's small body gets one and a large one
// is chunked, while HEAD, which writes no body, gets neither. So every answer here says its
// length itself: files and documents in serveContent, bodiless answers in answerEmpty.

// serveContent answers GET and HEAD with content (size bytes, in the Content-Encoding already set,
// if any) as http.ServeContent does, which states the length of an unencoded body only.
func serveContent(c *gin.Context, modTime time.Time, content io.ReadSeeker, size int64) {
	w := http.ResponseWriter(c.Writer)
	if c.Writer.Header().Get("Content-Encoding") != "" {
		// A range of compressed bytes is of no use to a browser, and its length would be known to
		// ServeContent alone: the whole body is sent.
		c.Request.Header.Del("Range")
		w = encodedLength{ResponseWriter: c.Writer, size: size}
	}
	http.ServeContent(w, c.Request, "", modTime, content)
}

// encodedLength states the length of an encoded body when the answer is the whole of it (200);
// a 304 or 412 from ServeContent has no body, and says nothing of its length.
type encodedLength struct {
	http.ResponseWriter
	size int64
}

func (w encodedLength) WriteHeader(code int) {
	if code == http.StatusOK {
		w.Header().Set("Content-Length", strconv.FormatInt(w.size, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w encodedLength) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// answerEmpty answers status without a body. It is sent at once, so gin adds no text of its own
// to a 404 from NoRoute.
func answerEmpty(c *gin.Context, status int) {
	c.Header("Content-Length", "0")
	c.Status(status)
	c.Writer.WriteHeaderNow()
}
