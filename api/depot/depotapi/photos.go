package depotapi

import (
	"context"
	"errors"
	"iter"
	"net/http"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/uploads/uploads"
)

// Uploader stores the staff member's condition photos, sniffed and size-limited as every upload
// is (uploads.Service); a receipt then names them by their bucketFileName.
type Uploader interface {
	Upload(ctx context.Context, owner string, files iter.Seq2[uploads.File, error]) ([]uploads.Attachment, error)
}

// photosBody bounds a photo upload as the customers' attachments are bounded.
const photosBody = uploads.MaxFiles*uploads.MaxFileSize + 1<<20

type uploadedPhoto struct {
	OriginalName   string `json:"originalname"`
	BucketFileName string `json:"bucketFileName"`
}

func (h handlers) uploadPhotos(c *gin.Context) error {
	ctx := c.Request.Context()
	p, ok := auth.PrincipalFrom(ctx)
	if !ok {
		return auth.ErrInvalidToken
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, photosBody)
	mr, err := c.Request.MultipartReader()
	switch {
	case errors.Is(err, http.ErrNotMultipart):
		return uploads.ErrNoFiles
	case err != nil:
		return uploads.ErrUnreadable
	}
	stored, err := h.photos.Upload(ctx, p.Subject, uploads.MultipartFiles(mr, uploads.AttachmentField))
	if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
		return uploads.ErrTooLarge
	}
	if err != nil {
		return err
	}
	out := make([]uploadedPhoto, 0, len(stored))
	for _, a := range stored {
		out = append(out, uploadedPhoto{OriginalName: a.OriginalName, BucketFileName: a.BucketFileName})
	}
	c.JSON(http.StatusOK, out)
	return nil
}
