// Command newdomain scaffolds a domain module (`make new-domain NAME=x`): api/x with its core,
// store and migrations, HTTP surface, fakes, pact verification, README, descriptor and release
// version (package.json at 1.0.0, recorded in xdomain/version.go), one route
// (GET /x/items) and passing tests. Outside the new folder it adds the module to go.work and its
// descriptor's line (with its import) to compose.Domains; everything else (routes, the split
// topology, import-lint's layers, `portal routes`, the Helm chart's processes once `make
// chart-domains` has run) follows from that list.
package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"text/template"
)

//go:embed all:templates
var templates embed.FS

// domainsFile is the composition root's one list of domains.
const domainsFile = "api/portal/compose/domains.go"

// marker is the line of compose.Domains a new domain's line goes above.
const marker = "// new-domain: a scaffolded domain's line goes above this one."

// validName is a Go package name that is also a URL path segment and a Kubernetes name part.
var validName = regexp.MustCompile(`^[a-z][a-z0-9]{1,19}$`)

// data is what the templates are rendered with.
type data struct {
	Name      string
	GoVersion string
	// Versions are the pkg module's versions of the dependencies the new module names, so the
	// workspace keeps one version of each.
	Versions map[string]string
}

func main() {
	name := flag.String("name", "", "the domain's name: lower-case letters and digits, e.g. fleet")
	root := flag.String("root", ".", "the repository's root")
	flag.Parse()
	if err := scaffold(*root, *name); err != nil {
		fmt.Fprintln(os.Stderr, "newdomain:", err)
		os.Exit(1)
	}
	fmt.Printf("newdomain: api/%s scaffolded and listed in compose.Domains\n", *name)
	// Its package.json (its release's version, docs/releasing.md) is a new workspace package.
	fmt.Printf("newdomain: run pnpm install to record @portal/api-%s in pnpm-lock.yaml\n", *name)
}

func scaffold(root, name string) error {
	if !validName.MatchString(name) {
		return fmt.Errorf("NAME %q: want 2 to 20 lower-case letters and digits, starting with a letter", name)
	}
	dir := filepath.Join(root, "api", name)
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s exists already", dir)
	}
	d, err := readPkgModule(filepath.Join(root, "api", "pkg", "go.mod"))
	if err != nil {
		return err
	}
	d.Name = name
	if err := render(dir, d); err != nil {
		return err
	}
	if err := register(filepath.Join(root, domainsFile), name); err != nil {
		return err
	}
	cmd := exec.Command("go", "work", "use", "./api/"+name)
	cmd.Dir, cmd.Stderr = root, os.Stderr
	return cmd.Run()
}

// target is where a template goes in the new module: a template folder is a package named for
// the domain (core is the domain's own name, db becomes <name>db), and a file named for its
// folder is named for its package.
func target(name, path string) string {
	path = strings.TrimSuffix(path, ".tmpl")
	folder, rest, nested := strings.Cut(path, "/")
	if !nested {
		return path
	}
	pkg := name + folder
	if folder == "core" {
		pkg = name
	}
	switch rest {
	case folder + ".go":
		rest = pkg + ".go"
	case folder + "_test.go":
		rest = pkg + "_test.go"
	}
	return filepath.Join(pkg, rest)
}

// render writes every template under dir.
func render(dir string, d data) error {
	return fs.WalkDir(templates, "templates", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("templates", path)
		raw, err := templates.ReadFile(path)
		if err != nil {
			return err
		}
		t, err := template.New(rel).Option("missingkey=error").Parse(string(raw))
		if err != nil {
			return err
		}
		var out bytes.Buffer
		if err := t.Execute(&out, d); err != nil {
			return err
		}
		src := out.Bytes()
		if strings.HasSuffix(rel, ".go.tmpl") {
			if src, err = format.Source(src); err != nil {
				return fmt.Errorf("%s: %w", rel, err)
			}
		}
		dest := filepath.Join(dir, target(d.Name, rel))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dest, src, 0o644)
	})
}

// register adds the descriptor's line above the marker of compose.Domains, and its import;
// gofmt puts the import in its place.
func register(file, name string) error {
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	src := string(raw)
	if !strings.Contains(src, marker) {
		return fmt.Errorf("%s: the line %q is gone", file, marker)
	}
	src = strings.Replace(src, marker, fmt.Sprintf("%sdomain.Descriptor(),\n\t\t%s", name, marker), 1)
	src = strings.Replace(src, "import (\n", fmt.Sprintf("import (\n\t\"rugged.example/portal/api/%s/%sdomain\"\n", name, name), 1)
	out, err := format.Source([]byte(src))
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return os.WriteFile(file, out, 0o644)
}

// readPkgModule reads the go directive and the dependency versions of api/pkg's go.mod.
func readPkgModule(file string) (data, error) {
	raw, err := os.ReadFile(file)
	if err != nil {
		return data{}, err
	}
	d := data{Versions: map[string]string{}}
	for _, line := range strings.Split(string(raw), "\n") {
		fields := strings.Fields(line)
		switch {
		case len(fields) == 2 && fields[0] == "go":
			d.GoVersion = fields[1]
		case len(fields) >= 2 && strings.Contains(fields[0], ".") && strings.HasPrefix(fields[1], "v"):
			d.Versions[fields[0]] = fields[1]
		}
	}
	for _, dep := range []string{"github.com/gin-gonic/gin", "github.com/stretchr/testify", "gorm.io/gorm"} {
		if d.Versions[dep] == "" {
			return data{}, fmt.Errorf("%s requires no %s", file, dep)
		}
	}
	if d.GoVersion == "" {
		return data{}, fmt.Errorf("%s has no go directive", file)
	}
	return d, nil
}
