package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// apiClientDir is the api-client package: the one pact consumer (its *.pact.test.ts write the
// pacts), bundled by every deployable.
const (
	apiClientDir  = "packages/api-client"
	apiClientName = "@portal/api-client"
)

// client is one domain client of the api-client (src/<Dir>/client.ts).
type client struct {
	Dir       string   // the folder under src/, e.g. "repair"
	Prop      string   // its property on ApiClient, e.g. "repair"; empty when only its factory is exported
	Factory   string   // e.g. "createRepairClient"
	Methods   []string // the members of its interface
	Requests  []string // the members that make a request (return a Promise): the calls a pact must cover
	Providers []string // the pact providers its *.pact.test.ts name
	// Interactions are those its *.pact.test.ts record; only tests beside the client count, since
	// they are where the gate learns which provider the client is verified against.
	Interactions []interaction
}

var (
	importClientRe = regexp.MustCompile(`import\s*\{([^}]*)\}\s*from\s*'\./(\w+)/client'`)
	exportClientRe = regexp.MustCompile(`export\s*\{([^}]*)\}\s*from\s*'\./(\w+)/client'`)
	factoryRe      = regexp.MustCompile(`\bcreate\w+Client\b`)
	propRe         = regexp.MustCompile(`(?m)^\s*(\w+):\s*(create\w+Client)\(`)
	interfaceRe    = regexp.MustCompile(`(?ms)^export interface \w+Client \{\n(.*?)^\}`)
	memberRe       = regexp.MustCompile(`(?m)^  (?:readonly )?(\w+)\??\s*[(<:]`)
	// a pact test names its provider in the PactV4 options or through the shared test/pact.ts
	pactProviderRe = regexp.MustCompile(`(?:\bprovider:\s*|\bpactWith\(\s*)'([^']+)'`)
)

// readClients reads the api-client: which domain clients exist, the ApiClient property and
// factory of each, the methods a caller can reach, and the pact providers its pact tests name.
// Nothing here is a hand-kept table: a new client, method or pact test is picked up as written.
func readClients(root string) ([]client, error) {
	src := filepath.Join(root, apiClientDir, "src")
	index, err := os.ReadFile(filepath.Join(src, "index.ts"))
	if err != nil {
		return nil, err
	}
	byFactory := map[string]*client{}
	var clients []*client
	for _, re := range []*regexp.Regexp{importClientRe, exportClientRe} {
		for _, m := range re.FindAllStringSubmatch(string(index), -1) {
			for _, factory := range factoryRe.FindAllString(m[1], -1) {
				if byFactory[factory] == nil {
					c := &client{Dir: m[2], Factory: factory}
					byFactory[factory] = c
					clients = append(clients, c)
				}
			}
		}
	}
	for _, m := range propRe.FindAllStringSubmatch(string(index), -1) {
		if c := byFactory[m[2]]; c != nil {
			c.Prop = m[1]
		}
	}
	var out []client
	for _, c := range clients {
		code, err := os.ReadFile(filepath.Join(src, c.Dir, "client.ts"))
		if err != nil {
			return nil, err
		}
		for _, iface := range interfaceRe.FindAllStringSubmatch(string(code), -1) {
			for _, m := range memberRe.FindAllStringSubmatch(iface[1], -1) {
				c.Methods = append(c.Methods, m[1])
			}
			c.Requests = append(c.Requests, requestMembers(iface[1])...)
		}
		tests, err := filepath.Glob(filepath.Join(src, c.Dir, "*.pact.test.ts"))
		if err != nil {
			return nil, err
		}
		for _, t := range tests {
			code, err := os.ReadFile(t)
			if err != nil {
				return nil, err
			}
			for _, m := range pactProviderRe.FindAllStringSubmatch(string(code), -1) {
				c.Providers = append(c.Providers, m[1])
			}
			c.Interactions = append(c.Interactions, readInteractions(string(code), c.Methods)...)
		}
		slices.Sort(c.Methods)
		c.Methods = slices.Compact(c.Methods)
		slices.Sort(c.Requests)
		slices.Sort(c.Providers)
		c.Providers = slices.Compact(c.Providers)
		out = append(out, *c)
	}
	slices.SortFunc(out, func(a, b client) int { return strings.Compare(a.Dir, b.Dir) })
	return out, nil
}

// deployable is the host or a remote: what is built and deployed on its own.
type deployable struct {
	Name      string            // "host" or the remote's folder name under apps/
	Dir       string            // "host", "apps/repair"
	Bundles   []string          // the workspace packages it builds in, transitively (their folders)
	Version   string            // content hash of its own files, the packages it bundles and the lockfile
	Release   string            // its package.json version: what the environment gate knows it by
	Clients   []string          // the api-client clients its code calls (client dirs)
	Providers []string          // the pact providers those clients are verified against
	Evidence  map[string]string // client dir → the first file found calling it
}

// workspacePackage is what the gate reads of a package.json.
type workspacePackage struct {
	Name             string            `json:"name"`
	Version          string            `json:"version"`
	Dependencies     map[string]string `json:"dependencies"`
	PeerDependencies map[string]string `json:"peerDependencies"`
}

