package supportdb

import (
	"testing"

	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationMigrations_GiveTheSchemaOfTheRows(t *testing.T) {
	testkit.MigrationsMatchRows(t, Schema(), &ticketRow{}, &counterRow{}, &contactRow{}, &reportRow{})
}
