package parts

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"rugged.example/portal/api/pkg/money"
)

// CSVColumns are the import file's header, in any order: fits is one or more MODEL:Family
// separated by ';', price a decimal in the currency's major unit ("129.00"), high_value and
// video_only true/false. video_only (a body-worn camera's part, sold only through the video
// order) is required like every column: a file that forgot it must not make camera parts
// orderable by everyone.
var CSVColumns = []string{"part_number", "description", "fits", "price", "currency", "availability", "image_path", "high_value", "video_only"}

var partNumberPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]*$`)

// LineError is one bad line of an import file.
type LineError struct {
	Line    int
	Message string
}

// ImportError lists every bad line of a file; nothing was written.
type ImportError struct{ Lines []LineError }

func (e *ImportError) Error() string {
	lines := map[int]bool{}
	for _, l := range e.Lines {
		lines[l.Line] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "parts import: %d bad line(s), nothing imported", len(lines))
	for _, l := range e.Lines {
		fmt.Fprintf(&b, "\n  line %d: %s", l.Line, l.Message)
	}
	return b.String()
}

// ParseCSV reads an import file: a header row, then one part a line. Every bad line is
// reported with its number (the header is line 1); a part number twice is an error.
func ParseCSV(r io.Reader) ([]Part, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, &ImportError{Lines: []LineError{{1, "the file is empty: a header row is required (" + strings.Join(CSVColumns, ",") + ")"}}}
	}
	if err != nil {
		return nil, &ImportError{Lines: []LineError{{1, err.Error()}}}
	}
	col := map[string]int{}
	var bad []LineError
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		if !slices.Contains(CSVColumns, h) {
			bad = append(bad, LineError{1, fmt.Sprintf("unknown column %q", h)})
			continue
		}
		if _, dup := col[h]; dup {
			bad = append(bad, LineError{1, fmt.Sprintf("column %q twice", h)})
		}
		col[h] = i
	}
	for _, c := range CSVColumns {
		if _, ok := col[c]; !ok {
			bad = append(bad, LineError{1, fmt.Sprintf("missing column %q", c)})
		}
	}
	if len(bad) > 0 {
		return nil, &ImportError{Lines: bad}
	}
	var out []Part
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			bad = append(bad, LineError{line, err.Error()})
			if pe == nil || pe.Err != csv.ErrFieldCount {
				continue
			}
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != len(header) {
			bad = append(bad, LineError{line, fmt.Sprintf("%d fields, the header has %d", len(rec), len(header))})
			continue
		}
		get := func(c string) string { return strings.TrimSpace(rec[col[c]]) }
		p, msgs := parseLine(get)
		if first, dup := seen[p.PartNumber]; dup && p.PartNumber != "" {
			msgs = append(msgs, fmt.Sprintf("part number %s is already on line %d", p.PartNumber, first))
		} else if p.PartNumber != "" {
			seen[p.PartNumber] = line
		}
		for _, m := range msgs {
			bad = append(bad, LineError{line, m})
		}
		if len(msgs) == 0 {
			out = append(out, p)
		}
	}
	if len(bad) > 0 {
		return nil, &ImportError{Lines: bad}
	}
	if len(out) == 0 {
		return nil, &ImportError{Lines: []LineError{{2, "no parts: the file has only its header"}}}
	}
	return out, nil
}

func parseLine(get func(string) string) (Part, []string) {
	var msgs []string
	p := Part{
		PartNumber:   strings.ToUpper(get("part_number")),
		Description:  get("description"),
		Availability: strings.ToUpper(get("availability")),
		ImagePath:    get("image_path"),
	}
	switch {
	case p.PartNumber == "":
		msgs = append(msgs, "part_number is required")
	case len(p.PartNumber) > PartNumberMaxLength:
		msgs = append(msgs, fmt.Sprintf("part_number is longer than %d characters", PartNumberMaxLength))
	case !partNumberPattern.MatchString(p.PartNumber):
		msgs = append(msgs, fmt.Sprintf("part_number %q may hold only letters, digits and '-'", p.PartNumber))
	}
	switch {
	case p.Description == "":
		msgs = append(msgs, "description is required")
	case len(p.Description) > DescriptionMaxLength:
		msgs = append(msgs, fmt.Sprintf("description is longer than %d characters", DescriptionMaxLength))
	}
	if len(p.ImagePath) > ImagePathMaxLength {
		msgs = append(msgs, fmt.Sprintf("image_path is longer than %d characters", ImagePathMaxLength))
	}
	if !slices.Contains(Availabilities, p.Availability) {
		msgs = append(msgs, fmt.Sprintf("availability %q is not one of %s", get("availability"), strings.Join(Availabilities, ", ")))
	}
	price, err := money.ParseDecimal(get("price"), get("currency"))
	switch {
	case err != nil:
		msgs = append(msgs, fmt.Sprintf("price %q %q is not an amount in a known currency", get("price"), get("currency")))
	case price.Cents <= 0:
		msgs = append(msgs, "price must be more than zero")
	default:
		p.Price = price
	}
	flags := []struct {
		column string
		value  *bool
	}{{"high_value", &p.HighValue}, {"video_only", &p.VideoOnly}}
	for _, f := range flags {
		switch strings.ToLower(get(f.column)) {
		case "true", "yes", "1":
			*f.value = true
		case "false", "no", "0", "":
		default:
			msgs = append(msgs, fmt.Sprintf("%s %q is not true or false", f.column, get(f.column)))
		}
	}
	fits := get("fits")
	if fits == "" {
		msgs = append(msgs, "fits is required (MODEL:Family, several separated by ';')")
	}
	seen := map[string]bool{}
	for f := range strings.SplitSeq(fits, ";") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		model, family, ok := strings.Cut(f, ":")
		model, family = strings.ToUpper(strings.TrimSpace(model)), strings.TrimSpace(family)
		if !ok || model == "" || family == "" || len(model) > ModelMaxLength || len(family) > ModelMaxLength {
			msgs = append(msgs, fmt.Sprintf("fits %q is not MODEL:Family", f))
			continue
		}
		if !seen[model] {
			seen[model] = true
			p.Fits = append(p.Fits, Fit{Model: model, Family: family})
		}
	}
	return p, msgs
}

// Import reads an import file and upserts its parts by part number in one transaction;
// with any bad line nothing is written (*ImportError names each).
func (s *Service) Import(ctx context.Context, r io.Reader) (int, error) {
	ps, err := ParseCSV(r)
	if err != nil {
		return 0, err
	}
	if err := s.store.Upsert(ctx, ps); err != nil {
		return 0, err
	}
	return len(ps), nil
}
