package uploads

import (
	"context"
	"time"
)

// Store is what the uploads core needs from persistence; uploadsdb implements it. Every method
// joins the transaction ctx carries (db.Conn), so Claim commits with the caller's RMA.
type Store interface {
	// Insert records attachments, all or none.
	Insert(ctx context.Context, as []Attachment) error
	// Get returns ErrNotFound when no file has that name.
	Get(ctx context.Context, bucketFileName string) (Attachment, error)
	// GetMany returns, by name, the files among names that exist.
	GetMany(ctx context.Context, bucketFileNames []string) (map[string]Attachment, error)
	// SetRMANumber ties to rmaNumber those of owner's files among names that are unclaimed or
	// already tied to rmaNumber, and says how many it tied.
	SetRMANumber(ctx context.Context, owner string, bucketFileNames []string, rmaNumber string) (int64, error)
	// HoldUntil keeps those of owner's unclaimed files among names from the purge until the
	// given time, and says how many it held.
	HoldUntil(ctx context.Context, owner string, bucketFileNames []string, until time.Time) (int64, error)
	// DeleteUnclaimed removes the record of owner's file if it is still unclaimed, and says
	// whether it did.
	DeleteUnclaimed(ctx context.Context, owner, bucketFileName string) (bool, error)
	// UnclaimedBefore lists up to limit unclaimed files created before t and not held past t,
	// oldest first.
	UnclaimedBefore(ctx context.Context, t time.Time, limit int) ([]Attachment, error)
}
