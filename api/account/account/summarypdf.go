package account

import (
	"strings"
	"time"

	"github.com/johnfercher/maroto/v2"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	"github.com/johnfercher/maroto/v2/pkg/components/line"
	"github.com/johnfercher/maroto/v2/pkg/components/row"
	"github.com/johnfercher/maroto/v2/pkg/config"
	"github.com/johnfercher/maroto/v2/pkg/consts/align"
	"github.com/johnfercher/maroto/v2/pkg/consts/fontstyle"
	"github.com/johnfercher/maroto/v2/pkg/consts/pagesize"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"

	"rugged.example/portal/api/pkg/pdftext"
	"rugged.example/portal/api/rma/rma"
)

// summaryDateLayout is the spec's 'MMM d yyyy' date format (§9).
const summaryDateLayout = "Jan 2 2006"

var captionGray = &props.Color{Red: 90, Green: 90, Blue: 90}

// SummaryPDF renders the repair summary as a printable US Letter page (more pages when the work
// list is long), in loc's dates.
func SummaryPDF(s Summary, generated time.Time, loc *time.Location) ([]byte, error) {
	r := s.RMA
	m := maroto.New(config.NewBuilder().
		WithPageSize(pagesize.Letter).
		WithDefaultFont(pdftext.DefaultFont).
		WithLeftMargin(16).WithRightMargin(16).WithTopMargin(14).
		WithTitle("Repair summary "+r.Number, true).
		WithSubject("Service of unit "+r.Serial, true).
		WithAuthor("Rugged Devices", false).
		WithCreator("Rugged Devices service portal", false).
		WithCreationDate(generated).
		Build())
	m.AddRows(
		row.New(16).Add(
			col.New(7).Add(
				pdftext.New("RUGGED DEVICES", props.Text{Size: 18, Style: fontstyle.Bold}),
				pdftext.New("Service center", props.Text{Top: 8, Size: 9, Color: captionGray}),
			),
			col.New(5).Add(
				pdftext.New("REPAIR SUMMARY", props.Text{Size: 13, Style: fontstyle.Bold, Align: align.Right}),
				pdftext.New(r.Number, props.Text{Top: 7, Size: 11, Align: align.Right}),
			),
		),
		line.NewRow(6, props.Line{Thickness: 0.4, OffsetPercent: 50, SizePercent: 100}),
		fieldRow("Serial", r.Serial, "Model", r.Model),
		fieldRow("RMA type", r.Type, "Status", string(r.Status)),
		fieldRow("Primary fault", r.Problem.PrimaryFault, "Problem", r.Problem.Problem),
		fieldRow("Unit received", dateOrDash(s.ReceivedAt, loc), "Shipped back", dateOrDash(s.ShippedAt, loc)),
		fieldRow("Return tracking", orDash(r.ReturnTrackingNumber), "", ""),
		line.NewRow(6, props.Line{Thickness: 0.2, OffsetPercent: 50, SizePercent: 100}),
		pdftext.NewRow(8, "Work performed", props.Text{Size: 11, Style: fontstyle.Bold}),
	)
	if len(s.Work) == 0 {
		m.AddRows(pdftext.NewRow(8, "No repair work has been recorded for this RMA yet.", props.Text{Size: 9, Color: captionGray}))
	}
	for _, w := range s.Work {
		m.AddRows(workRows(w, loc)...)
	}
	m.AddRows(pdftext.NewRow(10, "Generated "+generated.In(loc).Format(summaryDateLayout), props.Text{Top: 4, Size: 7, Color: captionGray}))
	doc, err := m.Generate()
	if err != nil {
		return nil, err
	}
	return doc.GetBytes(), nil
}

func fieldRow(k1, v1, k2, v2 string) core.Row {
	cell := func(k, v string) core.Col {
		c := col.New(6)
		if k == "" {
			return c
		}
		return c.Add(
			pdftext.New(strings.ToUpper(k), props.Text{Size: 7, Style: fontstyle.Bold, Color: captionGray}),
			pdftext.New(orDash(v), props.Text{Top: 4, Size: 10}),
		)
	}
	return row.New(12).Add(cell(k1, v1), cell(k2, v2))
}

// workRows are one entry of the work list: when and at which status, then what was done.
func workRows(w rma.RepairWork, loc *time.Location) []core.Row {
	rows := []core.Row{pdftext.NewRow(7, w.At.In(loc).Format(summaryDateLayout)+" \u00b7 "+string(w.Status), props.Text{Top: 2, Size: 9, Style: fontstyle.Bold})}
	add := func(caption, value string) {
		if strings.TrimSpace(value) == "" {
			return
		}
		rows = append(rows, row.New().Add(
			col.New(3).Add(pdftext.New(caption, props.Text{Size: 8, Color: captionGray})),
			col.New(9).Add(pdftext.New(value, props.Text{Size: 9, Bottom: 1})),
		))
	}
	add("Parts replaced", w.PartsReplaced)
	add("Work performed", w.WorkPerformed)
	add("Technician notes", w.TechnicianNotes)
	return rows
}

func dateOrDash(t *time.Time, loc *time.Location) string {
	if t == nil {
		return "\u2014"
	}
	return t.In(loc).Format(summaryDateLayout)
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "\u2014"
	}
	return s
}
