// Package csvsafe keeps the portal's CSV downloads (the RMA history, the inventory) from being
// read as formulas by a spreadsheet (CSV injection): a customer's own text (a reference, an
// asset tag, a model) ends up in cells they or a colleague open.
package csvsafe

// Cell is s as a cell no spreadsheet reads as a formula: a cell starting with =, +, -, @, a tab
// or a carriage return is prefixed with a single quote.
func Cell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Row neutralises every cell of row in place and returns it.
func Row(row []string) []string {
	for i := range row {
		row[i] = Cell(row[i])
	}
	return row
}
