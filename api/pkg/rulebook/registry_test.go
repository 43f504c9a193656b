package rulebook_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/rulebook"
)

// TestEveryRuleHasAGoSuite fails for a vector file whose Go test is missing or does not run it, so
// a rule cannot be added, or its Go test dropped, on one side only. (The TypeScript suite's
// registry test checks the other side.)
func TestEveryRuleHasAGoSuite(t *testing.T) {
	root := rulebook.Root(t)
	files, err := filepath.Glob(filepath.Join(root, rulebook.Dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, path := range files {
		rule := strings.TrimSuffix(filepath.Base(path), ".json")
		t.Run(rule, func(t *testing.T) {
			var h rulebook.Header
			require.NoError(t, json.Unmarshal(rulebook.Read(t, rule), &h))
			require.Equal(t, rule, h.Rule, "a vector file is named after its rule")
			require.NotEmpty(t, h.Spec, "which part of the spec the rule comes from")
			require.NotEmpty(t, h.Go.Func, "which Go function applies the rule")
			require.True(t, strings.HasPrefix(h.Go.Test, "api/") && strings.HasSuffix(h.Go.Test, "_test.go"), "go.test is a Go test file under api/: %q", h.Go.Test)
			src, err := os.ReadFile(filepath.Join(root, h.Go.Test))
			require.NoError(t, err, "the Go test of rule %s", rule)
			require.Contains(t, string(src), `rulebook.Run(t, "`+rule+`"`, "%s runs the vectors of %s", h.Go.Test, rule)
		})
	}
}
