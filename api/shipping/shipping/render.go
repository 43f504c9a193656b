package shipping

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/line"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/linestyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/pagesize"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/pkg/pdftext"
)

// documentSheet holds what both documents print.
type documentSheet struct {
	req     IssueRequest
	depot   Depot
	booking Booking
	issued  time.Time
	expires time.Time
}

// DropOffCode is what the label's QR code encodes: the tracking and RMA numbers, in a form a
// drop-off office's scanner can split.
func DropOffCode(trackingNumber, rmaNumber string) string {
	return "TRK:" + trackingNumber + ";RMA:" + rmaNumber
}

var (
	gray      = &props.Color{Red: 90, Green: 90, Blue: 90}
	lightGray = &props.Color{Red: 225, Green: 225, Blue: 225}
)

func newDoc(title, subject string, issued time.Time) core.Maroto {
	cfg := config.NewBuilder().
		WithPageSize(pagesize.Letter).
		WithDefaultFont(pdftext.DefaultFont).
		WithLeftMargin(14).WithRightMargin(14).WithTopMargin(12).
		WithTitle(title, true).
		WithSubject(subject, true).
		WithAuthor("Rugged Devices", false).
		WithCreator("Rugged Devices service portal", false).
		WithCreationDate(issued).
		Build()
	return maroto.New(cfg)
}

func generate(m core.Maroto) ([]byte, error) {
	doc, err := m.Generate()
	if err != nil {
		return nil, err
	}
	return doc.GetBytes(), nil
}

// block is a column of lines: a small caption, then the lines, the first of them bold.
func block(size int, caption string, lines []string, lineSize float64) core.Col {
	c := col.New(size)
	c.Add(pdftext.New(caption, props.Text{Size: 8, Style: fontstyle.Bold, Color: gray}))
	top := 5.0
	for i, l := range lines {
		style := fontstyle.Normal
		if i == 0 {
			style = fontstyle.Bold
		}
		c.Add(pdftext.New(l, props.Text{Top: top, Size: lineSize, Style: style}))
		top += lineSize * 0.45
	}
	return c
}

func header(title, subtitle string) core.Row {
	return row.New(14).Add(
		col.New(7).Add(
			pdftext.New("RUGGED FREIGHT", props.Text{Size: 18, Style: fontstyle.Bold}),
			pdftext.New("Return service for Rugged Devices", props.Text{Top: 8, Size: 8, Color: gray}),
		),
		col.New(5).Add(
			pdftext.New(title, props.Text{Size: 13, Style: fontstyle.Bold, Align: align.Right}),
			pdftext.New(subtitle, props.Text{Top: 7, Size: 9, Align: align.Right}),
		),
	)
}

func rule(style linestyle.Type) core.Row {
	return line.NewRow(4, props.Line{Thickness: 0.4, Style: style, OffsetPercent: 50, SizePercent: 100})
}

func (s documentSheet) addresses() core.Row {
	return row.New(38).Add(
		block(6, "FROM", s.fromLines(), 10),
		block(6, "SHIP TO", s.toLines(), 12),
	)
}

// rmaTitle prints an RMA number with "RMA" in front unless it already starts with it.
func rmaTitle(n string) string {
	if strings.HasPrefix(strings.ToUpper(n), "RMA") {
		return n
	}
	return "RMA " + n
}

func spacer(h float64) core.Row { return row.New(h) }

func centered(height float64, value string, size float64, style fontstyle.Type) core.Row {
	return pdftext.NewRow(height, value, props.Text{Size: size, Style: style, Align: align.Center})
}

func (s documentSheet) validity() core.Row {
	return row.New(8).Add(
		pdftext.NewCol(6, "Issued "+s.issued.Format(DateLayout), props.Text{Size: 10}),
		pdftext.NewCol(6, "Valid until "+s.expires.Format(DateLayout), props.Text{Size: 10, Style: fontstyle.Bold, Align: align.Right}),
	)
}

func instructions(title string, steps []string) []core.Row {
	rows := []core.Row{pdftext.NewRow(8, title, props.Text{Size: 11, Style: fontstyle.Bold, Top: 2})}
	for i, st := range steps {
		rows = append(rows, pdftext.NewAutoRow(fmt.Sprintf("%d. %s", i+1, st), props.Text{Size: 9.5, Left: 2, Bottom: 1.5}))
	}
	return rows
}

