package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"text/tabwriter"

	"rugged.example/portal/api/pkg/domain"
	"rugged.example/portal/api/pkg/logging"
	"rugged.example/portal/api/portal/compose"
)

// registry is what `portal routes --json` prints for tools: which process owns which path
// prefixes (the Helm chart's check, the local topology's proxy) and each Go module's layer
// (import-lint), all read from compose.Domains.
type registry struct {
	Services []compose.Route         `json:"services"`
	Layers   map[string]domain.Layer `json:"layers"`
}

func routes(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("routes", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the registry of processes, their path prefixes and the modules' layers instead")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *asJSON {
		layers, err := compose.Layers()
		if err != nil {
			return err
		}
		return json.NewEncoder(os.Stdout).Encode(registry{Services: compose.Routes(), Layers: layers})
	}
	cfg, err := compose.LoadConfig()
	if err != nil {
		return err
	}
	table, err := compose.RouteTable(ctx, cfg, logging.New(os.Stderr, logging.ParseLevel("error")))
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "DOMAIN\tMETHOD\tPATH\tWHO MAY CALL IT")
	for _, r := range table {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", r.Domain, r.Method, r.Path, r.Access)
	}
	return w.Flush()
}
