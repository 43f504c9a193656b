package webshell

import (
	"mime"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

// encodings are the precompressed siblings the build writes next to a file (tooling/rspack:
// name.br and name.gz), in the order they are preferred: brotli is the smaller.
var encodings = []struct{ name, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// compressible are the file types the build precompresses. Their answers vary by
// Accept-Encoding, compressed or not, so a shared cache never hands brotli to a client that
// did not ask for it.
var compressible = map[string]bool{".js": true, ".css": true, ".html": true, ".json": true, ".svg": true, ".txt": true}

// serveFile answers GET and HEAD for the file at name (a cleaned path inside root) with the
// smallest encoding the client accepts that the build produced, with the original file's
// type. It reports false when there is no such regular file, so the caller decides what a miss is.
func serveFile(c *gin.Context, root, name string) bool {
	full := filepath.Join(root, filepath.FromSlash(path.Clean("/"+name)))
	st, err := os.Stat(full)
	if err != nil || !st.Mode().IsRegular() {
		return false
	}
	ext := path.Ext(name)
	if ctype := mime.TypeByExtension(ext); ctype != "" {
		c.Header("Content-Type", ctype)
	}
	file := full
	if compressible[ext] {
		c.Header("Vary", "Accept-Encoding")
		accepted := acceptedEncodings(c.GetHeader("Accept-Encoding"))
		for _, e := range encodings {
			if !accepted(e.name) {
				continue
			}
			if zst, err := os.Stat(full + e.suffix); err == nil && zst.Mode().IsRegular() {
				file = full + e.suffix
				c.Header("Content-Encoding", e.name)
				break
			}
		}
	}
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	sent, err := f.Stat()
	if err != nil {
		return false
	}
	// The original's modification time: Last-Modified and If-Modified-Since mean the content,
	// whichever encoding carries it.
	serveContent(c, st.ModTime(), f, sent.Size())
	return true
}

// acceptedEncodings parses an Accept-Encoding header (RFC 9110 §12.5.3) into a test of whether
// an encoding is acceptable: named with a q-value above 0, or covered by "*" with one.
func acceptedEncodings(header string) func(string) bool {
	q := map[string]float64{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					weight = f
				} else {
					weight = 0
				}
			}
		}
		q[name] = weight
	}
	return func(enc string) bool {
		if w, ok := q[enc]; ok {
			return w > 0
		}
		w, ok := q["*"]
		return ok && w > 0
	}
}
