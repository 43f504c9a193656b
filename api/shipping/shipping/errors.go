package shipping

import (
	"fmt"
	"time"

	"rugged.example/portal/api/pkg/fault"
)

var (
	// ErrDocumentNotFound answers an unknown id and another owner's id alike.
	ErrDocumentNotFound = fault.New(fault.KindNotFound, "shipping.documentNotFound", "This shipping document does not exist.")
	// ErrDocumentExpired is returned (through DocumentExpired, which adds the date) for a label or
	// invoice past its expiry; the HTTP surface answers 410 Gone. Its kind stays NotFound for any
	// mapper that knows no 'gone'.
	ErrDocumentExpired = fault.New(fault.KindNotFound, "shipping.documentExpired", "This shipping label expired. Please contact support for a new label.")
	// ErrShipperAddress is a carrier's refusal of the ship-from address. The message holds the
	// word 'shipper' on purpose: the browser shows spec §8's 'Error validating address, please
	// verify your information and try again.' for any create error that mentions it.
	ErrShipperAddress = fault.New(fault.KindInvalid, "shipping.shipperAddress", "The carrier could not validate the shipper address.")
)

// DateLayout is spec §9's 'MMM d yyyy'.
const DateLayout = "Jan 2 2006"

// DocumentExpired is ErrDocumentExpired with the expiry date in its public message.
func DocumentExpired(expiredAt time.Time) error {
	return &fault.Error{
		Kind: ErrDocumentExpired.Kind, ID: ErrDocumentExpired.ID,
		Message: fmt.Sprintf("This shipping label expired on %s. Please contact support for a new label.", expiredAt.Format(DateLayout)),
	}
}
