package support

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/validate"
)

// Report ids and limits of the info-banner reports (spec §2 "Info banner", §7 queryCommonReport).
const (
	// ReportRMAWarning is the report the info banner reads.
	ReportRMAWarning = "QUERY_RMA_WARNING"
	ReportMessageMax = 300
	// ReportRowsMax bounds one report; a banner needs one row.
	ReportRowsMax = 50
)

var reportIDPattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// ReportRow is one row of a report. Position orders the rows from 0; UpdatedAt is when the
// report was last replaced.
type ReportRow struct {
	Position  int
	Message   string
	IsWarning bool
	IsPaused  bool
	UpdatedAt time.Time
}

// Banner returns the row the info banner shows (spec §7): the first with IsWarning or IsPaused.
func Banner(rows []ReportRow) (ReportRow, bool) {
	for _, r := range rows {
		if r.IsWarning || r.IsPaused {
			return r, true
		}
	}
	return ReportRow{}, false
}

func checkReportID(id string) error {
	if !reportIDPattern.MatchString(id) {
		return ErrInvalidReportID
	}
	return nil
}

// Report returns a report's rows by position; an unknown report has none.
func (s *Service) Report(ctx context.Context, reportID string) ([]ReportRow, error) {
	if err := checkReportID(reportID); err != nil {
		return nil, err
	}
	rows, err := s.store.Report(ctx, reportID)
	if err != nil {
		return nil, fmt.Errorf("support: report: %w", err)
	}
	return rows, nil
}

// ReplaceReport replaces a report's rows in one transaction: messages are trimmed, at most 300
// characters, required on a row that is a warning or paused (a banner without text says
// nothing); positions follow the order given. Field keys are JSON paths into the array body:
// "[0].message".
func (s *Service) ReplaceReport(ctx context.Context, reportID string, rows []ReportRow) error {
	if err := checkReportID(reportID); err != nil {
		return err
	}
	if len(rows) > ReportRowsMax {
		return ErrTooManyRows
	}
	var v validate.Errors
	now := s.now().UTC().Truncate(time.Microsecond)
	out := make([]ReportRow, len(rows))
	for i, r := range rows {
		field := fmt.Sprintf("[%d].message", i)
		msg := strings.TrimSpace(r.Message)
		if (r.IsWarning || r.IsPaused) && msg == "" {
			v.Add(field, validate.MsgRequired)
		}
		if utf8.RuneCountInString(msg) > ReportMessageMax {
			v.Add(field, validate.MaxLength(ReportMessageMax))
		}
		out[i] = ReportRow{Position: i, Message: msg, IsWarning: r.IsWarning, IsPaused: r.IsPaused, UpdatedAt: now}
	}
	if err := v.Err(); err != nil {
		return err
	}
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		return s.store.ReplaceReport(ctx, reportID, out)
	})
	if err != nil {
		return fmt.Errorf("support: replace report: %w", err)
	}
	return nil
}
