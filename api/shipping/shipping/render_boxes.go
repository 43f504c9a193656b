package shipping

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/line"
	"github.com/johnfercher/maroto/v2/pkg/components/page"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/linestyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pdftext"
)

// boxSheet holds what a batch's box documents print.
type boxSheet struct {
	req      BoxesRequest
	depot    Depot
	carrier  string
	tracking map[int]string
	// invoices adds each box's commercial invoice: labelled boxes that cross a border.
	invoices bool
	issued   time.Time
	expires  time.Time
}

// BoxOf is how a box is named on its label and packing list: 'Box 2 of 5'.
func BoxOf(number, of int) string { return fmt.Sprintf("Box %d of %d", number, of) }

// addressSheet reuses the one-RMA label's address blocks and dates: the customer ships to the depot.
func (s boxSheet) addressSheet() documentSheet {
	return documentSheet{
		req: IssueRequest{From: s.req.From, Contact: s.req.Contact}, depot: s.depot,
		issued: s.issued, expires: s.expires,
	}
}

// render draws every box in one document: its label page (with labels), then its packing list,
// then its commercial invoice (labelled boxes that cross a border), each starting a page. One maroto document, so 100 boxes share one font setup and one write.
//
// Every row here has a fixed height, a multiple of half a millimetre, and no auto rows: maroto
// lays pages out by adding up row heights but leaves the page breaks to gofpdf's cursor, and an
// auto row's measured height (a 9 pt line is 3.175 mm, no binary fraction) let the two disagree by a rounding
// error, which pushed the next box's page onto a page of its own. Halves add up exactly.
func (s boxSheet) render() ([]byte, error) {
	title := "Packing lists " + s.req.BatchID
	if s.req.Labels {
		title = "Box labels " + s.req.BatchID
	}
	m := newDoc(title, "Labels and packing lists of RMA batch "+s.req.BatchID, s.issued)
	usable := pageHeight(m)
	for _, b := range s.req.Boxes {
		if s.req.Labels {
			rows, err := s.label(b)
			if err != nil {
				return nil, err
			}
			m.AddPages(page.New().Add(rows...))
		}
		addPages(m, s.packingList(b).pages(usable))
		if s.invoices {
			t, err := s.invoice(b)
			if err != nil {
				return nil, err
			}
			addPages(m, t.pages(usable))
		}
	}
	return generate(m)
}

// label is a box's shipping label: the one-RMA label's layout with the box and the batch in
// place of the RMA, and no drop-off QR code (the box is packed: it goes by its printed label).
func (s boxSheet) label(b Box) ([]core.Row, error) {
	trk := s.tracking[b.Number]
	bar, err := barcodeRow(30, trk)
	if err != nil {
		return nil, err
	}
	addr := s.addressSheet()
	expiry := fmt.Sprintf("This label is valid until %s. After that, please contact support for a new label.", s.expires.Format(DateLayout))
	rows := []core.Row{
		header("RETURN LABEL", "Ground service, prepaid"),
		rule(linestyle.Solid),
		addr.addresses(),
		rule(linestyle.Solid),
		row.New(36).Add(
			col.New(12).Add(
				pdftext.New(BoxOf(b.Number, b.Of), props.Text{Top: 2, Size: 22, Style: fontstyle.Bold}),
				pdftext.New("Reference: batch "+s.req.BatchID, props.Text{Top: 14, Size: 10, Style: fontstyle.Bold}),
				pdftext.New("Contents: "+boxDescription(len(b.Units))+", listed on the packing list inside", props.Text{Top: 20, Size: 10}),
				pdftext.New("Carrier: "+s.carrier, props.Text{Top: 26, Size: 10}),
			),
		),
		spacer(4),
		bar,
		centered(9, "TRACKING # "+trk, 14, fontstyle.Bold),
		addr.validity(),
		rule(linestyle.Dashed),
	}
	rows = append(rows, pdftext.NewRow(8, "How to ship this box", props.Text{Size: 11, Style: fontstyle.Bold, Top: 2}))
	for i, st := range []string{
		"Back up each unit's data and remove anything not listed on its RMA (SIM and memory cards, personal accessories).",
		"Pack the units on this box's packing list, and only those, with padding around each one.",
		"Put the packing list (the next page) inside the box, on top of the units.",
		"Cut along the dashed line and tape the label flat on the largest side of the box. Do not cover the barcode with tape.",
		"Hand the box to any Rugged Freight drop-off office, or give it to a Rugged Freight driver.",
		expiry,
	} {
		rows = append(rows, pdftext.NewRow(9, fmt.Sprintf("%d. %s", i+1, st), props.Text{Size: 9.5, Left: 2}))
	}
	return rows, nil
}

