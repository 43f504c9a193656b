package batch_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"rugged.example/portal/api/batch/batch"
	"rugged.example/portal/api/pkg/money"
)

func TestCountsStatus_CompletedOnlyOnceFinished(t *testing.T) {
	require.Equal(t, batch.StatusProcessing, batch.Counts{Rows: 2, Pending: 1, Created: 1}.Status())
	require.Equal(t, batch.StatusAwaitingPayment, batch.Counts{Rows: 2, AwaitingPayment: 1, Created: 1}.Status())
	require.Equal(t, batch.StatusProcessing, batch.Counts{Rows: 2, Created: 1, Failed: 1}.Status(),
		"every row done, the boxes, documents and e-mail not yet")
	require.Equal(t, batch.StatusCompleted, batch.Counts{Rows: 2, Created: 1, Failed: 1, Finished: true}.Status())
	at := time.Now()
	require.Equal(t, batch.StatusCompleted, batch.Batch{FinishedAt: &at, Rows: []batch.BatchRow{{Status: batch.RowCreated}}}.Status())
}

func TestTotal_OnlyAnOpenOrPaidQuoteCounts(t *testing.T) {
	for status, want := range map[batch.QuoteStatus]string{
		batch.QuoteOpen: "260.10", batch.QuotePaid: "260.10", batch.QuoteCancelled: "0.00", batch.QuoteExpired: "0.00",
	} {
		b := batch.Batch{Payment: &batch.Payment{QuoteID: "QT-1", Amount: money.USD(260_10), Status: status}}
		require.Equal(t, want, b.Total().Decimal(), status)
	}
	require.Equal(t, "0.00", batch.Batch{}.Total().Decimal())
}
