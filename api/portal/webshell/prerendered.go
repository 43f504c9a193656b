package webshell

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/gin-gonic/gin"
)

// prerenderedName is the file a front-end package's build writes into its dist/ (packages/prerender).
const prerenderedName = "prerendered.json"

// The markers the host's page and the prerendered pages agree on (packages/prerender PageSlot,
// host/index.html). The slot is the host page's one empty portal-page element, whatever its
// attributes (pageSlotEnd ends it): the remote's page goes inside it, where the app's hydrating
// render expects it.
const (
	pageSlotEnd = "></portal-page>"
	emptyRoot   = `<div id="root"></div>`
)

// prerenderedFile holds a package's pages by route pattern (a path without parameters is its own
// pattern), and the host's also every pattern of its router.
type prerenderedFile struct {
	Pages  map[string]prerenderedPage `json:"pages"`
	Routes []string                   `json:"routes"`
}

type prerenderedPage struct {
	HTML   string `json:"html"`
	Styles string `json:"styles"`
	// Remote names the remote whose page for the same path goes into the host's page slot.
	Remote string `json:"remote"`
}

// document is a host page with a prerendered page in it, ready to send in the encodings the
// build gives static files (tooling/rspack precompress): composed at start, it is compressed then.
type document struct {
	html []byte
	// encoded holds the document in each of encodings, by name.
	encoded map[string][]byte
	modTime time.Time
	// remote names the remote whose prerendered page is in it, if any.
	remote string
}

// prerendered holds the documents by the pattern of the route they were rendered for.
type prerendered struct {
	docs   map[string]*document
	routes routeTable
}

// lookup returns the document for the cleaned, still percent-encoded path, or nil when its
// route has none or its remote is loaded from elsewhere now (another build than the one here).
func (p prerendered) lookup(path string, elsewhere map[string]bool) *document {
	pattern, ok := p.routes.match(path)
	if !ok {
		return nil
	}
	doc := p.docs[pattern]
	if doc == nil || elsewhere[doc.remote] {
		return nil
	}
	return doc
}

// prerenderedDocuments puts each of the host's prerendered pages into its shell (index.html):
// the styles into the head, the page into the root, where the app hydrates it.
// A page whose remote is not built here or has no page for its path is left out: that path gets
// the plain shell, as every path did before. remoteDirs maps the remotes built here to their
// dist directories; lookup leaves out those loaded from elsewhere.
func prerenderedDocuments(shell []byte, shellTime time.Time, hostDir string, remoteDirs map[string]string) (prerendered, error) {
	host, hostTime, err := readPrerendered(hostDir)
	if err != nil || len(host.Pages) == 0 {
		return prerendered{}, err
	}
	before, after, ok := bytes.Cut(shell, []byte(emptyRoot))
	if !ok {
		return prerendered{}, fmt.Errorf("webshell: the host's index.html has no %s for its prerendered pages", emptyRoot)
	}
	head, body, ok := bytes.Cut(before, []byte("</head>"))
	if !ok {
		return prerendered{}, errors.New("webshell: the host's index.html has no </head> for its prerendered pages' styles")
	}

	remotes := map[string]*prerenderedFile{}
	remoteTimes := map[string]time.Time{}
	docs := map[string]*document{}
	for pattern, pg := range host.Pages {
		styles, html, modTime := pg.Styles, pg.HTML, latest(shellTime, hostTime)
		if pg.Remote != "" {
			dir, served := remoteDirs[pg.Remote]
			if !served {
				continue
			}
			if _, read := remotes[pg.Remote]; !read {
				remotes[pg.Remote], remoteTimes[pg.Remote], err = readPrerendered(dir)
				if err != nil {
					return prerendered{}, err
				}
			}
			inner, found := remotes[pg.Remote].Pages[pattern]
			if !found || !strings.Contains(html, pageSlotEnd) {
				continue
			}
			styles += inner.Styles
			html = strings.Replace(html, pageSlotEnd, ">"+inner.HTML+"</portal-page>", 1)
			modTime = latest(modTime, remoteTimes[pg.Remote])
		}
		var doc bytes.Buffer
		doc.Write(head)
		doc.WriteString(styles)
		doc.WriteString("</head>")
		doc.Write(body)
		// Until the app has hydrated it, the page is a picture of itself: a click or typing would
		// go nowhere and be lost, so it is inert, and assistive technology is told of the page
		// once it works (host/src/bootstrap.tsx).
		doc.WriteString(`<div id="root" data-prerendered inert aria-hidden="true">`)
		doc.WriteString(html)
		doc.WriteString(`</div>`)
		doc.Write(after)
		if hasInlineScript(doc.Bytes()) {
			return prerendered{}, fmt.Errorf("webshell: the prerendered page for %s has an inline <script>, which the page's Content-Security-Policy forbids", pattern)
		}
		encoded, err := encode(doc.Bytes())
		if err != nil {
			return prerendered{}, err
		}
		docs[pattern] = &document{html: doc.Bytes(), encoded: encoded, modTime: modTime, remote: pg.Remote}
	}
	routes := host.Routes
	if len(routes) == 0 {
		// A build that lists no routes prerendered paths without parameters only.
		routes = slices.Collect(maps.Keys(host.Pages))
	}
	return prerendered{docs: docs, routes: newRouteTable(routes)}, nil
}

// readPrerendered reads dir/prerendered.json; a package without one has no pages.
func readPrerendered(dir string) (*prerenderedFile, time.Time, error) {
	name := filepath.Join(dir, prerenderedName)
	raw, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return &prerenderedFile{}, time.Time{}, nil
	}
	if err != nil {
		return nil, time.Time{}, err
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, time.Time{}, err
	}
	var f prerenderedFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, time.Time{}, fmt.Errorf("webshell: %s: %w", name, err)
	}
	return &f, st.ModTime(), nil
}

// brotliQuality: the documents are compressed at every start. Quality 5 takes about a millisecond
// a page here; 11, the build's, takes 20 to 80 ms a page for 10 % fewer bytes.
const brotliQuality = 5

// compressors make a writer for each of encodings.
var compressors = map[string]func(io.Writer) (io.WriteCloser, error){
	"br":   func(w io.Writer) (io.WriteCloser, error) { return brotli.NewWriterLevel(w, brotliQuality), nil },
	"gzip": func(w io.Writer) (io.WriteCloser, error) { return gzip.NewWriterLevel(w, gzip.BestCompression) },
}

// encode compresses b in each of encodings.
func encode(b []byte) (map[string][]byte, error) {
	out := make(map[string][]byte, len(encodings))
	for _, e := range encodings {
		var buf bytes.Buffer
		w, err := compressors[e.name](&buf)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(b); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		out[e.name] = buf.Bytes()
	}
	return out, nil
}

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// serve answers GET and HEAD with the document in the smallest encoding the client accepts, in
// the order static files are chosen in (serveFile).
func (d *document) serve(c *gin.Context) {
	c.Header("Content-Type", "text/html; charset=utf-8")
	c.Header("Vary", "Accept-Encoding")
	accepted := acceptedEncodings(c.GetHeader("Accept-Encoding"))
	body := d.html
	for _, e := range encodings {
		if accepted(e.name) {
			body = d.encoded[e.name]
			c.Header("Content-Encoding", e.name)
			break
		}
	}
	serveContent(c, d.modTime, bytes.NewReader(body), int64(len(body)))
}
