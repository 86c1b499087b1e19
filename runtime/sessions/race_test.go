//go:build race

package sessions_test

// raceEnabled shortens the heaviest test under the race detector, which
// makes it about four times slower without finding more at full size.
const raceEnabled = true
