package main

import (
	"slices"
	"strings"
	"testing"
)

// The contract's registry, as `portal routes` prints it.
const contractRegistry = `{"services":[{"name":"identity","paths":["/me","/idp"]},{"name":"repair","paths":["/rma-manager"]},{"name":"recycle","paths":["/rma-manager/rma/recycle"]},{"name":"support","paths":["/contact-form","/admin/reports"]},{"name":"geo","paths":["/fn"]},{"name":"shipping","paths":["/shipping"]},{"name":"uploads","paths":["/bucket-uploader"]},{"name":"graphql","paths":["/graphql"]},{"name":"web","paths":["/"]}]}`

func TestParseRegistry_ReadsTheContractTable(t *testing.T) {
	routes, err := ParseRegistry([]byte(contractRegistry))
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) != 9 || !slices.Equal(routes["support"], []string{"/admin/reports", "/contact-form"}) {
		t.Fatalf("got %v", routes)
	}
}

func TestParseRegistry_RefusesEmptyAndDuplicates(t *testing.T) {
	for _, in := range []string{`{}`, `{"services":[{"name":"web","paths":["/"]},{"name":"web","paths":["/x"]}]}`, `not json`} {
		if _, err := ParseRegistry([]byte(in)); err == nil {
			t.Errorf("%s: want an error", in)
		}
	}
}

func TestRoutesDiff(t *testing.T) {
	want := Routes{"repair": {"/rma-manager"}, "web": {"/"}}
	tests := []struct {
		name string
		got  Routes
		diff []string // parts of each line, in order
	}{
		{"equal", Routes{"repair": {"/rma-manager"}, "web": {"/"}}, nil},
		{"prefix differs", Routes{"repair": {"/rma"}, "web": {"/"}}, []string{"process repair: ingress routes /rma"}},
		{"process missing", Routes{"web": {"/"}}, []string{"process repair (/rma-manager) is not routed"}},
		{"process unknown", Routes{"repair": {"/rma-manager"}, "web": {"/"}, "billing": {"/billing"}}, []string{"billing (/billing) is routed but unknown"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff := want.Diff(tt.got)
			if len(diff) != len(tt.diff) {
				t.Fatalf("got %q, want %d lines", diff, len(tt.diff))
			}
			for i := range diff {
				if !strings.Contains(diff[i], tt.diff[i]) {
					t.Errorf("line %d: got %q, want it to mention %q", i, diff[i], tt.diff[i])
				}
			}
		})
	}
}

// rendered is a tiny chart output: two processes, the Ingress routing one path to each.
func rendered(webArgs, ingressService string) string {
	return `---
# Source: portal/templates/service.yaml
apiVersion: v1
kind: Service
metadata: {name: p-repair}
spec: {selector: {component: repair}}
---
apiVersion: v1
kind: Service
metadata: {name: p-web}
spec: {selector: {component: web}}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: p-repair}
spec:
  template:
    metadata: {labels: {component: repair, team: rma}}
    spec: {containers: [{name: portal, args: [serve, --services=repair]}]}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: p-web}
spec:
  template:
    metadata: {labels: {component: web}}
    spec: {containers: [{name: portal, args: [serve, ` + webArgs + `]}]}
---
# Source: portal/templates/ingress.yaml
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: p}
spec:
  rules:
    - host: a.example
      http:
        paths:
          - {path: /rma-manager, pathType: Prefix, backend: {service: {name: p-repair, port: {name: http}}}}
          - {path: /, pathType: Prefix, backend: {service: {name: ` + ingressService + `, port: {name: http}}}}
`
}

func TestIngressRoutes_FollowsServiceAndDeploymentToTheProcess(t *testing.T) {
	tests := []struct {
		name, webArgs, ingressService string
		want                          Routes
		wantErr                       string
	}{
		{"routed", "--services=web", "p-web", Routes{"repair": {"/rma-manager"}, "web": {"/"}}, ""},
		{"wrong Service", "--services=web", "p-repair", Routes{"repair": {"/", "/rma-manager"}}, ""},
		{"Service not rendered", "--services=web", "p-missing", nil, `Service "p-missing" is not rendered`},
		{"Deployment runs two processes", `"--services=web,geo"`, "p-web", nil, "want exactly one process"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			manifests, err := SplitManifests([]byte(rendered(tt.webArgs, tt.ingressService)))
			if err != nil {
				t.Fatal(err)
			}
			rules, err := IngressRoutes(manifests)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("want an error mentioning %q, got %v", tt.wantErr, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(rules) != 1 || len(tt.want.Diff(rules[0])) != 0 {
				t.Fatalf("got %v, want %v", rules, tt.want)
			}
		})
	}
}

func TestSplitManifests_RefusesDuplicateKeys(t *testing.T) {
	_, err := SplitManifests([]byte("---\napiVersion: v1\nkind: ConfigMap\ndata: {A: x, A: y}\n"))
	if err == nil {
		t.Fatal("want an error for a duplicate key")
	}
}
