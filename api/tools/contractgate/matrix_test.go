package main

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
)

var repairPair = pair{Consumer: "repair", ConsumerVersion: "c2", Provider: "portal-repair-api", ProviderVersion: "p2", PactHash: "h2"}

func row(consumerVersion, providerVersion, pactHash, result string) verification {
	return verification{Consumer: "repair", ConsumerVersion: consumerVersion, Provider: "portal-repair-api",
		ProviderVersion: providerVersion, PactHash: pactHash, Result: result}
}

func TestUnverified_APairNeedsAPassingRowForItsPactAndProvider(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   []verification
		passes bool
	}{
		{"no row", nil, false},
		{"a failed row", []verification{row("c2", "p2", "h2", failed)}, false},
		{"a passing row for an older provider", []verification{row("c2", "p1", "h2", passed)}, false},
		{"a passing row for an older pact", []verification{row("c2", "p2", "h1", passed)}, false},
		{"a passing row for another deployable", []verification{{Consumer: "parts", ConsumerVersion: "c9", Provider: "portal-repair-api", ProviderVersion: "p2", PactHash: "h2", Result: passed}}, false},
		{"a passing row", []verification{row("c2", "p2", "h2", passed)}, true},
		{"a passing row recorded at an older consumer version", []verification{row("c1", "p2", "h2", passed)}, true},
		{"failed, then passed", []verification{row("c2", "p2", "h2", failed), row("c3", "p2", "h2", passed)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			missing := unverified(matrix{Verifications: tc.rows}, []pair{repairPair})
			if got := len(missing) == 0; got != tc.passes {
				t.Fatalf("passes = %v, want %v (%s)", got, tc.passes, explain(matrix{Verifications: tc.rows}, repairPair))
			}
		})
	}
}

func TestRecord_ReplacesARowOfTheSameVersionsAndKeepsTheNewestFivePerPair(t *testing.T) {
	var m matrix
	m.record(verification{Consumer: "support", Provider: "portal-support-api", ProviderVersion: "s", PactHash: "s", Result: passed})
	m.record(row("c1", "p1", "h1", failed))
	m.record(row("c1", "p1", "h1", passed)) // run again: replaces the failure
	for i := 2; i <= 7; i++ {
		m.record(row("c1", fmt.Sprintf("p%d", i), "h1", passed))
	}
	var got []string
	for _, v := range m.Verifications {
		got = append(got, v.Consumer+"@"+v.ProviderVersion+":"+v.Result)
	}
	want := []string{"repair@p3:passed", "repair@p4:passed", "repair@p5:passed", "repair@p6:passed", "repair@p7:passed", "support@s:passed"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestMatrix_SavesAndLoadsTheSameRows(t *testing.T) {
	file := filepath.Join(t.TempDir(), "matrix.json")
	m := matrix{Verifications: []verification{row("c1", "p1", "h1", failed), row("c1", "p1", "h2", passed)}}
	if err := m.save(file); err != nil {
		t.Fatal(err)
	}
	back, err := loadMatrix(file)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Fatalf("got %+v, want %+v", back, m)
	}
}

func TestKeepPairs_DropsOnlyTheRowsRefused(t *testing.T) {
	m := matrix{Verifications: []verification{row("c1", "p1", "h1", passed), {Consumer: "host", Provider: "portal-repair-api", Result: passed}}}
	if !m.keepPairs(func(v verification) bool { return v.Consumer != "host" }) {
		t.Fatal("nothing dropped")
	}
	if len(m.Verifications) != 1 || m.Verifications[0].Consumer != "repair" {
		t.Fatalf("kept %+v", m.Verifications)
	}
	if m.keepPairs(func(verification) bool { return true }) {
		t.Fatal("keeping everything reported a change")
	}
}
