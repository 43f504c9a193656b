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
	files, err := uploads.MultipartBody(c.Writer, c.Request, photosBody, uploads.AttachmentField)
	if err != nil {
		return err
	}
	stored, err := h.photos.Upload(ctx, p.Subject, files)
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