// label renders the shipping label: a printable label for 'label' packaging, a drop-off code
// sheet whose QR code is the prominent element for 'qr' packaging.
func (s documentSheet) label() ([]byte, error) {
	rma := s.req.RMANumber
	trk := s.booking.TrackingNumber
	qr := DropOffCode(trk, rma)
	m := newDoc("Shipping label "+rma, "Rugged Freight return label for RMA "+rma, s.issued)

	expiry := fmt.Sprintf("This label is valid until %s. After that, please contact support for a new label.", s.expires.Format(DateLayout))
	if s.req.Packaging == PackagingQR {
		code, err := qrRow(88, qr)
		if err != nil {
			return nil, err
		}
		bar, err := barcodeRow(18, trk)
		if err != nil {
			return nil, err
		}
		m.AddRows(
			header("DROP-OFF CODE", rmaTitle(rma)),
			rule(linestyle.Solid),
			centered(10, "No printer needed: show this code at any Rugged Freight drop-off office", 12, fontstyle.Bold),
			code,
			centered(9, "TRACKING # "+trk, 14, fontstyle.Bold),
			centered(8, rmaTitle(rma), 12, fontstyle.Normal),
			centered(8, "Valid until "+s.expires.Format(DateLayout), 12, fontstyle.Bold),
			rule(linestyle.Solid),
			s.addresses(),
			spacer(2),
			bar,
			s.validity(),
			rule(linestyle.Dashed),
		)
		m.AddRows(instructions("How to drop off your unit", []string{
			"Back up your data and remove anything not listed on your RMA (SIM and memory cards, personal accessories).",
			"Bring the unit, with the accessories your RMA lists, to any Rugged Freight drop-off office. No box is needed: the staff pack it for you.",
			"Show this code on your phone or on paper. The staff scan it, print the shipping label and give you a receipt with the tracking number.",
			expiry,
		})...)
		return generate(m)
	}

	code, err := qrCol(4, qr)
	if err != nil {
		return nil, err
	}
	bar, err := barcodeRow(30, trk)
	if err != nil {
		return nil, err
	}
	m.AddRows(
		header("RETURN LABEL", "Ground service, prepaid"),
		rule(linestyle.Solid),
		s.addresses(),
		rule(linestyle.Solid),
		row.New(36).Add(
			col.New(8).Add(
				pdftext.New(rmaTitle(rma), props.Text{Top: 2, Size: 22, Style: fontstyle.Bold}),
				pdftext.New("Contents: "+parcelDescription(s.req.Items), props.Text{Top: 14, Size: 10}),
				pdftext.New("Carrier: "+s.booking.Carrier, props.Text{Top: 20, Size: 10}),
				pdftext.New("Scan the code to drop off without printing.", props.Text{Top: 26, Size: 8, Color: gray}),
			),
			code,
		),
		spacer(4),
		bar,
		centered(9, "TRACKING # "+trk, 14, fontstyle.Bold),
		s.validity(),
		rule(linestyle.Dashed),
	)
	m.AddRows(s.labelSteps(expiry)...)
	return generate(m)
}

// invoiceFacts is a commercial invoice's facts (its date, what it is for, the tracking number and
// carrier; the reason for export, terms and currency): one RMA's invoice and a batch box's alike.
func invoiceFacts(issued time.Time, reference, tracking, carrier, reason string) core.Row {
	return row.New(26).Add(
		col.New(6).Add(
			pdftext.New("Date: "+issued.Format(DateLayout), props.Text{Size: 10}),
			pdftext.New(reference, props.Text{Top: 5, Size: 10, Style: fontstyle.Bold}),
			pdftext.New("Tracking number: "+tracking, props.Text{Top: 10, Size: 10}),
			pdftext.New("Carrier: "+carrier, props.Text{Top: 15, Size: 10}),
		),
		col.New(6).Add(
			pdftext.New("Reason for export:", props.Text{Size: 10}),
			pdftext.New(reason, props.Text{Top: 5, Size: 10, Style: fontstyle.Bold}),
			pdftext.New("Terms of sale: no sale, no charge", props.Text{Top: 10, Size: 10}),
			pdftext.New("Currency: USD", props.Text{Top: 15, Size: 10}),
		),
	)
}

// invoiceParties is a commercial invoice's shipper and consignee.
func invoiceParties(shipper, consignee []string) core.Row {
	return row.New(40).Add(
		block(6, "SHIPPER / EXPORTER", shipper, 10),
		block(6, "CONSIGNEE / IMPORTER", consignee, 10),
	)
}

