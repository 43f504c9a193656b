// Package pdftext puts text into maroto documents in the encoding of the PDF core fonts,
// converted from UTF-8 once per string by a table.
//
// maroto converts every Arial or Helvetica text itself, through gofpdf's
// UnicodeTranslatorFromDescriptor, which parses the Windows-1252 map's 256 lines with fmt.Sscanf
// on each call: four fifths of the time a shipping label takes to render. A document whose
// default font is Family skips that conversion (maroto compares the family with "helvetica",
// gofpdf lowers it to its core Helvetica), so the texts of such a document must come from the
// constructors here, which convert them.
package pdftext

import (
	"github.com/johnfercher/maroto/v2/pkg/components/text"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"
	"golang.org/x/text/encoding/charmap"
)

// Family is the core Helvetica under a name maroto does not convert text for.
const Family = "Helvetica"

// DefaultFont is the default font of a document whose texts come from this package
// (config.Builder.WithDefaultFont keeps maroto's size, style and colour).
var DefaultFont = &props.Font{Family: Family}

// Encode converts s to Windows-1252, the core fonts' encoding, as gofpdf would: a character the
// code page lacks becomes '.'.
func Encode(s string) string {
	ascii := true
	for i := range len(s) {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	b := make([]byte, 0, len(s))
	for _, r := range s {
		c, ok := byte(r), r < 0x80
		if !ok {
			c, ok = charmap.Windows1252.EncodeRune(r)
		}
		if !ok {
			c = '.'
		}
		b = append(b, c)
	}
	return string(b)
}

// New is text.New of value's Windows-1252 form.
func New(value string, ps ...props.Text) core.Component { return text.New(Encode(value), ps...) }

// NewCol is text.NewCol of value's Windows-1252 form.
func NewCol(size int, value string, ps ...props.Text) core.Col {
	return text.NewCol(size, Encode(value), ps...)
}

// NewRow is text.NewRow of value's Windows-1252 form.
func NewRow(height float64, value string, ps ...props.Text) core.Row {
	return text.NewRow(height, Encode(value), ps...)
}

// NewAutoRow is text.NewAutoRow of value's Windows-1252 form.
func NewAutoRow(value string, ps ...props.Text) core.Row {
	return text.NewAutoRow(Encode(value), ps...)
}
