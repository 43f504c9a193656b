package account_test

import (
	"bytes"
	"context"
	"iter"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"rugged.example/portal/api/account/account"
	"rugged.example/portal/api/pkg/blob"
	"rugged.example/portal/api/pkg/db"
	"rugged.example/portal/api/pkg/fault"
	"rugged.example/portal/api/pkg/testkit"
	"rugged.example/portal/api/rma/rma"
	"rugged.example/portal/api/rma/rmadb"
	"rugged.example/portal/api/uploads/uploads"
	"rugged.example/portal/api/uploads/uploadsdb"
)

// proofs adapts the uploads service as the composition root does.
type proofs struct {
	*uploads.Service
	records *uploadsdb.Store
}

func (p proofs) ProofNames(ctx context.Context, ids []string) (map[string]string, error) {
	found, err := p.records.GetMany(ctx, ids)
	out := map[string]string{}
	for id, a := range found {
		out[id] = a.OriginalName
	}
	return out, err
}

func one(name string, content []byte) iter.Seq2[uploads.File, error] {
	return func(yield func(uploads.File, error) bool) {
		yield(uploads.File{Name: name, Content: bytes.NewReader(content)}, nil)
	}
}

// A registration and the claim of its proof commit together on the real stores: a proof another
// registration took leaves the second unit unregistered, on SQLite and PostgreSQL.
func TestRegister_OneTransactionWithTheProofsClaim(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		_, err := db.Migrate(ctx, gdb, rmadb.Schema(), uploadsdb.Schema())
		require.NoError(t, err)
		units := rmadb.NewStore(gdb)
		end := time.Date(2028, 6, 30, 0, 0, 0, 0, time.UTC)
		require.NoError(t, units.UpsertUnits(ctx, []rma.Unit{
			{Serial: "RT20000001", Model: "RL14", ModelFamily: "Ranger", ProductType: "LAPTOP", WarrantyEnd: &end, WarrantyType: "STANDARD"},
			{Serial: "RT20000002", Model: "ST10", ModelFamily: "Summit", ProductType: "TABLET", WarrantyEnd: &end, WarrantyType: "STANDARD"},
		}))
		bucket, err := blob.Open(ctx, "", t.TempDir())
		require.NoError(t, err)
		t.Cleanup(func() { bucket.Close() })
		tx := db.NewTransactor(gdb)
		files := uploadsdb.NewStore(gdb)
		up := uploads.NewService(bucket, files, tx, testkit.Quiet(), nil)
		svc := account.NewService(account.Deps{
			Tx: tx, Registrations: rma.NewRegistrations(units, tx, nil), Proofs: proofs{up, files}, Log: testkit.Quiet(),
		})
		proof, err := up.UploadPurchaseOrder(ctx, "usr_casey", one("receipt.pdf", []byte("%PDF-1.4\n%%EOF\n")))
		require.NoError(t, err)
		casey := rma.Viewer{Subject: "usr_casey"}

		reg, err := svc.Register(ctx, casey, "rt20000001", time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC), proof.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, "receipt.pdf", reg.ProofFileName)
		got, err := files.Get(ctx, proof.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, account.RegistrationClaim("RT20000001"), got.RMANumber, "the proof is claimed, so never purged")

		_, err = svc.Register(ctx, casey, "RT20000002", time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC), proof.BucketFileName)
		f, ok := fault.As(err)
		require.True(t, ok, "%v", err)
		require.Equal(t, map[string]string{account.FieldProofFile: account.MsgProofTaken}, f.Fields)
		regs, err := svc.Registrations(ctx, casey)
		require.NoError(t, err)
		require.Len(t, regs, 1, "the second registration rolled back with its claim")
		require.Equal(t, "RT20000001", regs[0].Serial)
	})
}

// The proof's claim is "REG-" and the serial: for the longest serial the registry accepts it
// must still fit the uploads' claim column, on PostgreSQL too (SQLite ignores lengths).
func TestRegister_ClaimsTheProofForTheLongestSerial(t *testing.T) {
	testkit.EachDatabase(t, func(t *testing.T, gdb *gorm.DB) {
		ctx := t.Context()
		_, err := db.Migrate(ctx, gdb, rmadb.Schema(), uploadsdb.Schema())
		require.NoError(t, err)
		units := rmadb.NewStore(gdb)
		serial := "RT" + strings.Repeat("7", rma.SerialMaxLength-2)
		end := time.Date(2028, 6, 30, 0, 0, 0, 0, time.UTC)
		require.NoError(t, units.UpsertUnits(ctx, []rma.Unit{
			{Serial: serial, Model: "RL14", ModelFamily: "Ranger", ProductType: "LAPTOP", WarrantyEnd: &end, WarrantyType: "STANDARD"},
		}))
		bucket, err := blob.Open(ctx, "", t.TempDir())
		require.NoError(t, err)
		t.Cleanup(func() { bucket.Close() })
		tx := db.NewTransactor(gdb)
		files := uploadsdb.NewStore(gdb)
		up := uploads.NewService(bucket, files, tx, testkit.Quiet(), nil)
		svc := account.NewService(account.Deps{
			Tx: tx, Registrations: rma.NewRegistrations(units, tx, nil), Proofs: proofs{up, files}, Log: testkit.Quiet(),
		})
		proof, err := up.UploadPurchaseOrder(ctx, "usr_casey", one("receipt.pdf", []byte("%PDF-1.4\n%%EOF\n")))
		require.NoError(t, err)

		_, err = svc.Register(ctx, rma.Viewer{Subject: "usr_casey"}, serial, time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC), proof.BucketFileName)
		require.NoError(t, err)
		got, err := files.Get(ctx, proof.BucketFileName)
		require.NoError(t, err)
		require.Equal(t, account.RegistrationClaim(serial), got.RMANumber)
	})
}
