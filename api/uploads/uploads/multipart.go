package uploads

import (
	"errors"
	"io"
	"iter"
	"mime/multipart"
	"net/http"
	"regexp"
)

// AttachmentField is the multipart field of an attachment or a photo: files, files[] or files[N].
var AttachmentField = regexp.MustCompile(`^files(\[[0-9]*\])?$`)

// MultipartFiles yields the parts of a multipart body whose field matches, one at a time,
// skipping other fields. A part is read by the consumer before the next one is looked for, so
// nothing is held in memory or spooled to disk.
func MultipartFiles(mr *multipart.Reader, field *regexp.Regexp) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		for {
			part, err := mr.NextPart()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					yield(File{}, err)
				}
				return
			}
			if !field.MatchString(part.FormName()) {
				_ = part.Close()
				continue
			}
			more := yield(File{Name: part.FileName(), Content: part}, nil)
			_ = part.Close()
			if !more {
				return
			}
		}
	}
}

// MultipartBody opens r's multipart body, cut at limit bytes, as the files whose field matches:
// a body that is not multipart is ErrNoFiles, an unreadable one ErrUnreadable. Reading past the
// limit fails with *http.MaxBytesError, which the caller answers as its own too-large error.
func MultipartBody(w http.ResponseWriter, r *http.Request, limit int64, field *regexp.Regexp) (iter.Seq2[File, error], error) {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	mr, err := r.MultipartReader()
	switch {
	case errors.Is(err, http.ErrNotMultipart):
		return nil, ErrNoFiles
	case err != nil:
		return nil, ErrUnreadable
	}
	return MultipartFiles(mr, field), nil
}
