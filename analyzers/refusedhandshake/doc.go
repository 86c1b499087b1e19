// Package refusedhandshake defines an Analyzer that reports MCP Streamable
// HTTP transports built for one handshake that nothing closes when that
// handshake is refused.
//
// # Analyzer refusedhandshake
//
// refusedhandshake: report per-handshake transports that leak when the handshake is refused
//
// The session-map recipe builds a sessionful transport and connects a server
// to it for every request that may start a session, stores the pair in a map
// keyed by the session id, and removes it when the session ends. If that
// first request is refused (a bad Accept or Content-Type, a body that is not
// JSON, a batch initialize, a non-initialize request, a DNS-rebinding
// refusal, a failing id generator) the client never learns the id, the
// session never ends, and the transport, its server session, their
// goroutines and the map entry live until the process exits. The fix is one
// close: the transport's first completed request must either establish the
// session or end it.
//
// The analyzer reports four shapes. "Per request" means in an
// http.Handler's ServeHTTP, an http.HandlerFunc or any function taking an
// http.ResponseWriter and an *http.Request, a closure inside one, or an
// unexported function that only such code calls. "Long-lived" means in a
// package-level initializer, main or init, or an unexported function only
// they call.
//
// 1. mcpwire's streamable.NewTransport built per request with a
// SessionIDGenerator (a function, not a variable that may be nil) and
// without CloseOnRefusedHandshake: true. A suggested fix sets the option.
//
//	func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
//		t := streamable.NewTransport(streamable.Options{ // reported
//			SessionIDGenerator: streamable.RandomSessionID,
//			OnClose:            h.remove,
//		})
//		h.server.Connect(r.Context(), t, nil)
//		t.ServeHTTP(w, r)
//	}
//
// is fixed by
//
//	t := streamable.NewTransport(streamable.Options{
//		SessionIDGenerator:      streamable.RandomSessionID,
//		CloseOnRefusedHandshake: true,
//		OnClose:                 h.remove,
//	})
//
// The same holds for a per-request call of a constructor that returns such
// a transport, in this package or another: a LeakyConstructor fact marks
// every function whose results all come from streamable.NewTransport with
// sessionful options and no CloseOnRefusedHandshake (or from another such
// function), and a per-request call of it is reported unless the caller
// closes the transport itself.
//
//	func NewSessionTransport() *streamable.Transport { // exported: callers unknown
//		return streamable.NewTransport(streamable.Options{SessionIDGenerator: streamable.RandomSessionID})
//	}
//
//	func serve(w http.ResponseWriter, r *http.Request) {
//		lib.NewSessionTransport().ServeHTTP(w, r) // reported
//	}
//
// 2. go-sdk's mcp.StreamableServerTransport built per request (&T{...},
// new(T) or a local variable) and connected with (*mcp.Server).Connect
// when no code closes the session. Storing the pair in a map does not
// count as handing it on: that map entry is exactly what leaks.
//
//	t := &mcp.StreamableServerTransport{SessionID: rand.Text()}
//	ss, err := h.server.Connect(r.Context(), t, nil) // reported
//	...
//	h.sessions[t.SessionID] = t
//	go func() { ss.Wait(); h.forget(t.SessionID) }() // never runs on a refusal
//	t.ServeHTTP(w, r)
//
// is correct with the close go-sdk's own StreamableHTTPHandler uses:
//
//	defer func() {
//		if ss.InitializeParams() == nil {
//			ss.Close()
//		}
//	}()
//	t.ServeHTTP(w, r)
//
// A function that builds the transport, connects it and returns the session
// (a SessionFactory fact marks it, in any package) hands the session to its
// caller; a per-request caller is checked as if it had called Connect.
//
//	t, ss, err := sessions.Connect(r.Context(), server) // reported if ss is never closed
//
// 3. The *mcp.ServerSession of such a Connect discarded (assigned to _, to
// a variable only ever assigned to _, or not assigned at all), or that of a
// SessionFactory call: nothing can close it.
//
//	_, err := h.server.Connect(r.Context(), t, nil) // reported
//
// 4. CloseOnRefusedHandshake: true on a sessionful transport built once for
// a long-lived endpoint. Such a transport must survive pre-session
// refusals: a client's version-negotiation probe expects a 400 and then
// initializes on the same endpoint, which the option would have closed for
// every client. A suggested fix removes the option.
//
//	var endpoint = streamable.NewTransport(streamable.Options{ // reported
//		SessionIDGenerator:      streamable.RandomSessionID,
//		CloseOnRefusedHandshake: true,
//	})
//
// A call from long-lived code of a function that returns such a transport
// (a ClosingConstructor fact marks it, in any package) is reported too.
//
//	var endpoint = sessions.NewPerHandshakeTransport() // reported
//
// # Precision
//
// Findings must be right more than they must be complete. The analyzer stays
// silent when it cannot see the whole story, as bodyclose and sqlclosecheck
// do for response bodies and rows: a session or transport returned, passed
// to another function, sent on a channel, or stored in a struct field or a
// global has a new owner.
//
// Closes are judged per path, on SSA: a Connect whose function closes the
// session somewhere is still reported when a path that serves the transport
// returns without a close of this session on it (a close only on an early
// return, only in the stateless branch, in a time.AfterFunc callback whose
// timer is stopped on return, or of another session the same variable held
// before). A deferred close, a close in a goroutine or a timer that outlives
// the request, and any close reachable after the serve count: a test after
// serving (InitializeParams() == nil) is taken as the refusal test, and trusted,
// unless the SDK itself defeats it: a RefusalDefeated fact marks a session
// accessor when the SDK package's method table registers a handler, for a
// method other than initialize, that assigns the accessor's field path on
// every call (at the top of its body, before anything that may return, or
// in a callback that a session method calls just as unconditionally with
// the path's prefix). go-sdk v1.7.0's server/discover did: it recorded
// InitializeParams although its answer carries no session id, so every
// discover probe kept a session nobody could address (#1136). A close under
// a nil test of such an accessor does not count, and when the verdict hangs
// on it the finding says so:
//
//	ss, err := server.Connect(r.Context(), t, nil) // reported against v1.7.0, not v1.8.0
//	...
//	defer func() {
//		if ss.InitializeParams() == nil {
//			ss.Close()
//		}
//	}()
//	t.ServeHTTP(w, r)
//
// A setter under any condition is trusted (v1.8.0 records InitializeParams
// only when the transport can serve the protocol needing them; whether a
// condition holds is not evaluated), as are setters outside the table
// (go-sdk's dispatcher, whose branch its stateful transport never reaches)
// and whole-state copies. That the defeating request reaches a fresh
// sessionful transport and gets no session id is assumed from the SDK's
// shape.
// A pair stored in a map is covered when the package ranges over that map
// (or calls Range on that sync.Map) and closes something in the loop: a
// reaper of idle sessions ends refused handshakes too. A loop that closes
// every entry unconditionally, once, in a function named like a shutdown
// (closeAll, Shutdown, Stop) is not a reaper. So does a loop over
// (*mcp.Server).Sessions() that closes sessions, anywhere in the package.
// A method call on the holder of the pair (a map entry) hands nothing on
// when the method, declared in the package, uses its receiver only for
// fields that are not of a pair type, an interface or a type of the package
// (go-sdk's sessionInfo.startPOST counting requests in flight); any other
// method of a holder is a transfer.
// Options whose SessionIDGenerator or CloseOnRefusedHandshake come from a
// variable, transports built in exported functions of a library, and
// transports that come from elsewhere are not judged. Known false negatives
// are kept as test cases (testdata/src/refusedhandshake/falsenegatives).
//
// 5. (*mcp.Server).Run of a transport built per request (in a goroutine,
// typically) on a context nothing cancels: context.Background(), TODO(),
// WithoutCancel, or a context of the long-lived code around the handler.
// Run closes the session only when its context is done, so a refused
// handshake leaves the session and Run's goroutine behind.
//
//	go server.Run(context.Background(), t) // reported
//
// go-sdk is recognised by package name and shape, not only by its import
// path: a package named mcp that declares a StreamableServerTransport with a
// ServeHTTP method is an SDK (a vendored copy, a fork, an earlier home such
// as golang.org/x/tools/internal/mcp), and NewStreamableServerTransport(id,
// ...) builds a transport as &StreamableServerTransport{...} does.
//
// Stateless transports (no SessionIDGenerator) never close on refusals and
// are not reported by rules 1 and 4.
//
// # Hand-rolled session tables
//
// A server that keeps its own session table (a map or sync.Map in a struct
// field or a package variable, or a store held in a struct field behind an
// interface or as a concrete type of another package whose methods both
// look entries up and keep them, read by their verbs: Get, Load, Find,
// Lookup, Exists, Has, Fetch look an entry up, Save, Set, Put, Store,
// Create, Add, Register, Insert keep one, Delete, Remove, Evict, Destroy,
// Del drop one, each keyed by its first argument after a context) must
// register a session only once it has accepted an initialize and answered
// it with the new Mcp-Session-Id. A table counts as a session table when a
// request's Mcp-Session-Id is looked up in it (an index, a sync.Map method,
// a store's lookup, or a function of the package that looks up its
// parameter); a fresh id is one the server mints
// (crypto/rand.Text, a uuid, xid, ulid or ksuid constructor, an encoding of
// bytes read from crypto/rand, a prefix joined to one, a function of the
// package that always returns one, a field of a literal built with one).
// A function that returns the client's own id (a header's value) and mints
// one only for a request that carries none is a minter too, as is a
// (string, error) generator whose other returns fail, and a variable
// holding the request's header (read as it comes or through a strings
// function such as strings.TrimSpace), or an id the caller handed in, that
// if id == "" { id = newID() } replaces before the store, and a header read
// given a fresh default (fiber's c.Get(k, uuid.NewString())) or cmp.Or of
// the header and a fresh id. A registration is a
// store under a fresh id, a call of a function of the package that stores
// under an id it mints, or one that stores under its parameter when that
// argument is fresh, or a call of another package's exported function that
// stores under its string parameter (a ParamRegistrar fact marks it: a
// backend pool that starts and keeps a per-session process); that table
// holds sessions when the argument is the request's Mcp-Session-Id or the
// id minted in its place. A call of another package's exported function
// that stores under an id it mints and returns the entry (a FreshRegistrar
// fact: a session manager's Create) registers too; its table holds
// sessions when the entry is made on initialize's own path (in an if
// that holds only for one, also through a local set only under such a
// test, or in a case listing it) by a handler reading Mcp-Session-Id, or
// by the handshake's own function (one only such paths call). This
// reading is strict where the silencing tests above are generous: here a
// guess would make a finding. A call of a method of an interface the package declares and
// seals (an unexported method keeps other packages' types out) is a call
// of the package's implementations of it: a registration when every one
// registers in the same table, a removal when any removes. Removals
// through another package's exported functions (a TableRemover fact), also
// by a function of the package that calls one, count. A delete of the
// request's Mcp-Session-Id (a DELETE ending the session it names) finds
// the entry as a lookup does. Five more shapes are reported:
//
// 6. Registered whatever the method: in a handler (net/http's, or one
// taking gin's, echo's or fiber's context, whose header reads count) that names
// Mcp-Session-Id and is where requests arrive (ServeHTTP, a handler taken
// as a value, a function literal handed to a router or returned, a handler
// whose every call comes from one of those without a method test on the
// way), a registration that no test naming initialize guards, with no
// removal of that entry in the handler (a removal naming the fresh id or
// the registered value, deferred or not). One finding per table and
// handler; its other registrations are related positions, as is the store
// of a function of the package the handler calls to register.
//
//	if id == "" {
//		id = newID()
//		g.attach(id) // reported: a ping without an id gets a session
//	}
//
// 7. Registered, then refused without rollback: after a registration in a
// handler, an if branch that answers an HTTP error (http.Error, WriteHeader
// of 400 or more, a framework's writer or error with such a status, a
// function of the package that does, a call handed the writer with an
// HTTP error status or a JSON-RPC error code among its arguments, or, in
// an echo or fiber handler, a returned error the framework answers) and
// returns without removing an entry of the table, before the response
// carries the id; a branch on a later call handed the entry (if err :=
// up.Open(ctx, rec); err != nil) is such a branch, only the registering
// call's own failure is not; or a call of a
// function of the package handed the ResponseWriter or a framework's
// context that may answer an error there (an error write, or a non-nil
// error it returns to its caller -- the framework or the route answers
// it as a failure, and the handshake has no result -- in it or one or two
// calls below, that no test naming initialize guards, that no branch on
// its own parameters alone chooses, and that comes before it sets
// Mcp-Session-Id; an error it only returns does not count when the
// handler keeps it in a variable and the first test of it removes the
// entry).
// A registering call in a statement that leaves the block (return
// s.initialize(w, m)) has nothing after it: its callee's refusals are
// judged in the callee. A deferred removal covers every branch, and a
// removal earlier in a block
// enclosing a refusing branch covers that branch. An id manager whose Generate
// mints and records the id, called for an initialize before it is handled,
// has this shape, as does a helper that resolves the request's session and
// registers a fresh one for an initialize, followed by a step that answers
// 500 when the server fails to handle it. When the handler goes on to set
// Mcp-Session-Id, a branch (of an if or a case) that answers anything else
// through the ResponseWriter and returns before that -- a 202 for an
// initialize sent without an id, the server's JSON-RPC error with 200, an
// empty 204 -- or returns an error for its caller to answer, is an answer
// without the id as well, unless it names the entry or removes it.
// Registrations in one table that the same refusal leaves behind are one
// finding, the later ones related positions. The refusals named beside it
// are those on the registration's own paths: the else of an if whose body
// registers, or another case of its switch, is another request's.
//
// 8. Registered per initialize and removed nowhere: a function receiving
// the initialize parameters (a struct with JSON fields protocolVersion and
// clientInfo, or one holding it as params) registers under a fresh id in a
// table that nothing in the package deletes from, clears, replaces or
// hands to other code. A store behind an interface is never judged so: it
// may expire its entries itself.
//
// 9. Closed on one refusal, not another: in a handler, a value with a
// Close method, built by a call for the handshake and the source of the
// Mcp-Session-Id the handler answers with (the session itself), is closed on one refusing branch and left open (not closed,
// not mentioned, not closed earlier in an enclosing branch) on another,
// with no deferred close and before it is handed on. The close on the
// other branch shows the handler owns the value there.
//
// 10. Registered whatever the initialize's answer: in a function given the
// ResponseWriter -- a handler, or a helper named for initialize or called
// under a test naming it -- a registration under a fresh id for an
// initialize, and the answer written as a dispatch returned it (w.Write(out),
// an encoder's Encode, a call handed the writer and it), with no condition
// that looks at that answer beyond its being nil, or at a JSON-RPC error
// returned beside it, and no removal of the entry. The dispatch is handed
// the whole message and returns a value that can hold an error answer; it
// may refuse an initialize when it is a function value or an interface
// method, another module's function, or a function of the package whose
// initialize path (the initialize case of a switch on the method, or the
// default of a switch with none, and the code around it) builds a JSON-RPC
// error or calls such a dispatch. A Go error returned beside encoded bytes
// does not judge the answer: the bytes may hold the refusal.
//
//	out, err := s.handle(raw)
//	if err != nil { ... }
//	s.sessions[id] = &session{id: id} // reported: out may refuse the initialize
//	w.Write(out)
//
// The answers may also reach the writer through one slice the function
// only appends to, measures and writes (w.Write(answers[0]), an
// encoder's Encode(answers)), each element a dispatch's answer or, when
// the dispatch failed, a JSON-RPC error built in its place: that error
// answers the initialize too, so the dispatch need not be one that may
// refuse (slicedverdict.go). A slice read any other way is not followed.
// A registrar call handed something naming initialize (a flag the
// request's method set) registers for an initialize too.
//
// A store handed a record rather than a key (Create(ctx, &Session{ID:
// id})) keeps it under the record's id field (one string field named ID,
// Id or SessionID): the record is fresh when that field is set from a
// fresh id -- in a literal, a variable last assigned one, a constructor
// of the package that sets it, or a view of such a record a method of the
// package returns (sess.toState()).
//
// Limits of the table rules, all silent: a registration through an
// interface held anywhere but a struct field, through an interface other
// packages may implement (its methods all exported) unless its verbs
// name a store, or through a registrar of another package that stores by
// way of a helper; a record with two id
// fields, or keyed by one named otherwise; an error answer more than two calls below the
// handler; JSON-RPC error answers written with HTTP 200 by a dispatcher
// other than as rule 10 reads them (an answer marshalled or rewritten
// before it is written); a framework handler's answers (rules 7 and 10
// read those written through the ResponseWriter); a test
// that names "initialize", or an identifier spelled with "init", anywhere
// around or before the registration is taken as the
// method test, and a registrar whose name says init as an initialize
// handler dispatched elsewhere; functions that build go-sdk or runtime transports are left
// to the rules above. No fix is suggested: where the registration belongs
// depends on the handler.
package refusedhandshake
