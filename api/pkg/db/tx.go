package db

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// Transactor runs a function in one database transaction. Core packages depend on this
// interface, not on gorm: a change of state that spans several stores (an RMA, its attachments,
// its unit) commits or rolls back as one.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// NewTransactor returns the Transactor of a handle.
func NewTransactor(gdb *gorm.DB) Transactor { return transactor{gdb} }

type transactor struct{ gdb *gorm.DB }

// InTx starts a transaction, or joins the one ctx already carries, so nested calls commit once.
func (t transactor) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return t.gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn is what every store method queries through: the transaction ctx carries, else gdb, bound
// to ctx either way.
func Conn(ctx context.Context, gdb *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return gdb.WithContext(ctx)
}
