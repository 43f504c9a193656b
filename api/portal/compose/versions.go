package compose

// Versions names the releases a process runs: the deployable (api-<module>) and version of each
// domain it serves, as its health answers report them (docs/releasing.md). The all-in-one portal
// runs them all.
func (s Services) Versions() map[string]string {
	out := map[string]string{}
	for _, name := range s {
		if d, ok := descriptor(name); ok {
			out[d.Deployable()] = d.Version
		}
	}
	return out
}
