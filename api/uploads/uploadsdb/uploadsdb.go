// Package uploadsdb keeps the uploads module's table (attachments and purchase-order files,
// told apart by their kind) with gorm. Rows never leave this package:
// they are converted to core types by toAttachment / toAttachmentRow. Every method queries
// through db.Conn, so it joins the transaction its context carries.
package uploadsdb

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/uploads/uploads"
)

// attachmentRow is one stored file. Times are UTC so SQLite and PostgreSQL compare them alike.
type attachmentRow struct {
	BucketFileName string    `gorm:"primaryKey;size:100"`
	OwnerSubject   string    `gorm:"size:255;not null;index"`
	OriginalName   string    `gorm:"size:255;not null"`
	ContentType    string    `gorm:"size:100;not null"`
	SizeBytes      int64     `gorm:"not null"`
	CreatedAt      time.Time `gorm:"not null;index"`
	RMANumber      *string   `gorm:"column:rma_number;size:60;index"`
	// Kind is uploads.Kind: rma (attachments, the only kind before migration 00002) or po.
	Kind string `gorm:"size:10;not null;default:rma"`
	// HeldUntil keeps an unclaimed file from the purge until then (a saved quote's attachments).
	HeldUntil *time.Time
}

func (attachmentRow) TableName() string { return "uploads_attachments" }

// Store implements uploads.Store on gorm.
type Store struct{ gdb *gorm.DB }

// NewStore wraps a handle whose schema Migrate has created.
func NewStore(gdb *gorm.DB) *Store { return &Store{gdb: gdb} }

// Insert implements uploads.Store: one statement, so all rows or none.
func (s *Store) Insert(ctx context.Context, as []uploads.Attachment) error {
	if len(as) == 0 {
		return nil
	}
	rows := make([]attachmentRow, len(as))
	for i, a := range as {
		rows[i] = toAttachmentRow(a)
	}
	if err := db.Conn(ctx, s.gdb).Create(&rows).Error; err != nil {
		return fmt.Errorf("uploadsdb: insert: %w", err)
	}
	return nil
}

// Get implements uploads.Store.
func (s *Store) Get(ctx context.Context, bucketFileName string) (uploads.Attachment, error) {
	var row attachmentRow
	err := db.Conn(ctx, s.gdb).Where("bucket_file_name = ?", bucketFileName).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return uploads.Attachment{}, uploads.ErrNotFound
	case err != nil:
		return uploads.Attachment{}, fmt.Errorf("uploadsdb: get: %w", err)
	}
	return toAttachment(row), nil
}

// GetMany implements uploads.Store.
func (s *Store) GetMany(ctx context.Context, bucketFileNames []string) (map[string]uploads.Attachment, error) {
	out := map[string]uploads.Attachment{}
	if len(bucketFileNames) == 0 {
		return out, nil
	}
	var rows []attachmentRow
	if err := db.Conn(ctx, s.gdb).Where("bucket_file_name IN ?", bucketFileNames).Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("uploadsdb: get many: %w", err)
	}
	for _, r := range rows {
		out[r.BucketFileName] = toAttachment(r)
	}
	return out, nil
}

// SetRMANumber implements uploads.Store. The condition is in the UPDATE itself, so a
// concurrent claim (PostgreSQL re-checks it after the row lock) cannot take a file twice.
func (s *Store) SetRMANumber(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) (int64, error) {
	if len(bucketFileNames) == 0 {
		return 0, nil
	}
	res := db.Conn(ctx, s.gdb).Model(&attachmentRow{}).
		Where("bucket_file_name IN ? AND owner_subject = ? AND (rma_number IS NULL OR rma_number = ?)", bucketFileNames, owner, rmaNumber).
		Update("rma_number", rmaNumber)
	if res.Error != nil {
		return 0, fmt.Errorf("uploadsdb: claim: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// HoldUntil implements uploads.Store. Like SetRMANumber, the condition is in the UPDATE.
func (s *Store) HoldUntil(ctx context.Context, owner string, bucketFileNames []string, until time.Time) (int64, error) {
	if len(bucketFileNames) == 0 {
		return 0, nil
	}
	res := db.Conn(ctx, s.gdb).Model(&attachmentRow{}).
		Where("bucket_file_name IN ? AND owner_subject = ? AND rma_number IS NULL", bucketFileNames, owner).
		Update("held_until", until.UTC())
	if res.Error != nil {
		return 0, fmt.Errorf("uploadsdb: hold: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// DeleteUnclaimed implements uploads.Store.
func (s *Store) DeleteUnclaimed(ctx context.Context, owner, bucketFileName string) (bool, error) {
	res := db.Conn(ctx, s.gdb).
		Where("bucket_file_name = ? AND owner_subject = ? AND rma_number IS NULL", bucketFileName, owner).
		Delete(&attachmentRow{})
	if res.Error != nil {
		return false, fmt.Errorf("uploadsdb: delete: %w", res.Error)
	}
	return res.RowsAffected > 0, nil
}

// UnclaimedBefore implements uploads.Store.
func (s *Store) UnclaimedBefore(ctx context.Context, t time.Time, limit int) ([]uploads.Attachment, error) {
	var rows []attachmentRow
	err := db.Conn(ctx, s.gdb).
		Where("rma_number IS NULL AND created_at < ? AND (held_until IS NULL OR held_until < ?)", t.UTC(), t.UTC()).
		Order("created_at, bucket_file_name").Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("uploadsdb: unclaimed: %w", err)
	}
	out := make([]uploads.Attachment, len(rows))
	for i, r := range rows {
		out[i] = toAttachment(r)
	}
	return out, nil
}

func toAttachment(r attachmentRow) uploads.Attachment {
	a := uploads.Attachment{
		BucketFileName: r.BucketFileName, Owner: r.OwnerSubject, OriginalName: r.OriginalName,
		ContentType: r.ContentType, Size: r.SizeBytes, CreatedAt: r.CreatedAt.UTC(), Kind: uploads.Kind(r.Kind),
	}
	if r.RMANumber != nil {
		a.RMANumber = *r.RMANumber
	}
	if r.HeldUntil != nil {
		a.HeldUntil = r.HeldUntil.UTC()
	}
	return a
}

func toAttachmentRow(a uploads.Attachment) attachmentRow {
	r := attachmentRow{
		BucketFileName: a.BucketFileName, OwnerSubject: a.Owner, OriginalName: a.OriginalName,
		ContentType: a.ContentType, SizeBytes: a.Size, CreatedAt: a.CreatedAt.UTC(), Kind: string(a.Kind),
	}
	if a.RMANumber != "" {
		n := a.RMANumber
		r.RMANumber = &n
	}
	if !a.HeldUntil.IsZero() {
		h := a.HeldUntil.UTC()
		r.HeldUntil = &h
	}
	return r
}
