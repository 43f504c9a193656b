package batch

import (
	"bytes"
	"encoding/csv"
)

// templateRows are the template's examples, on demo units: an in-warranty laptop and a
// VERETOS camera, which must say whether it holds data.
var templateRows = [][]string{
	{"RT10000001", "Display", "Cracked or broken screen", "Screen cracked after a drop from a vehicle mount.", "PO-4471", "FLEET-0042", "", "no"},
	{"VT10000007", "Battery / Power", "Battery does not hold a charge", "Runs 20 minutes on a full charge.", "PO-4471", "CAM-0007", "", "yes"},
}

// Template is the CSV a customer fills in: the header of every column and two example rows.
func Template() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(Columns)
	_ = w.WriteAll(templateRows) // a bytes.Buffer does not fail; WriteAll flushes
	return b.Bytes()
}
