package uploads

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"rugged.example/portal/api/pkg/fault"
)

// Claim ties owner's files to rmaNumber in one transaction, joining the one ctx carries so the
// files and the RMA commit together. Files already tied to rmaNumber stay so. It fails with a
// validation fault on FieldAttachments when a name is unknown or someone else's
// (MsgAttachmentUnknown) or tied to another RMA (MsgAttachmentTaken); then nothing is tied.
func (s *Service) Claim(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) error {
	if owner == "" || rmaNumber == "" {
		return errors.New("uploads: claim needs an owner and an RMA number")
	}
	return s.changeAttachments(ctx, "claim", owner, bucketFileNames,
		func(a Attachment) bool { return a.Claimed() && a.RMANumber != rmaNumber },
		func(ctx context.Context, names []string) (int64, error) {
			return s.store.SetRMANumber(ctx, owner, names, rmaNumber)
		})
}

// changeAttachments applies change to owner's attachments among bucketFileNames in one
// transaction joining the one ctx carries, once every name is checked: a name that is not one
// of owner's attachments is MsgAttachmentUnknown, one taken refuses MsgAttachmentTaken. change
// answers how many files it changed: fewer than named means another request claimed or removed
// one since they were read, also MsgAttachmentTaken. op names the step in store errors.
func (s *Service) changeAttachments(ctx context.Context, op, owner string, bucketFileNames []string,
	taken func(Attachment) bool, change func(ctx context.Context, names []string) (int64, error)) error {
	names := slices.Clone(bucketFileNames)
	slices.Sort(names)
	names = slices.Compact(names)
	for _, n := range names {
		if !ValidBucketFileName(n) {
			return claimFault(MsgAttachmentUnknown)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		found, err := s.store.GetMany(ctx, names)
		if err != nil {
			return fmt.Errorf("uploads: %s: %w", op, err)
		}
		for _, n := range names {
			a, ok := found[n]
			switch {
			case !ok || a.Owner != owner || a.Kind != KindAttachment:
				return claimFault(MsgAttachmentUnknown)
			case taken(a):
				return claimFault(MsgAttachmentTaken)
			}
		}
		changed, err := change(ctx, names)
		if err != nil {
			return fmt.Errorf("uploads: %s: %w", op, err)
		}
		if changed != int64(len(names)) {
			return claimFault(MsgAttachmentTaken)
		}
		return nil
	})
}

func claimFault(msg string) error {
	return fault.Validation(map[string]string{FieldAttachments: msg})
}
