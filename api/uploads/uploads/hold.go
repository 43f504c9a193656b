package uploads

import (
	"context"
	"errors"
	"time"
)

// Hold keeps owner's attachments, not yet part of an RMA, from the purge until until: a saved
// quote names them and is paid (Claim) long after the day unclaimed uploads are kept. It fails
// like Claim, with a validation fault on FieldAttachments, when a name is unknown or someone
// else's (MsgAttachmentUnknown) or already part of an RMA (MsgAttachmentTaken); then nothing
// is held. It joins the transaction ctx carries.
func (s *Service) Hold(ctx context.Context, owner string, bucketFileNames []string, until time.Time) error {
	if owner == "" {
		return errors.New("uploads: hold needs an owner")
	}
	return s.changeAttachments(ctx, "hold", owner, bucketFileNames, Attachment.Claimed,
		func(ctx context.Context, names []string) (int64, error) {
			return s.store.HoldUntil(ctx, owner, names, until)
		})
}
