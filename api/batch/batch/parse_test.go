package batch_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/fault"
)

func yes() *bool { v := true; return &v }
func no() *bool  { v := false; return &v }

func TestParse_ReadsTheTemplateBack(t *testing.T) {
	rows, err := batch.Parse(bytes.NewReader(batch.Template()))
	require.NoError(t, err)
	require.Equal(t, []batch.Parsed{
		{Line: 2, Row: batch.Row{Serial: "RT10000001", Fault: "Display", Problem: "Cracked or broken screen", Notes: "Screen cracked after a drop from a vehicle mount.", CustomerReference: "PO-4471", AssetTag: "FLEET-0042", HasData: no()}},
		{Line: 3, Row: batch.Row{Serial: "VT10000007", Fault: "Battery / Power", Problem: "Battery does not hold a charge", Notes: "Runs 20 minutes on a full charge.", CustomerReference: "PO-4471", AssetTag: "CAM-0007", HasData: yes()}},
	}, rows)
	require.True(t, strings.HasPrefix(string(batch.Template()), "serial,fault,problem,notes,customer reference,asset tag,branch,has data\n"))
}

func TestParse_MatchesHeadersInAnyOrderCaseAndSpacing(t *testing.T) {
	file := "\ufeff Asset Tag ,SERIAL,CustomerReference,Has Data,Branch\n" +
		"A-1,rt10000001,REF 9,YES,Austin  depot\n" +
		",,,,\n" + // blank lines are skipped
		"\n" +
		"A-2,RT10000002\n" // a short row: its missing cells are empty
	rows, err := batch.Parse(strings.NewReader(file))
	require.NoError(t, err)
	require.Equal(t, []batch.Parsed{
		{Line: 2, Row: batch.Row{Serial: "rt10000001", AssetTag: "A-1", CustomerReference: "REF 9", Branch: "Austin  depot", HasData: yes()}},
		{Line: 5, Row: batch.Row{Serial: "RT10000002", AssetTag: "A-2"}},
	}, rows)
}

// A formula-looking cell stays the text it is: a CSV is text, and an XLSX formula is read as
// its formula, never its cached or computed result.
func TestParse_KeepsFormulaLookingCellsAsText(t *testing.T) {
	csvRows, err := batch.Parse(strings.NewReader("serial,notes,asset tag,customer reference\nRT10000001,\"=HYPERLINK(\"\"http://x\"\")\",+1-2,@SUM(A1)\nRT10000002,-3,,\n"))
	require.NoError(t, err)
	require.Equal(t, `=HYPERLINK("http://x")`, csvRows[0].Notes)
	require.Equal(t, "+1-2", csvRows[0].AssetTag)
	require.Equal(t, "@SUM(A1)", csvRows[0].CustomerReference)
	require.Equal(t, "-3", csvRows[1].Notes)

	f := excelize.NewFile()
	sheet := f.GetSheetName(0)
	require.NoError(t, f.SetSheetRow(sheet, "A1", &[]any{"Serial", "Notes", "Asset tag"}))
	require.NoError(t, f.SetSheetRow(sheet, "A2", &[]any{"RT10000001", "=1+2", "+7"}))
	require.NoError(t, f.SetCellFormula(sheet, "B3", "SUM(1,2)"))
	require.NoError(t, f.SetCellValue(sheet, "A3", "RT10000002"))
	require.NoError(t, f.SetCellValue(sheet, "C3", 1234567))
	rows, err := batch.Parse(bytes.NewReader(xlsxBytes(t, f)))
	require.NoError(t, err)
	require.Equal(t, []batch.Parsed{
		{Line: 2, Row: batch.Row{Serial: "RT10000001", Notes: "=1+2", AssetTag: "+7"}},
		{Line: 3, Row: batch.Row{Serial: "RT10000002", Notes: "=SUM(1,2)", AssetTag: "1234567"}},
	}, rows)
}

func xlsxBytes(t *testing.T, f *excelize.File) []byte {
	t.Helper()
	var b bytes.Buffer
	_, err := f.WriteTo(&b)
	require.NoError(t, err)
	return b.Bytes()
}

