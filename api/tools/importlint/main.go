// Command importlint enforces the import direction of ARCHITECTURE.md §2 across the Go workspace:
// portal → services → capabilities → pkg, never sideways between services, and Gin handler
// packages (`…api`) never touching gorm. It reads `go list -json` so it sees what the compiler
// sees, tests included.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

const prefix = "rugged.example/portal/api/"

// Layers, from the bottom. A module may import only modules of a strictly lower layer, apart
// from capabilities, which may use other capabilities (rma uses geo, say) but no service.
var layerOf = map[string]int{
	"pkg": 0, "tools": 0,
	"rma": 1, "geo": 1, "uploads": 1, "shipping": 1, "payments": 1, "identity": 1,
	"repair": 2, "recycle": 2, "parts": 2, "account": 2, "support": 2,
	"portal": 3,
}

type pkg struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

func main() {
	args := append([]string{"list", "-json=ImportPath,Imports,TestImports,XTestImports"}, os.Args[1:]...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "importlint: go list:", err)
		os.Exit(2)
	}
	problems, err := check(bytes.NewReader(out))
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

func check(r io.Reader) ([]string, error) {
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
			if msg := rule(p.ImportPath, from, imp); msg != "" {
				problems = append(problems, fmt.Sprintf("%s imports %s: %s", p.ImportPath, imp, msg))
			}
		}
	}
	return problems, nil
}

// rule returns why importing imp from package path (in module from) is not allowed, or "".
func rule(path, from, imp string) string {
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
		return "module is not placed in a layer; add it to importlint's layerOf"
	case fl == 1 && tl == 1:
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
