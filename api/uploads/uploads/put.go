package uploads

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/gabriel-vasile/mimetype"
	"github.com/google/uuid"
	gcblob "gocloud.dev/blob"
)

const (
	// sniffLen is how much of a file is read before deciding what it is: mimetype's own read
	// limit, enough for every image and video signature it knows.
	sniffLen = 3072
	// copyBufLen is the one buffer a file streams through on its way to the bucket.
	copyBufLen = 32 << 10
)

// policy is what one kind of upload accepts: how many files a request carries, their content
// types, their size limit, and how a refused file or request is reported.
type policy struct {
	kind Kind
	// maxFiles is the most files one request stores; tooMany refuses the next one before it is
	// read.
	maxFiles int
	tooMany  error
	maxSize  int64
	// accept maps the detected type to the stored content type, or refuses it.
	accept      func(*mimetype.MIME) (string, bool)
	notAccepted func(name string) error
	tooLarge    func(name string) error
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
