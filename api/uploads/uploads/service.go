package uploads

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gabriel-vasile/mimetype"
	"github.com/google/uuid"
	gcblob "gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
)

// Store is what the uploads core needs from persistence; uploadsdb implements it. Every method
// joins the transaction ctx carries (db.Conn), so Claim commits with the caller's RMA.
type Store interface {
	// Insert records attachments, all or none.
	Insert(ctx context.Context, as []Attachment) error
	// Get returns ErrNotFound when no file has that name.
	Get(ctx context.Context, bucketFileName string) (Attachment, error)
	// GetMany returns, by name, the files among names that exist.
	GetMany(ctx context.Context, bucketFileNames []string) (map[string]Attachment, error)
	// SetRMANumber ties to rmaNumber those of owner's files among names that are unclaimed or
	// already tied to rmaNumber, and says how many it tied.
	SetRMANumber(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) (int64, error)
	// HoldUntil keeps those of owner's unclaimed files among names from the purge until the
	// given time, and says how many it held.
	HoldUntil(ctx context.Context, owner string, bucketFileNames []string, until time.Time) (int64, error)
	// DeleteUnclaimed removes the record of owner's file if it is still unclaimed, and says
	// whether it did.
	DeleteUnclaimed(ctx context.Context, owner, bucketFileName string) (bool, error)
	// UnclaimedBefore lists up to limit unclaimed files created before t and not held past t,
	// oldest first.
	UnclaimedBefore(ctx context.Context, t time.Time, limit int) ([]Attachment, error)
}

// Service stores, hands back and ties to RMAs the files customers attach.
type Service struct {
	bucket *blob.Bucket
	store  Store
	tx     db.Transactor
	log    *slog.Logger
	now    func() time.Time
}

const (
	// sniffLen is how much of a file is read before deciding what it is: mimetype's own read
	// limit, enough for every image and video signature it knows.
	sniffLen = 3072
	// copyBufLen is the one buffer a file streams through on its way to the bucket.
	copyBufLen = 32 << 10
	// cleanupTimeout bounds deleting what a failed request stored, which runs even after the
	// client has gone.
	cleanupTimeout = 30 * time.Second
	purgeBatch     = 200
	sweepBatch     = 100
)

// NewService wires the service. tx runs Claim in one transaction (joining the caller's); now
// may be nil (time.Now).
func NewService(bucket *blob.Bucket, store Store, tx db.Transactor, log *slog.Logger, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{bucket: bucket, store: store, tx: tx, log: log, now: now}
}

// Upload stores one request's files for owner (a token subject) and records them, all or
// nothing: when any file is refused or the stream breaks, what this request already stored is
// deleted and nothing is recorded. Each file is judged by its first bytes, never by its name,
// and streamed to the bucket without being held in memory. The sequence yields an error when
// the request body breaks between files.
//
// Errors: ErrNoFiles, ErrTooMany (before a sixth file is read), ErrNotMedia and ErrTooLarge
// (naming the file), ErrUnreadable (a broken or malformed body, wrapping the read error).
func (s *Service) Upload(ctx context.Context, owner string, files iter.Seq2[File, error]) (_ []Attachment, err error) {
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
		if len(stored) == MaxFiles {
			return nil, ErrTooMany
		}
		a, err := s.put(ctx, owner, f, attachmentPolicy)
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
	s.log.InfoContext(ctx, "attachments stored", "owner", owner, "files", len(stored))
	return stored, nil
}

// policy is what one kind of upload accepts: its content types, its size limit, and how a
// refused file is reported.
type policy struct {
	kind    Kind
	maxSize int64
	// accept maps the detected type to the stored content type, or refuses it.
	accept      func(*mimetype.MIME) (string, bool)
	notAccepted func(name string) error
	tooLarge    func(name string) error
}

var attachmentPolicy = policy{
	kind:        KindAttachment,
	maxSize:     MaxFileSize,
	accept:      mediaType,
	notAccepted: func(name string) error { return forFile(ErrNotMedia, name, "is not an image or a video.") },
	tooLarge:    func(name string) error { return forFile(ErrTooLarge, name, "is larger than 50 MB.") },
}

