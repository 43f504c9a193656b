package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// brokerMatrix is what the broker answers to can-i-deploy (its /matrix resource), as the CLI
// prints it with --output json.
type brokerMatrix struct {
	Summary *struct {
		Deployable *bool  `json:"deployable"` // null while a verification is unknown
		Reason     string `json:"reason"`
		Success    int    `json:"success"`
		Failed     int    `json:"failed"`
		Unknown    int    `json:"unknown"`
	} `json:"summary"`
	Notices []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"notices"`
	Matrix []struct {
		Consumer           brokerSide `json:"consumer"`
		Provider           brokerSide `json:"provider"`
		VerificationResult *struct {
			Success *bool `json:"success"`
		} `json:"verificationResult"`
	} `json:"matrix"`
}

type brokerSide struct {
	Name    string `json:"name"`
	Version *struct {
		Number string `json:"number"`
	} `json:"version"`
}

func (s brokerSide) String() string {
	if s.Version == nil {
		return s.Name + " (no version)"
	}
	return s.Name + " " + s.Version.Number
}

// canIDeploy asks the broker whether deployable's version may go to env: one `pact-broker
// can-i-deploy --to-environment` per pacticipant, each answering against every integrated
// version recorded as deployed there, in both directions (the broker's matrix). It says yes only
// when every pacticipant may; the text names, for each, the broker's reason and the rows that
// are not verified. A refusal is (false, text, nil); a CLI or broker failure is an error.
//
// The CLI is asked for JSON so that a refusal (an answer) and a failure (no answer: a 5xx, a bad
// token, an unknown broker) stay apart: both exit non-zero in its table output.
func (b *broker) canIDeploy(ctx context.Context, deployable, version, env string, providers map[string]provider) (bool, string, error) {
	names := pacticipantsOf(deployable, providers)
	if len(names) == 0 {
		return true, fmt.Sprintf("%s verifies no pact provider; no contract binds it\n", deployable), nil
	}
	ok := true
	var text strings.Builder
	for _, p := range names {
		stdout, stderr, err := b.run(ctx, "can-i-deploy", "--pacticipant", p, "--version", version, "--to-environment", env, "--output", "json")
		var m brokerMatrix
		if jsonErr := json.Unmarshal([]byte(strings.TrimSpace(stdout)), &m); jsonErr != nil || m.Summary == nil {
			if err == nil {
				err = fmt.Errorf("no can-i-deploy answer in its output: %s", strings.TrimSpace(stdout+"\n"+stderr))
			}
			return false, text.String(), fmt.Errorf("can-i-deploy %s %s to %s: %w", p, version, env, err)
		}
		yes := m.Summary.Deployable != nil && *m.Summary.Deployable
		ok = ok && yes
		verdict := "refused"
		if yes {
			verdict = "yes"
		}
		fmt.Fprintf(&text, "%s %s → %s: %s: %s\n", p, version, env, verdict, m.Summary.Reason)
		for _, n := range m.Notices {
			if n.Type == "error" || n.Type == "warning" || !yes {
				fmt.Fprintf(&text, "  %s: %s\n", n.Type, n.Text)
			}
		}
		for _, row := range m.Matrix {
			result := "no verification"
			if r := row.VerificationResult; r != nil && r.Success != nil {
				result = map[bool]string{true: "verified", false: "verification failed"}[*r.Success]
			}
			if result != "verified" {
				fmt.Fprintf(&text, "  %s → %s: %s\n", row.Consumer, row.Provider, result)
			}
		}
	}
	return ok, text.String(), nil
}
