package inputguard

import (
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// checkGraphQL judges the string literals of a GraphQL document the way its server will read
// them: parsed by the same parser gqlgen uses, so an escape such as \u0000 or \n is judged as
// the character it becomes. A literal is named by its argument and the input fields around it
// ("ticketInput.subject"), and is multi-line by that last name, as a variable's would be. A
// document that does not parse is left to the server, which refuses it.
func checkGraphQL(document string, found findings) {
	doc, err := parser.ParseQuery(&ast.Source{Input: document})
	if err != nil {
		return
	}
	for _, op := range doc.Operations {
		for _, v := range op.VariableDefinitions {
			checkGraphQLValue("$"+v.Variable, v.DefaultValue, found)
			checkGraphQLDirectives(v.Directives, found)
		}
		checkGraphQLDirectives(op.Directives, found)
		checkGraphQLSelections(op.SelectionSet, found)
	}
	for _, f := range doc.Fragments {
		checkGraphQLDirectives(f.Directives, found)
		checkGraphQLSelections(f.SelectionSet, found)
	}
}

func checkGraphQLSelections(set ast.SelectionSet, found findings) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			checkGraphQLArguments(s.Arguments, found)
			checkGraphQLDirectives(s.Directives, found)
			checkGraphQLSelections(s.SelectionSet, found)
		case *ast.InlineFragment:
			checkGraphQLDirectives(s.Directives, found)
			checkGraphQLSelections(s.SelectionSet, found)
		case *ast.FragmentSpread:
			checkGraphQLDirectives(s.Directives, found)
		}
	}
}

func checkGraphQLDirectives(list ast.DirectiveList, found findings) {
	for _, d := range list {
		checkGraphQLArguments(d.Arguments, found)
	}
}

func checkGraphQLArguments(args ast.ArgumentList, found findings) {
	for _, a := range args {
		checkGraphQLValue(a.Name, a.Value, found)
	}
}

// checkGraphQLValue judges the literal v at path, and the literals inside it.
func checkGraphQLValue(path string, v *ast.Value, found findings) {
	if v == nil {
		return
	}
	switch v.Kind {
	case ast.StringValue, ast.BlockValue:
		found.text(path, v.Raw)
	case ast.ListValue:
		for i, c := range v.Children {
			checkGraphQLValue(path+"["+strconv.Itoa(i)+"]", c.Value, found)
		}
	case ast.ObjectValue:
		for _, c := range v.Children {
			checkGraphQLValue(path+"."+c.Name, c.Value, found)
		}
	}
}
