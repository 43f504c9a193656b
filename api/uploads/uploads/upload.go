package uploads

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/gabriel-vasile/mimetype"
)

// Upload stores one request's files for owner (a token subject) and records them, all or
// nothing: when any file is refused or the stream breaks, what this request already stored is
// deleted and nothing is recorded. Each file is judged by its first bytes, never by its name,
// and streamed to the bucket without being held in memory. The sequence yields an error when
// the request body breaks between files.
//
// Errors: ErrNoFiles, ErrTooMany (before a sixth file is read), ErrNotMedia and ErrTooLarge
// (naming the file), ErrUnreadable (a broken or malformed body, wrapping the read error).
func (s *Service) Upload(ctx context.Context, owner string, files iter.Seq2[File, error]) ([]Attachment, error) {
	stored, err := s.storeAll(ctx, owner, files, attachmentPolicy)
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "attachments stored", "owner", owner, "files", len(stored))
	return stored, nil
}

// storeAll streams a request's files of pol's kind to the bucket for owner and records them,
// all or nothing: a refused file, one past pol.maxFiles, a broken stream or a failed record
// deletes what the request already stored.
func (s *Service) storeAll(ctx context.Context, owner string, files iter.Seq2[File, error], pol policy) (_ []Attachment, err error) {
	if owner == "" {
		return nil, errors.New("uploads: upload without an owner")
	}
	var stored []Attachment
	defer func() {
		if err != nil {
			s.discard(ctx, stored)
		}
	}()
	for f, ferr := range files {
		if ferr != nil {
			return nil, unreadable(ferr)
		}
		if len(stored) == pol.maxFiles {
			return nil, pol.tooMany
		}
		a, err := s.put(ctx, owner, f, pol)
		if err != nil {
			return nil, err
		}
		stored = append(stored, a)
	}
	if len(stored) == 0 {
		return nil, ErrNoFiles
	}
	if err := s.store.Insert(ctx, stored); err != nil {
		return nil, fmt.Errorf("uploads: record: %w", err)
	}
	return stored, nil
}

// discard deletes what a failed upload stored, even when the request was cancelled.
func (s *Service) discard(ctx context.Context, stored []Attachment) {
	for _, a := range stored {
		s.deleteBlob(ctx, a.BucketFileName)
	}
}

var attachmentPolicy = policy{
	kind:        KindAttachment,
	maxFiles:    MaxFiles,
	tooMany:     ErrTooMany,
	maxSize:     MaxFileSize,
	accept:      mediaType,
	notAccepted: func(name string) error { return forFile(ErrNotMedia, name, "is not an image or a video.") },
	tooLarge:    func(name string) error { return forFile(ErrTooLarge, name, "is larger than 50 MB.") },
}

// mediaType accepts images and videos. SVG is an image that can carry script, so it is not.
func mediaType(m *mimetype.MIME) (string, bool) {
	t, _, _ := strings.Cut(m.String(), ";")
	if t == "image/svg+xml" {
		return "", false
	}
	return t, strings.HasPrefix(t, "image/") || strings.HasPrefix(t, "video/")
}
