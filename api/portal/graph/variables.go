package graph

import (
	"context"
	"encoding/json"
	"math"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"rugged.example/portal/api/pkg/money"
)

// strictVariables refuses, before anything runs, the variables gqlparser's check lets through
// but gqlgen's unmarshalers then refuse while executing, which answered a client's mistake as an
// internal error: a JSON number for a String, an enum or an ID, an enum value in another case,
// a fraction or a 33-bit number for an Int. The refusal names the variable and the expected
// type, never the value sent.
type strictVariables struct{ schema *ast.Schema }

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = strictVariables{}

func (strictVariables) ExtensionName() string                   { return "StrictVariables" }
func (strictVariables) Validate(graphql.ExecutableSchema) error { return nil }

func (s strictVariables) MutateOperationContext(_ context.Context, opCtx *graphql.OperationContext) *gqlerror.Error {
	for _, def := range opCtx.Operation.VariableDefinitions {
		if expected := mismatch(s.schema, def.Type, opCtx.Variables[def.Variable]); expected != "" {
			err := gqlerror.Errorf("Variable \"$%s\" got an invalid value: expected %s.", def.Variable, expected)
			errcode.Set(err, errcode.ValidationFailed)
			return err
		}
	}
	return nil
}

// mismatch is the type v should have been ("" when it is one typ accepts); null and missing
// values were already checked.
func mismatch(schema *ast.Schema, typ *ast.Type, v any) string {
	if v == nil {
		return ""
	}
	if typ.Elem != nil {
		list, ok := v.([]any)
		if !ok {
			return mismatch(schema, typ.Elem, v) // one value stands for a list of it
		}
		for _, e := range list {
			if expected := mismatch(schema, typ.Elem, e); expected != "" {
				return expected
			}
		}
		return ""
	}
	def := schema.Types[typ.NamedType]
	switch {
	case def == nil:
		return typ.NamedType
	case def.Kind == ast.Enum:
		if s, ok := v.(string); ok && def.EnumValues.ForName(s) != nil {
			return ""
		}
		return "a value of " + def.Name
	case def.Kind == ast.InputObject:
		fields, ok := v.(map[string]any)
		if !ok {
			return "an object " + def.Name
		}
		for _, f := range def.Fields {
			if expected := mismatch(schema, f.Type, fields[f.Name]); expected != "" {
				return expected + " at " + def.Name + "." + f.Name
			}
		}
		return ""
	case def.Kind == ast.Scalar && !scalarAccepts(def.Name, v):
		return "a " + def.Name
	}
	return ""
}

// scalarAccepts applies each scalar's input rule as its unmarshaler does.
func scalarAccepts(scalar string, v any) bool {
	switch scalar {
	case "String":
		_, ok := v.(string)
		return ok
	case "Boolean":
		_, ok := v.(bool)
		return ok
	case "ID":
		_, isString := v.(string)
		_, isInt := whole(v)
		return isString || isInt
	case "Int":
		n, ok := whole(v)
		return ok && n >= math.MinInt32 && n <= math.MaxInt32
	case "Float":
		switch x := v.(type) {
		case json.Number:
			_, err := x.Float64()
			return err == nil
		case float64, int64, int:
			return true
		}
		return false
	case "Cents":
		n, ok := whole(v)
		return ok && n >= -money.MaxSafeCents && n <= money.MaxSafeCents
	}
	return false
}

// whole is v as a whole number: a JSON number without fraction, an integer, or a string of one
// (gqlparser and gqlgen both take "12" for an Int).
func whole(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case json.Number:
		s = string(x)
	case string:
		s = x
	default:
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
