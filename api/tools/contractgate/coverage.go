package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Every request the api-client can make is a call some deployable may ship. The gate lists them
// from the api-client's own exports (each domain client's interface members that return a
// Promise) and asks, for each, that a pact test beside its client records an interaction calling
// it: a call no pact covers is a call no provider is checked against, and a deployable making it
// would pass the gate unverified.

// interaction is one interaction a pact test records, and the client members it calls.
type interaction struct {
	Provider    string
	Description string
	Calls       []string
}

var (
	addInteractionRe = regexp.MustCompile(`\.addInteraction\(\)`)
	// a string literal in any of the three quotes, backslash escapes included
	uponReceivingRe = regexp.MustCompile(`\.uponReceiving\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|` + "`[^`]*`" + `)`)
	escapeRe        = regexp.MustCompile(`\\(.)`)
	memberCallRe    = regexp.MustCompile(`\.\s*(\w+)\s*\(`)
	commentRe       = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	promiseRe       = regexp.MustCompile(`^\s*:\s*Promise\s*<|^\s*:[^;]*=>\s*Promise\s*<`)
)

// readInteractions splits a pact test at each addInteraction() and reads, per interaction, its
// description and the members of methods its test calls.
func readInteractions(code string, methods []string) []interaction {
	provider := ""
	if m := pactProviderRe.FindStringSubmatch(code); m != nil {
		provider = m[1]
	}
	var out []interaction
	for _, m := range addInteractionRe.FindAllStringIndex(code, -1) {
		chunk := code[m[0]:untilNext(code, addInteractionRe, m[1])]
		d := uponReceivingRe.FindStringSubmatch(chunk)
		if d == nil {
			continue
		}
		literal := d[1][1 : len(d[1])-1]
		it := interaction{Provider: provider, Description: escapeRe.ReplaceAllString(literal, "$1")}
		for _, m := range memberCallRe.FindAllStringSubmatch(chunk, -1) {
			if slices.Contains(methods, m[1]) && !slices.Contains(it.Calls, m[1]) {
				it.Calls = append(it.Calls, m[1])
			}
		}
		out = append(out, it)
	}
	return out
}

// requestMembers returns the members of an interface body whose result is a Promise: the ones
// that ask a server (a synchronous member, such as a cache read, asks none).
func requestMembers(body string) []string {
	body = commentRe.ReplaceAllString(body, "")
	var out []string
	for _, m := range memberRe.FindAllStringSubmatchIndex(body, -1) {
		if promiseRe.MatchString(afterParams(body[m[3]:untilNext(body, memberRe, m[1])])) {
			out = append(out, body[m[2]:m[3]])
		}
	}
	return out
}

// untilNext returns where the next match of re after from starts, or the end of text: the end
// of the piece (an interaction, a member) that starts before from.
func untilNext(text string, re *regexp.Regexp, from int) int {
	if next := re.FindStringIndex(text[from:]); next != nil {
		return from + next[0]
	}
	return len(text)
}

// afterParams returns what follows a method's parameter list (its return type), or the member
// itself for a property (`name: (…) => Promise<…>`).
func afterParams(member string) string {
	open := strings.IndexAny(member, "(:")
	if open < 0 || member[open] == ':' {
		return member
	}
	depth := 0
	for i := open; i < len(member); i++ {
		switch member[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return member[i+1:]
			}
		}
	}
	return ""
}

// uncoveredCalls names each request-making client member (`repair.verifySerial`) that no
// interaction recorded in the pacts calls. An interaction counts when its description is in the
// pact of the provider its test names, so a skipped test or a pact not regenerated covers
// nothing.
func uncoveredCalls(clients []client, pacts map[string]pactFile) ([]string, error) {
	var out []string
	total := 0
	for _, c := range clients {
		for _, method := range c.Requests {
			total++
			if !slices.ContainsFunc(c.Interactions, func(it interaction) bool {
				return slices.Contains(it.Calls, method) && slices.Contains(pacts[it.Provider].Descriptions, it.Description)
			}) {
				out = append(out, c.name()+"."+method)
			}
		}
	}
	if total == 0 {
		return nil, fmt.Errorf("%s exports no request-making client member: the gate cannot read it (src/index.ts, src/*/client.ts)", apiClientDir)
	}
	return out, nil
}

// name is how code reaches the client: its ApiClient property, else its folder.
func (c client) name() string {
	if c.Prop != "" {
		return c.Prop
	}
	return c.Dir
}
