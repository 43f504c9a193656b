package sweep_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/pkg/sweep"
)

// rows is a queue of due rows; settling one takes it off, unless it is "kept" (its owner came
// back: the row stays but is no longer due for that process) or "broken" (settling fails).
type rows struct {
	due         []string
	kept, reads int
}

func (r *rows) read(_ context.Context, limit int) ([]string, error) {
	r.reads++
	return slices.Clone(r.due[:min(limit, len(r.due))]), nil
}

func (r *rows) settle(_ context.Context, id string) (bool, error) {
	switch id {
	case "broken":
		return false, errors.New("broken row")
	case "kept":
		r.kept++
	}
	r.due = slices.DeleteFunc(r.due, func(d string) bool { return d == id })
	return id != "kept", nil
}

func TestPass_ReadsBatchesUntilOneIsShortAndCountsWhatItActedOn(t *testing.T) {
	r := &rows{due: []string{"a", "b", "kept", "c", "d"}}
	n, err := sweep.Pass(t.Context(), 2, r.read, r.settle)
	require.NoError(t, err)
	require.Equal(t, 4, n)
	require.Equal(t, 1, r.kept)
	require.Equal(t, 3, r.reads, "two full batches, then a short one")
}

func TestPass_StopsWhenABatchSettlesNothingInsteadOfReadingItAgain(t *testing.T) {
	stuck := func(context.Context, int) ([]string, error) { return []string{"x", "y"}, nil }
	calls := 0
	n, err := sweep.Pass(t.Context(), 2, stuck, func(context.Context, string) (bool, error) {
		calls++
		return false, errors.New("refused")
	})
	require.Error(t, err)
	require.Zero(t, n)
	require.Equal(t, 2, calls)
}

func TestPass_ReportsEveryFailedRowAndLeavesThemToTheNextPass(t *testing.T) {
	r := &rows{due: []string{"a", "broken", "b"}}
	n, err := sweep.Pass(t.Context(), 10, r.read, r.settle)
	require.ErrorContains(t, err, "broken row")
	require.Equal(t, 2, n, "a and b are settled in the batch; broken fails and stays due")
	require.Equal(t, []string{"broken"}, r.due)
	require.Equal(t, 1, r.reads, "a failure ends the pass")
}

func TestPass_AnswersTheReadsError(t *testing.T) {
	_, err := sweep.Pass(t.Context(), 2, func(context.Context, int) ([]string, error) { return nil, errors.New("db down") },
		func(context.Context, string) (bool, error) { return true, nil })
	require.ErrorContains(t, err, "db down")
}
