package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The Kubernetes version the rendered manifests are validated against, and where its schemas come
// from: the OpenAPI v2 document the Kubernetes project publishes in its repository
// (api/openapi-spec/swagger.json), taken from the k8s.io/kubernetes module at that tag through
// the Go module proxy. `go mod download` verifies the module against the checksum database on its
// first download; the module hash and the file's SHA-256 are pinned here as well, so a changed
// or hand-edited copy in the module cache fails the check instead of silently validating against
// other schemas. Nothing is fetched once the module cache holds it.
//
// k8s.io/kubernetes cannot be a requirement of a go.mod (its own go.mod requires the staging
// modules at v0.0.0 through replace directives), hence `go mod download module@version` instead.
const (
	kubeModule    = "k8s.io/kubernetes"
	kubeVersion   = "v1.36.3"
	kubeModuleSum = "h1:qDQdoMiluAE2Eab6Fa52YV+WjiGz9mZFFoagEA6cI+o="
	swaggerFile   = "api/openapi-spec/swagger.json"
	swaggerSHA256 = "dcede2063da1d7ad62ecb5af8adb6d7fabd0b52385a7fa0048afb491dac90450"
)

// ErrUnknownKind is returned for a manifest whose apiVersion and kind the pinned Kubernetes
// version does not serve.
var ErrUnknownKind = errors.New("kind not served by Kubernetes " + kubeVersion)

// downloadSwagger returns the pinned OpenAPI document from the module cache, downloading the
// module through the Go module proxy when the cache lacks it.
func downloadSwagger() ([]byte, error) {
	out, err := exec.Command("go", "mod", "download", "-json", kubeModule+"@"+kubeVersion).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil, fmt.Errorf("go mod download %s@%s: %w\n%s", kubeModule, kubeVersion, err, exit.Stderr)
		}
		return nil, fmt.Errorf("go mod download %s@%s: %w", kubeModule, kubeVersion, err)
	}
	var mod struct{ Dir, Sum, Error string }
	if err := json.Unmarshal(out, &mod); err != nil {
		return nil, fmt.Errorf("go mod download: %w", err)
	}
	if mod.Error != "" {
		return nil, fmt.Errorf("go mod download %s@%s: %s", kubeModule, kubeVersion, mod.Error)
	}
	if mod.Sum != kubeModuleSum {
		return nil, fmt.Errorf("%s@%s: module hash %s, want %s", kubeModule, kubeVersion, mod.Sum, kubeModuleSum)
	}
	doc, err := os.ReadFile(filepath.Join(mod.Dir, filepath.FromSlash(swaggerFile)))
	if err != nil {
		return nil, err
	}
	if sum := sha256.Sum256(doc); hex.EncodeToString(sum[:]) != swaggerSHA256 {
		return nil, fmt.Errorf("%s in %s@%s: SHA-256 %x, want %s", swaggerFile, kubeModule, kubeVersion, sum, swaggerSHA256)
	}
	return doc, nil
}

// KubeSchemas validates manifests against the definitions of one OpenAPI v2 document, made strict.
// It is safe for concurrent use.
type KubeSchemas struct {
	mu       sync.Mutex // guards compiler and compiled
	compiler *jsonschema.Compiler
	// byGVK maps "apiVersion/kind" (e.g. "apps/v1/Deployment", "v1/Service") to its definition.
	byGVK    map[string]string
	compiled map[string]*jsonschema.Schema
}

// schemaURL names the converted document inside the compiler; nothing is loaded from it.
const schemaURL = "file:///kubernetes-" + kubeVersion + ".schema.json"

// NewKubeSchemas converts an OpenAPI v2 document (Kubernetes' swagger.json) into one JSON schema
// document whose definitions are strict: see strictSchema.
func NewKubeSchemas(swagger []byte) (*KubeSchemas, error) {
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	dec := json.NewDecoder(bytes.NewReader(swagger))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("OpenAPI document: %w", err)
	}
	if len(doc.Definitions) == 0 {
		return nil, errors.New("OpenAPI document: no definitions")
	}
	defs := make(map[string]any, len(doc.Definitions))
	byGVK := map[string]string{}
	for name, def := range doc.Definitions {
		defs[name] = strictDefinition(name, def)
		gvks, _ := def["x-kubernetes-group-version-kind"].([]any)
		for _, g := range gvks {
			m, _ := g.(map[string]any)
			group, _ := m["group"].(string)
			version, _ := m["version"].(string)
			kind, _ := m["kind"].(string)
			apiVersion := version
			if group != "" {
				apiVersion = group + "/" + version
			}
			byGVK[apiVersion+"/"+kind] = name
		}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource(schemaURL, map[string]any{"definitions": defs}); err != nil {
		return nil, err
	}
	return &KubeSchemas{compiler: c, byGVK: byGVK, compiled: map[string]*jsonschema.Schema{}}, nil
}

// Validate checks one manifest (decoded JSON) against the schema of its apiVersion and kind.
func (k *KubeSchemas) Validate(obj map[string]any) error {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	name, ok := k.byGVK[apiVersion+"/"+kind]
	if !ok {
		return fmt.Errorf("%w: apiVersion %q, kind %q", ErrUnknownKind, apiVersion, kind)
	}
	k.mu.Lock()
	sch, ok := k.compiled[name]
	if !ok {
		var err error
		if sch, err = k.compiler.Compile(schemaURL + "#/definitions/" + name); err != nil {
			k.mu.Unlock()
			return fmt.Errorf("schema of %s: %w", name, err)
		}
		k.compiled[name] = sch
	}
	k.mu.Unlock()
	return sch.Validate(any(obj))
}

// quantityDefinition is typed too narrowly by the OpenAPI document for what the API server
// accepts: a resource.Quantity is a string there, but also a plain number in manifests (cpu: 1).
const quantityDefinition = "io.k8s.apimachinery.pkg.api.resource.Quantity"

func strictDefinition(name string, def map[string]any) any {
	if name == quantityDefinition {
		return map[string]any{"type": []any{"string", "number"}}
	}
	return strictSchema(def)
}

// strictSchema rewrites one OpenAPI v2 schema as JSON schema draft-07 that refuses what the API
// server's strict field validation refuses:
//   - an object with declared properties gets additionalProperties: false, so an unknown or
//     misspelt field fails (objects declared without properties, such as FieldsV1 or
//     RawExtension, stay open, as they are in the API);
//   - format int-or-string (IntOrString: ports, maxUnavailable) becomes a string or an integer;
//   - other formats and the x-kubernetes-* extensions are dropped: the API server does not
//     reject on int32 or byte formats in manifests, and JSON schema does not know them.
//
// Null is not accepted where the document does not say so; Kubernetes would take a null for an
// optional field, but in a chart it is always a template that rendered nothing by mistake.
func strictSchema(s map[string]any) map[string]any {
	out := make(map[string]any, len(s)+1)
	for key, value := range s {
		switch {
		case strings.HasPrefix(key, "x-"), key == "format", key == "description":
		case key == "properties":
			props := map[string]any{}
			for name, p := range value.(map[string]any) {
				props[name] = strictSchema(p.(map[string]any))
			}
			out[key] = props
		case key == "items" || key == "additionalProperties":
			if m, ok := value.(map[string]any); ok {
				out[key] = strictSchema(m)
			} else {
				out[key] = value
			}
		default:
			out[key] = value
		}
	}
	if s["format"] == "int-or-string" {
		out["type"] = []any{"string", "integer"}
	}
	if _, hasProps := s["properties"]; hasProps {
		if _, set := s["additionalProperties"]; !set {
			out["additionalProperties"] = false
		}
	}
	return out
}
