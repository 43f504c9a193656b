package main

import (
	"strings"
	"testing"
)

func remotesManifests(t *testing.T, file, configPath string, mountedIn ...string) []Manifest {
	t.Helper()
	doc := "---\nkind: ConfigMap\nmetadata: {name: portal}\ndata: {PORTAL_REMOTES_FILE: '" + configPath + "'}\n"
	if file != "" {
		doc += "---\nkind: ConfigMap\nmetadata: {name: portal-remotes}\ndata: {remotes.json: '" + file + "'}\n"
	}
	for _, name := range []string{"portal-web", "portal-repair"} {
		mounts := "[]"
		for _, m := range mountedIn {
			if m == name {
				mounts = "[{name: remotes, mountPath: /etc/portal/remotes}]"
			}
		}
		doc += "---\nkind: Deployment\nmetadata: {name: " + name + "}\nspec: {template: {spec: {containers: [{name: portal, volumeMounts: " + mounts + "}]}}}\n"
	}
	m, err := SplitManifests([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRemotesFile(t *testing.T) {
	good := `{"remotes":{"repair":"https://cdn.example/repair/1.0.1/mf-manifest.json"}}`
	path := "/etc/portal/remotes/remotes.json"
	for _, tc := range []struct {
		name      string
		manifests []Manifest
		want      string // a problem's start; "" for none
	}{
		{"released alone, mounted in web", remotesManifests(t, good, path, "portal-web"), ""},
		{"no releases", remotesManifests(t, "", ""), ""},
		{"mounted in every process", remotesManifests(t, good, path, "portal-web", "portal-repair"), "Deployment/portal-repair: remotes file mounted=true"},
		{"not mounted", remotesManifests(t, good, path), "Deployment/portal-web: remotes file mounted=false"},
		{"plain http", remotesManifests(t, strings.Replace(good, "https", "http", 1), path, "portal-web"), "remotes.json: repair loads from"},
		{"config elsewhere", remotesManifests(t, good, "/tmp/r.json", "portal-web"), "PORTAL_REMOTES_FILE is \"/tmp/r.json\""},
		{"config without file", remotesManifests(t, "", path), "PORTAL_REMOTES_FILE is set without"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := RemotesFile(tc.manifests)
			if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)) {
				t.Errorf("problems %q, want one starting %q", got, tc.want)
			}
		})
	}
}
