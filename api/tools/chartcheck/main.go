// Command chartcheck checks the Helm chart deploy/helm/portal offline (`make chart-check`):
//
//  1. `helm lint --strict` with each values set of the chart's test folder;
//  2. every manifest `helm template` renders for those sets (the chart's defaults plus the
//     required values, and a production-like set, each with autoscaling off and on) validated
//     against the JSON schemas of one pinned Kubernetes version, strictly: unknown fields fail;
//  3. remotes.names lists every remote under apps/ (RemoteNames);
//     the chart's domains.yaml is the registry `portal routes --json` prints (the portal's
//     domain descriptors; `-write-domains` regenerates it), and the Ingress routes, followed
//     through Service and Deployment to the process, equal that registry;
//  4. the inventory (one Deployment, Service and PodDisruptionBudget per process, autoscalers
//     only when asked for, the migration hook) and the pods' hardening;
//  5. each values file under test/bad fails at `helm template` with the message its first line
//     names (`# expect: …`), layered over the required values so it fails for its own reason.
//
// helm is the one pinned in the api/tools module (`go tool helm`). The Kubernetes schemas come
// from the OpenAPI document of the pinned k8s.io/kubernetes module (kubeschema.go), converted here
// and checked with santhosh-tekuri/jsonschema, the validator helm and kubeconform use themselves.
// kubeconform was the other way: it reads JSON schemas converted by a Python script and published
// in a git repository that is no Go module (yannh/kubernetes-json-schema, gigabytes for every
// version), so it could not be pinned through the module proxy; converting the OpenAPI document
// ourselves keeps every input a pinned, checksummed Go module.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// valueSet is one combination of values files of the chart's test folder.
type valueSet struct {
	name        string
	files       []string
	autoscaling bool
	// remoteReleases: the values release a remote alone (remotes.releases), so the remotes file
	// is rendered and mounted in the web process.
	remoteReleases bool
}

var valueSets = []valueSet{
	{"defaults", []string{"test/minimal-values.yaml"}, false, false},
	{"defaults+autoscaling", []string{"test/minimal-values.yaml", "test/autoscaling-values.yaml"}, true, false},
	{"production", []string{"test/production-values.yaml"}, false, true},
	{"production+autoscaling", []string{"test/production-values.yaml", "test/autoscaling-values.yaml"}, true, true},
}

// badBase is what every bad values file is layered over.
const badBase = "test/minimal-values.yaml"

func main() {
	chart := flag.String("chart", "deploy/helm/portal", "the chart's directory")
	helmBin := flag.String("helm", "", "helm executable (default: the pinned one, `go tool -n helm`)")
	portal := flag.String("portal", "bin/portal", "portal binary whose `routes --json` is the registry of processes and paths")
	routesFile := flag.String("routes-file", "", "read the registry from this JSON file instead of running the portal")
	write := flag.Bool("write-domains", false, "only regenerate the chart's domains.yaml from the registry")
	quick := flag.Bool("quick", false, "only domains.yaml and one render's processes and Ingress against the registry (make check-new-domain)")
	flag.Parse()

	start := time.Now()
	if *write {
		reg, err := readRegistry(*portal, *routesFile)
		if err == nil {
			err = writeDomains(*chart, reg)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "chartcheck:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*chart, *helmBin, *portal, *routesFile, *quick); err != nil {
		fmt.Fprintln(os.Stderr, "chartcheck:", err)
		os.Exit(1)
	}
	fmt.Printf("chartcheck: ok (%s)\n", time.Since(start).Round(100*time.Millisecond))
}

func run(chart, helmBin, portal, routesFile string, quick bool) error {
	if helmBin == "" {
		out, err := exec.Command("go", "tool", "-n", "helm").Output()
		if err != nil {
			return fmt.Errorf("go tool -n helm: %w", err)
		}
		helmBin = strings.TrimSpace(string(out))
	}
	want, err := readRegistry(portal, routesFile)
	if err != nil {
		return err
	}
	if err := checkDomains(chart, want); err != nil {
		return err
	}
	// The chart sits at deploy/helm/portal: the remotes are the checkout's apps/.
	if err := RemoteNames(chart, filepath.Join(chart, "..", "..", "..", "apps")); err != nil {
		return err
	}
	home, err := os.MkdirTemp("", "chartcheck-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	h := helm{bin: helmBin, chart: chart, home: home}
	if quick {
		// The Kubernetes schemas, lint and refusals do not change with the domains.
		return runChecks([]check{{"render " + valueSets[0].name, func() error { return renderCheck(h, nil, want, valueSets[0]) }}})
	}
	swagger, err := downloadSwagger()
	if err != nil {
		return err
	}
	schemas, err := NewKubeSchemas(swagger)
	if err != nil {
		return err
	}

	var checks []check
	for _, vs := range valueSets {
		checks = append(checks,
			check{"lint " + vs.name, func() error { return h.lint(vs.files) }},
			check{"render " + vs.name, func() error { return renderCheck(h, schemas, want, vs) }},
		)
	}
	bad, err := filepath.Glob(filepath.Join(chart, "test", "bad", "*.yaml"))
	if err != nil {
		return err
	}
	if len(bad) == 0 {
		return errors.New("no bad values files under " + filepath.Join(chart, "test", "bad"))
	}
	for _, file := range bad {
		rel, _ := filepath.Rel(chart, file)
		checks = append(checks, check{"refuse " + rel, func() error { return refuseCheck(h, file) }})
	}
	// The chart alone does not install: it cannot guess the image or the OpenID provider.
	checks = append(checks, check{"refuse chart defaults alone", func() error {
		return h.expectFailure(nil, "at '/image/repository'")
	}})
	return runChecks(checks)
}

// readRegistry reads the registry of processes and paths from routesFile, else from the portal.
func readRegistry(portal, routesFile string) (Routes, error) {
	var registry []byte
	var err error
	if routesFile != "" {
		registry, err = os.ReadFile(routesFile)
	} else {
		registry, err = exec.Command(portal, "routes", "--json").Output()
	}
	if err != nil {
		return nil, fmt.Errorf("registry of routes: %w", err)
	}
	return ParseRegistry(registry)
}

type check struct {
	name string
	run  func() error
}

// runChecks runs the checks a few at a time (each is mostly a helm process) and reports every
// failure, not only the first.
func runChecks(checks []check) error {
	errs := make([]error, len(checks))
	sem := make(chan struct{}, runtime.NumCPU())
	var wg sync.WaitGroup
	for i, c := range checks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			errs[i] = c.run()
		}()
	}
	wg.Wait()
	failed := 0
	for i, c := range checks {
		if errs[i] != nil {
			failed++
			fmt.Printf("FAIL %s\n     %s\n", c.name, strings.ReplaceAll(strings.TrimSpace(errs[i].Error()), "\n", "\n     "))
			continue
		}
		fmt.Printf("ok   %s\n", c.name)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d checks failed", failed, len(checks))
	}
	return nil
}

