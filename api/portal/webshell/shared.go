package webshell

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// federationManifest is the part of a bundle's mf-manifest.json that names the versions of the
// singletons it was built with (tooling/rspack/src/federation.ts portalShared).
type federationManifest struct {
	Shared []struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"shared"`
}

// checkSharedVersions refuses a remote built with another major version of a singleton than
// the host's (React 20 against 19, say): the page would run on the host's copy and fail for
// every customer. The bundles declare no required versions, since the federation runtime's
// check of them costs every page tens of milliseconds of a phone's main thread and only warned in
// the console; here it is made once, at start, where an operator sees it. remoteDirs maps the
// remotes served from here to their dist directories; a remote from elsewhere is not read.
func checkSharedVersions(hostDir string, remoteDirs map[string]string) error {
	host, err := readFederationManifest(hostDir)
	if err != nil {
		return err
	}
	provided := map[string]string{}
	for _, s := range host.Shared {
		provided[s.Name] = s.Version
	}
	for name, dir := range remoteDirs {
		remote, err := readFederationManifest(dir)
		if err != nil {
			return err
		}
		for _, s := range remote.Shared {
			hostVersion, ok := provided[s.Name]
			if ok && compatibleLine(hostVersion) != compatibleLine(s.Version) {
				return fmt.Errorf("webshell: remote %s was built with %s %s and the host with %s; a page runs on the host's copy, so build and deploy them from one workspace", name, s.Name, s.Version, hostVersion)
			}
		}
	}
	return nil
}

// compatibleLine is the part of a version a caret range keeps: the major, or for 0.x the minor too.
func compatibleLine(version string) string {
	parts := strings.SplitN(version, ".", 3)
	if parts[0] == "0" && len(parts) > 1 {
		return parts[0] + "." + parts[1]
	}
	return parts[0]
}

func readFederationManifest(dir string) (*federationManifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, "mf-manifest.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return &federationManifest{}, nil
	}
	if err != nil {
		return nil, err
	}
	var m federationManifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("webshell: %s: %w", filepath.Join(dir, "mf-manifest.json"), err)
	}
	return &m, nil
}
