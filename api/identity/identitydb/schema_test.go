package identitydb

import (
	"testing"

	"rugged.example/portal/api/pkg/testkit"
)

func TestIntegrationMigrations_GiveTheSchemaOfTheRows(t *testing.T) {
	testkit.MigrationsMatchRows(t, Schema(), &userRow{}, &userRoleRow{}, &authRequestRow{}, &accessTokenRow{}, &refreshTokenRow{}, &sessionRow{}, &storedProfileRow{}, &signInThrottleRow{})
}
