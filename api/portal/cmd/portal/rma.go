package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"

	"gorm.io/gorm"

	"rugged.example/portal/api/portal/compose"
	"rugged.example/portal/api/rma/rma"
)

// advanceFlags names the flags of `rma advance` by the request fields they set.
var advanceFlags = map[string]string{
	"rmaNumber": "--rma", "status": "--status", "note": "--note", "returnTracking": "--tracking",
	"partsReplaced": "--parts-replaced", "workPerformed": "--work-performed", "technicianNotes": "--technician-notes",
}

// rmaCommand runs the rma subcommands. `portal rma advance --rma RMA-… --status S` moves an RMA
// as the admin endpoint does: the move, its event and the customer's e-mail (through the
// outbox) commit together, and a move the lifecycle does not allow is refused.
func rmaCommand(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "advance" {
		return errors.New("rma: usage: portal rma advance --rma RMA-NUMBER --status STATUS [--note TEXT] [--tracking NUMBER] [--parts-replaced TEXT] [--work-performed TEXT] [--technician-notes TEXT]")
	}
	fs := flag.NewFlagSet("rma advance", flag.ContinueOnError)
	number := fs.String("rma", "", "the RMA to move (RMA-…)")
	status := fs.String("status", "", "the status to move it to (RECEIVED, DIAGNOSING, QUOTE_PENDING, REPAIRING, RETURN_UNREPAIRED, SHIPPED_BACK, CLOSED, CANCELLED, RECYCLED)")
	note := fs.String("note", "", "what the customer reads about the move")
	tracking := fs.String("tracking", "", "the return tracking number (SHIPPED_BACK)")
	parts := fs.String("parts-replaced", "", "parts replaced, for the repair summary (REPAIRING, SHIPPED_BACK)")
	work := fs.String("work-performed", "", "work performed, for the repair summary (REPAIRING, SHIPPED_BACK)")
	techNotes := fs.String("technician-notes", "", "technician notes, for the repair summary (REPAIRING, SHIPPED_BACK)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("rma advance: unexpected argument %q", fs.Arg(0))
	}
	return withMigratedDatabase(ctx, func(cfg compose.Config, gdb *gorm.DB, log *slog.Logger) error {
		lifecycle, closeCache, err := compose.LifecycleService(ctx, cfg, gdb, log)
		if err != nil {
			return err
		}
		defer func() { _ = closeCache() }()
		r, err := lifecycle.Advance(ctx, rma.Advance{
			Number: *number, Status: rma.ParseStatus(*status), Actor: cliActor(), Note: *note, ReturnTracking: *tracking,
			Work: rma.RepairWork{PartsReplaced: *parts, WorkPerformed: *work, TechnicianNotes: *techNotes},
		})
		if err != nil {
			return withFields(err, advanceFlags)
		}
		fmt.Printf("%s (%s) is now %s\n", r.Number, r.Serial, r.Status)
		return nil
	})
}
