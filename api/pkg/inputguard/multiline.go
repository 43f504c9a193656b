package inputguard

import "strings"

// multiLineFields are the fields whose text may span lines (tab, line feed and carriage return):
// what a customer or staff member writes in a text area. Every other field (names, e-mail,
// phone, address lines, serials, references, asset tags, subjects, search text, file names, ids)
// is one line: a line break there is either a mistake or an attempt to add lines where the value
// is printed, such as a 'Field: value' line of a support e-mail.
//
// A field is named by the last name of its path, so "rmaInput.initialNotes" and
// "variables.ticketInput.description" are covered wherever their object sits.
var multiLineFields = map[string]bool{
	// Spec §2 'Service Request Notes' of the problem and upgrade steps (rmaInput.initialNotes).
	"initialNotes": true,
	// The contact form's description (spec §2, §7 body desc).
	"desc": true,
	// The support ticket's description (spec §3 Support ticket input, GraphQL TicketInput).
	"description": true,
	// What staff write to the customer when they move an RMA or issue a service quote.
	"note": true,
	// A repair summary: what the depot did (PartsReplaced, WorkPerformed, TechnicianNotes).
	"partsReplaced":   true,
	"workPerformed":   true,
	"technicianNotes": true,
	// A row of a common report: the info banner's message (spec §2 Info banner).
	"message": true,
}

// isMultiLine reports whether the field at path (a JSON path such as "lines[0].serials[1]", a
// query or form key such as "sortBy[]") may span lines.
func isMultiLine(path string) bool {
	return multiLineFields[leafName(path)]
}

// leafName is the last name of a path, without the indexes that follow it.
func leafName(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	if i := strings.IndexByte(path, '['); i >= 0 {
		path = path[:i]
	}
	return path
}