// renderCheck renders one values set and checks its manifests: against the Kubernetes schemas
// (unless schemas is nil), the inventory, the pods' hardening and the Ingress routes.
func renderCheck(h helm, schemas *KubeSchemas, want Routes, vs valueSet) error {
	rendered, err := h.template(vs.files)
	if err != nil {
		return err
	}
	manifests, err := SplitManifests(rendered)
	if err != nil {
		return err
	}
	var problems []string
	for _, m := range manifests {
		if schemas == nil {
			break
		}
		if err := schemas.Validate(m.Object); err != nil {
			problems = append(problems, fmt.Sprintf("%s (%s): %v", m.Kind(), m.Source, err))
		}
	}
	problems = append(problems, Inventory(manifests, len(want), vs.autoscaling, vs.remoteReleases)...)
	problems = append(problems, RemotesFile(manifests)...)
	problems = append(problems, Hardening(manifests)...)
	rules, err := IngressRoutes(manifests)
	if err != nil {
		problems = append(problems, err.Error())
	}
	for _, got := range rules {
		problems = append(problems, want.Diff(got)...)
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// refuseCheck renders a bad values file, which must fail with the message its first line names.
func refuseCheck(h helm, file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	first, _ := bufio.NewReader(f).ReadString('\n')
	expect, ok := strings.CutPrefix(strings.TrimSpace(first), "# expect: ")
	if !ok || expect == "" {
		return fmt.Errorf("%s: the first line must be `# expect: <part of the error>`", file)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	return h.expectFailure([]string{badBase, abs}, expect)
}

// helm runs the pinned helm on the chart, with its own empty configuration and cache so that no
// repository or plugin of the machine takes part.
type helm struct {
	bin, chart, home string
}

func (h helm) lint(files []string) error {
	out, err := h.run(append([]string{"lint", h.chart, "--strict", "--kube-version", kubeVersion}, h.valuesArgs(files)...))
	if err != nil {
		return fmt.Errorf("helm lint --strict: %w\n%s", err, out)
	}
	return nil
}

func (h helm) template(files []string) ([]byte, error) {
	cmd := h.command(append([]string{"template", "portal", h.chart, "--namespace", "portal", "--kube-version", kubeVersion}, h.valuesArgs(files)...))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("helm template: %w\n%s", err, stderr.String())
	}
	return out, nil
}

func (h helm) expectFailure(files []string, expect string) error {
	rendered, err := h.template(files)
	if err == nil {
		return fmt.Errorf("rendered %d bytes, want a failure mentioning %q", len(rendered), expect)
	}
	if !strings.Contains(err.Error(), expect) {
		return fmt.Errorf("failed for another reason than %q: %w", expect, err)
	}
	return nil
}

func (h helm) valuesArgs(files []string) []string {
	var args []string
	for _, f := range files {
		if !filepath.IsAbs(f) {
			f = filepath.Join(h.chart, f)
		}
		args = append(args, "--values", f)
	}
	return args
}

func (h helm) command(args []string) *exec.Cmd {
	cmd := exec.Command(h.bin, args...)
	cmd.Env = append(os.Environ(),
		"HELM_CONFIG_HOME="+filepath.Join(h.home, "config"),
		"HELM_CACHE_HOME="+filepath.Join(h.home, "cache"),
		"HELM_DATA_HOME="+filepath.Join(h.home, "data"),
	)
	return cmd
}

func (h helm) run(args []string) ([]byte, error) {
	return h.command(args).CombinedOutput()
}
