// Package phimerge pins tracing through SSA phi nodes: one err variable
// assigned from a decoder on one path and from a store on another.
package phimerge

import (
	"context"
	"encoding/json"
	"net/http"

	"fixtures/errclass/rpcutil"
)

func handle(w http.ResponseWriter, r *http.Request, s rpcutil.Store, fresh bool) {
	var err error
	if fresh {
		err = s.Put(context.Background(), "id")
	} else {
		var m map[string]any
		err = json.NewDecoder(r.Body).Decode(&m)
	}
	if err != nil {
		rpcutil.WriteError(w, http.StatusBadRequest, -32700, "Parse error") // want `for an error that can come from s.Put`
	}
}
