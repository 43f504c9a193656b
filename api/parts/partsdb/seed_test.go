package partsdb_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/parts/partsdb"
)

// Every demo part's picture is a file the host serves from host/public, so the catalogue never
// hands the browser an image that is not there.
func TestDemoCatalogue_ImagesAreFilesTheHostServes(t *testing.T) {
	public := filepath.Join("..", "..", "..", "host", "public")
	for _, p := range partsdb.DemoCatalogue() {
		require.True(t, strings.HasPrefix(p.ImagePath, "/assets/parts/"), "%s: %s", p.PartNumber, p.ImagePath)
		_, err := os.Stat(filepath.Join(public, filepath.FromSlash(p.ImagePath)))
		require.NoError(t, err, "%s: %s", p.PartNumber, p.ImagePath)
	}
}
