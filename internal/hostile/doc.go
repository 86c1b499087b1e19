// Package hostile attacks a freshly scaffolded server (mcpgen new) the way
// an unauthenticated client on the network could, over real sockets on
// 127.0.0.1, and checks that each attack hits a bound: memory, sessions,
// connections, a session that stays answerable, a shutdown that drains.
// Each test prints the figure it asserts on. It runs in the slow suite
// (CI=true or MCPWIRE_SLOW=1).
package hostile
