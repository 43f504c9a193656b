// Command importlint enforces the import direction of ARCHITECTURE.md §2 across the Go workspace:
// portal → services → capabilities → pkg, never sideways between services, and Gin handler
// packages (`…api`) never touching gorm. It reads `go list -json` so it sees what the compiler
// sees, tests included. Each module's layer is the one its domain descriptor declares, read from
// `portal routes --json` (-registry names a file of it instead of running the portal).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"strings"
)

const prefix = "rugged.example/portal/api/"

// Layers, from the bottom: pkg and tools are 0, and the domains' modules are placed by their
// descriptors (1 capability, 2 service, 3 composition). A module may import only modules of a
// strictly lower layer, apart from capabilities, which may use other capabilities (rma uses
// geo, say) but no service.
const capability = 1

// foundation is the modules below every domain, which no descriptor declares.
var foundation = map[string]int{"pkg": 0, "tools": 0}

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

func main() {
	registry := flag.String("registry", "", "a file of `portal routes --json` (default: run the portal's command)")
	flag.Parse()
	layerOf, err := layers(*registry)
	if err != nil {
		fmt.Fprintln(os.Stderr, "importlint:", err)
		os.Exit(2)
	}
	args := append([]string{"list", "-json=ImportPath,Imports,TestImports,XTestImports"}, flag.Args()...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "importlint: go list:", err)
		os.Exit(2)
	}
	problems, err := check(bytes.NewReader(out), layerOf)
	if err != nil {
		fmt.Fprintln(os.Stderr, "importlint:", err)
		os.Exit(2)
	}
	for _, p := range problems {
		fmt.Println(p)
	}
	if len(problems) > 0 {
		os.Exit(1)
	}
	fmt.Println("importlint: imports follow ARCHITECTURE.md §2")
}

// layers reads each module's layer from the registry the portal prints, over the foundation's.
func layers(file string) (map[string]int, error) {
	var raw []byte
	var err error
	if file != "" {
		raw, err = os.ReadFile(file)
	} else {
		raw, err = exec.Command("go", "run", "./api/portal/cmd/portal", "routes", "--json").Output()
	}
	if err != nil {
		return nil, fmt.Errorf("registry of the domains' layers: %w", err)
	}
	var reg struct {
		Layers map[string]int `json:"layers"`
	}
	if err := json.Unmarshal(raw, &reg); err != nil {
		return nil, fmt.Errorf("registry of the domains' layers: %w", err)
	}
	if len(reg.Layers) == 0 {
		return nil, fmt.Errorf("registry of the domains' layers: none in %q", raw)
	}
	out := maps.Clone(foundation)
	maps.Copy(out, reg.Layers)
	return out, nil
}

func check(r io.Reader, layerOf map[string]int) ([]string, error) {
	var problems []string
	dec := json.NewDecoder(bufio.NewReader(r))
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			return nil, err
		}
		from := moduleOf(p.ImportPath)
		if from == "" {
			continue
		}
		imports := append(append(p.Imports, p.TestImports...), p.XTestImports...)
		for _, imp := range imports {
			if msg := rule(layerOf, p.ImportPath, from, imp); msg != "" {
				problems = append(problems, fmt.Sprintf("%s imports %s: %s", p.ImportPath, imp, msg))
			}
		}
	}
	return problems, nil
}

// rule returns why importing imp from package path (in module from) is not allowed, or "".
func rule(layerOf map[string]int, path, from, imp string) string {
	if strings.HasSuffix(lastElem(path), "api") && (imp == "gorm.io/gorm" || strings.HasPrefix(imp, "gorm.io/")) {
		return "handlers never touch gorm; go through the module's core"
	}
	to := moduleOf(imp)
	if to == "" || to == from {
		return ""
	}
	fl, fok := layerOf[from]
	tl, tok := layerOf[to]
	switch {
	case !fok || !tok:
		return "module is not placed in a layer; declare it in a domain descriptor listed in compose.Domains"
	case fl == capability && tl == capability:
		return ""
	case tl >= fl:
		return fmt.Sprintf("%s (layer %d) may only import lower layers, not %s (layer %d)", from, fl, to, tl)
	}
	return ""
}

func moduleOf(importPath string) string {
	rest, ok := strings.CutPrefix(importPath, prefix)
	if !ok {
		return ""
	}
	mod, _, _ := strings.Cut(rest, "/")
	return mod
}

func lastElem(path string) string { return path[strings.LastIndex(path, "/")+1:] }
