package visibility

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestViewer_SeesOwnAndTheOrganizations(t *testing.T) {
	olivia, casey := Viewer{Subject: "usr_olivia", Org: "FleetCo"}, Viewer{Subject: "usr_casey"}
	require.True(t, olivia.Sees("usr_olivia", ""))
	require.True(t, olivia.Sees("usr_diego", "FleetCo"))
	require.False(t, olivia.Sees("usr_stan", "Elsewhere"))
	require.False(t, casey.Sees("usr_other", ""), "no organization is not an organization")
}

func TestViewer_OwnsOnlyTheirOwn(t *testing.T) {
	olivia := Viewer{Subject: "usr_olivia", Org: "FleetCo"}
	require.True(t, olivia.Owns("usr_olivia"))
	require.False(t, olivia.Owns("usr_diego"), "an organization's record is seen, not owned")
}

func TestViewer_WithoutSubjectOwnsAndSeesNothing(t *testing.T) {
	orgOnly := Viewer{Org: "FleetCo"}
	require.False(t, orgOnly.Owns(""), "a record without an owner is not nobody's to read")
	require.False(t, orgOnly.Sees("", ""))
	require.False(t, orgOnly.Sees("usr_diego", "FleetCo"), "an organization alone is not a viewer")
}
