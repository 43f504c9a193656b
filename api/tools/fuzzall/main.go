// Command fuzzall runs every Go fuzz test of the given packages, one at a time, each for a
// bounded time, and prints a summary: `make fuzz` is
//
//	go run ./api/tools/fuzzall --fuzztime 30s ./api/rma/... ./api/geo/...
//
// `go test -fuzz` takes one fuzz test of one package per run, so the targets are found first:
// packages whose test files declare a Fuzz function (a text scan, which spares compiling every
// package's tests), confirmed by `go test -list '^Fuzz'`. A failing target's input is written by
// the fuzzer under the package's testdata/fuzz/<FuzzName>/; the summary names that file, which
// becomes a seed once committed. The exit status is 1 when any target failed.
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"
)

func main() {
	fuzztime := flag.String("fuzztime", "30s", "how long each fuzz test runs (go test -fuzztime: a duration or Nx)")
	parallel := flag.Int("parallel", min(runtime.NumCPU(), 2), "fuzzing workers per fuzz test (go test -parallel)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: fuzzall [--fuzztime 30s] [--parallel N] packages...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	code, err := run(ctx, os.Stdout, flag.Args(), *fuzztime, *parallel)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzzall:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// target is one fuzz test of one package.
type target struct {
	Pkg, Dir, Name string
}

// result is how one target's run ended.
type result struct {
	target
	Failed   bool
	Elapsed  time.Duration
	Execs    string // the fuzzer's last count, as it printed it
	Input    string // the failing input the fuzzer wrote, relative to the working directory
	Headline string // the first line that says what failed
}

func run(ctx context.Context, out io.Writer, patterns []string, fuzztime string, parallel int) (int, error) {
	targets, err := findTargets(ctx, patterns)
	if err != nil {
		return 0, err
	}
	if len(targets) == 0 {
		return 0, fmt.Errorf("no fuzz tests in %s", strings.Join(patterns, " "))
	}
	fmt.Fprintf(out, "fuzzall: %d fuzz tests, %s each, %d workers\n", len(targets), fuzztime, parallel)
	var results []result
	for _, t := range targets {
		if ctx.Err() != nil {
			break
		}
		fmt.Fprintf(out, "=== %s %s\n", t.Pkg, t.Name)
		r := fuzz(ctx, out, t, fuzztime, parallel)
		results = append(results, r)
	}
	return summarize(out, results), ctx.Err()
}

// fuzzFunc is a fuzz test's declaration as gofmt writes it.
var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)

// findTargets lists the fuzz tests of the packages patterns match, in package order.
func findTargets(ctx context.Context, patterns []string) ([]target, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .TestGoFiles \",\"}},{{join .XTestGoFiles \",\"}}"}, patterns...)
	listed, err := output(ctx, "go", args...)
	if err != nil {
		return nil, err
	}
	var targets []target
	for line := range strings.Lines(listed) {
		fields := strings.Split(strings.TrimRight(line, "\n"), "\t")
		if len(fields) != 3 || !declaresFuzz(fields[1], strings.Split(fields[2], ",")) {
			continue
		}
		names, err := output(ctx, "go", "test", "-list", "^Fuzz", "-run", "^$", fields[0])
		if err != nil {
			return nil, err
		}
		for name := range strings.Lines(names) {
			name = strings.TrimSpace(name)
			if strings.HasPrefix(name, "Fuzz") {
				targets = append(targets, target{Pkg: fields[0], Dir: fields[1], Name: name})
			}
		}
	}
	return targets, nil
}

func declaresFuzz(dir string, files []string) bool {
	for _, f := range files {
		if f == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err == nil && fuzzFunc.Match(src) {
			return true
		}
	}
	return false
}

var (
	// "fuzz: elapsed: 10s, execs: 123456 (12345/sec), new interesting: 3 (total: 20)"
	execsLine = regexp.MustCompile(`fuzz: elapsed: \S+, execs: (\d+)`)
	// "Failing input written to testdata/fuzz/FuzzX/0123abcd"
	inputLine = regexp.MustCompile(`Failing input written to (\S+)`)
)

// fuzz runs one target alone, echoing its output, and reads how it ended.
func fuzz(ctx context.Context, out io.Writer, t target, fuzztime string, parallel int) result {
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-fuzz", "^"+t.Name+"$",
		"-fuzztime", fuzztime, "-parallel", fmt.Sprint(parallel), t.Pkg)
	var buf bytes.Buffer
	cmd.Stdout = io.MultiWriter(out, &buf)
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	err := cmd.Run()
	r := result{target: t, Failed: err != nil, Elapsed: time.Since(start).Round(time.Second)}
	sc := bufio.NewScanner(&buf)
	sc.Buffer(make([]byte, 0, 64*1024), 4*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if m := execsLine.FindStringSubmatch(line); m != nil {
			r.Execs = m[1]
		}
		if m := inputLine.FindStringSubmatch(line); m != nil {
			r.Input = filepath.Join(t.Dir, m[1])
			if wd, err := os.Getwd(); err == nil {
				if rel, err := filepath.Rel(wd, r.Input); err == nil {
					r.Input = rel
				}
			}
		}
		if r.Headline == "" && (strings.HasPrefix(line, "failure while testing seed corpus entry") ||
			strings.HasPrefix(strings.TrimSpace(line), "--- FAIL") || strings.Contains(line, "panic:")) {
			r.Headline = strings.TrimSpace(line)
		}
	}
	if r.Failed && r.Headline == "" {
		r.Headline = err.Error()
	}
	return r
}

// summarize prints one row per target and the failing inputs, and answers the exit status.
func summarize(out io.Writer, results []result) int {
	fmt.Fprintln(out)
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "RESULT\tPACKAGE\tFUZZ TEST\tTIME\tEXECS")
	failed := 0
	for _, r := range results {
		status := "ok"
		if r.Failed {
			status, failed = "FAIL", failed+1
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", status, r.Pkg, r.Name, r.Elapsed, r.Execs)
	}
	_ = w.Flush()
	for _, r := range results {
		if !r.Failed {
			continue
		}
		fmt.Fprintf(out, "\nFAIL %s %s: %s\n", r.Pkg, r.Name, r.Headline)
		if r.Input != "" {
			fmt.Fprintf(out, "  failing input: %s\n  replay: go test -run '%s/%s' %s\n  commit the file as a seed once fixed\n",
				r.Input, r.Name, filepath.Base(r.Input), r.Pkg)
		}
	}
	if failed > 0 {
		fmt.Fprintf(out, "\nfuzzall: %d of %d fuzz tests failed\n", failed, len(results))
		return 1
	}
	fmt.Fprintf(out, "\nfuzzall: all %d fuzz tests passed\n", len(results))
	return 0
}

// output runs a go command and returns its standard output; its standard error goes into the
// error.
func output(ctx context.Context, name string, args ...string) (string, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(b), nil
}
