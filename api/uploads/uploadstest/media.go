package uploadstest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/textproto"
	"strings"
)

// PNG returns a valid 2×2 PNG image.
func PNG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{R: 200, A: 255})
	img.Set(1, 1, color.RGBA{B: 200, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return buf.Bytes()
}

// MP4 returns a tiny well-formed MP4: an ftyp box, a moov with its movie header and an empty
// mdat.
func MP4() []byte {
	var b bytes.Buffer
	b.Write(ftyp())
	mvhd := make([]byte, 100) // version 0, times 0, timescale 1000, rate 1.0, volume 1.0, identity matrix
	binary.BigEndian.PutUint32(mvhd[12:], 1000)
	binary.BigEndian.PutUint32(mvhd[20:], 0x00010000)
	binary.BigEndian.PutUint16(mvhd[24:], 0x0100)
	for i, v := range []uint32{0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000} {
		binary.BigEndian.PutUint32(mvhd[36+4*i:], v)
	}
	binary.BigEndian.PutUint32(mvhd[96:], 1)
	b.Write(box("moov", box("mvhd", mvhd)))
	b.Write(box("mdat", nil))
	return b.Bytes()
}

// Video returns an MP4 of exactly size bytes (an ftyp box, then one mdat box filling the rest),
// generated as it is read: a 51 MB video costs no memory.
func Video(size int64) io.Reader {
	head := ftyp()
	mdat := make([]byte, 8)
	binary.BigEndian.PutUint32(mdat, uint32(size-int64(len(head))))
	copy(mdat[4:], "mdat")
	head = append(head, mdat...)
	return io.MultiReader(bytes.NewReader(head), Filler(size-int64(len(head))))
}

// Filler returns n bytes of a repeating pattern, generated as they are read.
func Filler(n int64) io.Reader { return io.LimitReader(pattern{}, n) }

type pattern struct{}

func (pattern) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(i % 251)
	}
	return len(p), nil
}

// ELF returns the header of a Linux executable: what a renamed program looks like.
func ELF() []byte {
	h := make([]byte, 64)
	copy(h, "\x7fELF")
	h[4], h[5], h[6] = 2, 1, 1                  // 64-bit, little endian, version 1
	binary.LittleEndian.PutUint16(h[16:], 2)    // ET_EXEC
	binary.LittleEndian.PutUint16(h[18:], 0x3e) // x86-64
	binary.LittleEndian.PutUint32(h[20:], 1)
	return h
}

// PE returns the headers of a Windows executable (MZ stub pointing at a PE signature).
func PE() []byte {
	h := make([]byte, 128)
	copy(h, "MZ")
	binary.LittleEndian.PutUint32(h[0x3c:], 0x40)
	copy(h[0x40:], "PE\x00\x00")
	binary.LittleEndian.PutUint16(h[0x44:], 0x8664)
	return h
}

func ftyp() []byte {
	return box("ftyp", []byte("isom\x00\x00\x02\x00isomiso2avc1mp41"))
}

func box(kind string, payload []byte) []byte {
	b := make([]byte, 8, 8+len(payload))
	binary.BigEndian.PutUint32(b, uint32(8+len(payload)))
	copy(b[4:], kind)
	return append(b, payload...)
}

// quoteEscaper escapes a header parameter the way browsers and mime/multipart do.
var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

// Part is one file of a multipart upload.
type Part struct {
	// Field is the form field; empty means "files[i]" for the i-th part.
	Field string
	// Name is the file name the client sends.
	Name string
	// ContentType is what the client claims; empty means application/octet-stream.
	ContentType string
	Content     io.Reader
}

// Multipart streams parts as a multipart/form-data body through a pipe, so bodies of any size
// cost no memory. It returns the body and its Content-Type. Close the body when done: that
// also stops the writer when the server stops reading early. A Content reader's error breaks
// the body off, as a client that goes away would.
func Multipart(parts ...Part) (io.ReadCloser, string) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for i, p := range parts {
			field := p.Field
			if field == "" {
				field = fmt.Sprintf("files[%d]", i)
			}
			ct := p.ContentType
			if ct == "" {
				ct = "application/octet-stream"
			}
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"; filename="%s"`, quoteEscaper.Replace(field), quoteEscaper.Replace(p.Name)))
			h.Set("Content-Type", ct)
			w, err := mw.CreatePart(h)
			if err != nil {
				pw.CloseWithError(err)
				return
			}
			if _, err := io.Copy(w, p.Content); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(mw.Close())
	}()
	return pr, mw.FormDataContentType()
}