// readDeployables finds the host and the remotes under apps/, the workspace packages each bundles,
// the clients its code calls and so the pact providers it must be verified against.
func readDeployables(root string, clients []client) ([]deployable, error) {
	dirs := []string{"host"}
	apps, err := filepath.Glob(filepath.Join(root, "apps", "*", "package.json"))
	if err != nil {
		return nil, err
	}
	for _, a := range apps {
		dirs = append(dirs, path.Join("apps", filepath.Base(filepath.Dir(a))))
	}
	pkgDirs := map[string]string{} // package name → folder
	pkgs := map[string]workspacePackage{}
	exports := map[string]packageExports{}
	libs, err := filepath.Glob(filepath.Join(root, "packages", "*", "package.json"))
	if err != nil {
		return nil, err
	}
	for _, l := range libs {
		dir := path.Join("packages", filepath.Base(filepath.Dir(l)))
		p, err := readPackageJSON(root, dir)
		if err != nil {
			return nil, err
		}
		pkgDirs[p.Name] = dir
		pkgs[dir] = p
		if exports[p.Name], _, err = readExports(root, dir); err != nil {
			return nil, err
		}
	}
	singletons, err := readSingletons(root)
	if err != nil {
		return nil, err
	}
	var out []deployable
	for _, dir := range dirs {
		p, err := readPackageJSON(root, dir)
		if err != nil {
			return nil, err
		}
		d := deployable{Name: path.Base(dir), Dir: dir, Release: p.Version, Bundles: bundled(p, pkgDirs, pkgs)}
		files, err := gitFiles(root, append([]string{dir, "pnpm-lock.yaml"}, d.Bundles...)...)
		if err != nil {
			return nil, err
		}
		if d.Version, err = contentVersion(root, files); err != nil {
			return nil, err
		}
		// The deployable's own shipped files are the roots; the bundled packages count as far
		// as they are reached, a federation singleton whole (federation.go). The api-client is
		// not followed: its calls are matched where a deployable makes them.
		g := newModuleGraph(root, exports, apiClientName)
		g.whole = singletons
		for _, f := range files {
			if strings.HasPrefix(f, dir+"/") && shippedSource(f) {
				g.visit(f, []string{allNames})
			}
		}
		var reached []string
		for f := range g.reached {
			reached = append(reached, f)
		}
		slices.Sort(reached)
		if err := d.findCalls(root, reached, clients); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

func readPackageJSON(root, dir string) (workspacePackage, error) {
	var p workspacePackage
	data, err := os.ReadFile(filepath.Join(root, dir, "package.json"))
	if err != nil {
		return p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return p, fmt.Errorf("%s/package.json: %w", dir, err)
	}
	return p, nil
}

// bundled follows the workspace dependencies (not devDependencies: those are not deployed).
func bundled(p workspacePackage, pkgDirs map[string]string, pkgs map[string]workspacePackage) []string {
	seen := map[string]bool{}
	var walk func(workspacePackage)
	walk = func(p workspacePackage) {
		for _, deps := range []map[string]string{p.Dependencies, p.PeerDependencies} {
			for name, version := range deps {
				dir, ok := pkgDirs[name]
				if !ok || !strings.HasPrefix(version, "workspace:") || seen[dir] {
					continue
				}
				seen[dir] = true
				walk(pkgs[dir])
			}
		}
	}
	walk(p)
	var dirs []string
	for dir := range seen {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	return dirs
}

// findCalls scans the files of the deployable's bundle (its own and those of the bundled packages
// its code reaches, not tests, not the api-client itself) for calls of a client: a method of the
// client's interface reached through its ApiClient property (`api.repair.createRma`, `const {
// repair } = …; repair.createRma`), or its factory (`createInventoryClient(api.http)`). Where in
// doubt it over-approximates: a file reached for one name counts whole, as does every module a
// reached file imports. Gating on a provider a remote does not call costs a verification; missing
// one it does call is what the gate exists to prevent.
func (d *deployable) findCalls(root string, files []string, clients []client) error {
	type matcher struct {
		client  client
		re      *regexp.Regexp
		methods map[string]bool
	}
	var matchers []matcher
	for _, c := range clients {
		alts := []string{regexp.QuoteMeta(c.Factory) + `\b()`}
		if c.Prop != "" && len(c.Methods) > 0 {
			alts = append(alts, `\b`+regexp.QuoteMeta(c.Prop)+`\s*\??\.\s*(\w+)`)
		}
		methods := map[string]bool{}
		for _, m := range c.Methods {
			methods[m] = true
		}
		matchers = append(matchers, matcher{c, regexp.MustCompile(`\b` + strings.Join(alts, "|")), methods})
	}
	called := map[string]bool{}
	d.Evidence = map[string]string{}
	for _, f := range files {
		if !shippedSource(f) {
			continue
		}
		code, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		for _, m := range matchers {
			if called[m.client.Dir] {
				continue
			}
			for _, sub := range m.re.FindAllStringSubmatch(string(code), -1) {
				// sub[1] is the empty group of the factory alternative; sub[2] the member name.
				if strings.HasPrefix(sub[0], m.client.Factory) || m.methods[sub[2]] {
					called[m.client.Dir] = true
					d.Evidence[m.client.Dir] = f
					break
				}
			}
		}
	}
	providers := map[string]bool{}
	for _, c := range clients {
		if !called[c.Dir] {
			continue
		}
		d.Clients = append(d.Clients, c.Dir)
		for _, p := range c.Providers {
			providers[p] = true
		}
	}
	for p := range providers {
		d.Providers = append(d.Providers, p)
	}
	slices.Sort(d.Providers)
	return nil
}

// shippedSource: TypeScript that goes into a bundle, not tests, test helpers or the api-client.
func shippedSource(f string) bool {
	if strings.HasPrefix(f, apiClientDir+"/") {
		return false
	}
	if !strings.HasSuffix(f, ".ts") && !strings.HasSuffix(f, ".tsx") {
		return false
	}
	base := path.Base(f)
	if strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") || strings.HasSuffix(base, ".d.ts") ||
		strings.HasSuffix(base, ".config.ts") {
		return false
	}
	for _, part := range strings.Split(path.Dir(f), "/") {
		switch part {
		case "test", "tests", "testing", "__tests__", "__mocks__", "e2e":
			return false
		}
	}
	return true
}
