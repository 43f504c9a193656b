package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"sigs.k8s.io/yaml"
)

// RemoteNames checks that the chart's default remotes.names lists every remote the repository
// builds (apps/<name> with a federation config), and nothing else: with a CDN configured, the
// web process loads exactly those, so a remote missing there would never reach a browser.
func RemoteNames(chart, appsDir string) error {
	data, err := os.ReadFile(filepath.Join(chart, "values.yaml"))
	if err != nil {
		return err
	}
	var values struct {
		Remotes struct {
			Names []string `json:"names"`
		} `json:"remotes"`
	}
	if err := yaml.Unmarshal(data, &values); err != nil {
		return fmt.Errorf("values.yaml: %w", err)
	}
	configs, err := filepath.Glob(filepath.Join(appsDir, "*", "module-federation.config.ts"))
	if err != nil {
		return err
	}
	built := make([]string, 0, len(configs))
	for _, c := range configs {
		built = append(built, filepath.Base(filepath.Dir(c)))
	}
	names := slices.Clone(values.Remotes.Names)
	slices.Sort(names)
	slices.Sort(built)
	if !slices.Equal(names, built) {
		return fmt.Errorf("values.yaml remotes.names is %v, but the remotes under %s are %v", names, appsDir, built)
	}
	return nil
}
