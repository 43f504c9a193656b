package main

import (
	"archive/tar"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-containerregistry/pkg/name"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/stretchr/testify/require"
)

// checkout lays out what `make build` produces, reduced to a few files.
func checkout(t *testing.T) Inputs {
	t.Helper()
	dir := t.TempDir()
	for p, body := range map[string]string{
		"bin/portal":                        "#!portal",
		"ca.crt":                            "-----BEGIN CERTIFICATE-----",
		"host/dist/index.html":              "<!doctype html>",
		"host/dist/static/js/main.js":       "console.log(1)",
		"apps/repair/dist/mf-manifest.json": `{"name":"repair"}`,
	} {
		full := filepath.Join(dir, p)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(body), 0o644))
	}
	return Inputs{
		Binary: filepath.Join(dir, "bin/portal"), Repo: dir, CABundle: filepath.Join(dir, "ca.crt"),
		Created: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC),
	}
}

func TestWrite_ImageRunsThePortalAsNonRootWithTheWebFiles(t *testing.T) {
	in := checkout(t)
	out := filepath.Join(t.TempDir(), "image.tar")
	require.NoError(t, write("registry.example.com/rugged/portal:1.0.0", out, in))

	tag, err := name.NewTag("registry.example.com/rugged/portal:1.0.0")
	require.NoError(t, err)
	img, err := tarball.ImageFromPath(out, &tag)
	require.NoError(t, err)
	cfg, err := img.ConfigFile()
	require.NoError(t, err)
	require.Equal(t, []string{"/usr/local/bin/portal"}, cfg.Config.Entrypoint)
	require.Equal(t, []string{"serve"}, cfg.Config.Cmd)
	require.Equal(t, "65532:65532", cfg.Config.User)
	require.Contains(t, cfg.Config.Env, "PORTAL_WEB_DIR=/srv/portal")
	require.Contains(t, cfg.Config.Env, "PORTAL_ADMIN_ADDR=0.0.0.0:9464")

	files := map[string]*tar.Header{}
	tr := tar.NewReader(mutate.Extract(img))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		files[strings.TrimSuffix(hdr.Name, "/")] = hdr
	}
	for _, want := range []string{
		"usr/local/bin/portal", "etc/ssl/certs/ca-certificates.crt", "srv/portal/host/dist/index.html",
		"srv/portal/host/dist/static/js/main.js", "srv/portal/apps/repair/dist/mf-manifest.json",
	} {
		require.Contains(t, files, want)
	}
	require.EqualValues(t, 0o755, files["usr/local/bin/portal"].Mode)
	require.Equal(t, 65532, files["var/lib/portal"].Uid, "the data directory belongs to the user the image runs as")
}

func TestBuild_SameInputsGiveTheSameImage(t *testing.T) {
	in := checkout(t)
	a, err := Build(in)
	require.NoError(t, err)
	b, err := Build(in)
	require.NoError(t, err)
	da, err := a.Digest()
	require.NoError(t, err)
	db, err := b.Digest()
	require.NoError(t, err)
	require.Equal(t, da, db)
}

func TestBuild_RefusesAnUnbuiltCheckout(t *testing.T) {
	in := checkout(t)
	require.NoError(t, os.RemoveAll(filepath.Join(in.Repo, "host")))
	_, err := Build(in)
	require.ErrorContains(t, err, "make build")
}
