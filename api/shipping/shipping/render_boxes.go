package shipping

import (
	"fmt"
	"strconv"
	"time"

	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/page"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/linestyle"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"rugged.example/portal/api/pkg/pdftext"
)

// boxSheet holds what a batch's box documents print.
type boxSheet struct {
	req      BoxesRequest
	depot    Depot
	carrier  string
	tracking map[int]string
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
// each starting a page. One maroto document, so 100 boxes share one font setup and one write.
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
	for _, b := range s.req.Boxes {
		if s.req.Labels {
			rows, err := s.label(b)
			if err != nil {
				return nil, err
			}
			m.AddPages(page.New().Add(rows...))
		}
		m.AddPages(page.New().Add(s.packingList(b)...))
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
func (s boxSheet) packingList(b Box) []core.Row {
	boxOf := BoxOf(b.Number, b.Of)
	facts := []string{"Batch " + s.req.BatchID, boxOf, "Issued " + s.issued.Format(DateLayout)}
	if trk := s.tracking[b.Number]; trk != "" {
		facts = append(facts, "Tracking # "+trk)
	}
	rows := []core.Row{
		header("PACKING LIST", boxOf),
		rule(linestyle.Solid),
		row.New(38).Add(
			block(6, "SENDER", s.addressSheet().customerLines(), 10),
			block(6, "RMA BATCH", facts, 10),
		),
		rule(linestyle.Solid),
		row.New(7).WithStyle(&props.Cell{BackgroundColor: lightGray}).Add(
			pdftext.NewCol(1, "#", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Left: 1}),
			pdftext.NewCol(4, "Serial", tableHead),
			pdftext.NewCol(3, "Model", tableHead),
			pdftext.NewCol(4, "RMA number", tableHead),
		),
	}
	for i, u := range b.Units {
		// Fixed-height rows: every cell is one short line, and measuring auto rows is most of
		// the time a 1,000-unit batch takes to lay out.
		rows = append(rows, row.New(5.5).Add(
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
	return append(rows,
		rule(linestyle.Solid),
		row.New(7).Add(
			pdftext.NewCol(6, fmt.Sprintf("Units in this box: %d", len(b.Units)), props.Text{Size: 10, Style: fontstyle.Bold}),
			pdftext.NewCol(6, "Batch "+s.req.BatchID+", "+boxOf, props.Text{Size: 10, Align: align.Right}),
		),
		pdftext.NewRow(10, note, props.Text{Size: 9, Top: 2, Color: gray}),
	)
}