// invoice renders the commercial invoice customs need for a shipment that crosses a border.
func (s documentSheet) invoice() ([]byte, error) {
	rma := s.req.RMANumber
	reason := s.req.reason()
	m := newDoc("Commercial invoice "+rma, "Commercial invoice for RMA "+rma, s.issued)
	small := props.Text{Size: 9}
	bold := props.Text{Size: 9, Style: fontstyle.Bold}

	m.AddRows(
		header("COMMERCIAL INVOICE", "Invoice CI-"+rma),
		rule(linestyle.Solid),
		invoiceFacts(s.issued, "RMA number: "+rma, s.booking.TrackingNumber, s.booking.Carrier, reason),
		invoiceParties(s.shipperLines(), s.toLines()),
		rule(linestyle.Solid),
		row.New(7).WithStyle(&props.Cell{BackgroundColor: lightGray}).Add(
			pdftext.NewCol(4, "Description (values in USD)", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Left: 1}),
			pdftext.NewCol(2, "Part number", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5}),
			pdftext.NewCol(2, "Serial", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5}),
			pdftext.NewCol(1, "Origin", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5}),
			pdftext.NewCol(1, "Qty", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(1, "Unit", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(1, "Total", props.Text{Size: 9, Style: fontstyle.Bold, Top: 1.5, Align: align.Right, Right: 1}),
		),
	)
	var qty int
	var total int64
	for _, it := range s.req.Items {
		lineTotal := it.UnitValueCents * int64(it.Quantity)
		qty += it.Quantity
		total += lineTotal
		m.AddAutoRow(
			pdftext.NewCol(4, it.Description, props.Text{Size: 9, Top: 1.5, Left: 1, Bottom: 1}),
			pdftext.NewCol(2, orDash(it.PartNumber), props.Text{Size: 9, Top: 1.5}),
			pdftext.NewCol(2, orDash(it.Serial), props.Text{Size: 9, Top: 1.5}),
			pdftext.NewCol(1, orDash(it.CountryOfOrigin), props.Text{Size: 9, Top: 1.5}),
			pdftext.NewCol(1, strconv.Itoa(it.Quantity), props.Text{Size: 9, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(1, money.USD(it.UnitValueCents).Grouped(), props.Text{Size: 9, Top: 1.5, Align: align.Right}),
			pdftext.NewCol(1, money.USD(lineTotal).Grouped(), props.Text{Size: 9, Top: 1.5, Align: align.Right, Right: 1}),
		)
	}
	bar, err := barcodeRow(16, s.booking.TrackingNumber)
	if err != nil {
		return nil, err
	}
	m.AddRows(
		rule(linestyle.Solid),
		row.New(7).Add(
			pdftext.NewCol(9, "Totals", bold),
			pdftext.NewCol(1, strconv.Itoa(qty), props.Text{Size: 9, Style: fontstyle.Bold, Align: align.Right}),
			col.New(1),
			pdftext.NewCol(1, money.USD(total).Grouped(), props.Text{Size: 9, Style: fontstyle.Bold, Align: align.Right, Right: 1}),
		),
		pdftext.NewRow(6, fmt.Sprintf("Number of packages: 1. Total declared value: USD %s.", money.USD(total).Grouped()), small),
		pdftext.NewAutoRow(s.goodsStatement()+" They are not sold and have no commercial value; the values above are for customs purposes only.", props.Text{Size: 9, Top: 2, Bottom: 2}),
		pdftext.NewAutoRow("I declare that all the information contained in this invoice is true and correct.", props.Text{Size: 9, Top: 2, Bottom: 6}),
		row.New(14).Add(
			col.New(6).Add(
				line.New(props.Line{Thickness: 0.3, OffsetPercent: 60, SizePercent: 90}),
				pdftext.New("Signature of shipper", props.Text{Top: 10, Size: 8, Color: gray}),
			),
			col.New(6).Add(
				pdftext.New(s.signatory(), props.Text{Top: 3, Size: 10}),
				pdftext.New("Name and date: "+s.issued.Format(DateLayout), props.Text{Top: 10, Size: 8, Color: gray}),
			),
		),
		spacer(8),
		bar,
		centered(8, "TRACKING # "+s.booking.TrackingNumber, 11, fontstyle.Bold),
		pdftext.NewAutoRow("Print three copies: attach one to the outside of the box in a document pouch and put one inside.", props.Text{Size: 8, Color: gray, Top: 2}),
	)
	return generate(m)
}