// put streams one file to the bucket: peek, judge, then copy the peeked bytes and the rest,
// stopping one byte past the limit.
func (s *Service) put(ctx context.Context, owner string, f File, pol policy) (Attachment, error) {
	name := SanitizeName(f.Name)
	src := &trackedReader{r: io.LimitReader(f.Content, pol.maxSize+1)}
	br := bufio.NewReaderSize(src, sniffLen)
	head, err := br.Peek(sniffLen)
	if err != nil && !errors.Is(err, io.EOF) {
		return Attachment{}, unreadable(err)
	}
	detected := mimetype.Detect(head)
	contentType, ok := pol.accept(detected)
	if !ok {
		return Attachment{}, pol.notAccepted(name)
	}
	key, err := newBucketFileName(s.now(), pol.kind, detected.Extension())
	if err != nil {
		return Attachment{}, err
	}

	// Cancelling the writer's context before Close aborts the write: nothing becomes visible
	// under key (fileblob drops its temp file, s3 aborts the multipart upload).
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.bucket.NewWriter(wctx, key, &gcblob.WriterOptions{ContentType: contentType})
	if err != nil {
		return Attachment{}, fmt.Errorf("uploads: open %s: %w", key, err)
	}
	n, err := copyStreaming(w, br)
	if err != nil || n > pol.maxSize {
		cancel()
		_ = w.Close()
		s.deleteBlob(ctx, key)
		switch {
		case n > pol.maxSize:
			return Attachment{}, pol.tooLarge(name)
		case src.err != nil:
			return Attachment{}, unreadable(src.err)
		default:
			return Attachment{}, fmt.Errorf("uploads: write %s: %w", key, err)
		}
	}
	if err := w.Close(); err != nil {
		s.deleteBlob(ctx, key)
		if src.err == nil && ctx.Err() != nil {
			return Attachment{}, unreadable(ctx.Err())
		}
		return Attachment{}, fmt.Errorf("uploads: close %s: %w", key, err)
	}
	return Attachment{
		BucketFileName: key, Owner: owner, OriginalName: name, ContentType: contentType,
		Size: n, CreatedAt: s.now().UTC(), Kind: pol.kind,
	}, nil
}

// mediaType accepts images and videos. SVG is an image that can carry script, so it is not.
func mediaType(m *mimetype.MIME) (string, bool) {
	t, _, _ := strings.Cut(m.String(), ";")
	if t == "image/svg+xml" {
		return "", false
	}
	return t, strings.HasPrefix(t, "image/") || strings.HasPrefix(t, "video/")
}

// newBucketFileName makes a random name no one can guess: <kind>/<year>/<month>/<uuid v4>.<ext>
// (rma/… or po/…), the extension from the detected type.
func newBucketFileName(now time.Time, kind Kind, ext string) (string, error) {
	id, err := uuid.NewRandom()
	if err != nil {
		return "", fmt.Errorf("uploads: name: %w", err)
	}
	ext = strings.TrimPrefix(ext, ".")
	name := fmt.Sprintf("%s/%04d/%02d/%s.%s", kind, now.UTC().Year(), int(now.UTC().Month()), id, ext)
	if !validKey(kind, name) {
		name = fmt.Sprintf("%s/%04d/%02d/%s.bin", kind, now.UTC().Year(), int(now.UTC().Month()), id)
	}
	return name, nil
}

// Claim ties owner's files to rmaNumber in one transaction, joining the one ctx carries so the
// files and the RMA commit together. Files already tied to rmaNumber stay so. It fails with a
// validation fault on FieldAttachments when a name is unknown or someone else's
// (MsgAttachmentUnknown) or tied to another RMA (MsgAttachmentTaken); then nothing is tied.
func (s *Service) Claim(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) error {
	if owner == "" || rmaNumber == "" {
		return errors.New("uploads: claim needs an owner and an RMA number")
	}
	names := slices.Clone(bucketFileNames)
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return nil
	}
	for _, n := range names {
		if !ValidBucketFileName(n) {
			return claimFault(MsgAttachmentUnknown)
		}
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		found, err := s.store.GetMany(ctx, names)
		if err != nil {
			return fmt.Errorf("uploads: claim: %w", err)
		}
		for _, n := range names {
			a, ok := found[n]
			switch {
			case !ok || a.Owner != owner || a.Kind != KindAttachment:
				return claimFault(MsgAttachmentUnknown)
			case a.Claimed() && a.RMANumber != rmaNumber:
				return claimFault(MsgAttachmentTaken)
			}
		}
		tied, err := s.store.SetRMANumber(ctx, owner, names, rmaNumber)
		if err != nil {
			return fmt.Errorf("uploads: claim: %w", err)
		}
		if tied != int64(len(names)) {
			// Another request claimed or removed one of them since we looked.
			return claimFault(MsgAttachmentTaken)
		}
		return nil
	})
}

