package shipping

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sync"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/code128"
	"github.com/johnfercher/maroto/v2/pkg/components/col"
	pdfimage "github.com/johnfercher/maroto/v2/pkg/components/image"
	"github.com/johnfercher/maroto/v2/pkg/consts/extension"
	"github.com/johnfercher/maroto/v2/pkg/core"
	"github.com/johnfercher/maroto/v2/pkg/props"
	"github.com/skip2/go-qrcode"
)

// The documents' barcodes and QR codes are drawn here rather than by maroto's code components,
// which give each pixel its nearest colour of the 256 in the Plan 9 palette: half the time a
// label took to render, for two black-and-white pictures. The pictures are the same, one pixel
// per module, placed the same way; only their pixels are copied straight into 8-bit gray.

// barcodeProportion is the Code 128 picture's height to its width.
const barcodeProportion = 4.0 / 20.0

var codePlacement = props.Rect{Percent: 100, Center: true}

// barcodeRow is a row of height holding value's Code 128 barcode, as wide as it fits.
func barcodeRow(height float64, value string) (core.Row, error) {
	bc, err := code128.Encode(value)
	if err != nil {
		return nil, fmt.Errorf("shipping: barcode %q: %w", value, err)
	}
	w := bc.Bounds().Dx()
	scaled, err := barcode.Scale(bc, w, int(float64(w)*barcodeProportion))
	if err != nil {
		return nil, fmt.Errorf("shipping: scale barcode %q: %w", value, err)
	}
	pic, err := grayPNG(scaled)
	if err != nil {
		return nil, err
	}
	return pdfimage.NewFromBytesRow(height, pic, extension.Png, codePlacement), nil
}

// qrPicture is value's QR code (error correction M) as a PNG, one pixel per module and no quiet
// zone (the placement leaves the margin). skip2's encoder picks the mask in a quarter of the time
// boombuler's took (0.27 against 1.2 ms a code), which was 40 % of a label.
func qrPicture(value string) ([]byte, error) {
	code, err := qrcode.New(value, qrcode.Medium)
	if err != nil {
		return nil, fmt.Errorf("shipping: QR code: %w", err)
	}
	code.DisableBorder = true
	modules := code.Bitmap()
	pic := image.NewGray(image.Rect(0, 0, len(modules), len(modules)))
	for y, row := range modules {
		for x, dark := range row {
			if !dark {
				pic.SetGray(x, y, color.Gray{Y: 0xff})
			}
		}
	}
	return encodePNG(pic)
}

// qrRow is a row of height holding value's QR code, as large as it fits.
func qrRow(height float64, value string) (core.Row, error) {
	pic, err := qrPicture(value)
	if err != nil {
		return nil, err
	}
	return pdfimage.NewFromBytesRow(height, pic, extension.Png, codePlacement), nil
}

// qrCol is a column of size holding value's QR code, as large as it fits.
func qrCol(size int, value string) (core.Col, error) {
	pic, err := qrPicture(value)
	if err != nil {
		return nil, err
	}
	return col.New(size).Add(pdfimage.NewFromBytes(pic, extension.Png, codePlacement)), nil
}

// pngEncoder keeps its zlib state between pictures: a fresh deflate compressor is most of the
// memory a code's picture takes to encode (about 900 kB to allocate and clear for a 29-module QR
// code), and every label encodes two.
var pngEncoder = png.Encoder{BufferPool: &pngBuffers{}}

type pngBuffers struct{ pool sync.Pool }

func (p *pngBuffers) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBuffers) Put(b *png.EncoderBuffer) { p.pool.Put(b) }

// grayPNG encodes img's pixels as 8-bit gray.
func grayPNG(img image.Image) ([]byte, error) {
	b := img.Bounds()
	gray := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			gray.Set(x, y, img.At(x, y))
		}
	}
	return encodePNG(gray)
}

func encodePNG(gray *image.Gray) ([]byte, error) {
	var buf bytes.Buffer
	if err := pngEncoder.Encode(&buf, gray); err != nil {
		return nil, fmt.Errorf("shipping: encode code picture: %w", err)
	}
	return buf.Bytes(), nil
}
