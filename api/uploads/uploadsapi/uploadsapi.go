// Package uploadsapi is the HTTP surface of uploads (spec §7, /bucket-uploader/*): RMA
// attachments (upload, remove, download) and purchase-order files (upload, download). Request bodies are read part by part and streamed on; nothing
// here holds a file in memory or spools it to disk.
package uploadsapi

import (
	"context"
	"errors"
	"io"
	"iter"
	"log/slog"
	"mime"
	"net/http"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"rugged.example/portal/api/pkg/auth"
	"rugged.example/portal/api/pkg/httpx"
	"rugged.example/portal/api/uploads/uploads"
)

// MaxBody is the most one upload request may send: MaxFiles files of MaxFileSize each, plus
// 1 MB for part headers and boundaries.
const MaxBody = uploads.MaxFiles*uploads.MaxFileSize + 1<<20

// MaxPOBody is the most one purchase-order upload may send: one file of MaxPOFileSize plus
// 1 MB for part headers and boundaries.
const MaxPOBody = uploads.MaxPOFileSize + 1<<20

// poFileField matches the form fields that may carry the purchase-order file: file (what
// packages/api-client sends), and files or files[0] like the attachment upload.
var poFileField = regexp.MustCompile(`^files?(\[[0-9]*\])?$`)

// API holds the handlers' dependencies.
type API struct {
	svc *uploads.Service
	log *slog.Logger
}

// Routes mounts the attachment endpoints.
func Routes(r gin.IRouter, guard *auth.Guard, svc *uploads.Service, log *slog.Logger) {
	a := API{svc: svc, log: log}
	g := r.Group("/bucket-uploader")

	// Who: signed-in customers (a role of this client). The file belongs to the token subject.
	g.POST("/upload-rma-attachment", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.upload))
	// Who: signed-in customers, for their own unclaimed files; anyone else's file is 404. The
	// name (it contains slashes: rma/2026/11/<uuid>.png) comes as ?bucketFileName=, which is
	// what packages/api-client sends, or as the rest of the path, %2F-escaped or not.
	g.DELETE("/upload-rma-attachment", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.remove))
	g.DELETE("/upload-rma-attachment/*bucketFileName", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.remove))
	// Who: signed-in customers, for their own files only; anyone else's file is 404.
	g.GET("/attachments", guard.SignedIn(), guard.Customer(), httpx.Handler(log, download(svc.Open, "bucketFileName")))

	// Who: signed-in customers (a role of this client), for the PO payment (spec §5); the file
	// belongs to the token subject. Whether the caller may pay by PO (service:payment:po) is
	// the payment's check when it claims the file: an unclaimed file is purged after a day.
	g.POST("/upload-to-common-gridfs", guard.SignedIn(), guard.Customer(), httpx.Handler(log, a.uploadPO))
	// Who: signed-in customers, for their own purchase-order files only (?trackId= is the
	// fileId the upload answered); someone else's, an unknown id and an attachment's name are
	// 404 alike.
	g.GET("/download-from-common-gridfs", guard.SignedIn(), guard.Customer(), httpx.Handler(log, download(svc.OpenPurchaseOrder, "trackId")))
}

// UploadedFile is spec §3's "Uploaded file".
type UploadedFile struct {
	OriginalName   string `json:"originalname"`
	BucketFileName string `json:"bucketFileName"`
	// Cancellable says the browser may still remove the file; it is until an RMA claims it.
	Cancellable bool `json:"cancellable"`
}

func toUploadedFiles(as []uploads.Attachment) []UploadedFile {
	out := make([]UploadedFile, len(as))
	for i, a := range as {
		out[i] = UploadedFile{OriginalName: a.OriginalName, BucketFileName: a.BucketFileName, Cancellable: !a.Claimed()}
	}
	return out
}

// POFile is spec §3's "PO file response".
type POFile struct {
	FileID       string `json:"fileId"`
	OriginalName string `json:"originalname"`
}