var (
	tableHead = props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5}
	tableCell = props.Text{Size: 9, Top: 1}
)

// packingList lists a box's units: the depot checks each one against it when the box arrives.
func (s boxSheet) packingList(b Box) table {
	boxOf := BoxOf(b.Number, b.Of)
	facts := []string{"Batch " + s.req.BatchID, boxOf, "Issued " + s.issued.Format(DateLayout)}
	if trk := s.tracking[b.Number]; trk != "" {
		facts = append(facts, "Tracking # "+trk)
	}
	columns := func() core.Row {
		return row.New(7).WithStyle(&props.Cell{BackgroundColor: lightGray}).Add(
			pdftext.NewCol(1, "#", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Left: 1}),
			pdftext.NewCol(4, "Serial", tableHead),
			pdftext.NewCol(3, "Model", tableHead),
			pdftext.NewCol(4, "RMA number", tableHead),
		)
	}
	t := table{
		head: []core.Row{
			header("PACKING LIST", boxOf),
			rule(linestyle.Solid),
			row.New(38).Add(
				block(6, "SENDER", s.addressSheet().customerLines(), 10),
				block(6, "RMA BATCH", facts, 10),
			),
			rule(linestyle.Solid),
			columns(),
		},
		cont: func() []core.Row {
			return []core.Row{header("PACKING LIST", boxOf+" (continued)"), rule(linestyle.Solid), columns()}
		},
	}
	for i, u := range b.Units {
		// Fixed-height rows: every cell is one short line, and measuring auto rows is most of
		// the time a 1,000-unit batch takes to lay out.
		t.lines = append(t.lines, row.New(5.5).Add(
			pdftext.NewCol(1, strconv.Itoa(i+1), props.Text{Size: 9, Top: 1, Left: 1}),
			pdftext.NewCol(4, u.Serial, tableCell),
			pdftext.NewCol(3, orDash(u.Model), tableCell),
			pdftext.NewCol(4, u.RMANumber, tableCell),
		))
	}
	note := "Put this list inside the box, on top of the units. The depot checks every unit against it when the box arrives."
	if !s.req.Labels {
		note = "Pack these units in one of the boxes the depot sends you, put this list inside on top of them, and ship the box with the label that comes with it."
	}
	t.tail = []core.Row{
		rule(linestyle.Solid),
		row.New(7).Add(
			pdftext.NewCol(6, fmt.Sprintf("Units in this box: %d", len(b.Units)), props.Text{Size: 10, Style: fontstyle.Bold}),
			pdftext.NewCol(6, "Batch "+s.req.BatchID+", "+boxOf, props.Text{Size: 10, Align: align.Right}),
		),
		pdftext.NewRow(10, note, props.Text{Size: 9, Top: 2, Color: gray}),
	}
	return t
}

