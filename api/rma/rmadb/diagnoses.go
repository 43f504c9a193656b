package rmadb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/money"
	"rugged.example/portal/api/rma/rma"
)

// diagnosisRow is an RMA's diagnosis with the customer's decision. The findings and line items
// are JSON: they are read and written with their diagnosis, never queried on their own.
type diagnosisRow struct {
	RMANumber        string    `gorm:"primaryKey;size:20"`
	At               time.Time `gorm:"not null"`
	Actor            string    `gorm:"size:100;not null"`
	Outcome          string    `gorm:"size:20;not null"`
	Findings         string    `gorm:"type:text;not null"`
	TechnicianNote   string    `gorm:"size:1000;not null"`
	LineItems        string    `gorm:"type:text;not null"`
	Currency         string    `gorm:"size:3;not null"`
	TotalCents       int64     `gorm:"not null"`
	AlreadyPaidCents int64     `gorm:"not null"`
	AmountDueCents   int64     `gorm:"not null"`
	ReturnFeeCents   int64     `gorm:"not null"`
	QuoteID          *string   `gorm:"size:40;index"`
	DecideBy         *time.Time
	DecisionChoice   *string `gorm:"size:20"`
	DecisionAt       *time.Time
	DecisionActor    *string `gorm:"size:100"`
	DecisionMethod   *string `gorm:"size:20"`
	DecisionPaid     bool    `gorm:"not null;default:false"`
	FeeQuoteID       *string `gorm:"size:40;index"`
	Reminders        int     `gorm:"not null;default:0"`
}

func (diagnosisRow) TableName() string { return "rma_diagnoses" }

type findingJSON struct {
	Code        string   `json:"code"`
	Description string   `json:"description"`
	Photos      []string `json:"photos"`
}

type lineJSON struct {
	Kind           string `json:"kind"`
	Code           string `json:"code"`
	Description    string `json:"description"`
	Quantity       int    `json:"quantity"`
	UnitPriceCents int64  `json:"unitPriceCents"`
}

// AddDiagnosis implements rma.DiagnosisStore.
func (s *Store) AddDiagnosis(ctx context.Context, d rma.Diagnosis) error {
	row, err := toDiagnosisRow(d)
	if err != nil {
		return err
	}
	if err := db.Conn(ctx, s.db).Create(&row).Error; err != nil {
		return fmt.Errorf("rmadb: diagnosis of %s: %w", d.RMANumber, err)
	}
	return nil
}

// Diagnosis implements rma.DiagnosisStore.
func (s *Store) Diagnosis(ctx context.Context, number string) (rma.Diagnosis, bool, error) {
	var row diagnosisRow
	err := db.Conn(ctx, s.db).Where("rma_number = ?", number).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return rma.Diagnosis{}, false, nil
	case err != nil:
		return rma.Diagnosis{}, false, fmt.Errorf("rmadb: diagnosis of %s: %w", number, err)
	}
	d, err := toDiagnosis(row)
	return d, err == nil, err
}

// SetQuote implements rma.DiagnosisStore.
func (s *Store) SetQuote(ctx context.Context, number, quoteID string) error {
	res := db.Conn(ctx, s.db).Model(&diagnosisRow{}).Where("rma_number = ?", number).Update("quote_id", quoteID)
	if res.Error != nil {
		return fmt.Errorf("rmadb: quote of the diagnosis of %s: %w", number, res.Error)
	}
	if res.RowsAffected == 0 {
		return rma.ErrRMANotFound
	}
	return nil
}

