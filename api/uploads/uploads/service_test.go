package uploads_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadstest"
)

var today = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

type env struct {
	svc   *uploads.Service
	store *uploadstest.Store
	dir   string
	now   time.Time
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{store: uploadstest.NewStore(), dir: t.TempDir(), now: today}
	bucket := uploadstest.Bucket(t, e.dir)
	e.svc = uploads.NewService(bucket, e.store, uploadstest.NoTx{}, testkit.Quiet(), func() time.Time { return e.now })
	return e
}

// blobs lists every file under the bucket's folder, temp files included.
func (e *env) blobs(t *testing.T) []string {
	t.Helper()
	var out []string
	require.NoError(t, filepath.WalkDir(e.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(e.dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return err
	}))
	return out
}

func files(fs ...uploads.File) iter.Seq2[uploads.File, error] {
	return func(yield func(uploads.File, error) bool) {
		for _, f := range fs {
			if !yield(f, nil) {
				return
			}
		}
	}
}

func file(name string, content []byte) uploads.File {
	return uploads.File{Name: name, Content: bytes.NewReader(content)}
}

func (e *env) read(t *testing.T, owner, name string) []byte {
	t.Helper()
	r, _, err := e.svc.Open(t.Context(), owner, name)
	require.NoError(t, err)
	defer r.Close()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return b
}

func TestUpload_StoresImagesAndVideosByTheirContent(t *testing.T) {
	e := newEnv(t)
	png, mp4 := uploadstest.PNG(), uploadstest.MP4()
	got, err := e.svc.Upload(t.Context(), "casey", files(file("dent.png", png), file("C:\\Users\\casey\\boot loop.mp4", mp4)))
	require.NoError(t, err)
	require.Len(t, got, 2)

	tests := []struct {
		a                uploads.Attachment
		name, ctype, ext string
		content          []byte
	}{
		{got[0], "dent.png", "image/png", ".png", png},
		{got[1], "boot loop.mp4", "video/mp4", ".mp4", mp4},
	}
	for _, tt := range tests {
		require.Equal(t, "casey", tt.a.Owner)
		require.Equal(t, tt.name, tt.a.OriginalName)
		require.Equal(t, tt.ctype, tt.a.ContentType)
		require.EqualValues(t, len(tt.content), tt.a.Size)
		require.Equal(t, today, tt.a.CreatedAt)
		require.False(t, tt.a.Claimed())
		require.True(t, uploads.ValidBucketFileName(tt.a.BucketFileName), tt.a.BucketFileName)
		require.True(t, strings.HasPrefix(tt.a.BucketFileName, "rma/2026/11/"))
		require.True(t, strings.HasSuffix(tt.a.BucketFileName, tt.ext))
		require.Equal(t, tt.content, e.read(t, "casey", tt.a.BucketFileName))
	}
	require.NotEqual(t, got[0].BucketFileName, got[1].BucketFileName)
	require.ElementsMatch(t, got, e.store.All())
}

