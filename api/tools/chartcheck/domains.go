package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// domainsFile is the chart's table of domain processes and their paths, generated from the
// registry so that a new domain reaches the chart without anyone editing it: the templates read
// it (portal.processes), and the values only tune a process (`processes.<name>`).
const domainsFile = "domains.yaml"

// RenderDomains writes the registry as the chart's domains.yaml, sorted so that a regenerated
// file differs only where the registry does.
func RenderDomains(reg Routes) []byte {
	var b bytes.Buffer
	b.WriteString("# Generated from `portal routes --json` by `make chart-domains`; `make chart-check` fails when\n")
	b.WriteString("# it is stale. The domain processes (`portal serve --services=<name>`) and the path prefixes\n")
	b.WriteString("# the Ingress routes to each; tune a process under `processes.<name>` in the values.\n")
	for _, name := range slices.Sorted(maps.Keys(reg)) {
		fmt.Fprintf(&b, "%s:\n  paths: [%s]\n", name, strings.Join(reg[name], ", "))
	}
	return b.Bytes()
}

// writeDomains regenerates the chart's domains.yaml.
func writeDomains(chart string, reg Routes) error {
	return os.WriteFile(filepath.Join(chart, domainsFile), RenderDomains(reg), 0o644)
}

// checkDomains fails when the chart's domains.yaml is not the registry's.
func checkDomains(chart string, reg Routes) error {
	path := filepath.Join(chart, domainsFile)
	have, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(have, RenderDomains(reg)) {
		return fmt.Errorf("%s differs from `portal routes --json`: run `make chart-domains`", path)
	}
	return nil
}
