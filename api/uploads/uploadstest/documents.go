package uploadstest

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"io"
)

// pdfHead is the start of a one-page PDF.
const pdfHead = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n" +
	"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n" +
	"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>\nendobj\n"

// PDF returns a small one-page PDF, as a purchase order exported from an accounting system is.
func PDF() []byte {
	return []byte(pdfHead + "trailer\n<< /Root 1 0 R >>\n%%EOF\n")
}

// PDFOfSize returns a PDF of exactly size bytes (its header, then a comment-like filler),
// generated as it is read: an 11 MB document costs no memory.
func PDFOfSize(size int64) io.Reader {
	return io.MultiReader(bytes.NewReader([]byte(pdfHead)), Filler(size-int64(len(pdfHead))))
}

// JPEG returns a valid 2×2 JPEG image: a phone photo of a paper PO.
func JPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.RGBA{G: 200, A: 255})
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		panic(err) // encoding an in-memory image cannot fail
	}
	return buf.Bytes()
}

// TIFF returns a valid little-endian 1×1 greyscale TIFF: what office scanners write.
func TIFF() []byte {
	var b bytes.Buffer
	le := binary.LittleEndian
	b.WriteString("II")
	_ = binary.Write(&b, le, uint16(42))
	_ = binary.Write(&b, le, uint32(8)) // the IFD follows the header
	type entry struct {
		tag, typ uint16
		count    uint32
		value    uint32
	}
	const short, long = 3, 4
	entries := []entry{
		{256, short, 1, 1}, // ImageWidth
		{257, short, 1, 1}, // ImageLength
		{258, short, 1, 8}, // BitsPerSample
		{259, short, 1, 1}, // Compression: none
		{262, short, 1, 1}, // PhotometricInterpretation: black is zero
		{273, long, 1, 0},  // StripOffsets, set below
		{277, short, 1, 1}, // SamplesPerPixel
		{278, short, 1, 1}, // RowsPerStrip
		{279, long, 1, 1},  // StripByteCounts
	}
	pixelAt := uint32(8 + 2 + 12*len(entries) + 4)
	entries[5].value = pixelAt
	_ = binary.Write(&b, le, uint16(len(entries)))
	for _, e := range entries {
		_ = binary.Write(&b, le, e.tag)
		_ = binary.Write(&b, le, e.typ)
		_ = binary.Write(&b, le, e.count)
		_ = binary.Write(&b, le, e.value) // a SHORT sits in the low bytes, little endian
	}
	_ = binary.Write(&b, le, uint32(0)) // no next IFD
	b.WriteByte(0x80)                   // the one pixel
	return b.Bytes()
}

// DOCX returns a minimal Word document (an OOXML zip): the office format PO uploads refuse.
func DOCX() []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []struct{ name, body string }{
		{"[Content_Types].xml", `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`},
		{"word/document.xml", `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>`},
	} {
		w, err := zw.Create(f.name)
		if err != nil {
			panic(err) // writing to memory cannot fail
		}
		_, _ = io.WriteString(w, f.body)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// OLE returns the header of a legacy compound document (.doc, .xls): the macro-carrying office
// format PO uploads refuse.
func OLE() []byte {
	h := make([]byte, 512)
	copy(h, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	binary.LittleEndian.PutUint16(h[0x18:], 0x3e) // minor version
	binary.LittleEndian.PutUint16(h[0x1a:], 3)    // major version 3
	binary.LittleEndian.PutUint16(h[0x1c:], 0xfffe)
	binary.LittleEndian.PutUint16(h[0x1e:], 9) // 512-byte sectors
	return h
}
