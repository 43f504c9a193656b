package main

import (
	"errors"
	"strings"
	"testing"
)

// A small OpenAPI v2 document shaped like Kubernetes' own: a kind with nested objects, a map, an
// IntOrString, a Quantity and an open object.
const fixtureSwagger = `{
  "definitions": {
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": {"type": "string", "format": "int-or-string"},
    "io.k8s.apimachinery.pkg.api.resource.Quantity": {"type": "string"},
    "io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1": {"type": "object"},
    "io.k8s.api.example.v1.WidgetSpec": {
      "type": "object",
      "required": ["size"],
      "properties": {
        "size": {"type": "integer", "format": "int32"},
        "port": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString"},
        "memory": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.api.resource.Quantity"},
        "labels": {"type": "object", "additionalProperties": {"type": "string"}},
        "raw": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1"},
        "ports": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"}}}}
      }
    },
    "io.k8s.api.example.v1.Widget": {
      "type": "object",
      "properties": {
        "apiVersion": {"type": "string"},
        "kind": {"type": "string"},
        "spec": {"$ref": "#/definitions/io.k8s.api.example.v1.WidgetSpec", "description": "the spec"}
      },
      "x-kubernetes-group-version-kind": [{"group": "example.k8s.io", "version": "v1", "kind": "Widget"}]
    }
  }
}`

func TestKubeSchemas_ValidateIsStrict(t *testing.T) {
	schemas, err := NewKubeSchemas([]byte(fixtureSwagger))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		spec    map[string]any
		wantErr string // part of the error; empty for a valid manifest
	}{
		{"valid", map[string]any{"size": 1, "port": "http", "memory": "64Mi"}, ""},
		{"int-or-string as integer", map[string]any{"size": 1, "port": 8080}, ""},
		{"quantity as number", map[string]any{"size": 1, "memory": 2}, ""},
		{"open object takes anything", map[string]any{"size": 1, "raw": map[string]any{"f:x": map[string]any{}}}, ""},
		{"map of strings", map[string]any{"size": 1, "labels": map[string]any{"a": "b"}}, ""},
		{"unknown field", map[string]any{"size": 1, "colour": "red"}, "additional properties 'colour' not allowed"},
		{"unknown field in a list item", map[string]any{"size": 1, "ports": []any{map[string]any{"nmae": "x"}}}, "'nmae' not allowed"},
		{"wrong type", map[string]any{"size": "1"}, "want integer"},
		{"int-or-string as bool", map[string]any{"size": 1, "port": true}, "/spec/port"},
		{"required field missing", map[string]any{"port": 80}, "missing property 'size'"},
		{"null where an object is due", map[string]any{"size": 1, "labels": nil}, "/spec/labels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := map[string]any{"apiVersion": "example.k8s.io/v1", "kind": "Widget", "spec": tt.spec}
			err := schemas.Validate(obj)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("want valid, got %v", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("want an error mentioning %q, got none", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("want an error mentioning %q, got %v", tt.wantErr, err)
			}
		})
	}
}

func TestKubeSchemas_UnknownKindFails(t *testing.T) {
	schemas, err := NewKubeSchemas([]byte(fixtureSwagger))
	if err != nil {
		t.Fatal(err)
	}
	for _, apiVersion := range []string{"example.k8s.io/v2", "v1"} {
		err := schemas.Validate(map[string]any{"apiVersion": apiVersion, "kind": "Widget"})
		if !errors.Is(err, ErrUnknownKind) {
			t.Errorf("%s Widget: want ErrUnknownKind, got %v", apiVersion, err)
		}
	}
}
