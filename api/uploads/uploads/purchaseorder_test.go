package uploads_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadstest"
)

func uploadPO(t *testing.T, e *env, owner string) uploads.Attachment {
	t.Helper()
	a, err := e.svc.UploadPurchaseOrder(t.Context(), owner, files(file("po-4711.pdf", uploadstest.PDF())))
	require.NoError(t, err)
	return a
}

func (e *env) readPO(t *testing.T, owner, id string) []byte {
	t.Helper()
	r, _, err := e.svc.OpenPurchaseOrder(t.Context(), owner, id)
	require.NoError(t, err)
	defer r.Close()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

func TestUploadPurchaseOrder_AcceptsPDFAndScansByTheirContent(t *testing.T) {
	tests := []struct {
		name        string
		content     []byte
		contentType string
		ext         string
	}{
		{"po.pdf", uploadstest.PDF(), "application/pdf", ".pdf"},
		{"scan.png", uploadstest.PNG(), "image/png", ".png"},
		{"photo.jpg", uploadstest.JPEG(), "image/jpeg", ".jpg"},
		{"scan.tif", uploadstest.TIFF(), "image/tiff", ".tiff"},
		{"named-wrong.txt", uploadstest.PDF(), "application/pdf", ".pdf"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			a, err := e.svc.UploadPurchaseOrder(t.Context(), "casey", files(file(tt.name, tt.content)))
			require.NoError(t, err)
			require.True(t, uploads.ValidPOFileID(a.BucketFileName), a.BucketFileName)
			require.False(t, uploads.ValidBucketFileName(a.BucketFileName), "a PO id is no attachment name")
			require.True(t, strings.HasPrefix(a.BucketFileName, "po/2026/11/"), a.BucketFileName)
			require.True(t, strings.HasSuffix(a.BucketFileName, tt.ext), a.BucketFileName)
			require.Equal(t, uploads.Attachment{
				BucketFileName: a.BucketFileName, Owner: "casey", OriginalName: tt.name, ContentType: tt.contentType,
				Size: int64(len(tt.content)), CreatedAt: today, Kind: uploads.KindPurchaseOrder,
			}, a)
			require.Equal(t, []uploads.Attachment{a}, e.store.All())
			require.Equal(t, tt.content, e.readPO(t, "casey", a.BucketFileName))
		})
	}
}

func TestUploadPurchaseOrder_RefusesOtherContentWhateverItIsCalled(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
	}{
		{"Word document (OOXML)", uploadstest.DOCX()},
		{"legacy Office document (OLE)", uploadstest.OLE()},
		{"Linux executable", uploadstest.ELF()},
		{"Windows executable", uploadstest.PE()},
		{"HTML", []byte("<html><script>alert(1)</script></html>")},
		{"SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)},
		{"video", uploadstest.MP4()},
		{"plain text", []byte("PO 4711, 3 units")},
		{"empty", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			_, err := e.svc.UploadPurchaseOrder(t.Context(), "casey", files(file("po.pdf", tt.content)))
			require.ErrorIs(t, err, uploads.ErrNotPODocument)
			f := mustFault(t, err)
			require.Equal(t, fault.KindInvalid, f.Kind)
			require.Equal(t, `"po.pdf" is not a PDF, PNG, JPEG or TIFF file. A document must be a PDF, PNG, JPEG or TIFF file.`, f.Message)
			require.Empty(t, e.blobs(t))
			require.Empty(t, e.store.All())
		})
	}
}

func TestUploadPurchaseOrder_SizeLimit(t *testing.T) {
	tests := []struct {
		name string
		size int64
		err  error
	}{
		{"exactly 10 MB", uploads.MaxPOFileSize, nil},
		{"one byte over", uploads.MaxPOFileSize + 1, uploads.ErrPOTooLarge},
		{"far over: reading stops at the limit", 80 << 20, uploads.ErrPOTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			src := &readCounter{r: uploadstest.PDFOfSize(tt.size)}
			a, err := e.svc.UploadPurchaseOrder(t.Context(), "casey", files(uploads.File{Name: "po.pdf", Content: src}))
			if tt.err == nil {
				require.NoError(t, err)
				require.Equal(t, tt.size, a.Size)
				require.Equal(t, []string{a.BucketFileName}, e.blobs(t))
				return
			}
			require.ErrorIs(t, err, tt.err)
			f := mustFault(t, err)
			require.Equal(t, fault.KindTooLarge, f.Kind)
			require.Equal(t, `"po.pdf" is larger than 10 MB. A document must be 10 MB or smaller.`, f.Message)
			require.Equal(t, uploads.MaxPOFileSize+1, src.n, "reading stops one byte past the limit")
			require.Empty(t, e.blobs(t))
			require.Empty(t, e.store.All())
		})
	}
}

func TestUploadPurchaseOrder_OneFilePerUpload(t *testing.T) {
	e := newEnv(t)
	_, err := e.svc.UploadPurchaseOrder(t.Context(), "casey", files(file("a.pdf", uploadstest.PDF()), uploads.File{Name: "b.pdf", Content: untouchable{t}}))
	require.ErrorIs(t, err, uploads.ErrPOTooMany)
	require.Equal(t, "Attach one document per upload.", mustFault(t, err).Message)
	require.Empty(t, e.blobs(t), "the first file is not kept either")
	require.Empty(t, e.store.All())

	_, err = e.svc.UploadPurchaseOrder(t.Context(), "casey", files())
	require.ErrorIs(t, err, uploads.ErrNoFiles)
	require.Equal(t, "Must Attach Files", mustFault(t, err).Message)
}

