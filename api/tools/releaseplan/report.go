package main

import (
	"fmt"
	"io"
	"strings"
)

// maxListed is how many files one reason lists before it counts the rest.
const maxListed = 4

// WriteText prints the plan for a person: one block per deployable, affected ones first.
func WriteText(w io.Writer, p Plan) {
	fmt.Fprintf(w, "release plan: %d changed files since %s (working tree included)\n", p.Changed, p.Base)
	var affected, quiet []Deployable
	for _, d := range p.Deployables {
		if d.Affected || d.Pending != nil || len(d.Notes) > 0 {
			affected = append(affected, d)
		} else {
			quiet = append(quiet, d)
		}
	}
	flagged := 0
	if len(affected) > 0 {
		fmt.Fprintln(w)
	}
	for _, d := range affected {
		fmt.Fprintf(w, "%s %s: %s\n", d.Name, d.Version, status(d))
		for _, r := range d.Reasons {
			fmt.Fprintf(w, "    %s\n", r.line(d.Name))
		}
		for _, n := range d.Notes {
			fmt.Fprintf(w, "    note: %s\n", n)
		}
		if d.NoChangeset {
			flagged++
		}
	}
	if len(quiet) > 0 {
		names := make([]string, len(quiet))
		for i, d := range quiet {
			names[i] = d.Name + " " + d.Version
		}
		fmt.Fprintf(w, "\nnot affected, nothing pending: %s\n", strings.Join(names, ", "))
	}
	if len(p.Unattributed) > 0 {
		fmt.Fprintf(w, "\nin no deployable (tests, docs, tools, CI): %s\n", list(p.Unattributed, 8))
	}
	if flagged > 0 {
		fmt.Fprintf(w, "\n%d deployables changed with no changeset: run pnpm changeset (.changeset/README.md)\n", flagged)
	}
}

// status is a deployable's one-line verdict.
func status(d Deployable) string {
	var s string
	switch {
	case d.Affected:
		s = "changed"
	default:
		s = "unchanged since the base"
	}
	switch {
	case d.Pending != nil:
		s += fmt.Sprintf("; pending %s → %s", d.Pending.Type, d.Pending.NewVersion)
	case d.NoChangeset:
		s += ", no changeset: run pnpm changeset"
	}
	return s
}

// line is a reason as `repair ← @portal/forms ← @portal/ui: packages/ui/src/Button.tsx`.
func (r Reason) line(deployable string) string {
	chain := []string{deployable}
	chain = append(chain, r.Via...)
	if r.Source != deployable {
		chain = append(chain, r.Source)
	}
	return strings.Join(chain, " ← ") + ": " + list(r.Changes, maxListed)
}

// list joins the first n items and counts the rest.
func list(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}
