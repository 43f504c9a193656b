package graph

import "rugged.example/portal/api/rma/rma"

func toRepairFaults(faults []rma.FaultOptions) []*RepairFault {
	out := make([]*RepairFault, len(faults))
	for i, f := range faults {
		opts := make([]*RepairOption, len(f.Options))
		for j, o := range f.Options {
			opts[j] = &RepairOption{Name: o.Name, Price: o.Price, Tip: o.Tip}
		}
		out[i] = &RepairFault{Name: f.Name, Options: opts}
	}
	return out
}
