package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"sigs.k8s.io/yaml"
)

// Manifest is one rendered object.
type Manifest struct {
	// Source is the template that rendered it (Helm's "# Source:" comment).
	Source string
	Object map[string]any
}

// Kind is "Kind/name", for messages.
func (m Manifest) Kind() string {
	return fmt.Sprintf("%s/%s", str(m.Object, "kind"), str(m.Object, "metadata", "name"))
}

var (
	docSeparator = regexp.MustCompile(`(?m)^---[ \t]*$`)
	sourceLine   = regexp.MustCompile(`(?m)^# Source: (.+)$`)
)

// SplitManifests decodes the multi-document YAML `helm template` prints. Duplicate keys are an
// error, as they are for the API server's strict decoding.
func SplitManifests(rendered []byte) ([]Manifest, error) {
	var out []Manifest
	for _, doc := range docSeparator.Split(string(rendered), -1) {
		if strings.TrimSpace(stripComments(doc)) == "" {
			continue
		}
		source := ""
		if m := sourceLine.FindStringSubmatch(doc); m != nil {
			source = m[1]
		}
		j, err := yaml.YAMLToJSONStrict([]byte(doc))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(j))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", source, err)
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: not an object", source)
		}
		out = append(out, Manifest{Source: source, Object: obj})
	}
	return out, nil
}

func stripComments(doc string) string {
	var b strings.Builder
	for line := range strings.Lines(doc) {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// str reads a string at a path of map keys; "" when anything on the way is missing.
func str(obj map[string]any, path ...string) string {
	s, _ := dig(obj, path...).(string)
	return s
}

func dig(v any, path ...string) any {
	for _, key := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[key]
	}
	return v
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}
