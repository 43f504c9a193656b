package uploads

import (
	"context"
	"fmt"
)

// OriginalNames returns the names owner's attachments among bucketFileNames were uploaded
// under, by stored name; names that are not owner's attachments are left out, so nothing is
// told about someone else's files.
func (s *Service) OriginalNames(ctx context.Context, owner string, bucketFileNames []string) (map[string]string, error) {
	names := make([]string, 0, len(bucketFileNames))
	for _, n := range bucketFileNames {
		if ValidBucketFileName(n) {
			names = append(names, n)
		}
	}
	out := make(map[string]string, len(names))
	if len(names) == 0 || owner == "" {
		return out, nil
	}
	found, err := s.store.GetMany(ctx, names)
	if err != nil {
		return nil, fmt.Errorf("uploads: original names: %w", err)
	}
	for name, a := range found {
		if a.Owner == owner && a.Kind == KindAttachment {
			out[name] = a.OriginalName
		}
	}
	return out, nil
}
