// Package deploy holds the deployment files for more than one mcpwire node
// (haproxy/haproxy.cfg, nginx/) and the test that runs them for real:
// failover_test.go starts Redis, HAProxy and three examples/everything
// nodes, kills one mid-run and checks that every session carries on.
package deploy
