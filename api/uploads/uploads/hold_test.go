package uploads_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/uploads/uploads"
)

func TestHold_Rules(t *testing.T) {
	e := newEnv(t)
	mine, theirs, taken := upload(t, e, "casey"), upload(t, e, "mallory"), upload(t, e, "casey")
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{taken}, "RMA-1"))
	until := today.Add(30 * 24 * time.Hour)

	tests := []struct {
		name  string
		names []string
		msg   string
	}{
		{"unknown file", []string{mine, "rma/2026/11/00000000-0000-4000-8000-000000000000.png"}, uploads.MsgAttachmentUnknown},
		{"malformed name", []string{mine, "../x"}, uploads.MsgAttachmentUnknown},
		{"someone else's file reads as unknown", []string{mine, theirs}, uploads.MsgAttachmentUnknown},
		{"file of an RMA", []string{mine, taken}, uploads.MsgAttachmentTaken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustFault(t, e.svc.Hold(t.Context(), "casey", tt.names, until))
			require.Equal(t, map[string]string{uploads.FieldAttachments: tt.msg}, f.Fields)
			a, err := e.store.Get(t.Context(), mine)
			require.NoError(t, err)
			require.True(t, a.HeldUntil.IsZero(), "nothing is held when one name fails")
		})
	}

	require.NoError(t, e.svc.Hold(t.Context(), "casey", []string{mine, mine}, until))
	a, err := e.store.Get(t.Context(), mine)
	require.NoError(t, err)
	require.Equal(t, until, a.HeldUntil)
	require.NoError(t, e.svc.Claim(t.Context(), "casey", []string{mine}, "RMA-2"), "a held file is claimed like any other")
}

func TestPurgeUnclaimed_KeepsHeldFilesUntilTheHoldEnds(t *testing.T) {
	start := time.Now().UTC()
	e := newEnv(t)
	e.now = start
	held := upload(t, e, "casey")
	require.NoError(t, e.svc.Hold(t.Context(), "casey", []string{held}, start.Add(30*24*time.Hour)))

	e.now = start.Add(29 * 24 * time.Hour)
	n, err := e.svc.PurgeUnclaimed(t.Context(), 24*time.Hour)
	require.NoError(t, err)
	require.Zero(t, n)
	require.Equal(t, []string{held}, e.blobs(t))

	e.now = start.Add(32 * 24 * time.Hour)
	n, err = e.svc.PurgeUnclaimed(t.Context(), 24*time.Hour)
	require.NoError(t, err)
	require.Equal(t, 1, n, "a day after the hold ended it goes like any unclaimed file")
	require.Empty(t, e.blobs(t))
}

func TestOriginalNames_OnlyTheOwnersAttachments(t *testing.T) {
	e := newEnv(t)
	mine, theirs := upload(t, e, "casey"), upload(t, e, "mallory")
	got, err := e.svc.OriginalNames(t.Context(), "casey", []string{mine, theirs, "../x", "rma/2026/11/00000000-0000-4000-8000-000000000000.png"})
	require.NoError(t, err)
	require.Equal(t, map[string]string{mine: "a.png"}, got, "someone else's, malformed and unknown names are left out")

	got, err = e.svc.OriginalNames(t.Context(), "casey", nil)
	require.NoError(t, err)
	require.Empty(t, got)
}
