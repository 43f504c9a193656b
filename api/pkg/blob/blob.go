// Package blob opens the portal's object storage through gocloud.dev: a folder on local disk for
// the embedded default, any S3-compatible bucket in production. Callers stream readers and
// writers; nothing here holds a whole object in memory.
package blob

import (
	"context"
	"fmt"
	"os"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob" // registers s3:// for production buckets
)

// Bucket is gocloud's portable bucket; its Open/NewWriter/NewReader/Delete are what callers use.
type Bucket = blob.Bucket

// Open returns the bucket at url (s3://bucket?region=…&endpoint=…) or, when url is empty, a
// folder dir on local disk.
func Open(ctx context.Context, url, dir string) (*Bucket, error) {
	if url != "" {
		if !strings.HasPrefix(url, "s3://") {
			return nil, fmt.Errorf("blob: unsupported BLOB_URL scheme (want s3://)")
		}
		b, err := blob.OpenBucket(ctx, url)
		if err != nil {
			return nil, fmt.Errorf("blob: open bucket: %w", err)
		}
		return b, nil
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("blob: dir: %w", err)
	}
	// No .attrs side files: content types are recorded by the modules that own the objects.
	b, err := fileblob.OpenBucket(dir, &fileblob.Options{NoTempDir: true, Metadata: fileblob.MetadataDontWrite})
	if err != nil {
		return nil, fmt.Errorf("blob: open dir: %w", err)
	}
	return b, nil
}
