package shipping_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The PDF checks read documents the way a scanner and a person would: poppler's pdftoppm renders
// the pages to PNG, zbar's zbarimg decodes every barcode on them and pdftotext extracts the text.
// Debian packages: poppler-utils, zbar-tools.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is missing: apt-get install -y %s", name, pkg)
	}
	return path
}

// barcodes renders every page of pdf at 200 dpi and returns the decoded symbols as
// "CODE-128:…" / "QR-Code:…", sorted.
func barcodes(t *testing.T, pdf []byte) []string {
	t.Helper()
	pdftoppm, zbarimg := tool(t, "pdftoppm", "poppler-utils"), tool(t, "zbarimg", "zbar-tools")
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(pdftoppm, "-r", "200", "-png", in, filepath.Join(dir, "page")).CombinedOutput()
	require.NoError(t, err, string(out))
	pages, err := filepath.Glob(filepath.Join(dir, "page*.png"))
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	var symbols []string
	for _, p := range pages {
		out, err := exec.Command(zbarimg, "-q", p).Output()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 4 {
			continue // no symbol on this page
		}
		require.NoError(t, err)
		for l := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
			if l != "" {
				symbols = append(symbols, l)
			}
		}
	}
	sort.Strings(symbols)
	return symbols
}

// pdfText extracts the text of pdf with its layout.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	pdftotext := tool(t, "pdftotext", "poppler-utils")
	in := filepath.Join(t.TempDir(), "doc.pdf")
	require.NoError(t, os.WriteFile(in, pdf, 0o600))
	out, err := exec.Command(pdftotext, "-layout", "-enc", "UTF-8", in, "-").Output()
	require.NoError(t, err)
	return string(out)
}
