package main

import (
	"fmt"
	"slices"
)

// Inventory checks what the chart renders for the given number of processes: one Deployment,
// Service and PodDisruptionBudget each, a HorizontalPodAutoscaler each only with autoscaling
// (and then no replica count in the Deployment for it to fight over), one Ingress, one ConfigMap
// (and a second, the remotes file, when a remote is released alone), and the migration Job as a
// pre-install and pre-upgrade hook. Any other kind is a surprise.
func Inventory(manifests []Manifest, processes int, autoscaling, remoteReleases bool) []string {
	want := map[string]int{
		"Deployment": processes, "Service": processes, "PodDisruptionBudget": processes,
		"Ingress": 1, "ConfigMap": 1, "Job": 1, "HorizontalPodAutoscaler": 0,
	}
	if autoscaling {
		want["HorizontalPodAutoscaler"] = processes
	}
	if remoteReleases {
		want["ConfigMap"]++
	}
	got := map[string]int{}
	var problems []string
	for _, m := range manifests {
		kind := str(m.Object, "kind")
		got[kind]++
		switch kind {
		case "Deployment":
			if set := dig(m.Object, "spec", "replicas") != nil; set == autoscaling {
				problems = append(problems, fmt.Sprintf("%s: spec.replicas set=%t with autoscaling=%t", m.Kind(), set, autoscaling))
			}
		case "Job":
			if hook := str(m.Object, "metadata", "annotations", "helm.sh/hook"); hook != "pre-install,pre-upgrade" {
				problems = append(problems, fmt.Sprintf("%s: helm.sh/hook %q, want pre-install,pre-upgrade", m.Kind(), hook))
			}
			if str(m.Object, "metadata", "annotations", "helm.sh/hook-delete-policy") == "" {
				problems = append(problems, m.Kind()+": no helm.sh/hook-delete-policy")
			}
		}
	}
	for kind, n := range got {
		if _, known := want[kind]; !known {
			problems = append(problems, fmt.Sprintf("unexpected kind %s (%d)", kind, n))
		}
	}
	for kind, n := range want {
		if got[kind] != n {
			problems = append(problems, fmt.Sprintf("%d %s rendered, want %d", got[kind], kind, n))
		}
	}
	slices.Sort(problems)
	return problems
}

// Hardening checks every pod the chart renders: no service-account token, and containers that
// cannot gain privileges, hold no capabilities and write only to their mounted volumes. Domain
// processes also need both probes and the two named ports the Services and the Ingress use.
func Hardening(manifests []Manifest) []string {
	var problems []string
	for _, m := range manifests {
		kind := str(m.Object, "kind")
		if kind != "Deployment" && kind != "Job" {
			continue
		}
		pod := dig(m.Object, "spec", "template", "spec")
		if dig(pod, "automountServiceAccountToken") != false {
			problems = append(problems, m.Kind()+": automountServiceAccountToken is not false")
		}
		if dig(pod, "securityContext", "runAsNonRoot") != true {
			problems = append(problems, m.Kind()+": pod securityContext.runAsNonRoot is not true")
		}
		for _, c := range list(dig(pod, "containers")) {
			name := fmt.Sprintf("%s container %v", m.Kind(), dig(c, "name"))
			sc := dig(c, "securityContext")
			if dig(sc, "readOnlyRootFilesystem") != true || dig(sc, "allowPrivilegeEscalation") != false ||
				!slices.Contains(list(dig(sc, "capabilities", "drop")), any("ALL")) {
				problems = append(problems, name+": wants readOnlyRootFilesystem, no privilege escalation, capabilities drop ALL")
			}
			if kind != "Deployment" {
				continue
			}
			if dig(c, "readinessProbe", "httpGet", "path") != "/readyz" || dig(c, "livenessProbe", "httpGet", "path") != "/healthz" {
				problems = append(problems, name+": wants readiness /readyz and liveness /healthz")
			}
			ports := map[any]any{}
			for _, p := range list(dig(c, "ports")) {
				ports[dig(p, "name")] = fmt.Sprint(dig(p, "containerPort"))
			}
			if ports["http"] != "8080" || ports["metrics"] != "9464" {
				problems = append(problems, fmt.Sprintf("%s: ports %v, want http 8080 and metrics 9464", name, ports))
			}
		}
	}
	return problems
}