func toPOFiles(f uploads.Attachment) []POFile {
	return []POFile{{FileID: f.BucketFileName, OriginalName: f.OriginalName}}
}

func (a API) upload(c *gin.Context) error {
	var stored []uploads.Attachment
	err := a.receive(c, MaxBody, uploads.AttachmentField, uploads.ErrTooLarge, "upload",
		func(ctx context.Context, owner string, parts iter.Seq2[uploads.File, error]) (err error) {
			stored, err = a.svc.Upload(ctx, owner, parts)
			return err
		})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toUploadedFiles(stored))
	return nil
}

// uploadPO answers a list, as spec §7 does, of the one file a request may carry.
func (a API) uploadPO(c *gin.Context) error {
	var stored uploads.Attachment
	err := a.receive(c, MaxPOBody, poFileField, uploads.ErrPOTooLarge, "purchase-order upload",
		func(ctx context.Context, owner string, parts iter.Seq2[uploads.File, error]) (err error) {
			stored, err = a.svc.UploadPurchaseOrder(ctx, owner, parts)
			return err
		})
	if err != nil {
		return err
	}
	c.JSON(http.StatusOK, toPOFiles(stored))
	return nil
}

// receive streams the caller's multipart body, cut at limit bytes, to store: the parts whose
// field matches, one at a time. A body over the limit answers tooLarge.
func (a API) receive(c *gin.Context, limit int64, field *regexp.Regexp, tooLarge error, what string,
	store func(ctx context.Context, owner string, parts iter.Seq2[uploads.File, error]) error) error {
	ctx := c.Request.Context()
	p, ok := auth.PrincipalFrom(ctx)
	if !ok {
		return auth.ErrInvalidToken
	}
	files, err := uploads.MultipartBody(c.Writer, c.Request, limit, field)
	if err != nil {
		return err
	}
	if err := store(ctx, p.Subject, files); err != nil {
		if tooBig := new(http.MaxBytesError); errors.As(err, &tooBig) {
			return tooLarge
		}
		if ctx.Err() != nil {
			a.log.InfoContext(ctx, what+" abandoned by the client; nothing kept")
		}
		return err
	}
	return nil
}

func (a API) remove(c *gin.Context) error {
	p, ok := auth.PrincipalFrom(c.Request.Context())
	if !ok {
		return auth.ErrInvalidToken
	}
	name := strings.TrimPrefix(c.Param("bucketFileName"), "/")
	if name == "" {
		name = c.Query("bucketFileName")
	}
	if err := a.svc.Remove(c.Request.Context(), p.Subject, name); err != nil {
		return err
	}
	c.Status(http.StatusNoContent)
	return nil
}

// opener opens one of the caller's stored files by the id the query names.
type opener func(ctx context.Context, owner, id string) (io.ReadCloser, uploads.Attachment, error)

// download serves the caller's own file whose id is in the query parameter param; anyone
// else's answers as if it did not exist.
func download(open opener, param string) func(*gin.Context) error {
	return func(c *gin.Context) error {
		ctx := c.Request.Context()
		p, ok := auth.PrincipalFrom(ctx)
		if !ok {
			return auth.ErrInvalidToken
		}
		r, f, err := open(ctx, p.Subject, c.Query(param))
		if err != nil {
			return err
		}
		serveFile(c, r, f)
		return nil
	}
}

// serveFile streams a stored file as a download under its sanitised original name, with the
// content type detected at upload; the browser may neither sniff nor render it in the page.
func serveFile(c *gin.Context, r io.ReadCloser, att uploads.Attachment) {
	defer r.Close()
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": att.OriginalName})
	if disposition == "" {
		disposition = "attachment"
	}
	c.DataFromReader(http.StatusOK, att.Size, att.ContentType, r, map[string]string{
		"Content-Disposition":     disposition,
		"X-Content-Type-Options":  "nosniff",
		"Content-Security-Policy": "default-src 'none'; sandbox",
		"Cache-Control":           "private, no-store",
	})
}
