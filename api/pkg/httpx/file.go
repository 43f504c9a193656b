package httpx

import (
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
)

// ServePhoto streams an uploaded image to the one caller allowed it, to be shown in the page: not
// cached, not sniffed (the type is the one the upload detected), and sandboxed so a file that
// is not the image it claims runs nothing if opened on its own.
func ServePhoto(c *gin.Context, size int64, contentType string, body io.ReadCloser) {
	defer body.Close()
	c.DataFromReader(http.StatusOK, size, contentType, body, map[string]string{
		"Cache-Control":           "private, no-store",
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "default-src 'none'; sandbox",
	})
}