func TestUploadPurchaseOrder_BrokenBodyLeavesNothing(t *testing.T) {
	e := newEnv(t)
	broken := io.MultiReader(bytes.NewReader(uploadstest.PDF()), iotestErr(io.ErrUnexpectedEOF))
	_, err := e.svc.UploadPurchaseOrder(t.Context(), "casey", files(uploads.File{Name: "po.pdf", Content: broken}))
	require.ErrorIs(t, err, uploads.ErrUnreadable)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
}

func TestOpenPurchaseOrder_OnlyTheOwnerAndOnlyPOFiles(t *testing.T) {
	e := newEnv(t)
	po := uploadPO(t, e, "casey")
	attachment := upload(t, e, "casey")

	tests := []struct {
		name, owner, id string
	}{
		{"someone else's", "mallory", po.BucketFileName},
		{"unknown", "casey", "po/2026/11/00000000-0000-4000-8000-000000000000.pdf"},
		{"an attachment's name", "casey", attachment},
		{"a path", "casey", "po/../../etc/passwd"},
		{"empty", "casey", ""},
		{"no owner", "", po.BucketFileName},
	}
	for _, tt := range tests {
		_, _, err := e.svc.OpenPurchaseOrder(t.Context(), tt.owner, tt.id)
		require.ErrorIs(t, err, uploads.ErrNotFound, tt.name)
	}
	_, _, err := e.svc.Open(t.Context(), "casey", po.BucketFileName)
	require.ErrorIs(t, err, uploads.ErrNotFound, "the attachment download does not serve PO files")
	require.ErrorIs(t, e.svc.Remove(t.Context(), "casey", po.BucketFileName), uploads.ErrNotFound)
	require.Equal(t, uploadstest.PDF(), e.readPO(t, "casey", po.BucketFileName))
}

func TestClaimPurchaseOrder_Rules(t *testing.T) {
	e := newEnv(t)
	po := uploadPO(t, e, "casey")
	attachment := upload(t, e, "casey")

	require.NoError(t, e.svc.ClaimPurchaseOrder(t.Context(), "casey", po.BucketFileName, "RMA-1"))
	require.NoError(t, e.svc.ClaimPurchaseOrder(t.Context(), "casey", po.BucketFileName, "RMA-1"), "again for the same RMA")

	tests := []struct {
		name, owner, id, msg string
	}{
		{"another RMA", "casey", po.BucketFileName, uploads.MsgPOFileTaken},
		{"someone else's", "mallory", po.BucketFileName, uploads.MsgPOFileUnknown},
		{"unknown", "casey", "po/2026/11/00000000-0000-4000-8000-000000000000.pdf", uploads.MsgPOFileUnknown},
		{"an attachment", "casey", attachment, uploads.MsgPOFileUnknown},
		{"malformed", "casey", "po/x.pdf", uploads.MsgPOFileUnknown},
		{"empty", "casey", "", uploads.MsgPOFileUnknown},
	}
	for _, tt := range tests {
		err := e.svc.ClaimPurchaseOrder(t.Context(), tt.owner, tt.id, "RMA-2")
		f := mustFault(t, err)
		require.Equal(t, fault.KindInvalid, f.Kind, tt.name)
		require.Equal(t, map[string]string{uploads.FieldPOFile: tt.msg}, f.Fields, tt.name)
	}
	got, err := e.store.Get(t.Context(), po.BucketFileName)
	require.NoError(t, err)
	require.Equal(t, "RMA-1", got.RMANumber)
	a, err := e.store.Get(t.Context(), attachment)
	require.NoError(t, err)
	require.False(t, a.Claimed())

	// The attachments' claim does not take a PO file either.
	err = e.svc.Claim(t.Context(), "casey", []string{po.BucketFileName}, "RMA-1")
	require.Equal(t, map[string]string{uploads.FieldAttachments: uploads.MsgAttachmentUnknown}, mustFault(t, err).Fields)

	require.Error(t, e.svc.ClaimPurchaseOrder(t.Context(), "casey", po.BucketFileName, ""), "no RMA number")
}

func TestPurgeUnclaimed_DeletesOldUnclaimedPOFilesAndOrphans(t *testing.T) {
	start := time.Now().UTC() // blob times are real: the clock starts at the real now
	e := newEnv(t)
	e.now = start
	old := uploadPO(t, e, "casey").BucketFileName
	oldClaimed := uploadPO(t, e, "casey").BucketFileName
	require.NoError(t, e.svc.ClaimPurchaseOrder(t.Context(), "casey", oldClaimed, "RMA-1"))

	orphan := start.Format("po/2006/01/") + "11111111-2222-4333-8444-555555555555.pdf"
	require.NoError(t, os.MkdirAll(filepath.Join(e.dir, filepath.Dir(orphan)), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(e.dir, orphan), uploadstest.PDF(), 0o600))

	e.now = start.Add(25 * time.Hour)
	recent := uploadPO(t, e, "casey").BucketFileName

	e.now = start.Add(26 * time.Hour)
	n, err := e.svc.PurgeUnclaimed(t.Context(), 24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, 2, n, "the old unclaimed PO file and the orphan")
	require.ElementsMatch(t, []string{oldClaimed, recent}, e.blobs(t))
	_, err = e.store.Get(t.Context(), old)
	require.ErrorIs(t, err, uploads.ErrNotFound)
	require.Equal(t, uploadstest.PDF(), e.readPO(t, "casey", oldClaimed), "the claimed file stays for the payment")
}
