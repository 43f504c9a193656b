package main

import (
	"regexp"
	"strings"
)

// interactionFailure is one interaction a provider failed, as the Pact verifier reported it: its
// description and each mismatch ("has a matching body: $ -> Actual map is missing the following
// keys: warrantyType"), which names the field.
type interactionFailure struct {
	Interaction string
	Mismatches  []string
}

var (
	ansiRe     = regexp.MustCompile(`\x1b\[[0-9;]*m`)
	failureRe  = regexp.MustCompile(`^\d+\) Verifying a pact between .+$`)
	checkRe    = regexp.MustCompile(`^\s+\d+\.\d+\) (.+)$`)
	mismatchRe = regexp.MustCompile(`^\s+(\$\S*|\S.*?) -> (.+)$`)
)

// parseFailures reads the "Failures:" section the Pact verifier prints after a failed run
// (testdata/verifier-failure.txt is a real one): each failed interaction is a line
// "N) Verifying a pact between C and P Given S - D", each failed check under it a line
// "N.M) has a matching body", and the line after a check says what differs:
// "$ -> Actual map is missing the following keys: warrantyType". The interaction is matched
// against the pact's own descriptions (the longest one the line ends with), since a
// description or a provider state may itself hold " - ".
func parseFailures(output string, descriptions []string) []interactionFailure {
	lines := strings.Split(ansiRe.ReplaceAllString(output, ""), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "Failures:" {
			start = i + 1
		}
	}
	if start < 0 {
		return nil
	}
	var out []interactionFailure
	check := ""
	for _, l := range lines[start:] {
		switch {
		case failureRe.MatchString(l):
			out = append(out, interactionFailure{Interaction: interactionOf(l, descriptions)})
			check = ""
		case len(out) == 0:
		case checkRe.MatchString(l):
			check = checkRe.FindStringSubmatch(l)[1]
			cur := &out[len(out)-1]
			cur.Mismatches = append(cur.Mismatches, check)
		case check != "" && mismatchRe.MatchString(l):
			// The first detail line under a check is what differs; the diff that follows repeats it.
			cur := &out[len(out)-1]
			m := mismatchRe.FindStringSubmatch(l)
			cur.Mismatches[len(cur.Mismatches)-1] = check + ": " + m[1] + " -> " + m[2]
			check = ""
		}
	}
	return out
}

// interactionOf finds the interaction a failure line names.
func interactionOf(line string, descriptions []string) string {
	best := ""
	for _, d := range descriptions {
		if strings.HasSuffix(line, " - "+d) && len(d) > len(best) {
			best = d
		}
	}
	if best != "" {
		return best
	}
	if i := strings.LastIndex(line, " - "); i >= 0 {
		return line[i+3:]
	}
	return line
}