// SetDecision implements rma.DiagnosisStore: the condition on an empty (or unpaid card) decision
// keeps one.
func (s *Store) SetDecision(ctx context.Context, number string, d rma.Decision) (bool, error) {
	at := d.At.UTC()
	res := db.Conn(ctx, s.db).Model(&diagnosisRow{}).
		Where("rma_number = ? AND (decision_choice IS NULL OR (decision_method = ? AND decision_paid = ?))", number, rma.DecisionByCard, false).
		Updates(map[string]any{
			"decision_choice": string(d.Choice), "decision_at": at, "decision_actor": d.Actor,
			"decision_method": nullable(d.PaymentMethod), "decision_paid": d.Paid, "fee_quote_id": nullable(d.FeeQuoteID),
		})
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: decision of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// DecisionPaid implements rma.DiagnosisStore: an approval's quote, or a return's fee.
func (s *Store) DecisionPaid(ctx context.Context, quoteID string, at time.Time) error {
	conn := db.Conn(ctx, s.db)
	err := conn.Model(&diagnosisRow{}).Where("quote_id = ? AND decision_choice IS NULL", quoteID).Updates(map[string]any{
		"decision_choice": string(rma.ChoiceApprove), "decision_at": at.UTC(), "decision_actor": rma.ActorSystem, "decision_method": rma.DecisionByCard,
	}).Error
	if err != nil {
		return fmt.Errorf("rmadb: approval paid by %s: %w", quoteID, err)
	}
	err = conn.Model(&diagnosisRow{}).Where("(quote_id = ? AND decision_choice = ?) OR fee_quote_id = ?", quoteID, string(rma.ChoiceApprove), quoteID).
		Update("decision_paid", true).Error
	if err != nil {
		return fmt.Errorf("rmadb: decision paid by %s: %w", quoteID, err)
	}
	return nil
}

// DueDecisions implements rma.DiagnosisStore: past decide_by, or undecided with fewer reminders
// sent than the quote's age owes (rma.ReminderAfter).
func (s *Store) DueDecisions(ctx context.Context, now time.Time, limit int) ([]rma.Diagnosis, error) {
	now = now.UTC()
	owed := make([]string, len(rma.ReminderAfter))
	args := []any{string(rma.OutcomeRevisedQuote), string(rma.StatusQuotePending), now}
	for i, after := range rma.ReminderAfter {
		owed[i] = "(d.reminders < ? AND d.at <= ?)"
		args = append(args, i+1, now.Add(-after))
	}
	var rows []diagnosisRow
	err := db.Conn(ctx, s.db).Table("rma_diagnoses d").Select("d.*").
		Joins("JOIN rma_rmas r ON r.number = d.rma_number").
		Where("d.outcome = ? AND r.status = ? AND (d.decide_by <= ? OR (d.decision_choice IS NULL AND ("+strings.Join(owed, " OR ")+")))", args...).
		Order("d.at, d.rma_number").Limit(limit).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("rmadb: diagnoses awaiting a decision: %w", err)
	}
	out := make([]rma.Diagnosis, 0, len(rows))
	for _, row := range rows {
		d, err := toDiagnosis(row)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// SetReminders implements rma.DiagnosisStore.
func (s *Store) SetReminders(ctx context.Context, number string, from, to int) (bool, error) {
	res := db.Conn(ctx, s.db).Model(&diagnosisRow{}).Where("rma_number = ? AND reminders = ?", number, from).Update("reminders", to)
	if res.Error != nil {
		return false, fmt.Errorf("rmadb: reminders of %s: %w", number, res.Error)
	}
	return res.RowsAffected == 1, nil
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toDiagnosisRow(d rma.Diagnosis) (diagnosisRow, error) {
	findings := make([]findingJSON, len(d.Findings))
	for i, f := range d.Findings {
		findings[i] = findingJSON{Code: string(f.Code), Description: f.Description, Photos: f.Photos}
	}
	lines := make([]lineJSON, len(d.LineItems))
	for i, l := range d.LineItems {
		lines[i] = lineJSON{Kind: string(l.Kind), Code: l.Code, Description: l.Description, Quantity: l.Quantity, UnitPriceCents: l.UnitPrice.Cents}
	}
	fj, err := json.Marshal(findings)
	if err != nil {
		return diagnosisRow{}, fmt.Errorf("rmadb: findings of %s: %w", d.RMANumber, err)
	}
	lj, err := json.Marshal(lines)
	if err != nil {
		return diagnosisRow{}, fmt.Errorf("rmadb: line items of %s: %w", d.RMANumber, err)
	}
	row := diagnosisRow{
		RMANumber: d.RMANumber, At: d.At.UTC(), Actor: d.Actor, Outcome: string(d.Outcome), Findings: string(fj),
		TechnicianNote: d.TechnicianNote, LineItems: string(lj), Currency: money.USDCode, TotalCents: d.Total.Cents,
		AlreadyPaidCents: d.AlreadyPaid.Cents, AmountDueCents: d.AmountDue.Cents, ReturnFeeCents: d.ReturnFee.Cents,
		QuoteID: nullable(d.QuoteID), Reminders: d.Reminders,
	}
	if d.DecideBy != nil {
		by := d.DecideBy.UTC()
		row.DecideBy = &by
	}
	if dec := d.Decision; dec != nil {
		at := dec.At.UTC()
		row.DecisionChoice, row.DecisionAt, row.DecisionActor = nullable(string(dec.Choice)), &at, nullable(dec.Actor)
		row.DecisionMethod, row.DecisionPaid, row.FeeQuoteID = nullable(dec.PaymentMethod), dec.Paid, nullable(dec.FeeQuoteID)
	}
	return row, nil
}

func toDiagnosis(row diagnosisRow) (rma.Diagnosis, error) {
	var findings []findingJSON
	if err := json.Unmarshal([]byte(row.Findings), &findings); err != nil {
		return rma.Diagnosis{}, fmt.Errorf("rmadb: findings of %s: %w", row.RMANumber, err)
	}
	var lines []lineJSON
	if err := json.Unmarshal([]byte(row.LineItems), &lines); err != nil {
		return rma.Diagnosis{}, fmt.Errorf("rmadb: line items of %s: %w", row.RMANumber, err)
	}
	usd := func(cents int64) money.Money { return money.Money{Cents: cents, Currency: row.Currency} }
	d := rma.Diagnosis{
		RMANumber: row.RMANumber, At: row.At.UTC(), Actor: row.Actor, Outcome: rma.Outcome(row.Outcome),
		TechnicianNote: row.TechnicianNote, Total: usd(row.TotalCents), AlreadyPaid: usd(row.AlreadyPaidCents),
		AmountDue: usd(row.AmountDueCents), ReturnFee: usd(row.ReturnFeeCents), Reminders: row.Reminders,
		Findings: make([]rma.Finding, len(findings)), LineItems: make([]rma.LineItem, len(lines)),
	}
	for i, f := range findings {
		d.Findings[i] = rma.Finding{Code: rma.FindingCode(f.Code), Description: f.Description, Photos: f.Photos}
	}
	for i, l := range lines {
		d.LineItems[i] = rma.LineItem{Kind: rma.LineKind(l.Kind), Code: l.Code, Description: l.Description, Quantity: l.Quantity, UnitPrice: usd(l.UnitPriceCents)}
	}
	if row.QuoteID != nil {
		d.QuoteID = *row.QuoteID
	}
	if row.DecideBy != nil {
		by := row.DecideBy.UTC()
		d.DecideBy = &by
	}
	if row.DecisionChoice != nil && row.DecisionAt != nil {
		dec := &rma.Decision{Choice: rma.Choice(*row.DecisionChoice), At: row.DecisionAt.UTC(), Paid: row.DecisionPaid}
		for dst, src := range map[*string]*string{&dec.Actor: row.DecisionActor, &dec.PaymentMethod: row.DecisionMethod, &dec.FeeQuoteID: row.FeeQuoteID} {
			if src != nil {
				*dst = *src
			}
		}
		d.Decision = dec
	}
	return d, nil
}