// The file's kind is what its bytes are: an XLSX named .csv is read as an XLSX, and a binary
// file named .csv is refused.
func TestParse_SniffsTheKindFromTheBytes(t *testing.T) {
	f := excelize.NewFile()
	require.NoError(t, f.SetSheetRow(f.GetSheetName(0), "A1", &[]any{"serial"}))
	require.NoError(t, f.SetSheetRow(f.GetSheetName(0), "A2", &[]any{"RT10000001"}))
	rows, err := batch.Parse(bytes.NewReader(xlsxBytes(t, f)))
	require.NoError(t, err)
	require.Len(t, rows, 1)
}

func TestParse_RefusesBadFilesNamingTheProblem(t *testing.T) {
	many := func(n int) string {
		var b strings.Builder
		b.WriteString("serial\n")
		for i := range n {
			fmt.Fprintf(&b, "RT%08d\n", 10001000+i)
		}
		return b.String()
	}
	tests := []struct {
		name, file, message string
	}{
		{"unknown column", "serial,Serail\nRT10000001,x\n", `Unknown column "Serail". The columns are: serial, fault, problem, notes, customer reference, asset tag, branch, has data`},
		{"no serial column", "fault,problem\nDisplay,x\n", "The file has no serial column. The columns are: serial, fault, problem, notes, customer reference, asset tag, branch, has data"},
		{"a column twice", "serial,Serial\nRT10000001,RT10000002\n", `The column "serial" appears twice.`},
		{"over 1,000 rows", many(1204), "A batch holds at most 1,000 rows; this file has 1,204."},
		{"empty", "", "The file is empty."},
		{"blank", " \n\n", "The file is empty."},
		{"header only", "serial\n\n", "The file has a header but no rows."},
		{"not CSV or XLSX", "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 an old .xls", "The file is neither a CSV nor an XLSX file."},
		{"a zip that is no workbook", "PK\x03\x04 not really", "The XLSX file cannot be read."},
		{"broken quoting", "serial,notes\nRT10000001,\"unterminated\n", "The CSV file cannot be read at line 2: extraneous or missing \" in quoted-field."},
		{"has data neither yes nor no", "serial,has data\nRT10000001,maybe\n", `Line 2: has data is "maybe"; write yes or no.`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := batch.Parse(strings.NewReader(tt.file))
			f, ok := fault.As(err)
			require.True(t, ok, "%v", err)
			require.Equal(t, "batch.badFile", f.ID)
			require.Equal(t, tt.message, f.Message)
		})
	}
	t.Run("exactly 1,000 rows", func(t *testing.T) {
		rows, err := batch.Parse(strings.NewReader(many(1000)))
		require.NoError(t, err)
		require.Len(t, rows, 1000)
	})
}

// A small zip that would unpack to more than an XLSX of 1,000 rows can hold is refused before
// it is unpacked.
func TestParse_RefusesAnXLSXThatUnpacksTooFar(t *testing.T) {
	f := excelize.NewFile()
	require.NoError(t, f.SetSheetRow(f.GetSheetName(0), "A1", &[]any{"serial"}))
	require.NoError(t, f.SetSheetRow(f.GetSheetName(0), "A2", &[]any{"RT10000001"}))
	workbook := xlsxBytes(t, f)
	_, err := batch.Parse(bytes.NewReader(workbook))
	require.NoError(t, err, "the workbook alone is read")

	// The same workbook with 65 MB of zeros beside its sheet: still a 2 MB file.
	src, err := zip.NewReader(bytes.NewReader(workbook), int64(len(workbook)))
	require.NoError(t, err)
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, entry := range src.File {
		require.NoError(t, zw.Copy(entry))
	}
	w, err := zw.Create("xl/media/padding.bin")
	require.NoError(t, err)
	_, err = w.Write(make([]byte, 65<<20))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.Less(t, b.Len(), batch.MaxFileSize)

	_, err = batch.Parse(&b)
	fe, ok := fault.As(err)
	require.True(t, ok, "%v", err)
	require.Equal(t, "The XLSX file cannot be read.", fe.Message)
}

func TestParse_RefusesAFileOver2MB(t *testing.T) {
	_, err := batch.Parse(strings.NewReader("serial\n" + strings.Repeat("x", batch.MaxFileSize)))
	require.ErrorIs(t, err, batch.ErrTooLarge)
}