// Hold keeps owner's attachments, not yet part of an RMA, from the purge until until: a saved
// quote names them and is paid (Claim) long after the day unclaimed uploads are kept. It fails
// like Claim, with a validation fault on FieldAttachments, when a name is unknown or someone
// else's (MsgAttachmentUnknown) or already part of an RMA (MsgAttachmentTaken); then nothing
// is held. It joins the transaction ctx carries.
func (s *Service) Hold(ctx context.Context, owner string, bucketFileNames []string, until time.Time) error {
	if owner == "" {
		return errors.New("uploads: hold needs an owner")
	}
	names := slices.Clone(bucketFileNames)
	slices.Sort(names)
	names = slices.Compact(names)
	for _, n := range names {
		if !ValidBucketFileName(n) {
			return claimFault(MsgAttachmentUnknown)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		found, err := s.store.GetMany(ctx, names)
		if err != nil {
			return fmt.Errorf("uploads: hold: %w", err)
		}
		for _, n := range names {
			a, ok := found[n]
			switch {
			case !ok || a.Owner != owner || a.Kind != KindAttachment:
				return claimFault(MsgAttachmentUnknown)
			case a.Claimed():
				return claimFault(MsgAttachmentTaken)
			}
		}
		held, err := s.store.HoldUntil(ctx, owner, names, until)
		if err != nil {
			return fmt.Errorf("uploads: hold: %w", err)
		}
		if held != int64(len(names)) {
			// Claimed or removed since we looked.
			return claimFault(MsgAttachmentTaken)
		}
		return nil
	})
}

// OriginalNames returns the names owner's attachments among bucketFileNames were uploaded
// under, by stored name; names that are not owner's attachments are left out, so nothing is
// told about someone else's files.
func (s *Service) OriginalNames(ctx context.Context, owner string, bucketFileNames []string) (map[string]string, error) {
	names := make([]string, 0, len(bucketFileNames))
	for _, n := range bucketFileNames {
		if ValidBucketFileName(n) {
			names = append(names, n)
		}
	}
	out := make(map[string]string, len(names))
	if len(names) == 0 || owner == "" {
		return out, nil
	}
	found, err := s.store.GetMany(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("uploads: original names: %w", err)
	}
	for name, a := range found {
		if a.Owner == owner && a.Kind == KindAttachment {
			out[name] = a.OriginalName
		}
	}
	return out, nil
}

func claimFault(msg string) error {
	return fault.Validation(map[string]string{FieldAttachments: msg})
}

// Open streams a file back to its owner; anyone else gets ErrNotFound, as if it did not exist.
// The caller closes the reader.
func (s *Service) Open(ctx context.Context, owner, bucketFileName string) (io.ReadCloser, Attachment, error) {
	return s.open(ctx, owner, KindAttachment, bucketFileName)
}

func (s *Service) open(ctx context.Context, owner string, kind Kind, bucketFileName string) (io.ReadCloser, Attachment, error) {
	a, err := s.owned(ctx, owner, kind, bucketFileName)
	if err != nil {
		return nil, Attachment{}, err
	}
	r, err := s.bucket.NewReader(ctx, bucketFileName, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		s.log.WarnContext(ctx, "upload recorded but missing from the bucket", "key", bucketFileName)
		return nil, Attachment{}, ErrNotFound
	}
	if err != nil {
		return nil, Attachment{}, fmt.Errorf("uploads: open %s: %w", bucketFileName, err)
	}
	return r, a, nil
}

// Remove deletes an unclaimed file of owner (the browser's remove button). Someone else's or
// an unknown file is ErrNotFound; a file already part of an RMA is ErrClaimed.
func (s *Service) Remove(ctx context.Context, owner, bucketFileName string) error {
	a, err := s.owned(ctx, owner, KindAttachment, bucketFileName)
	if err != nil {
		return err
	}
	if a.Claimed() {
		return ErrClaimed
	}
	deleted, err := s.store.DeleteUnclaimed(ctx, owner, bucketFileName)
	if err != nil {
		return fmt.Errorf("uploads: remove: %w", err)
	}
	if !deleted {
		// Claimed or removed since we looked: say which.
		if a, err := s.owned(ctx, owner, KindAttachment, bucketFileName); err == nil && a.Claimed() {
			return ErrClaimed
		}
		return ErrNotFound
	}
	// The record goes first: a blob without a record is swept by PurgeUnclaimed, a record
	// without a blob would be a broken link.
	s.deleteBlob(ctx, bucketFileName)
	return nil
}

// PurgeUnclaimed is the janitor: it deletes files of either kind (attachments and purchase
// orders) never tied to an RMA that were uploaded more than olderThan ago (the portal runs it
// with a day), and blobs of the last two months' folders older than that which have no record
// at all (left by a crash between storing and recording). olderThan must be far longer than any upload takes. It returns how many files
// it deleted.
func (s *Service) PurgeUnclaimed(ctx context.Context, olderThan time.Duration) (int, error) {
	cutoff := s.now().Add(-olderThan).UTC()
	purged := 0
	for {
		batch, err := s.store.UnclaimedBefore(ctx, cutoff, purgeBatch)
		if err != nil {
			return purged, fmt.Errorf("uploads: purge: %w", err)
		}
		for _, a := range batch {
			deleted, err := s.store.DeleteUnclaimed(ctx, a.Owner, a.BucketFileName)
			if err != nil {
				return purged, fmt.Errorf("uploads: purge: %w", err)
			}
			if deleted { // else claimed meanwhile: it stays
				s.deleteBlob(ctx, a.BucketFileName)
				purged++
			}
		}
		if len(batch) < purgeBatch {
			break
		}
	}
	swept, err := s.sweepOrphans(ctx, cutoff)
	if purged+swept > 0 {
		s.log.InfoContext(ctx, "unclaimed attachments purged", "records", purged, "orphans", swept)
	}
	return purged + swept, err
}

