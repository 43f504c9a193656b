package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// release is one version of a deployable as `contractgate publish` recorded it: for a web
// deployable the pacts its bundle carries, for a Go deployable the content version of each pact
// provider it serves. A version is immutable: the same version published again must say the same.
type release struct {
	Deployable string            `json:"deployable"`
	Version    string            `json:"version"`
	Commit     string            `json:"commit,omitempty"`    // where it was published from, to rebuild a provider
	Pacts      map[string]string `json:"pacts,omitempty"`     // pact provider → pact hash (web)
	Providers  map[string]string `json:"providers,omitempty"` // pact provider → provider version (Go)
}

// goDeployablePrefix names a Go module's processes as one deployable: api/repair is api-repair.
const goDeployablePrefix = "api-"

// contracts is the environment gate's record, in one folder (deploy/contracts by default):
// releases.json, environments.json, matrix.json and pacts/<hash>.json, the pacts of every
// published web release by content hash, so a consumer deployed long ago is verified against the
// very pact it shipped with.
type contracts struct {
	dir          string
	Releases     []release                    `json:"releases"`
	Environments map[string]map[string]string `json:"-"` // environment → deployable → version
}

func loadContracts(dir string) (*contracts, error) {
	c := &contracts{dir: dir, Environments: map[string]map[string]string{}}
	if err := readJSON(filepath.Join(dir, "releases.json"), c); err != nil {
		return nil, err
	}
	var envs struct {
		Environments map[string]map[string]string `json:"environments"`
	}
	if err := readJSON(filepath.Join(dir, "environments.json"), &envs); err != nil {
		return nil, err
	}
	if envs.Environments != nil {
		c.Environments = envs.Environments
	}
	return c, nil
}

// readJSON decodes file into v; a file that does not exist leaves v as it is.
func readJSON(file string, v any) error {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}

// find returns the release of deployable at version.
func (c *contracts) find(deployable, version string) (release, bool) {
	i := slices.IndexFunc(c.Releases, func(r release) bool { return r.Deployable == deployable && r.Version == version })
	if i < 0 {
		return release{}, false
	}
	return c.Releases[i], true
}

// deployed returns the release of deployable recorded in env, if any.
func (c *contracts) deployed(env, deployable string) (release, bool) {
	v, ok := c.Environments[env][deployable]
	if !ok {
		return release{}, false
	}
	return c.find(deployable, v)
}

// save writes releases.json (one release per line, sorted by deployable and version) and
// environments.json, so a publish or a deployment is a one-line diff.
func (c *contracts) save() error {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return err
	}
	slices.SortStableFunc(c.Releases, func(a, b release) int {
		if d := strings.Compare(a.Deployable, b.Deployable); d != 0 {
			return d
		}
		return compareVersions(a.Version, b.Version)
	})
	var buf bytes.Buffer
	buf.WriteString("{\n  \"releases\": [\n")
	for i, r := range c.Releases {
		line, err := canonicalJSON(r)
		if err != nil {
			return err
		}
		buf.WriteString("    " + strings.TrimSuffix(line, "\n"))
		if i < len(c.Releases)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("  ]\n}\n")
	if err := os.WriteFile(filepath.Join(c.dir, "releases.json"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	envs, err := json.MarshalIndent(map[string]any{"environments": c.Environments}, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.dir, "environments.json"), append(envs, '\n'), 0o644)
}

// compareVersions orders semantic versions by their numbers (1.10.0 after 1.9.0), falling back
// to the strings for anything else.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < min(len(pa), len(pb)); i++ {
		var na, nb int
		_, errA := fmt.Sscan(pa[i], &na)
		_, errB := fmt.Sscan(pb[i], &nb)
		if errA != nil || errB != nil {
			return strings.Compare(a, b)
		}
		if na != nb {
			return na - nb
		}
	}
	return len(pa) - len(pb)
}

// archivePact stores the pact, normalised, under its hash: the stored file hashes to its name.
func (c *contracts) archivePact(data []byte) (string, error) {
	norm, err := normalisePact(data)
	if err != nil {
		return "", err
	}
	hash, err := hashPact(data)
	if err != nil {
		return "", err
	}
	file := filepath.Join(c.dir, "pacts", hash+".json")
	if _, err := os.Stat(file); err == nil {
		return hash, nil
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return "", err
	}
	return hash, os.WriteFile(file, norm, 0o644)
}

// archivedPact reads the pact with hash, checking it still hashes to its name.
func (c *contracts) archivedPact(hash string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(c.dir, "pacts", hash+".json"))
	if err != nil {
		return nil, fmt.Errorf("the pact %s is not archived in %s/pacts (was its consumer published with contractgate publish?): %w", short(hash), c.dir, err)
	}
	if got, err := hashPact(data); err != nil || got != hash {
		return nil, fmt.Errorf("%s/pacts/%s.json does not hash to its name; it was edited", c.dir, hash)
	}
	return data, nil
}