func TestUpload_JudgesContentNeverTheName(t *testing.T) {
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	tests := []struct {
		name    string
		file    uploads.File
		message string
	}{
		{"Linux executable named like a photo", file("photo.jpg", uploadstest.ELF()), `"photo.jpg" is not an image or a video. Only images and videos can be attached.`},
		{"Windows executable named like a photo", file("photo.jpg", uploadstest.PE()), `"photo.jpg" is not an image or a video.`},
		{"PDF named like a video", file("clip.mp4", []byte("%PDF-1.7\n1 0 obj\n")), `"clip.mp4"`},
		{"HTML", file("page.png", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>")), `"page.png"`},
		{"SVG can carry script", file("logo.svg", svg), `"logo.svg"`},
		{"empty file", file("empty.png", nil), `"empty.png"`},
		{"zip", file("pics.zip", []byte("PK\x03\x04\x14\x00\x00\x00")), `"pics.zip"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			_, err := e.svc.Upload(t.Context(), "casey", files(tt.file))
			require.ErrorIs(t, err, uploads.ErrNotMedia)
			f, ok := fault.As(err)
			require.True(t, ok)
			require.Contains(t, f.Message, tt.message)
			require.Empty(t, e.blobs(t))
			require.Empty(t, e.store.All())
		})
	}
}

func TestUpload_FileOfExactly50MBIsAccepted(t *testing.T) {
	e := newEnv(t)
	got, err := e.svc.Upload(t.Context(), "casey", files(uploads.File{Name: "long.mp4", Content: uploadstest.Video(uploads.MaxFileSize)}))
	require.NoError(t, err)
	require.Equal(t, uploads.MaxFileSize, got[0].Size)
	require.Equal(t, []string{got[0].BucketFileName}, e.blobs(t))
}

// readCounter counts what the service pulled from a stream.
type readCounter struct {
	r io.Reader
	n int64
}

func (c *readCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func TestUpload_FileOver50MBStopsReadingAndLeavesNothing(t *testing.T) {
	e := newEnv(t)
	src := &readCounter{r: uploadstest.Video(80 << 20)}
	_, err := e.svc.Upload(t.Context(), "casey", files(file("a.png", uploadstest.PNG()), uploads.File{Name: "huge.mp4", Content: src}))
	require.ErrorIs(t, err, uploads.ErrTooLarge)
	require.Equal(t, fault.KindTooLarge, mustFault(t, err).Kind)
	require.Contains(t, mustFault(t, err).Message, `"huge.mp4" is larger than 50 MB. Each file must be 50 MB or smaller.`)
	require.Equal(t, uploads.MaxFileSize+1, src.n, "reading stops one byte past the limit")
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
}

func mustFault(t *testing.T, err error) *fault.Error {
	t.Helper()
	f, ok := fault.As(err)
	require.True(t, ok, "%v is not a fault", err)
	return f
}

// untouchable fails the test when read: the service must refuse before reading it.
type untouchable struct{ t *testing.T }

func (u untouchable) Read([]byte) (int, error) {
	u.t.Error("the sixth file was read")
	return 0, io.EOF
}

func TestUpload_SixthFileIsRefusedBeforeItIsRead(t *testing.T) {
	e := newEnv(t)
	var fs []uploads.File
	for range uploads.MaxFiles {
		fs = append(fs, file("a.png", uploadstest.PNG()))
	}
	fs = append(fs, uploads.File{Name: "six.png", Content: untouchable{t}})
	_, err := e.svc.Upload(t.Context(), "casey", files(fs...))
	require.ErrorIs(t, err, uploads.ErrTooMany)
	require.Equal(t, "You can attach at most 5 files per upload.", mustFault(t, err).Message)
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
}

func TestUpload_FiveFilesAreAccepted(t *testing.T) {
	e := newEnv(t)
	var fs []uploads.File
	for range uploads.MaxFiles {
		fs = append(fs, file("a.png", uploadstest.PNG()))
	}
	got, err := e.svc.Upload(t.Context(), "casey", files(fs...))
	require.NoError(t, err)
	require.Len(t, got, uploads.MaxFiles)
	require.Len(t, e.blobs(t), uploads.MaxFiles)
}

func TestUpload_NoFilesIsMustAttachFiles(t *testing.T) {
	e := newEnv(t)
	_, err := e.svc.Upload(t.Context(), "casey", files())
	require.ErrorIs(t, err, uploads.ErrNoFiles)
	require.Equal(t, "Must Attach Files", mustFault(t, err).Message)
}

func TestUpload_IsAllOrNothing(t *testing.T) {
	broken := errors.New("connection reset")
	tests := []struct {
		name   string
		second uploads.File
		want   error
	}{
		{"second file is not media", file("photo.jpg", uploadstest.ELF()), uploads.ErrNotMedia},
		{"second file is too large", uploads.File{Name: "big.mp4", Content: uploadstest.Video(uploads.MaxFileSize + 1)}, uploads.ErrTooLarge},
		{"stream breaks in the second file", uploads.File{Name: "cut.mp4", Content: io.MultiReader(bytes.NewReader(uploadstest.MP4()), iotestErr(broken))}, uploads.ErrUnreadable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			_, err := e.svc.Upload(t.Context(), "casey", files(file("ok.png", uploadstest.PNG()), tt.second))
			require.ErrorIs(t, err, tt.want)
			require.Empty(t, e.blobs(t), "the first file is deleted too")
			require.Empty(t, e.store.All())
		})
	}
}

func TestUpload_BodyBreakingBetweenFilesLeavesNothing(t *testing.T) {
	e := newEnv(t)
	broken := errors.New("unexpected EOF")
	seq := func(yield func(uploads.File, error) bool) {
		if yield(file("ok.png", uploadstest.PNG()), nil) {
			yield(uploads.File{}, broken)
		}
	}
	_, err := e.svc.Upload(t.Context(), "casey", seq)
	require.ErrorIs(t, err, uploads.ErrUnreadable)
	require.ErrorIs(t, err, broken)
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
}

func TestUpload_CancelledRequestLeavesNothing(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(t.Context())
	// The client goes away while the second file streams: its reader then fails, as a
	// request body does once the connection is gone.
	second := io.MultiReader(bytes.NewReader(uploadstest.MP4()), readerFunc(func([]byte) (int, error) {
		cancel()
		return 0, context.Canceled
	}))
	_, err := e.svc.Upload(ctx, "casey", files(file("ok.png", uploadstest.PNG()), uploads.File{Name: "v.mp4", Content: second}))
	require.Error(t, err)
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

func iotestErr(err error) io.Reader {
	return readerFunc(func([]byte) (int, error) { return 0, err })
}

func TestSanitizeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"photo.jpg", "photo.jpg"},
		{"../../etc/passwd", "passwd"},
		{`C:\Users\casey\Desktop\dent 1.png`, "dent 1.png"},
		{"bad\x00na\nme\r.png", "badname.png"},
		{"photo\u202Egpj.exe", "photogpj.exe"},
		{"  spaced.png  ", "spaced.png"},
		{"", "attachment"},
		{"..", "attachment"},
		{"dir/", "attachment"},
		{"\xff\xfe.png", "\uFFFD.png"},
		{"日本語.png", "日本語.png"},
		{strings.Repeat("a", 300) + ".png", strings.Repeat("a", 255)},
		{strings.Repeat("é", 300), strings.Repeat("é", 255)},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, uploads.SanitizeName(tt.in), "in %q", tt.in)
	}
}

func upload(t *testing.T, e *env, owner string) string {
	t.Helper()
	got, err := e.svc.Upload(t.Context(), owner, files(file("a.png", uploadstest.PNG())))
	require.NoError(t, err)
	return got[0].BucketFileName
}

func TestOpenAndRemove_OnlyTheOwner(t *testing.T) {
	e := newEnv(t)
	name := upload(t, e, "casey")

	_, _, err := e.svc.Open(t.Context(), "mallory", name)
	require.ErrorIs(t, err, uploads.ErrNotFound)
	require.ErrorIs(t, e.svc.Remove(t.Context(), "mallory", name), uploads.ErrNotFound)
	require.Equal(t, uploadstest.PNG(), e.read(t, "casey", name), "still there")

	for _, bad := range []string{"", "rma/../../etc/passwd", "rma/2026/11/nope.png", name + ".attrs"} {
		_, _, err := e.svc.Open(t.Context(), "casey", bad)
		require.ErrorIs(t, err, uploads.ErrNotFound, bad)
	}

	require.NoError(t, e.svc.Remove(t.Context(), "casey", name))
	require.Empty(t, e.blobs(t))
	require.Empty(t, e.store.All())
	_, _, err = e.svc.Open(t.Context(), "casey", name)
	require.ErrorIs(t, err, uploads.ErrNotFound)
	require.ErrorIs(t, e.svc.Remove(t.Context(), "casey", name), uploads.ErrNotFound)
}

func TestRemove_ClaimedFileStays(t *testing.T) {
	e := newEnv(t)
	name := upload(t, e, "casey")
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{name}, "RMA-1"))
	require.ErrorIs(t, e.svc.Remove(t.Context(), "casey", name), uploads.ErrClaimed)
	require.Len(t, e.blobs(t), 1)
}

func TestClaim_Rules(t *testing.T) {
	e := newEnv(t)
	mine, mine2, theirs := upload(t, e, "casey"), upload(t, e, "casey"), upload(t, e, "mallory")
	taken := upload(t, e, "casey")
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{taken}, "RMA-1"))

	tests := []struct {
		name  string
		names []string
		msg   string
	}{
		{"unknown file", []string{mine, "rma/2026/11/00000000-0000-4000-8000-000000000000.png"}, uploads.MsgAttachmentUnknown},
		{"malformed name", []string{mine, "../x"}, uploads.MsgAttachmentUnknown},
		{"someone else's file reads as unknown", []string{mine, theirs}, uploads.MsgAttachmentUnknown},
		{"file of another RMA", []string{mine, taken}, uploads.MsgAttachmentTaken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := e.svc.Claim(t.Context(), "casey", tt.names, "RMA-2")
			f := mustFault(t, err)
			require.Equal(t, fault.KindInvalid, f.Kind)
			require.Equal(t, map[string]string{uploads.FieldAttachments: tt.msg}, f.Fields)
			a, err := e.store.Get(t.Context(), mine)
			require.NoError(t, err)
			require.False(t, a.Claimed(), "nothing is tied when one name fails")
		})
	}

	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{mine, mine2, mine}, "RMA-2"))
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{mine}, "RMA-2"), "claiming again for the same RMA is fine")
	for _, n := range []string{mine, mine2} {
		a, err := e.store.Get(t.Context(), n)
		require.NoError(t, err)
		require.Equal(t, "RMA-2", a.RMANumber)
	}
	require.NoError(t, e.svc.Claim(t.Context(), "casey", nil, "RMA-3"), "no files, nothing to do")
}

func TestPurgeUnclaimed_DeletesOldUnclaimedFilesAndOrphans(t *testing.T) {
	// Blob times are the files' real times, so this test's clock starts at the real now.
	start := time.Now().UTC()
	e := newEnv(t)
	e.now = start
	old := upload(t, e, "casey")
	oldClaimed := upload(t, e, "casey")
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{oldClaimed}, "RMA-1"))

	// An orphan: a blob whose record never got written (a crash between the two).
	orphan := start.Format("rma/2006/01/") + "11111111-2222-4333-8444-555555555555.png"
	require.NoError(t, os.MkdirAll(filepath.Join(e.dir, filepath.Dir(orphan)), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(e.dir, orphan), uploadstest.PNG(), 0o600))

	e.now = start.Add(25 * time.Hour)
	recent := upload(t, e, "casey")

	e.now = start.Add(26 * time.Hour)
	n, err := e.svc.PurgeUnclaimed(t.Context(), 24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, 2, n, "the old unclaimed file and the orphan")

	require.ElementsMatch(t, []string{oldClaimed, recent}, e.blobs(t))
	_, err = e.store.Get(t.Context(), old)
	require.ErrorIs(t, err, uploads.ErrNotFound)
	_, err = e.store.Get(t.Context(), recent)
	require.NoError(t, err, "a file uploaded less than a day ago stays")
	_, err = e.store.Get(t.Context(), oldClaimed)
	require.NoError(t, err, "a claimed file stays")
}

func TestOpenClaimed_OnlyAFileOfTheRMA(t *testing.T) {
	e := newEnv(t)
	photo, loose := upload(t, e, "usr_tariq"), upload(t, e, "usr_tariq")
	require.NoError(t, e.svc.Claim(t.Context(), "usr_tariq", []string{photo}, "RMA-1"))

	for _, rmaNumber := range []string{"RMA-1", ""} {
		r, a, err := e.svc.OpenClaimed(t.Context(), photo, rmaNumber)
		require.NoError(t, err, rmaNumber)
		b, err := io.ReadAll(r)
		require.NoError(t, err)
		require.NoError(t, r.Close())
		require.Equal(t, uploadstest.PNG(), b)
		require.Equal(t, "RMA-1", a.RMANumber)
	}
	for _, tt := range []struct{ name, rmaNumber string }{{photo, "RMA-2"}, {loose, ""}, {"rma/../x", ""}, {"rma/2026/11/nope.png", "RMA-1"}} {
		_, _, err := e.svc.OpenClaimed(t.Context(), tt.name, tt.rmaNumber)
		require.ErrorIs(t, err, uploads.ErrNotFound, tt)
	}
}
