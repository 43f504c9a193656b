package uploads

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"

	"github.com/gabriel-vasile/mimetype"

	"rugged.example/portal/api/pkg/fault"
)

// MaxPOFileSize is the largest purchase-order document accepted, in bytes (10 MB). The spec
// gives no limit for PO files; a purchase order is a few pages, and scans of them at office
// resolutions stay well below this, so anything larger is a mistake, not a PO.
const MaxPOFileSize int64 = 10 << 20

// poContentTypes are the purchase-order formats accepted, by detected type. Office documents
// are refused: legacy .doc/.xls carry macros, and a macro-enabled .docm/.xlsm cannot be told
// from a plain .docx/.xlsx by its first bytes, so staff would be asked to open what may run
// code. Customers export or scan their PO to PDF instead.
var poContentTypes = map[string]bool{
	"application/pdf": true,
	"image/png":       true,
	"image/jpeg":      true,
	"image/tiff":      true,
}

// Field and messages of a failed ClaimPurchaseOrder, on the create-RMA payload's field (spec
// §3 paymentData.customerPOFileId). Unknown and someone else's files read alike.
const (
	FieldPOFile      = "customerPOFileId"
	MsgPOFileUnknown = "The purchase order file was not found. Please upload it again."
	MsgPOFileTaken   = "The purchase order file already belongs to another RMA. Please upload it again."
)

var (
	// ErrNotPODocument is for content that is not an accepted document format (purchase orders,
	// proofs of purchase: the messages name neither, as both pages upload here), whatever
	// its name says.
	ErrNotPODocument = fault.New(fault.KindInvalid, "uploads.notPODocument", "A document must be a PDF, PNG, JPEG or TIFF file.")
	// ErrPOTooLarge is for a purchase-order file over MaxPOFileSize.
	ErrPOTooLarge = fault.New(fault.KindTooLarge, "uploads.poTooLarge", "A document must be 10 MB or smaller.")
	// ErrPOTooMany is for an upload of more than one purchase-order file.
	ErrPOTooMany = fault.New(fault.KindInvalid, "uploads.poTooMany", "Attach one document per upload.")
)

var poPolicy = policy{
	kind:     KindPurchaseOrder,
	maxFiles: 1,
	tooMany:  ErrPOTooMany,
	maxSize:  MaxPOFileSize,
	accept: func(m *mimetype.MIME) (string, bool) {
		t, _, _ := strings.Cut(m.String(), ";")
		return t, poContentTypes[t]
	},
	notAccepted: func(name string) error {
		return forFile(ErrNotPODocument, name, "is not a PDF, PNG, JPEG or TIFF file.")
	},
	tooLarge: func(name string) error { return forFile(ErrPOTooLarge, name, "is larger than 10 MB.") },
}

// UploadPurchaseOrder stores the one purchase-order document of a request for owner (a token
// subject) and records it, unclaimed, until the PO payment claims it (ClaimPurchaseOrder);
// PurgeUnclaimed deletes it otherwise. The content is judged by its first bytes and streamed to
// the bucket, as attachments are. Its BucketFileName is the file id the browser sends back.
//
// Errors: ErrNoFiles, ErrPOTooMany (a second file; the first is then not kept),
// ErrNotPODocument and ErrPOTooLarge (naming the file), ErrUnreadable.
func (s *Service) UploadPurchaseOrder(ctx context.Context, owner string, files iter.Seq2[File, error]) (Attachment, error) {
	stored, err := s.storeAll(ctx, owner, files, poPolicy)
	if err != nil {
		return Attachment{}, err
	}
	s.log.InfoContext(ctx, "purchase order stored", "owner", owner)
	return stored[0], nil
}

// OpenPurchaseOrder streams a purchase-order file back to its owner; anyone else, an unknown id
// and an attachment's name get ErrNotFound alike. The caller closes the reader.
func (s *Service) OpenPurchaseOrder(ctx context.Context, owner, fileID string) (io.ReadCloser, Attachment, error) {
	return s.open(ctx, owner, KindPurchaseOrder, fileID)
}

// ClaimPurchaseOrder ties owner's purchase-order file to the RMA it pays for, in one
// transaction joining the one ctx carries, so the PO payment and the file commit together; the
// claimed file is no longer purged. Claiming it again for the same RMA is a no-op. It fails
// with a validation fault on FieldPOFile when the id is unknown, someone else's or an
// attachment's (MsgPOFileUnknown), or already tied to another RMA (MsgPOFileTaken).
func (s *Service) ClaimPurchaseOrder(ctx context.Context, owner, fileID, rmaNumber string) error {
	if owner == "" || rmaNumber == "" {
		return errors.New("uploads: claim needs an owner and an RMA number")
	}
	if !ValidPOFileID(fileID) {
		return poClaimFault(MsgPOFileUnknown)
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.owned(ctx, owner, KindPurchaseOrder, fileID)
		if errors.Is(err, ErrNotFound) {
			return poClaimFault(MsgPOFileUnknown)
		}
		if err != nil {
			return err
		}
		if a.Claimed() && a.RMANumber != rmaNumber {
			return poClaimFault(MsgPOFileTaken)
		}
		tied, err := s.store.SetRMANumber(ctx, owner, []string{fileID}, rmaNumber)
		if err != nil {
			return fmt.Errorf("uploads: claim purchase order: %w", err)
		}
		if tied != 1 {
			// Another request claimed or purged it since we looked.
			return poClaimFault(MsgPOFileTaken)
		}
		return nil
	})
}

func poClaimFault(msg string) error {
	return fault.Validation(map[string]string{FieldPOFile: msg})
}