// invoice is a box's commercial invoice: one RMA's, with a line per unit of the box and the
// box's tracking number. Fixed-height rows, as everything here: a line is one short text.
func (s boxSheet) invoice(b Box) (table, error) {
	trk := s.tracking[b.Number]
	boxOf := BoxOf(b.Number, b.Of)
	addr := s.addressSheet()
	small := props.Text{Size: 9}
	right := props.Text{Size: 9, Top: 1, Align: align.Right}
	invoiceNo := "Invoice CI-" + s.req.BatchID + "-" + strconv.Itoa(b.Number)
	columns := func() core.Row {
		return row.New(7).WithStyle(&props.Cell{BackgroundColor: lightGray}).Add(
			pdftext.NewCol(3, "Description (values in USD)", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Left: 1}),
			pdftext.NewCol(2, "RMA number", tableHead),
			pdftext.NewCol(2, "Serial", tableHead),
			pdftext.NewCol(1, "Origin", tableHead),
			pdftext.NewCol(1, "Qty", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(1, "Unit", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(2, "Total", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right, Right: 1}),
		)
	}
	t := table{cont: func() []core.Row {
		return []core.Row{header("COMMERCIAL INVOICE", invoiceNo+" (continued)"), rule(linestyle.Solid), columns()}
	}}
	t.head = []core.Row{
		header("COMMERCIAL INVOICE", invoiceNo),
		rule(linestyle.Solid),
		invoiceFacts(s.issued, "RMA batch: "+s.req.BatchID+", "+boxOf, trk, s.carrier, DefaultReason),
		invoiceParties(addr.shipperLines(), addr.toLines()),
		rule(linestyle.Solid),
		columns(),
	}
	value := money.USD(s.req.UnitValueCents).Grouped()
	for _, u := range b.Units {
		t.lines = append(t.lines, row.New(5.5).Add(
			pdftext.NewCol(3, strings.TrimSpace("Rugged device "+u.Model), props.Text{Size: 9, Top: 1, Left: 1}),
			pdftext.NewCol(2, u.RMANumber, tableCell),
			pdftext.NewCol(2, u.Serial, tableCell),
			pdftext.NewCol(1, boxOrigin, tableCell),
			pdftext.NewCol(1, "1", right),
			pdftext.NewCol(1, value, right),
			pdftext.NewCol(2, value, props.Text{Size: 9, Top: 1, Align: align.Right, Right: 1}),
		))
	}
	total := money.USD(s.req.UnitValueCents * int64(len(b.Units))).Grouped()
	bar, err := barcodeRow(16, trk)
	if err != nil {
		return table{}, err
	}
	t.tail = []core.Row{
		rule(linestyle.Solid),
		row.New(7).Add(
			pdftext.NewCol(8, "Totals", props.Text{Size: 9, Style: fontstyle.Bold}),
			pdftext.NewCol(1, strconv.Itoa(len(b.Units)), props.Text{Size: 9, Style: fontstyle.Bold, Align: align.Right}),
			col.New(1),
			pdftext.NewCol(2, total, props.Text{Size: 9, Style: fontstyle.Bold, Align: align.Right, Right: 1}),
		),
		pdftext.NewRow(6, fmt.Sprintf("Number of packages: 1. Total declared value: USD %s.", total), small),
		pdftext.NewRow(10, "These goods are the exporter's own equipment, returned to the manufacturer for repair under RMA batch "+s.req.BatchID+
			". They are not sold and have no commercial value; the values above are for customs purposes only.", props.Text{Size: 9, Top: 2}),
		pdftext.NewRow(10, "I declare that all the information contained in this invoice is true and correct.", props.Text{Size: 9, Top: 2}),
		row.New(14).Add(
			col.New(6).Add(
				line.New(props.Line{Thickness: 0.3, OffsetPercent: 60, SizePercent: 90}),
				pdftext.New("Signature of shipper", props.Text{Top: 10, Size: 8, Color: gray}),
			),
			col.New(6).Add(
				pdftext.New(addr.signatory(), props.Text{Top: 3, Size: 10}),
				pdftext.New("Name and date: "+s.issued.Format(DateLayout), props.Text{Top: 10, Size: 8, Color: gray}),
			),
		),
		spacer(8),
		bar,
		centered(8, "TRACKING # "+trk, 11, fontstyle.Bold),
		pdftext.NewRow(8, "Print three copies: attach one to the outside of the box in a document pouch and put one inside.", props.Text{Size: 8, Color: gray, Top: 2}),
	}
	return t, nil
}

// table is a document whose lines may run over several pages: head starts the first page, cont
// each further one (so every page names its box), tail ends the last.
type table struct {
	head  []core.Row
	cont  func() []core.Row
	lines []core.Row
	tail  []core.Row
}

// pageMargin keeps the pages this package lays out a millimetre short of full, so maroto, which
// measures the same rows, never breaks one of them again.
const pageMargin = 1.0

// pages splits t into pages of at most usable millimetres; the tail shares its page with the
// last line at least.
func (t table) pages(usable float64) [][]core.Row {
	limit := usable - pageMargin
	var out [][]core.Row
	cur, h := slices.Clone(t.head), heightOf(t.head...)
	tail := heightOf(t.tail...)
	for i, l := range t.lines {
		need := heightOf(l)
		if i == len(t.lines)-1 {
			need += tail
		}
		if h+need > limit {
			out = append(out, cur)
			cont := t.cont()
			cur, h = cont, heightOf(cont...)
		}
		cur = append(cur, l)
		h += heightOf(l)
	}
	if len(t.lines) == 0 && h+tail > limit {
		out = append(out, cur)
		cur = t.cont()
	}
	return append(out, append(cur, t.tail...))
}

// heightOf adds up rows of fixed height, which know it without a provider.
func heightOf(rows ...core.Row) float64 {
	var h float64
	for _, r := range rows {
		h += r.GetHeight(nil, nil)
	}
	return h
}

// pageHeight is the height rows may fill on a page of m.
func pageHeight(m core.Maroto) float64 {
	c := m.GetCurrentConfig()
	return c.Dimensions.Height - c.Margins.Top - c.Margins.Bottom
}

// addPages starts each of pages on a page of its own.
func addPages(m core.Maroto, pages [][]core.Row) {
	for _, rows := range pages {
		m.AddPages(page.New().Add(rows...))
	}
}
