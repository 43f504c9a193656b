package rma

// RefusalForNewRMA is why a new RMA of rmaType would be refused for u, or nil when it would be
// accepted: the serial rules of spec §4 (ErrContactHelpdesk for an EX80, ErrNotValidForNewRMA
// otherwise), and an upgrade's own: none for an EX80 or an end-of-service unit
// (ErrUpgradeNotOffered), and none beside an open RMA even with the out-of-warranty override,
// which lets a repair through, not a sale. Creation applies it, and pages ask it before they
// offer what creation would refuse.
func RefusalForNewRMA(u Unit, rmaType string) error {
	if rmaType == RMATypeUpgrade {
		switch {
		case u.Model == ModelEX80, u.EndOfService:
			return ErrUpgradeNotOffered
		case u.RMAExists():
			return ErrNotValidForNewRMA
		}
		return nil
	}
	switch {
	case u.Model == ModelEX80:
		return ErrContactHelpdesk
	case !u.ValidForNewRMA():
		return ErrNotValidForNewRMA
	}
	return nil
}
