package uploads

import (
	"errors"
	"io"
	"iter"
	"mime/multipart"
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
