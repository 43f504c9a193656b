//go:build pact

package partstest

import "github.com/pact-foundation/pact-go/v2/models"

// States are the provider-state handlers of a pact verification (partspact, inventorypact):
// each state, when the verifier sets it up, first undoes what the one before left (reset), then
// runs its setup; tearing down does nothing, since the next state resets.
func States(reset func(), setups map[string]func()) models.StateHandlers {
	out := make(models.StateHandlers, len(setups))
	for name, setup := range setups {
		out[name] = func(up bool, _ models.ProviderState) (models.ProviderStateResponse, error) {
			if up {
				reset()
				setup()
			}
			return nil, nil
		}
	}
	return out
}
