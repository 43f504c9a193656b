package batch

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Parsed is one row of a file with its line (the file's line for a CSV, the sheet's row for an
// XLSX), so the page can say where a row came from.
type Parsed struct {
	Line int
	Row
}

// zipMagic opens every XLSX (a zip archive); anything else must be UTF-8 text to be a CSV.
var zipMagic = []byte("PK\x03\x04")

// utf8BOM is what spreadsheet programs put before a CSV's first byte.
var utf8BOM = []byte("\xef\xbb\xbf")

// Parse reads a batch file, at most MaxFileSize bytes, as a CSV or an XLSX by what its bytes
// are (never by its name): the header names the columns (any order, case and spaces do not
// matter, serial required), blank lines are skipped, and every cell is kept as the text it is:
// a cell that looks like a formula (=, +, -, @ first) is never evaluated. Refusals are
// ErrBadFile with a message that names the problem.
func Parse(r io.Reader) ([]Parsed, error) {
	raw, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > MaxFileSize {
		return nil, ErrTooLarge
	}
	var table [][]string
	var lines []int
	switch {
	case len(bytes.TrimSpace(raw)) == 0:
		return nil, badFile("The file is empty.")
	case bytes.HasPrefix(raw, zipMagic):
		table, lines, err = readXLSX(raw)
	case utf8.Valid(raw) && !bytes.ContainsRune(raw, 0):
		table, lines, err = readCSV(bytes.TrimPrefix(raw, utf8BOM))
	default:
		return nil, badFile("The file is neither a CSV nor an XLSX file.")
	}
	if err != nil {
		return nil, err
	}
	return toRows(table, lines)
}

// readCSV reads every record; a ragged row is allowed (missing cells are empty).
func readCSV(raw []byte) ([][]string, []int, error) {
	cr := csv.NewReader(bytes.NewReader(raw))
	cr.FieldsPerRecord = -1
	var table [][]string
	var lines []int
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return table, lines, nil
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, nil, badFile(fmt.Sprintf("The CSV file cannot be read at line %d: %s.", pe.Line, pe.Err))
			}
			return nil, nil, badFile("The CSV file cannot be read.")
		}
		line, _ := cr.FieldPos(0)
		table, lines = append(table, rec), append(lines, line)
	}
}

// unpackedLimit bounds what an XLSX may unpack to, kept in memory: 1,000 rows of the longest
// cells take a few MB of XML, and a 2 MB zip of repeated bytes must not unpack to gigabytes.
const unpackedLimit = 64 << 20

// readXLSX reads the first sheet's cells as stored: a value as its text, and a formula as its
// formula ("=SUM(A1:A3)"), neither its cached result nor one computed here.
func readXLSX(raw []byte) ([][]string, []int, error) {
	f, err := excelize.OpenReader(bytes.NewReader(raw), excelize.Options{UnzipSizeLimit: unpackedLimit, UnzipXMLSizeLimit: unpackedLimit})
	if err != nil {
		return nil, nil, badFile("The XLSX file cannot be read.")
	}
	defer f.Close()
	sheet := f.GetSheetName(0)
	if sheet == "" {
		return nil, nil, badFile("The XLSX file has no sheet.")
	}
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, nil, badFile("The XLSX file's first sheet cannot be read.")
	}
	lines := make([]int, len(rows))
	for i, row := range rows {
		lines[i] = i + 1
		for j := range row {
			cell, err := excelize.CoordinatesToCellName(j+1, i+1)
			if err != nil {
				return nil, nil, err
			}
			formula, err := f.GetCellFormula(sheet, cell)
			if err != nil {
				return nil, nil, badFile("The XLSX file's first sheet cannot be read.")
			}
			if formula != "" {
				row[j] = "=" + formula
			}
		}
	}
	return rows, lines, nil
}

// toRows maps the table's header to the columns and reads every non-blank row after it.
func toRows(table [][]string, lines []int) ([]Parsed, error) {
	header := -1
	for i, rec := range table {
		if !blank(rec) {
			header = i
			break
		}
	}
	if header < 0 {
		return nil, badFile("The file is empty.")
	}
	index, err := columnsOf(table[header])
	if err != nil {
		return nil, err
	}
	var out []Parsed
	count := 0
	for i := header + 1; i < len(table); i++ {
		if blank(table[i]) {
			continue
		}
		count++
		if count > MaxRows {
			continue // counted, so the refusal says how many rows the file has
		}
		p, err := toParsed(table[i], lines[i], index)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	switch {
	case count == 0:
		return nil, badFile("The file has a header but no rows.")
	case count > MaxRows:
		return nil, badFile(fmt.Sprintf("A batch holds at most 1,000 rows; this file has %s.", thousands(count)))
	}
	return out, nil
}

// columnsOf maps each known column to its position in header: an unknown or repeated column is
// refused, and so is a header without serial. Empty header cells (a spreadsheet's trailing
// columns) are ignored.
func columnsOf(header []string) (map[string]int, error) {
	known := make(map[string]string, len(Columns))
	for _, c := range Columns {
		known[columnKey(c)] = c
	}
	index := map[string]int{}
	for i, h := range header {
		if strings.TrimSpace(h) == "" {
			continue
		}
		col, ok := known[columnKey(h)]
		if !ok {
			return nil, badFile(fmt.Sprintf("Unknown column %q. The columns are: %s", strings.TrimSpace(h), strings.Join(Columns, ", ")))
		}
		if _, twice := index[col]; twice {
			return nil, badFile(fmt.Sprintf("The column %q appears twice.", col))
		}
		index[col] = i
	}
	if _, ok := index[ColSerial]; !ok {
		return nil, badFile(fmt.Sprintf("The file has no serial column. The columns are: %s", strings.Join(Columns, ", ")))
	}
	return index, nil
}

func toParsed(rec []string, line int, index map[string]int) (Parsed, error) {
	cell := func(col string) string {
		i, ok := index[col]
		if !ok || i >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[i])
	}
	hasData, err := yesNo(cell(ColHasData))
	if err != nil {
		return Parsed{}, badFile(fmt.Sprintf("Line %d: has data is %q; write yes or no.", line, cell(ColHasData)))
	}
	return Parsed{Line: line, Row: Row{
		Serial: cell(ColSerial), Fault: cell(ColFault), Problem: cell(ColProblem), Notes: cell(ColNotes),
		CustomerReference: cell(ColCustomerReference), AssetTag: cell(ColAssetTag), Branch: cell(ColBranch),
		HasData: hasData,
	}}, nil
}

var errNotYesNo = errors.New("batch: not yes or no")

// yesNo reads the has-data answer: yes or no (or true/false, y/n, any case); empty is unanswered.
func yesNo(s string) (*bool, error) {
	var v bool
	switch strings.ToLower(s) {
	case "":
		return nil, nil
	case "yes", "y", "true":
		v = true
	case "no", "n", "false":
		v = false
	default:
		return nil, errNotYesNo
	}
	return &v, nil
}

func blank(rec []string) bool {
	for _, c := range rec {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// thousands writes n with a comma between thousands (1,204), as the refusal reads.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
