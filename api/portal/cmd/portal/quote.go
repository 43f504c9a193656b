package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"

	"gorm.io/gorm"

	"rugged.example/portal/api/payments/payments"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/portal/compose"
)

// quote runs the quote subcommands. `portal quote issue --rma RMA-… --amount-cents N [--note …]`
// prices an RMA after diagnosis, as the admin endpoint does: the quote is stored and its
// customer e-mailed the pay link (through the outbox) in one transaction.
func quote(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "issue" {
		return errors.New("quote: usage: portal quote issue --rma RMA-NUMBER --amount-cents N [--note TEXT]")
	}
	fs := flag.NewFlagSet("quote issue", flag.ContinueOnError)
	rmaNumber := fs.String("rma", "", "the RMA the quote prices (RMA-…)")
	cents := fs.Int64("amount-cents", 0, "the service price in US cents (18950 is $189.50)")
	note := fs.String("note", "", "what the service is, for the customer's e-mail")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("quote issue: unexpected argument %q", fs.Arg(0))
	}
	return withMigratedDatabase(ctx, func(cfg compose.Config, gdb *gorm.DB, log *slog.Logger) error {
		quotes, closeCache, err := compose.QuoteService(ctx, cfg, gdb, log)
		if err != nil {
			return err
		}
		defer func() { _ = closeCache() }()
		q, err := quotes.IssueServiceQuote(ctx, payments.ServiceQuoteRequest{
			RMANumber: *rmaNumber, AmountCents: *cents, Note: *note, IssuedBy: cliActor(),
		})
		if err != nil {
			return withFields(err, quoteFlags)
		}
		fmt.Printf("quote %s for %s (%s), %s, valid until %s\ncustomer %s was e-mailed %s\n",
			q.ID, q.RMANumber, q.Serial, q.Amount, q.ExpiresAt.Format("Jan 2 2006"),
			q.Saved.Shipping.Contact.EmailAddress, quotes.PayLink(q))
		return nil
	})
}

// quoteFlags names the flags of `quote issue` by the request fields they set.
var quoteFlags = map[string]string{"rmaNumber": "--rma", "amountCents": "--amount-cents", "note": "--note"}

// withFields spells out a validation error's fields with the names of the flags that set them
// (flags maps field to flag), which the error's own text leaves out.
func withFields(err error, flags map[string]string) error {
	f, ok := fault.As(err)
	if !ok || len(f.Fields) == 0 {
		return err
	}
	var parts []string
	for _, field := range slices.Sorted(maps.Keys(f.Fields)) {
		name := flags[field]
		if name == "" {
			name = field
		}
		parts = append(parts, name+": "+f.Fields[field])
	}
	return fmt.Errorf("%w (%s)", err, strings.Join(parts, "; "))
}