// sweepOrphans deletes blobs modified before cutoff that no record names, in each kind's month
// folders of cutoff and of the month before.
func (s *Service) sweepOrphans(ctx context.Context, cutoff time.Time) (int, error) {
	swept := 0
	for _, kind := range []Kind{KindAttachment, KindPurchaseOrder} {
		n, err := s.sweepKind(ctx, kind, cutoff)
		swept += n
		if err != nil {
			return swept, err
		}
	}
	return swept, nil
}

func (s *Service) sweepKind(ctx context.Context, kind Kind, cutoff time.Time) (int, error) {
	month := time.Date(cutoff.Year(), cutoff.Month(), 1, 0, 0, 0, 0, time.UTC)
	swept := 0
	for _, m := range []time.Time{month.AddDate(0, -1, 0), month} {
		var batch []string
		flush := func() error {
			if len(batch) == 0 {
				return nil
			}
			known, err := s.store.GetMany(ctx, batch)
			if err != nil {
				return fmt.Errorf("uploads: sweep: %w", err)
			}
			for _, key := range batch {
				if _, ok := known[key]; !ok {
					s.deleteBlob(ctx, key)
					swept++
				}
			}
			batch = batch[:0]
			return nil
		}
		it := s.bucket.List(&gcblob.ListOptions{Prefix: fmt.Sprintf("%s/%04d/%02d/", kind, m.Year(), int(m.Month()))})
		for {
			obj, err := it.Next(ctx)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return swept, fmt.Errorf("uploads: sweep: %w", err)
			}
			if obj.IsDir || !obj.ModTime.Before(cutoff) || !validKey(kind, obj.Key) {
				continue
			}
			if batch = append(batch, obj.Key); len(batch) == sweepBatch {
				if err := flush(); err != nil {
					return swept, err
				}
			}
		}
		if err := flush(); err != nil {
			return swept, err
		}
	}
	return swept, nil
}

// owned returns owner's file of that kind, or ErrNotFound for a malformed name, an unknown
// file, a file of the other kind or someone else's file alike.
func (s *Service) owned(ctx context.Context, owner string, kind Kind, bucketFileName string) (Attachment, error) {
	if owner == "" || !validKey(kind, bucketFileName) {
		return Attachment{}, ErrNotFound
	}
	a, err := s.store.Get(ctx, bucketFileName)
	if errors.Is(err, ErrNotFound) {
		return Attachment{}, ErrNotFound
	}
	if err != nil {
		return Attachment{}, fmt.Errorf("uploads: get: %w", err)
	}
	if a.Owner != owner || a.Kind != kind {
		return Attachment{}, ErrNotFound
	}
	return a, nil
}

// discard deletes what a failed upload stored, even when the request was cancelled.
func (s *Service) discard(ctx context.Context, stored []Attachment) {
	for _, a := range stored {
		s.deleteBlob(ctx, a.BucketFileName)
	}
}

// deleteBlob deletes key, outliving ctx's cancellation; a missing blob is fine. Failures are
// logged: PurgeUnclaimed sweeps what is left.
func (s *Service) deleteBlob(ctx context.Context, key string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
	defer cancel()
	if err := s.bucket.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		s.log.WarnContext(ctx, "upload blob not deleted", "key", key, "err", err)
	}
}

// unreadable marks a failure to read the client's body. The read error stays in the chain, so
// a transport can still tell its own limits (http.MaxBytesError) apart.
func unreadable(err error) error {
	return fmt.Errorf("%w: %w", ErrUnreadable, err)
}

// trackedReader remembers the error of the client's stream, so a failed copy can tell a broken
// upload from a failing bucket.
type trackedReader struct {
	r   io.Reader
	err error
}

func (t *trackedReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		t.err = err
	}
	return n, err
}

var copyBufs = sync.Pool{New: func() any { b := make([]byte, copyBufLen); return &b }}

// copyStreaming copies through one pooled buffer. The wrappers hide WriterTo/ReaderFrom so no
// implementation swaps in a bigger buffer of its own (blob.Writer.ReadFrom allocates 1 MB).
func copyStreaming(w io.Writer, r io.Reader) (int64, error) {
	buf := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(buf)
	return io.CopyBuffer(struct{ io.Writer }{w}, struct{ io.Reader }{r}, *buf)
}
