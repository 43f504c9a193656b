// Command portalimage builds the portal's container image without a container engine: one layer
// holding bin/portal, the built host and remotes and the CA bundle, on an empty base, written as
// a tarball that `docker load`, `podman load` or `crane push` accept. The Helm chart runs this
// image, one Deployment per domain.
//
//	portalimage --tag registry.example.com/rugged/portal:1.4.0 --out bin/portal-image.tar
package main

import (
	"archive/tar"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
)

// Paths inside the image; the chart relies on them.
const (
	binaryPath = "/usr/local/bin/portal"
	webDir     = "/srv/portal"
	dataDir    = "/var/lib/portal"
	caBundle   = "/etc/ssl/certs/ca-certificates.crt"
	// nonRoot is the uid and gid the image runs as; the chart's securityContext repeats it.
	nonRoot = 65532
)

// Inputs are the files that go into the image, from the build machine.
type Inputs struct {
	Binary   string // bin/portal
	Repo     string // the checkout, holding host/dist and apps/*/dist
	CABundle string // the machine's CA certificates, so the portal can verify TLS peers
	// Created is the image's creation time; fixed so the same inputs give the same image.
	Created time.Time
}

func main() {
	tag := flag.String("tag", "rugged/portal:dev", "the image reference written into the tarball")
	out := flag.String("out", "bin/portal-image.tar", "where to write the image tarball")
	in := Inputs{}
	flag.StringVar(&in.Binary, "binary", "bin/portal", "the portal binary (CGO_ENABLED=0)")
	flag.StringVar(&in.Repo, "repo", ".", "the checkout with host/dist and apps/*/dist built")
	flag.StringVar(&in.CABundle, "ca-bundle", caBundle, "CA certificates to include")
	flag.Parse()
	if err := write(*tag, *out, in); err != nil {
		fmt.Fprintln(os.Stderr, "portalimage:", err)
		os.Exit(1)
	}
	fmt.Println(*out)
}

func write(tag, out string, in Inputs) error {
	ref, err := name.NewTag(tag)
	if err != nil {
		return err
	}
	img, err := Build(in)
	if err != nil {
		return err
	}
	return tarball.WriteToFile(out, ref, img)
}

// Build assembles the image.
func Build(in Inputs) (v1.Image, error) {
	layerTar, err := layer(in)
	if err != nil {
		return nil, err
	}
	l, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(layerTar)), nil
	})
	if err != nil {
		return nil, err
	}
	img, err := mutate.AppendLayers(empty.Image, l)
	if err != nil {
		return nil, err
	}
	cfg, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cfg = cfg.DeepCopy()
	cfg.Architecture, cfg.OS = "amd64", "linux"
	cfg.Created = v1.Time{Time: in.Created}
	cfg.Config.Entrypoint = []string{binaryPath}
	cfg.Config.Cmd = []string{"serve"}
	cfg.Config.User = fmt.Sprintf("%d:%d", nonRoot, nonRoot)
	cfg.Config.WorkingDir = webDir
	cfg.Config.Env = []string{
		"PORTAL_ADDR=0.0.0.0:8080",
		"PORTAL_ADMIN_ADDR=0.0.0.0:9464",
		"PORTAL_WEB_DIR=" + webDir,
		"PORTAL_DATA_DIR=" + dataDir,
	}
	cfg.Config.ExposedPorts = map[string]struct{}{"8080/tcp": {}, "9464/tcp": {}}
	cfg.Config.Labels = map[string]string{"org.opencontainers.image.title": "Rugged Service Portal"}
	return mutate.ConfigFile(img, cfg)
}

// layer is the image's one filesystem layer as a tar stream, entries in a fixed order.
func layer(in Inputs) ([]byte, error) {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	add := func(hdr *tar.Header, body []byte) error {
		hdr.ModTime = in.Created
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err := tw.Write(body)
		return err
	}
	dirs := map[string]bool{}
	// mkdirs writes the entries of p's parent directories that are not written yet.
	mkdirs := func(p string) error {
		var parents []string
		for d := path.Dir(p); d != "/" && !dirs[d]; d = path.Dir(d) {
			parents = append(parents, d)
		}
		for i := len(parents) - 1; i >= 0; i-- {
			dirs[parents[i]] = true
			if err := add(&tar.Header{Name: parents[i][1:] + "/", Typeflag: tar.TypeDir, Mode: 0o755}, nil); err != nil {
				return err
			}
		}
		return nil
	}
	file := func(src, dst string, mode int64) error {
		body, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := mkdirs(dst); err != nil {
			return err
		}
		return add(&tar.Header{Name: dst[1:], Typeflag: tar.TypeReg, Mode: mode, Size: int64(len(body))}, body)
	}

	if err := file(in.Binary, binaryPath, 0o755); err != nil {
		return nil, fmt.Errorf("binary: %w", err)
	}
	if err := file(in.CABundle, caBundle, 0o644); err != nil {
		return nil, fmt.Errorf("CA bundle: %w", err)
	}
	web, err := webFiles(in.Repo)
	if err != nil {
		return nil, err
	}
	for _, rel := range web {
		if err := file(filepath.Join(in.Repo, rel), path.Join(webDir, filepath.ToSlash(rel)), 0o644); err != nil {
			return nil, err
		}
	}
	// The data directory belongs to the non-root user; the chart mounts an emptyDir over it.
	if err := mkdirs(dataDir); err != nil {
		return nil, err
	}
	if err := add(&tar.Header{Name: dataDir[1:] + "/", Typeflag: tar.TypeDir, Mode: 0o700, Uid: nonRoot, Gid: nonRoot}, nil); err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// webFiles lists host/dist and apps/*/dist, relative to repo, sorted.
func webFiles(repo string) ([]string, error) {
	roots, err := filepath.Glob(filepath.Join(repo, "apps", "*", "dist"))
	if err != nil {
		return nil, err
	}
	roots = append([]string{filepath.Join(repo, "host", "dist")}, roots...)
	var out []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type().IsRegular() {
				rel, err := filepath.Rel(repo, p)
				if err != nil {
					return err
				}
				out = append(out, rel)
			}
			return nil
		})
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is missing: run `make build` first", root)
		}
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
