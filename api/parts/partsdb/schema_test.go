package partsdb

import (
	"testing"

	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationMigrations_GiveTheSchemaOfTheRows(t *testing.T) {
	testkit.MigrationsMatchRows(t, Schema(), &partRow{}, &fitRow{},
		&orderRow{}, &orderLineRow{}, &orderSerialRow{}, &orderKeyRow{}, &counterRow{}, &shipmentRow{})
}
