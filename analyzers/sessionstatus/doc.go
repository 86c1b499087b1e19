// Package sessionstatus defines an Analyzer that reports requests with an
// unknown or missing Mcp-Session-Id answered with the wrong HTTP status.
//
// # Analyzer sessionstatus
//
// sessionstatus: report unknown or missing Mcp-Session-Id answered with the wrong status
//
// The Streamable HTTP transport gives two session refusals one status each:
// a session id the server does not know (never issued, expired, terminated)
// is 404 Not Found, and a client that gets 404 starts a new session with a
// fresh initialize; a request that needs a session and carries no id is 400
// Bad Request. Answering an unknown id 400 or 401 strands the client on a
// dead session; answering a missing id 404 sends it into an initialize loop.
//
// sessionstatus follows the header's value -- r.Header.Get with the header
// name in any case, or any constant of that value such as the runtime's
// protocol.HeaderSessionID -- into a lookup keyed by it (sessions[id],
// sync.Map.Load(id), store.Get(ctx, id), slices.Contains(s.issued, id), a
// loop keeping the element equal to the id, also inside a helper of the same
// package the id is passed to), and judges the answer given directly under
// the test of that lookup or of the id:
//
//   - s, ok := sessions[id]; !ok, or s == nil: anything but 404 is reported;
//   - ok := sessions[id] on a map[string]bool (a set of known sessions),
//     !ok or !sessions[id]: anything but 404 is reported;
//   - s, err := store.Get(ctx, id); err != nil: a 4xx other than 404 is
//     reported (a 5xx is a store outage, which is allowed);
//   - id == "" or len(id) == 0: anything but 400 (or 405) is reported;
//   - id != t.sessionID, a string field named for a session id that is
//     not the request's (a transport that holds one session): anything
//     but 404 is reported.
//
// An answer no test around it names is judged by the way a request
// reaches it: the handler is walked once with no id and once with an id
// its lookups do not hold, each test that state decides taking its one
// branch and every other both, and the first answer a way reaches past a
// decided test is the handler's answer to that row (after an `if ok {
// ... }` that does not return, a status variable the miss's branch set and
// a later write sends, a flag the lookup's branch set). It is judged as an
// answer under the test is. Not judged: an answer inside a branch of
// another test entered after the session's (a decode error), a status
// another test set, a branch taken for the session and for another reason
// at once (!ok || denied), a way through an initialize branch, a success
// on a way not known to be past initialize (a test that rules it out, a
// DELETE or GET branch), a success in a package that hands out no ids,
// and a function another rule reported.
//
// Three shapes read more than the test around the answer:
//
//   - a call given the id (or a variable that is the id or "") whose
//     error is tested for a package sentinel named for a refused session
//     (errors.Is(err, pkg.ErrSessionClosed), answered 404) while another
//     such sentinel of that package (pkg.ErrLackSession: closed, expired,
//     terminated, lack, unknown, not found, no such) is never tested and
//     falls through to a 4xx other than 404; not judged when the function
//     answered a session condition before the call. A failed lookup whose
//     error is first tested for such a sentinel is not judged as a plain
//     failed lookup: what falls through is its other errors;
//   - an id read from the header in the function that reaches a map or
//     store lookup (not a validator) with no use on the way (no id == "",
//     no helper given it, no package function given the request that
//     reads the header itself; uses in another branch or in a block that
//     returns do not count), whose failure is answered 404: a request with
//     no id gets 404 too. Judged only in a package that answers a missing
//     id 400 somewhere. A validator (mcp-go's SessionIdManager.Validate)
//     decides itself whether an absent id is acceptable (a stateless
//     manager accepts every id), so it is not judged;
//   - a call given the id whose callee, a function or a method of a
//     concrete type of the package, returns only nil or one refusal
//     sentinel (directly or through such a function): its failure is an
//     unknown session, and anything but 404 is reported.
//
// Error variables are also known by where they are returned, whatever
// their names: one that every return in its package reaches only past a
// lookup keyed by the id that missed (the miss of a map, a nil value, a
// store's own not-found), never on another way, is a refused session as
// a sentinel named for one is, in the package and, through httpanswers'
// MissFact, in those that import it. A bool check given the request that
// reads the id itself and is false only past a test of the id's absence or
// of a lookup's miss, under both, merges the missing and the unknown id
// whatever its name.
//
// Whose id a session is registered under is judged too. A get-or-create
// keyed by a value read in the function that may be the request's id (the
// id itself, or the header if present, else a minted one) adopts an id the
// server never minted: a store of a struct of the package (a session, not a
// per-id timestamp) into the map under the key on the miss of a lookup of
// the same map and key (inside if !ok or if s == nil, or after an if ok or
// if s != nil that returns), or a call of a package helper that does so on
// a miss of its parameter; a sync.Map's Store or LoadOrStore after a Load
// of the key missed counts the same, and so does a store's method (Save,
// Put, Store, ...) handed a record built with the key as its id after a
// comma-ok method of the same store missed, unless the miss's branch asks
// another call about the key first (a resume from a backup), or the way
// from the miss to the store hands the key to a call whose failure is
// tested and returned on right after it (a cache filled from a store that
// refuses ids it never saw). With no lookup at all, a new session of the
// package (a composite literal or a call, not a session found elsewhere)
// stored in a map or a sync.Map (Store, LoadOrStore) under a key that
// still holds the request's id on the way an unknown id takes (the id
// itself, or a string spelled from it: "stream:" + id, fmt.Sprintf of it),
// here or through a package helper handed the id that stores under its
// parameter, adopts the id too, when nothing on that way could tell a
// known id from an unknown one: no test of the id beyond its emptiness, of
// a check's result (a map indexed by the id, in any spelling, is a lookup)
// or of a call given the request whose function can read the id (an
// interface's method or a function value may; formatting or logging the
// id asks nobody). It is judged where the
// function mints the key itself on the way without an id (`if id == "" {
// id = newID() }`), or in a package that hands out ids: mcp-go's GET
// stream, under its default session manager, opens one under an id it
// never issued where go-sdk answers 404. In a branch that runs only
// for an initialize (a method compared with "initialize", strings.EqualFold,
// a case "initialize", a case of a tagless switch comparing the method so,
// or an unexported function called only from such branches, its key a
// parameter or a local it reads itself), a map store keyed by, or an
// Mcp-Session-Id answered with, a
// value that may be the client's id keeps it (session fixation); one
// finding per function. Neither is judged once the way there has tested
// the id beyond its emptiness: a lookup, a validator, a check given the
// request.
//
// The call of such a helper may sit in an unexported function the handler
// hands the id to: it is judged when a caller passes the id as it read it,
// having neither tested it beyond its emptiness nor keyed anything by it on
// the way (carried.go).
//
// A get-or-create of another package is known by a fact of the
// sessiongetorcreate pass: an exported function that stores a struct of its
// package, or a map made for the key, under its string parameter on the
// miss of a lookup under it. Its call with a value that may be the
// request's id is reported, with where the header was read as related.
//
// What a path does with the id it was given is judged too, in a package
// that hands out ids (it sets Mcp-Session-Id on an answer to a value not
// copied from a request or a response) and keeps a table of its own (a
// string-keyed map or sync.Map it stores its structs into, or a store type
// of the package with a (T, bool) get). A lookup of the request's id whose
// miss falls through -- used only by `if ok { ... }` or `if s != nil`
// without a return, with no test of the id that refuses before or after --
// followed by a 2xx answer, a body with no status before it,
// next.ServeHTTP or gin's c.Next outside an initialize branch serves an
// unknown id (404 is due). On the way to it, `if id == "" { id = newID() }`
// with no initialize test in or around it, and no returning test in the
// function that may tell an initialize without an id (a method test, an
// emptiness test, a local flag), serves a missing id whatever the method
// (400 is due). A lookup whose hit returns the session found and whose
// miss goes on, in the same block and with nothing refused or returned
// between, to set Mcp-Session-Id to a fresh id of the function's making
// replaces an unknown id with a new session (404 is due: it tells the
// client to initialize again). The lookup is a string-keyed map read, a
// sync.Map Load, or a method of a type of the package given the id alone
// and answering a pointer or (T, bool); in a helper, every call in the
// package hands the key a value that may be the request's id, one of them
// outside an initialize branch, and those calls are related positions.
// The same replacement through a get-or-create whose miss returns a
// session made afresh (return m.Create(), or a variable the miss path
// assigns one; the miss path goes on past an `if id != ""` around the
// lookup, and a second result may be the fresh session's own key), of the
// package or of another by a fact, given the request's id outside an
// initialize branch and whose result (or its id, or the key it returns
// beside it) the caller sets as Mcp-Session-Id, is reported at the call.
// So is the replacement in place: the session variable a lookup of the id
// filled (perhaps only for an id that is not empty), replaced on a miss by
// an if that goes on (if s == nil { s = t.Create() }), then the same block
// setting Mcp-Session-Id from it, with nothing returned or refused from the
// lookup on and the replacement outside an initialize branch.
// A helper's errors for a missing or an unknown id are read in the
// packages that answer them through a fact too (a transport package's
// HandleRequest answered 500 by a cmd package), and a helper whose only
// error is the unknown id's, answered with a 4xx other than 404, is
// reported.
// A function true only when its table holds an entry under
// its one string parameter (ok, or ok && a bool field of the entry, or
// return t.m[id] != nil beside locking the table), of the
// package or by a fact of another, is a membership test whatever its name:
// an answer under its negation given the request's id is an unknown
// session, and anything but 404 or a 5xx (a JSON-RPC error with 200
// included) is reported.
//
// A handler that ends sessions (its body, or the branch directly in it
// that runs only for an HTTP DELETE: if r.Method == http.MethodDelete, a
// case "DELETE" of a switch on the method, c.Method() == fiber.MethodDelete)
// by removing the request's id from its table with no lookup on the way
// (delete, sync.Map's Delete, a method named for removing given the id:
// Delete, Remove, Terminate, ..., or EndSession, CloseSession,
// ExpireSession, whose first word alone names other work), and then
// answers a bare 2xx, ends an unknown id with the success a known one
// gets: 404 is due. A removal under `if id != "" { ... }` (beside the
// lock around it) counts the same; the missing id gets that 2xx too.
//
// A package that hands out ids and records its sessions in a table of its
// own (a string-keyed map it stores its structs into, or a sync.Map) that
// nothing in it ever reads by key (no m[k] but on an assignment's left, no
// Load, the table handed to no function) never checks the id a request
// carries against the ones it issued: an id nobody issued is served, where
// 404 is due. It is reported once, at a read of the header whose value
// goes nowhere a check may hide -- compared with "" at most, logged,
// formatted or set on a header -- in a function that hands its request to
// no other function.
//
// A finding about a failed lookup through a helper of the package names
// the helper's return for an id its table does not hold (a finding about a
// helper's missing or unknown id, of the package or by a fact, names every
// return of that kind); one about a
// get-or-create of another package names the store there that makes the
// entry.
//
// A session removed inside `if ok { delete(sessions, id) }` (or
// sync.Map.Delete, or a call given the id and named for ending it:
// store.Drop(id), mgr.Terminate(id)), also nested in `if id != "" { ... }`,
// followed in the function's body, with no other test between, by a 2xx
// answer gives an unknown id the same success: 404 is due. A guard that returns for every request carrying an id (`if id != ""
// { ...; return }`) leaves a missing id past it, so a not-initialize
// answer there is judged as under id == "". An interface method of the
// package counts as returning the id when a type of the package implements
// it by returning the header.
//
// A helper's returns include those of the functions of the package it
// returns as they come (return s.forward(w, m, id)), given the id or the
// request, on a path no test of the id has conditioned: a dispatcher that
// hands each method to a function failing for a missing or an unknown id
// fails for them too. When such a helper fails for a request without
// Mcp-Session-Id that reaches it untested and its every error is answered
// 5xx, the missing id goes out as a server failure (400 is due); one
// finding names the unknown id's 404 too when the helper fails for both.
//
// A helper of the package given the id, or given the request whose id it
// reads itself, whose errors include one it returns for an id its table
// does not hold (if !ok after a lookup keyed by the id: return
// fmt.Errorf(...) or a sentinel of any name), beside the server's own (a
// full channel, no request waiting) or alone, every error answered 5xx,
// answers the unknown id as a server failure. The helper's returns are
// read under the same session conditions as a handler's answers, so a
// helper the model reads as a lookup (sess, err := s.fetch(id)) or a check
// is judged by them too. Not judged when the function tells the errors
// apart or answered a failed lookup or check of the id (not one through an
// interface, whose test is not seen) before the call. An exported function
// of another package that returns an error when a lookup keyed by its
// string parameter misses carries that by a fact (goneFact), whatever the
// error is named: its failure answered 5xx with the error's text and type
// never looked at is reported the same way.
//
// Calls through an interface are not followed into implementations: a
// method whose only implementation lives in a package that does not import
// the handler's (go-mcp's sessionManager.OpenMessageQueueForSend) is not
// judged. A status chosen through a code to status table, a validator held
// in a field of function type, a session header under another name
// (X-Session-ID), and an answer helper whose JSON-RPC code another package
// builds (its 200 is not judged) are not reported. A lookup in a table the
// package never stores its own structs into, or in a package that never
// hands out an id, is optional per-session state or a pass-through and is
// not judged as served. A handler behind a middleware that checks the id
// is judged as if unchecked.
//
// An answer is http.Error, WriteHeader, a runtime protocol constructor
// (protocol.SessionNotFound is 404, protocol.BadRequest 400) or a helper
// that writes a fixed or given status, recognised through a fact; fiber's
// c.JSON(v) with no status set before it is a 200 (a JSON-RPC error in it
// is a refusal sent as a success), and so is a JSON-RPC error object
// encoded straight onto the ResponseWriter (json.NewEncoder(w).Encode,
// w.Write, fmt.Fprint) with no status set before it: net/http sends 200
// for a body written first. A JSON-RPC error object built with no
// status takes the status of the write it reaches later
// (httpwrite/latervalue.go): appended to a local slice that is only
// appended to, measured and written once (a batch's responses), or
// returned by an unexported function whose every call returns it on or
// hands it, untested, to one write (a method handler's (result, *rpcError)
// written 200 by the dispatcher's caller); 200 when nothing sets a status.
// A slice read otherwise, an error tested on the way, a function value or
// an interface method is not followed. Only the
// innermost condition around an answer decides what it answers: inside
// `if id == "" { if r.Header.Get("Accept") == "" { ... } }` the inner
// answer is about the Accept header, not the id, and is not judged. One
// inner test carries the missing id through: the method compared with
// "initialize" (`if id == "" { if msg.Method != "initialize" { ... } }`),
// since no id and not initialize is exactly the protocol's 400 row. A
// switch clause that tests the error (`case errors.Is(err,
// ErrForbidden):` under `if err != nil`) decides by its own test: 403 for
// another user's session is not a failed lookup.
//
// # An unknown session answered with anything but 404
//
// Bad:
//
//	sess, ok := h.sessions[r.Header.Get("Mcp-Session-Id")]
//	if !ok {
//		http.Error(w, "invalid session", http.StatusBadRequest)
//		return
//	}
//
// Good:
//
//	id := r.Header.Get("Mcp-Session-Id")
//	if id == "" {
//		http.Error(w, "Mcp-Session-Id required", http.StatusBadRequest)
//		return
//	}
//	sess, ok := h.sessions[id]
//	if !ok {
//		http.Error(w, "session not found", http.StatusNotFound)
//		return
//	}
//
// # A missing session id answered with anything but 400
//
// Bad:
//
//	id := r.Header.Get(protocol.HeaderSessionID)
//	if id == "" {
//		protocol.WriteError(w, nil, protocol.SessionNotFound())
//		return
//	}
//
// Good:
//
//	id := r.Header.Get(protocol.HeaderSessionID)
//	if id == "" {
//		protocol.WriteError(w, nil, protocol.BadRequest("Bad Request: Mcp-Session-Id header is required"))
//		return
//	}
//
// A success under the test that the id is missing, where the request
// cannot be an initialize (the condition says method != "initialize", or
// the handler reads no body), is reported too, in a package that issues
// ids or refuses a missing one 400 elsewhere; so is a handler that opens
// an event stream without ever reading the request's Mcp-Session-Id, when
// the other methods of its receiver type read ids and issue them, or
// refuse a request 4xx when a check of its id fails.
//
// A handler that answers initialize in an if of its own that returns (or in
// a case of a switch on the method), and past it (in the other cases)
// answers nothing but successes, serves every other message whatever
// Mcp-Session-Id it carries: nothing it does there can tell the client a
// missing id (400) or an unknown one (404) from a known one. It is reported
// at its read of the id past the branch (or at the answer), in a package
// that hands out ids and answers a missing id 400 or an unknown one 404
// elsewhere. Not judged
// when something may refuse the request by its id: a handler that returns
// an error (its caller answers), a test of the id before the branch, an
// answer past it that is not a 2xx (a JSON-RPC error included) or sits
// under a session condition, a call past it given the ResponseWriter that
// is neither a recorded answer nor of the standard library, a call given
// the request whose callee reads the header (through the package's
// functions) or lies outside the package, a function of the package that
// reads the id and hands the request on (a middleware that may check it
// first), or a handler that names a revision or reads MCP-Protocol-Version
// (2026-07-28 carries no id).
//
//	// bad: the id only labels the work
//	if m.Method == "initialize" { s.open(w); return }
//	if id := r.Header.Get("Mcp-Session-Id"); id != "" {
//		ctx = context.WithValue(ctx, sessionKey{}, id)
//	}
//	json.NewEncoder(w).Encode(s.dispatch(ctx, m))
//
// A message handler that tells an initialize apart (to mint its id after
// dispatching it, say) and never reads the request's Mcp-Session-Id but to
// log, format or set it on a header is reported the same way, at its first
// 2xx answer (with no JSON-RPC code) not confined to the initialize: what
// it answers cannot depend on the id. Silent where it compares the id with
// anything, hands it to a function, reads a query, form or path value (the
// HTTP+SSE transport names its session in the URL), and where the rule
// above is.
//
// A package that hands out ids (it sets Mcp-Session-Id on an answer to a
// value it made, or to a helper's result that is minted when the client
// sent none) and never tests a request's Mcp-Session-Id against anything
// but "" serves every request whatever id it carries: a missing id (400)
// and an unknown one (404) get what a known one gets. Every read of the
// id, in any function of the package, must be logged, formatted, set back
// on the answer's header, compared with "", a key stored into or deleted
// from a table of the package that nothing reads by key, or returned from
// or handed to a function of the package whose own uses are of those
// kinds; the issued id goes nowhere else either. It is reported once per
// package, at the first issue, naming the other issues, a helper's return
// of the client's id as it came, and a 2xx answer (no JSON-RPC code) a
// message other than initialize gets, in a function that issues the id or
// calls one that does, or one they hand the writer to (past an if that
// answers initialize and returns, the message is not an initialize).
// Silent where
// something outside the package may check the id (a function issuing it,
// or a caller two levels up, gives the request to a function of another
// package, not of the standard library, or through an interface or a
// function value), where the package names a revision from 2026 on or
// those functions read MCP-Protocol-Version (a hybrid's 2026-07-28 leg
// carries no id), for a stateless server that only echoes the client's
// id, and where the rules above already reported the package.
//
// A handler that hands the request's Mcp-Session-Id, and flags, to a
// helper of the package that for an empty id returns a session without
// failing serves a request without an id: it is reported at the call when
// a 2xx answer follows. The helper is read with the id empty and each
// bool parameter bound to what the call passes for a request that is not
// an initialize: a constant, a test of the method for "initialize"
// (false), or a local that starts false and is set true only under such a
// test (a batch scanned for an initialize). A return it reaches, past
// branches its own state decides either way, is reported when it returns
// a session it made (a call or a literal) and registered in a map (or
// set on Mcp-Session-Id), or one it ranged to over a map: a fresh session, or
// another client's. A helper of another package is read the same way
// where it is declared, and its returns for each binding of its flags
// carried in its kindsFact. Silent for a flag computed any other way, for
// a branch that tests anything else the caller hands in, for a call in an
// initialize branch or in a function called only from one, and where a
// test that returns before the call may tell such a request apart (the
// method, the id's emptiness, a local bool set from either or from a call
// that may read the id).
//
//	// bad: with no id and no initialize in the batch, the only session
//	sess, err := b.pick(r.Header.Get("Mcp-Session-Id"), sawInitialize)
//
// A handler that compares the request's Mcp-Session-Id with a field the
// package sets as the answer's Mcp-Session-Id (the one session a proxy
// holds per backend) and, on a mismatch, only logs, then answers 2xx,
// serves an id the server does not hold: reported at the comparison.
// Silent when the mismatch branch returns, answers or assigns anything,
// when the id is used past the comparison (forwarded, stored), in an
// initialize branch, and where a test of the id returns elsewhere in the
// function.
//
// The session-missing row is for a request other than initialize: an
// initialize carries no id, since the server mints one in its answer. A
// handler where requests arrive (no function of the package given a
// ResponseWriter or a framework's context calls it) that takes POSTs (it
// reads the body, itself or one call down, or tests the method against
// POST) and refuses a request without Mcp-Session-Id (an error status
// under a test of the id's emptiness alone, in an if that returns, at the
// top of the function or under tests of the HTTP method only) before any
// statement names initialize (itself or one call down) refuses every
// handshake, when an initialize would reach it: the function goes on to
// tell one apart or answer one (two calls down), or hands the request's
// body on to another server (http.NewRequest, or a function of a package
// outside the standard library). Silent in a package that does not name
// initialize, or that sends the HTTP+SSE transport's endpoint event.
//
//	// bad: a client has no id to send before initialize
//	if r.Header.Get("Mcp-Session-Id") == "" {
//		http.Error(w, "missing session", http.StatusBadRequest)
//		return
//	}
//	json.NewDecoder(r.Body).Decode(&m) // then: case "initialize"
//
// # A DELETE answered with no id read
//
// A DELETE ends the session its Mcp-Session-Id names. A DELETE route of
// MCP's endpoint (r.Delete, r.DELETE, mux.HandleFunc("DELETE /mcp", h), at
// a path ending in mcp or message(s), or at the path the same router
// registers a POST for) whose handler, with the functions of the package
// it calls, never reads the id and answers a success (or writes nothing,
// which net/http sends as 200) ends no session in particular: a request
// without an id (400), one naming an unknown session (404) and, on a
// server keeping no sessions, any DELETE (405) get the success a known
// session's end gets (deleteunread.go). Silent where something may read
// the session: a name of the header, a value read from a context, the
// URL's query or the request's form or path values read, a route path with a
// placeholder, the request or its writer handed outside the package and
// the standard library (or to an http.Handler), a middleware on the route or its
// router that may do any of these, one on the route from outside the
// package; and where the handler answers 405 on some path.
//
//	// bad
//	r.Delete("/", func(w http.ResponseWriter, r *http.Request) {})
//
// # A refusal sentinel left to the fallback
//
// Bad:
//
//	out, err := t.dispatch.Receive(ctx, id, body)
//	if err != nil {
//		if errors.Is(err, pkg.ErrSessionClosed) {
//			http.Error(w, "session closed", http.StatusNotFound)
//			return
//		}
//		http.Error(w, err.Error(), http.StatusBadRequest) // pkg.ErrLackSession too
//		return
//	}
//
// Good: test pkg.ErrLackSession with pkg.ErrSessionClosed.
//
// The same holds for a helper of the package that returns a missing-id
// sentinel and an unknown-session one (errNoSession, errUnknownSession)
// when its caller answers every error 400: the unknown one needs 404.
//
// The suggested fix rewrites a status written in the answer (400 or
// http.StatusBadRequest becomes 404 or http.StatusNotFound, and the other
// way round) and, as the runtime answers, a JSON-RPC code written beside
// it, with the message of the same row of docs/protocol.md's table:
// -32001 "Session not found" for 404, -32000 "Bad Request: Mcp-Session-Id
// header is required" for 400; findings of the first two shapes above have none (the fix
// is a test to add).
//
// # Suppressing a finding
//
//	//mcpvet:ignore sessionstatus this endpoint predates sessions; clients key on 410
//	http.Error(w, "gone", http.StatusGone)
package sessionstatus
