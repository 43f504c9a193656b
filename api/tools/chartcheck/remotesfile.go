package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// RemotesFile checks the remotes file of remotes.releases: when its ConfigMap is rendered, it
// holds {"remotes": {name: https manifest URL}}, the config points PORTAL_REMOTES_FILE at it and
// the web process, and only it, mounts it there. The web process reads the file again when the
// kubelet updates it, so a remote moves to another release without restarting a pod.
func RemotesFile(manifests []Manifest) []string {
	var file, configPath string
	found := false
	for _, m := range manifests {
		if str(m.Object, "kind") != "ConfigMap" {
			continue
		}
		if strings.HasSuffix(str(m.Object, "metadata", "name"), "-remotes") {
			file, found = str(m.Object, "data", "remotes.json"), true
		} else {
			configPath = str(m.Object, "data", "PORTAL_REMOTES_FILE")
		}
	}
	if !found {
		if configPath != "" {
			return []string{"PORTAL_REMOTES_FILE is set without a remotes ConfigMap"}
		}
		return nil
	}
	var problems []string
	var body struct {
		Remotes map[string]string `json:"remotes"`
	}
	if err := json.Unmarshal([]byte(file), &body); err != nil || len(body.Remotes) == 0 {
		problems = append(problems, fmt.Sprintf("remotes.json %q is not {\"remotes\": {name: URL}}", file))
	}
	for name, u := range body.Remotes {
		if p, err := url.Parse(u); err != nil || p.Scheme != "https" || !strings.HasSuffix(p.Path, "/mf-manifest.json") {
			problems = append(problems, fmt.Sprintf("remotes.json: %s loads from %q, not an https mf-manifest.json", name, u))
		}
	}
	if configPath != "/etc/portal/remotes/remotes.json" {
		problems = append(problems, fmt.Sprintf("PORTAL_REMOTES_FILE is %q, not the mounted /etc/portal/remotes/remotes.json", configPath))
	}
	for _, m := range manifests {
		if str(m.Object, "kind") != "Deployment" {
			continue
		}
		mounted := false
		for _, c := range list(dig(m.Object, "spec", "template", "spec", "containers")) {
			for _, v := range list(dig(c, "volumeMounts")) {
				mounted = mounted || dig(v, "mountPath") == "/etc/portal/remotes"
			}
		}
		web := strings.HasSuffix(str(m.Object, "metadata", "name"), "-web")
		if mounted != web {
			problems = append(problems, fmt.Sprintf("%s: remotes file mounted=%t, want %t (the web process only)", m.Kind(), mounted, web))
		}
	}
	return problems
}
