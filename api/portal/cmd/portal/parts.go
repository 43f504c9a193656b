package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"

	"gorm.io/gorm"

	"rugged.example/portal/api/portal/compose"
)

// partsCommand runs the parts subcommands. `portal parts import FILE` upserts the catalogue
// from a CSV file (header part_number,description,fits,price,currency,availability,image_path,
// high_value,video_only) by part number, in one transaction: with any bad line, each is named
// with its line number and nothing is written.
func partsCommand(ctx context.Context, args []string) error {
	if len(args) != 2 || args[0] != "import" {
		return errors.New("parts: usage: portal parts import FILE")
	}
	f, err := os.Open(args[1])
	if err != nil {
		return fmt.Errorf("parts import: %w", err)
	}
	defer f.Close()
	return withMigratedDatabase(ctx, func(_ compose.Config, gdb *gorm.DB, _ *slog.Logger) error {
		n, err := compose.PartsCatalogue(gdb).Import(ctx, f)
		if err != nil {
			return err
		}
		fmt.Printf("%d parts imported from %s\n", n, args[1])
		return nil
	})
}
