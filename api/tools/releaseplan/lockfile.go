package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// lockDep is one dependency of an importer in pnpm-lock.yaml.
type lockDep struct {
	Specifier string `json:"specifier"`
	Version   string `json:"version"`
}

// importer is one workspace package's section of pnpm-lock.yaml's importers.
type importer struct {
	Dependencies         map[string]lockDep `json:"dependencies"`
	DevDependencies      map[string]lockDep `json:"devDependencies"`
	OptionalDependencies map[string]lockDep `json:"optionalDependencies"`
}

// LockChange is a dependency an importer resolves differently than at the base.
type LockChange struct {
	Name     string
	Dev      bool
	From, To string // "" when absent on that side
}

func (c LockChange) String() string {
	switch {
	case c.From == "":
		return fmt.Sprintf("%s %s added", c.Name, c.To)
	case c.To == "":
		return fmt.Sprintf("%s %s removed", c.Name, c.From)
	}
	return fmt.Sprintf("%s %s → %s", c.Name, c.From, c.To)
}

// parseImporters reads the importers of every YAML document of a lockfile: pnpm writes the
// package manager's own dependencies in a document before the workspace's.
func parseImporters(raw []byte) (map[string]importer, error) {
	out := map[string]importer{}
	for _, doc := range strings.Split("\n"+string(raw), "\n---\n") {
		var lock struct {
			Importers map[string]importer `json:"importers"`
		}
		if strings.TrimSpace(doc) == "" {
			continue
		}
		if err := yaml.Unmarshal([]byte(doc), &lock); err != nil {
			return nil, fmt.Errorf("pnpm-lock.yaml: %w", err)
		}
		for dir, imp := range lock.Importers {
			merged := out[dir]
			merged.Dependencies = merge(merged.Dependencies, imp.Dependencies)
			merged.DevDependencies = merge(merged.DevDependencies, imp.DevDependencies)
			merged.OptionalDependencies = merge(merged.OptionalDependencies, imp.OptionalDependencies)
			out[dir] = merged
		}
	}
	return out, nil
}

func merge(a, b map[string]lockDep) map[string]lockDep {
	if a == nil {
		return b
	}
	maps.Copy(a, b)
	return a
}

// LockChanges compares two pnpm-lock.yaml files' importers: for each importer folder, the
// dependencies whose specifier or resolved version differs. base may be nil (no lockfile).
func LockChanges(base, head []byte) (map[string][]LockChange, error) {
	before, err := parseImporters(base)
	if err != nil {
		return nil, err
	}
	after, err := parseImporters(head)
	if err != nil {
		return nil, err
	}
	out := map[string][]LockChange{}
	dirs := slices.Sorted(maps.Keys(after))
	for dir := range before {
		if _, ok := after[dir]; !ok {
			dirs = append(dirs, dir)
		}
	}
	for _, dir := range dirs {
		b, a := before[dir], after[dir]
		for _, sec := range []struct {
			dev  bool
			b, a map[string]lockDep
		}{{false, b.Dependencies, a.Dependencies}, {false, b.OptionalDependencies, a.OptionalDependencies}, {true, b.DevDependencies, a.DevDependencies}} {
			names := slices.Sorted(maps.Keys(sec.a))
			for name := range sec.b {
				if _, ok := sec.a[name]; !ok {
					names = append(names, name)
				}
			}
			for _, name := range names {
				x, y := sec.b[name], sec.a[name]
				// A workspace package (link:) is followed through its files and package.json.
				if x != y && !strings.HasPrefix(x.Version, "link:") && !strings.HasPrefix(y.Version, "link:") {
					out[dir] = append(out[dir], LockChange{Name: name, Dev: sec.dev, From: x.Version, To: y.Version})
				}
			}
		}
	}
	return out, nil
}
