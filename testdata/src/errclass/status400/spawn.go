package status400

import (
	"net"
	"net/http"
	"os/exec"
)

// backend runs the stdio server a session talks to.
type backend struct {
	cmd *exec.Cmd
}

func (s *server) spawn() (*backend, error) {
	cmd := exec.Command("mcp-server", "--stdio")
	if _, err := cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &backend{cmd: cmd}, nil
}

// startSession answers the gateway's failure to start its own child as the
// client's.
func (s *server) startSession(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Mcp-Session-Id") != "" {
		http.Error(w, "already in a session", http.StatusBadRequest)
		return
	}
	b, err := s.spawn()
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from \(\*exec.Cmd\).StdinPipe, a server-side failure: answer 500`
		return
	}
	_ = b
	conn, err := net.Dial("tcp", "127.0.0.1:7000")
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest) // want `answers 400 for an error from net.Dial, the upstream's failure: answer 502`
		return
	}
	conn.Close()
}
