package blob

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestOpen_LocalDiskStreamsRoundTrip(t *testing.T) {
	b, err := Open(t.Context(), "", t.TempDir())
	require.NoError(t, err)
	defer b.Close()

	w, err := b.NewWriter(t.Context(), "rma/a.txt", nil)
	require.NoError(t, err)
	_, err = io.Copy(w, strings.NewReader("hello"))
	require.NoError(t, err)
	require.NoError(t, w.Close())

	r, err := b.NewReader(t.Context(), "rma/a.txt", nil)
	require.NoError(t, err)
	defer r.Close()
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	require.Equal(t, "hello", string(got))
}

func TestOpen_RejectsUnknownScheme(t *testing.T) {
	_, err := Open(t.Context(), "gs://bucket", "")
	require.ErrorContains(t, err, "unsupported")
}
