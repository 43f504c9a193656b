package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Routes maps a process (a `portal serve --services` name) to the path prefixes it owns, sorted.
type Routes map[string][]string

// ParseRegistry reads what `portal routes --json` prints:
// {"services":[{"name":"identity","paths":["/me","/idp"]},…],"layers":{…}}.
func ParseRegistry(data []byte) (Routes, error) {
	var reg struct {
		Services []struct {
			Name  string   `json:"name"`
			Paths []string `json:"paths"`
		} `json:"services"`
	}
	if err := json.Unmarshal(data, &reg); err != nil {
		return nil, fmt.Errorf("portal routes: %w", err)
	}
	if len(reg.Services) == 0 {
		return nil, fmt.Errorf("portal routes: no services in %q", data)
	}
	out := Routes{}
	for _, s := range reg.Services {
		if _, dup := out[s.Name]; dup {
			return nil, fmt.Errorf("portal routes: service %q listed twice", s.Name)
		}
		out[s.Name] = slices.Sorted(slices.Values(s.Paths))
	}
	return out, nil
}

// IngressRoutes follows every path of every Ingress rule to the process that answers it: path →
// Service (backend) → the Deployment its selector picks → the process named by that Deployment's
// `--services=` argument. It returns the routes of each rule, which must all be equal (one rule
// per host), so a Service that selects the wrong Deployment fails as surely as a wrong path.
func IngressRoutes(manifests []Manifest) ([]Routes, error) {
	services := map[string]map[string]any{} // Service name → selector
	deployments := map[string]Manifest{}    // Deployment name → manifest
	for _, m := range manifests {
		switch str(m.Object, "kind") {
		case "Service":
			sel, _ := dig(m.Object, "spec", "selector").(map[string]any)
			services[str(m.Object, "metadata", "name")] = sel
		case "Deployment":
			deployments[str(m.Object, "metadata", "name")] = m
		}
	}
	var rules []Routes
	for _, m := range manifests {
		if str(m.Object, "kind") != "Ingress" {
			continue
		}
		for _, rule := range list(dig(m.Object, "spec", "rules")) {
			routes := Routes{}
			for _, p := range list(dig(rule, "http", "paths")) {
				path, _ := dig(p, "path").(string)
				if pt, _ := dig(p, "pathType").(string); pt != "Prefix" {
					return nil, fmt.Errorf("%s: path %s has pathType %q, want Prefix", m.Kind(), path, pt)
				}
				if port, _ := dig(p, "backend", "service", "port", "name").(string); port != "http" {
					return nil, fmt.Errorf("%s: path %s goes to port %q, want the http port", m.Kind(), path, port)
				}
				svc, _ := dig(p, "backend", "service", "name").(string)
				process, err := processBehind(svc, services, deployments)
				if err != nil {
					return nil, fmt.Errorf("%s: path %s: %w", m.Kind(), path, err)
				}
				routes[process] = append(routes[process], path)
			}
			for process := range routes {
				slices.Sort(routes[process])
			}
			rules = append(rules, routes)
		}
	}
	if len(rules) == 0 {
		return nil, fmt.Errorf("no Ingress rule rendered")
	}
	return rules, nil
}

func processBehind(service string, services map[string]map[string]any, deployments map[string]Manifest) (string, error) {
	selector, ok := services[service]
	if !ok {
		return "", fmt.Errorf("Service %q is not rendered", service)
	}
	if len(selector) == 0 {
		return "", fmt.Errorf("Service %q has no selector", service)
	}
	var found []string
	for _, name := range slices.Sorted(maps.Keys(deployments)) {
		labels, _ := dig(deployments[name].Object, "spec", "template", "metadata", "labels").(map[string]any)
		if selects(selector, labels) {
			found = append(found, name)
		}
	}
	if len(found) != 1 {
		return "", fmt.Errorf("Service %q selects the pods of %d Deployments %v, want exactly one", service, len(found), found)
	}
	containers := list(dig(deployments[found[0]].Object, "spec", "template", "spec", "containers"))
	var processes []string
	for _, c := range containers {
		for _, arg := range list(dig(c, "args")) {
			if s, _ := arg.(string); strings.HasPrefix(s, "--services=") {
				processes = append(processes, strings.TrimPrefix(s, "--services="))
			}
		}
	}
	if len(processes) != 1 || strings.Contains(processes[0], ",") {
		return "", fmt.Errorf("Deployment %q runs --services=%v, want exactly one process", found[0], processes)
	}
	return processes[0], nil
}

func selects(selector, labels map[string]any) bool {
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// Diff lists how got differs from want, one line per process; empty when they are equal.
func (want Routes) Diff(got Routes) []string {
	var out []string
	for _, process := range slices.Sorted(maps.Keys(want)) {
		g, ok := got[process]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("process %s (%s) is not routed", process, strings.Join(want[process], " ")))
		case !slices.Equal(g, want[process]):
			out = append(out, fmt.Sprintf("process %s: ingress routes %s, portal routes says %s",
				process, strings.Join(g, " "), strings.Join(want[process], " ")))
		}
	}
	for _, process := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[process]; !ok {
			out = append(out, fmt.Sprintf("process %s (%s) is routed but unknown to portal routes", process, strings.Join(got[process], " ")))
		}
	}
	return out
}
