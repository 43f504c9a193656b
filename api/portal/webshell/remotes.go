package webshell

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// front is what the host page and /runtime-config.json say about where each remote is loaded
// from: the runtime config, the page's Content-Security-Policy that lets those origins run, and
// which remotes are not served from here. It changes only when the remotes file does.
type front struct {
	runtime RuntimeConfig
	policy  string
	// elsewhere are the remotes loaded from another place than this process's build of them:
	// their prerendered pages here may be another version, so they are left out.
	elsewhere map[string]bool
}

// remotesFileBody is the remotes file: {"remotes": {"repair": "https://cdn…/repair/1.0.1/mf-manifest.json"}}.
type remotesFileBody struct {
	Remotes map[string]string `json:"remotes"`
}

// fileStamp tells a rewritten file from the one read last without reading it.
type fileStamp struct {
	modTime time.Time
	size    int64
	missing bool
}

// fronts keeps the current front. Without a remotes file it never changes; with one, each page
// and runtime-config request looks at the file's stamp (a stat) and reads it again once it
// changed, so a deployment moves one remote to another release, and back, by rewriting the file:
// no other remote, the host or this process is rebuilt or restarted. A file that does not parse
// or names a remote URL the policy cannot allow is logged and the remotes stay as they were.
type fronts struct {
	o       Options
	hostDir string
	// built maps the remotes built here to their dist directories.
	built map[string]string
	log   *slog.Logger

	mu    sync.Mutex
	stamp fileStamp
	cur   atomic.Pointer[front]
}

func newFronts(o Options, hostDir string, built map[string]string) (*fronts, error) {
	f := &fronts{o: o, hostDir: hostDir, built: built, log: o.Log}
	if f.log == nil {
		f.log = slog.New(slog.DiscardHandler)
	}
	overrides := map[string]string{}
	if o.RemotesFile != "" {
		// A file named but unreadable at start is a deployment mistake: said now, not per request.
		st, err := os.Stat(o.RemotesFile)
		if err != nil {
			return nil, fmt.Errorf("webshell: remotes file: %w", err)
		}
		f.stamp = fileStamp{modTime: st.ModTime(), size: st.Size()}
		if overrides, err = readRemotesFile(o.RemotesFile); err != nil {
			return nil, err
		}
	}
	first, err := f.build(overrides)
	if err != nil {
		return nil, err
	}
	f.cur.Store(first)
	return f, nil
}

// localManifest is where this process serves a remote it has built.
func localManifest(name string) string {
	return "/remotes/" + name + "/mf-manifest.json"
}

// build makes the front of the built remotes, PORTAL_REMOTE_URLS and then the file's overrides.
func (f *fronts) build(overrides map[string]string) (*front, error) {
	urls := maps.Clone(f.o.RemoteURLs)
	if urls == nil {
		urls = map[string]string{}
	}
	maps.Copy(urls, overrides)
	remotes := map[string]string{}
	for name := range f.built {
		remotes[name] = localManifest(name)
	}
	maps.Copy(remotes, urls)

	elsewhere := map[string]bool{}
	local := map[string]string{}
	for name, manifest := range remotes {
		dir, built := f.built[name]
		if built && manifest == localManifest(name) {
			local[name] = dir
		} else {
			elsewhere[name] = true
		}
	}
	// The policy allows scripts from the same remote origins as the federation runtime. A remote
	// URL that is neither a path nor an http(s) URL (e.g. "//cdn…") is refused: left out of both
	// lists, its pages would fail for every customer with nothing said at deploy time.
	allowed, err := remoteOrigins(urls)
	if err != nil {
		return nil, err
	}
	policy, err := pagePolicy(f.o, allowed)
	if err != nil {
		return nil, err
	}
	// Checked again on every change: a remote moved back here runs on this host too.
	if err := checkSharedVersions(f.hostDir, local); err != nil {
		return nil, err
	}
	rc := f.o.Runtime
	rc.Remotes = remotes
	rc.AllowedRemoteOrigins = allowed
	return &front{runtime: rc, policy: policy, elsewhere: elsewhere}, nil
}

// current is the front to answer with, read again from the remotes file when it changed.
func (f *fronts) current() *front {
	if f.o.RemotesFile == "" {
		return f.cur.Load()
	}
	stamp := fileStamp{missing: true}
	if st, err := os.Stat(f.o.RemotesFile); err == nil {
		stamp = fileStamp{modTime: st.ModTime(), size: st.Size()}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if stamp == f.stamp {
		return f.cur.Load()
	}
	f.stamp = stamp
	next, err := f.reload(stamp)
	if err != nil {
		f.log.Error("webshell: remotes file not applied; the remotes stay as they were", "file", f.o.RemotesFile, "err", err)
		return f.cur.Load()
	}
	f.cur.Store(next)
	f.log.Info("webshell: remotes file applied", "file", f.o.RemotesFile, "remotes", next.runtime.Remotes)
	return next
}

func (f *fronts) reload(stamp fileStamp) (*front, error) {
	if stamp.missing {
		return nil, fmt.Errorf("webshell: remotes file %s is missing", f.o.RemotesFile)
	}
	overrides, err := readRemotesFile(f.o.RemotesFile)
	if err != nil {
		return nil, err
	}
	return f.build(overrides)
}

func readRemotesFile(name string) (map[string]string, error) {
	raw, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("webshell: remotes file: %w", err)
	}
	var body remotesFileBody
	if err := json.Unmarshal(raw, &body); err != nil {
		return nil, fmt.Errorf("webshell: remotes file %s: %w", filepath.Clean(name), err)
	}
	for remote, manifest := range body.Remotes {
		if manifest == "" {
			return nil, fmt.Errorf("webshell: remotes file %s: remote %q has no manifest URL", filepath.Clean(name), remote)
		}
	}
	return body.Remotes, nil
}