// treeReleases are the releases the working tree holds: each web deployable at its package.json
// version with the pacts it calls, each Go module serving pact providers at its package.json
// version with their content versions. only names one deployable to compute; "" is all.
func treeReleases(root string, t tree, only string) ([]release, error) {
	var out []release
	for _, d := range t.Deployables {
		if only != "" && d.Name != only {
			continue
		}
		if d.Release == "" {
			return nil, fmt.Errorf("%s/package.json has no version", d.Dir)
		}
		r := release{Deployable: d.Name, Version: d.Release, Pacts: map[string]string{}}
		for _, p := range d.Providers {
			pact, ok := t.Pacts[p]
			if !ok {
				return nil, fmt.Errorf("%s calls %s, but the tree at %s has no pact for it (make test-web writes pacts/)", d.Name, p, root)
			}
			r.Pacts[p] = pact.Hash
		}
		out = append(out, r)
	}
	byModule := map[string][]string{}
	for name, p := range t.Providers {
		byModule[p.Module] = append(byModule[p.Module], name)
	}
	for _, module := range slices.Sorted(maps.Keys(byModule)) {
		if only != "" && only != goDeployablePrefix+module {
			continue
		}
		pkg, err := readPackageJSON(root, filepath.Join("api", module))
		if err != nil {
			return nil, fmt.Errorf("the Go deployable %s%s needs api/%s/package.json with its version: %w", goDeployablePrefix, module, module, err)
		}
		if pkg.Version == "" {
			return nil, fmt.Errorf("api/%s/package.json has no version", module)
		}
		versions, err := providerVersions(root, t, byModule[module])
		if err != nil {
			return nil, err
		}
		out = append(out, release{Deployable: goDeployablePrefix + module, Version: pkg.Version, Providers: versions})
	}
	return out, nil
}

// headCommit is the commit the tree at root is checked out at.
func headCommit(root string) (string, error) {
	cmd := exec.Command("git", "rev-parse", "HEAD")
	cmd.Dir = root
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

// publish records the tree's releases and archives the pacts they carry. A version already
// published with other contents is refused: it must be bumped (changesets) before it ships.
func publish(root string, t tree, c *contracts, pactDir string) error {
	rels, err := treeReleases(root, t, "")
	if err != nil {
		return err
	}
	commit, err := headCommit(root)
	if err != nil {
		return fmt.Errorf("git rev-parse HEAD: %w", err)
	}
	var refused []string
	for _, r := range rels {
		if err := c.add(r, commit); err != nil {
			refused = append(refused, err.Error())
		}
	}
	if len(refused) > 0 {
		return fmt.Errorf("%s", strings.Join(refused, "\n"))
	}
	for name := range t.Pacts {
		data, err := os.ReadFile(filepath.Join(pactDir, t.Pacts[name].File))
		if err != nil {
			return err
		}
		if _, err := c.archivePact(data); err != nil {
			return err
		}
	}
	return c.save()
}

// add records r as published from commit; a version published already must say the same.
func (c *contracts) add(r release, commit string) error {
	prev, ok := c.find(r.Deployable, r.Version)
	switch {
	case ok && maps.Equal(prev.Pacts, r.Pacts) && maps.Equal(prev.Providers, r.Providers):
		fmt.Printf("%s %s: published already\n", r.Deployable, r.Version)
	case ok:
		return fmt.Errorf("%s %s was published with other contracts (%s); bump its version (pnpm changeset, make release-version)",
			r.Deployable, r.Version, strings.Join(changedKeys(prev, r), ", "))
	default:
		r.Commit = commit
		c.Releases = append(c.Releases, r)
		fmt.Printf("%s %s: published\n", r.Deployable, r.Version)
	}
	return nil
}

// changedKeys names the pacts or providers whose hash differs between two releases.
func changedKeys(a, b release) []string {
	var out []string
	for _, pair := range [][2]map[string]string{{a.Pacts, b.Pacts}, {a.Providers, b.Providers}} {
		for k := range maps.Keys(mergeKeys(pair[0], pair[1])) {
			if pair[0][k] != pair[1][k] {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

func mergeKeys(a, b map[string]string) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// pinned reports whether v verifies a pact some environment runs against the provider it runs
// with there.
func (c *contracts) pinned(v verification) bool {
	for env := range c.Environments {
		web, okWeb := c.deployed(env, v.Consumer)
		if !okWeb || web.Pacts[v.Provider] != v.PactHash {
			continue
		}
		for deployable := range c.Environments[env] {
			if r, ok := c.deployed(env, deployable); ok && r.Providers[v.Provider] == v.ProviderVersion {
				return true
			}
		}
	}
	return false
}
