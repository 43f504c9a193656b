// Package csvsafe keeps the portal's CSV downloads (the RMA history, the inventory) from being
// read as formulas by a spreadsheet (CSV injection): a customer's own text (a reference, an
// asset tag, a model) ends up in cells they or a colleague open.
package csvsafe

import (
	"strings"
	"unicode/utf8"
)

// formulaStarts are the characters that make a spreadsheet read a cell as a formula or a
// command: =, +, -, @ and the tab and carriage return some spreadsheets skip before one; | starts
// a DDE command in LibreOffice and in older Excel. Their full-width forms count too: Excel's
// East Asian input turns a leading ＝ (U+FF1D) into =, and a full-width ｜ (U+FF5C) is the same
// command as |.
var formulaStarts = []rune{'=', '+', '-', '@', '\t', '\r', '|', '＝', '＋', '－', '＠', '｜'}

// Cell is s as a cell no spreadsheet reads as a formula: a cell starting with one of
// formulaStarts is prefixed with a single quote.
func Cell(s string) string {
	first, _ := utf8.DecodeRuneInString(s)
	if s != "" && strings.ContainsRune(string(formulaStarts), first) {
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
