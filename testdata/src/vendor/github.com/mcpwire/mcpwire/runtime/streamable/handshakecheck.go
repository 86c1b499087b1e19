package streamable

import (
	"net/http"

	"github.com/mcpwire/mcpwire/runtime/edge"
	"github.com/mcpwire/mcpwire/runtime/protocol"
)

// CheckHandshake makes every refusal a fresh session [Transport] would make
// of the POST r, decoded as p, before its server has a say: a Host or Origin
// outside allowedHosts/allowedOrigins (403), Accept and Content-Type (406,
// 415), an MCP-Protocol-Version header that names no session revision or is
// repeated (400/-32000), a 2026-07-28 claim in params._meta (400/-32022 or
// -32602), an initialize without an id (400/-32600) and initialize params of
// the wrong JSON type (400/-32602). It returns the refusal and the id the
// transport would echo with it, through the transport's own checks, so the
// two cannot disagree. A handler that builds a server per handshake calls it
// first (docs/protocol.md, "Refusals": cheapest first): a refusal then costs
// no server. nil means that only the connected server, the session table or
// the id generator can still refuse r; p nil or a batch (not a handshake)
// is left to the transport.
func CheckHandshake(r *http.Request, p *edge.Payload, allowedHosts, allowedOrigins []string) (any, error) {
	// In the order serve and servePOST take them.
	if err := edge.CheckHostOrigin(r, allowedHosts, allowedOrigins); err != nil {
		return nil, err
	}
	if r.Method != http.MethodPost {
		return nil, nil
	}
	if err := protocol.CheckPOSTHeaders(r); err != nil {
		return nil, err
	}
	if p == nil || p.Batch || len(p.Messages) != 1 {
		return nil, nil
	}
	echo := p.ID()
	if _, err := checkVersionHeader(r); err != nil {
		return echo, err
	}
	req, meta := p.Messages[0].Request, &p.Messages[0].Meta
	if req == nil {
		return nil, nil
	}
	if withID, err := refuseMessage(req, meta, false); err != nil {
		if withID {
			return echo, err
		}
		return nil, err
	}
	return nil, nil
}
