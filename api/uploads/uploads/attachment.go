// Package uploads owns the files customers upload (spec §3 "Uploaded file", §5 "Files" and "PO
// payment", §9): RMA attachments (photos and videos) and purchase-order documents. It decides
// what may be stored, under which name, by whom it may be read back, and when it becomes part
// of an RMA. Bytes live in the blob bucket; a row per file records its kind, owner and RMA.
package uploads

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"rugged.example/portal/api/pkg/fault"
)

// Limits of spec §9.
const (
	// MaxFiles is how many files one upload request may carry.
	MaxFiles = 5
	// MaxFileSize is the largest file accepted, in bytes (50 MB).
	MaxFileSize int64 = 50 << 20
	// MaxNameLength is how many characters of a file's original name are kept.
	MaxNameLength = 255
)

// Field and messages of a failed Claim. Unknown and someone else's files read alike, so a
// caller learns nothing about other customers' uploads.
const (
	FieldAttachments     = "attachments"
	MsgAttachmentUnknown = "An attached file was not found. Please upload it again."
	MsgAttachmentTaken   = "An attached file already belongs to another RMA. Please upload it again."
)

var (
	// ErrNotMedia is for content that is neither an image nor a video, whatever its name says.
	ErrNotMedia = fault.New(fault.KindInvalid, "uploads.notMedia", "Only images and videos can be attached.")
	// ErrTooLarge is for a file over MaxFileSize.
	ErrTooLarge = fault.New(fault.KindTooLarge, "uploads.tooLarge", "Each file must be 50 MB or smaller.")
	// ErrTooMany is for an upload of more than MaxFiles files.
	ErrTooMany = fault.New(fault.KindInvalid, "uploads.tooMany", "You can attach at most 5 files per upload.")
	// ErrNoFiles is for an upload without a file (spec §5/§8 wording).
	ErrNoFiles = fault.New(fault.KindInvalid, "uploads.noFiles", "Must Attach Files")
	// ErrUnreadable is for an upload body that broke off or is not well-formed multipart; the
	// message is spec §8's generic upload error.
	ErrUnreadable = fault.New(fault.KindInvalid, "uploads.unreadable", "Error Uploading - Please Try Again")
	// ErrNotFound answers for files that do not exist and for other customers' files alike.
	ErrNotFound = fault.New(fault.KindNotFound, "uploads.notFound", "File not found.")
	// ErrClaimed is for removing a file that is already part of an RMA.
	ErrClaimed = fault.New(fault.KindConflict, "uploads.claimed", "This file is part of a submitted RMA and can no longer be removed.")
)

// Kind tells the two sorts of upload apart. They share a table and a bucket, but a name of one
// kind is never accepted where the other is expected.
type Kind string

const (
	// KindAttachment is an RMA photo or video, stored under rma/.
	KindAttachment Kind = "rma"
	// KindPurchaseOrder is a purchase-order document for the PO payment, stored under po/.
	KindPurchaseOrder Kind = "po"
)

// File is one incoming file: the name the client gave it and its content, read once.
type File struct {
	Name    string
	Content io.Reader
}

// Attachment is one stored file.
type Attachment struct {
	// BucketFileName is the random, unguessable key of the bytes in the bucket; clients use it
	// to name the file from then on.
	BucketFileName string
	// Owner is the token subject of the customer who uploaded it.
	Owner string
	// OriginalName is the client's file name, sanitised (SanitizeName).
	OriginalName string
	// ContentType is what the content was detected to be, never what the client said.
	ContentType string
	Size        int64
	CreatedAt   time.Time
	// RMANumber is empty until Claim (or ClaimPurchaseOrder) ties the file to an RMA.
	RMANumber string
	Kind      Kind
	// HeldUntil, when set, keeps the unclaimed file from the purge until then (Hold).
	HeldUntil time.Time
}

// Claimed reports whether the file belongs to an RMA.
func (a Attachment) Claimed() bool { return a.RMANumber != "" }

// keyPatterns are the shapes of every name newBucketFileName makes, per kind. Anything else
// cannot name a file of that kind, so it is answered as not found without asking the store or
// the bucket.
var keyPatterns = map[Kind]*regexp.Regexp{
	KindAttachment:    regexp.MustCompile(`^rma/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$`),
	KindPurchaseOrder: regexp.MustCompile(`^po/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{1,10}$`),
}

// ValidBucketFileName reports whether name has the shape of an attachment's bucket file name.
func ValidBucketFileName(name string) bool { return validKey(KindAttachment, name) }

// ValidPOFileID reports whether id has the shape of a purchase-order file id.
func ValidPOFileID(id string) bool { return validKey(KindPurchaseOrder, id) }

func validKey(kind Kind, key string) bool {
	p, ok := keyPatterns[kind]
	return ok && p.MatchString(key)
}

// SanitizeName keeps what is safe to store and show of a client's file name: the base name
// only (either slash), without control or invisible formatting characters (a right-to-left
// override can disguise "exe.jpg"), invalid UTF-8 replaced, trimmed, at most MaxNameLength
// characters. A name with nothing left becomes "attachment".
func SanitizeName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.ToValidUTF8(name, "\uFFFD")
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > MaxNameLength {
		name = string([]rune(name)[:MaxNameLength])
	}
	if name == "" || name == "." || name == ".." {
		return "attachment"
	}
	return name
}

// forFile returns sentinel with the file's name in its public message; errors.Is still matches
// the sentinel.
func forFile(sentinel *fault.Error, name, what string) *fault.Error {
	return &fault.Error{Kind: sentinel.Kind, ID: sentinel.ID, Message: fmt.Sprintf("%q %s %s", name, what, sentinel.Message)}
}
