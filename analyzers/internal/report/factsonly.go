package report

import "sync/atomic"

// factsOnly is set by the driver when nothing reads this process's
// findings, only the facts its passes export.
var factsOnly atomic.Bool

// SetFactsOnly tells the analyzers whether their findings are read. go vet
// runs its vet tool on every dependency of the packages it checks, one
// package per process, and reads only the facts those runs export (the
// unit's config says VetxOnly); it runs every analyzer that requires one
// with facts there too, so a check without facts of its own would judge
// every dependency for nothing. Drivers that read findings leave it off.
func SetFactsOnly(on bool) { factsOnly.Store(on) }

// FactsOnly reports whether nothing reads the findings: a check whose
// work exports no fact may stop before that work. Facts must not depend on
// it.
func FactsOnly() bool { return factsOnly.Load() }
