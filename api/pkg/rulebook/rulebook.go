// Package rulebook runs the rule vectors of packages/rulebook/vectors against a Go
// implementation. A rule that both the browser and the server apply (an address, a PO number, the
// video cart's merge, …) is written there once as JSON vectors, input → expected outcome, and the
// Go and the TypeScript suites each run every vector of it (ARCHITECTURE §7), so the browser's
// convenience check cannot drift from the server's guard.
package rulebook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Dir is the vectors' folder, relative to the repository's root.
const Dir = "packages/rulebook/vectors"

// Side names the function that applies a rule on one side and the test file that runs its vectors.
type Side struct {
	Func string `json:"func"`
	Test string `json:"test"`
}

// Header is what a vector file says of its rule besides the vectors.
type Header struct {
	Rule        string `json:"rule"`
	Spec        string `json:"spec"`
	Description string `json:"description"`
	Go          Side   `json:"go"`
	TS          Side   `json:"ts"`
}

// Vector is one case: the input a function is given and the outcome it must produce.
type Vector[I, O any] struct {
	Name     string `json:"name"`
	Input    I      `json:"input"`
	Expected O      `json:"expected"`
}

type file[I, O any] struct {
	Header
	Vectors []Vector[I, O] `json:"vectors"`
}

// Run applies apply to the input of every vector of rule as a subtest and requires the vector's
// expected outcome. A vector field that I or O does not hold fails the test: a field one suite
// does not read would be a case only the other one checks.
func Run[I, O any](t *testing.T, rule string, apply func(I) O) {
	t.Helper()
	var f file[I, O]
	dec := json.NewDecoder(bytes.NewReader(Read(t, rule)))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&f), "rulebook %s", rule)
	require.NotEmpty(t, f.Vectors, "rulebook %s has no vectors", rule)
	for _, v := range f.Vectors {
		t.Run(v.Name, func(t *testing.T) {
			require.Equal(t, v.Expected, apply(v.Input))
		})
	}
}

// Read returns the vector file of rule.
func Read(t testing.TB, rule string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root(t), Dir, rule+".json"))
	require.NoError(t, err, "rulebook %s", rule)
	return b
}

// Root is the repository's root: the nearest folder above the working directory (a test runs in
// its package's folder) that holds the vectors.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if info, err := os.Stat(filepath.Join(dir, Dir)); err == nil && info.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no %s above the working directory", Dir)
		dir = parent
	}
}
