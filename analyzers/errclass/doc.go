// Package errclass defines an Analyzer that reports HTTP statuses and
// JSON-RPC error codes that do not match the cause of the failure they
// answer.
//
// # Analyzer errclass
//
// errclass: report HTTP statuses and JSON-RPC codes that do not match the failure's cause
//
// An MCP client decides what to do from the status and the code: -32700
// (Parse error) and 400 say "your request was bad, do not send it again";
// 500 with -32603 (Internal error) says "the server failed, retrying may
// work". A handler with one broad error branch answers every failure as
// 400 / -32700, including failures of the server's own (an id generator, a
// session or event store, a hook, Server.Connect, a recovered panic). errclass
// traces the error an answer reports back to the call it came from, through
// SSA within a package and through facts across packages, and reports four
// kinds of mismatch. Each finding names the call and the fix.
//
// An answer is http.Error, ResponseWriter.WriteHeader (paired with a JSON
// error object written in the same block), a constructor of the runtime's
// protocol package (ParseError, Internal, NewError, ...), a go-sdk
// jsonrpc.Error literal, or a call of a helper that writes one answer from
// its parameters (recognised through a fact, whatever its name; a 500 the
// helper writes only when encoding its own response fails is its fallback,
// not its answer). An error object a function builds is an answer only when
// it can reach the wire (written, returned, handed to a call): one sent on a
// channel or dropped is not judged. The error an answer is about is the
// error in its message or arguments, else the error tested by the enclosing
// if (err != nil, errors.As, errors.Is, r := recover(); r != nil). Under a
// test that picks one kind of error (errors.Is, errors.As, a comma-ok
// assertion of the error's type, err == ErrX for a package-level
// sentinel, a switch on the error naming sentinels, an earlier if err !=
// ErrX that returned) the answer is about that kind,
// whatever the call the error came from; when that kind is one sentinel
// whose name says the server failed (unavailable, unreachable, timeout,
// storage, database, shutdown, overload), directly under the test that
// picks it, the answer is about the server's failure.
//
// A failure is the server's when it comes from recover(), go-sdk's
// Server.Connect, crypto/rand.Read, json.Marshal or Encoder.Encode,
// database/sql, a uuid generator, a function held in an exported struct
// field (a configured hook or generator such as SessionIDGenerator; not a
// configured decoder of json.Unmarshal's shape, func([]byte, any) error,
// such as a web framework's JSONDecoder, which fails on its input), or a
// method of an interface that takes a context.Context first (a store such as
// SessionStore.Get(ctx, id); not a keyed lookup, Get(ctx, name) (T, error),
// whose every implementation among the types of the package, the
// interface's and the packages it imports is known and makes its errors in
// place, wrapping nothing, as an in-memory registry's "not found"), or a
// method of a database package (one whose
// package imports database/sql: an ORM, a query builder) that reports
// whether the record exists as a bool beside its error, (bool, error) or
// (T, bool, error), where the client's unknown key is the bool and the error
// is the database's -- directly, or through any chain of functions
// returning it. An error errclass cannot place (a parameter, a validator's
// own errors.New, an iterator's yield) is never judged: precision comes
// before recall. In code another tool generated, only functions that take
// a context.Context (stores, clients, RPC stubs) are followed: the errors of
// generated marshalers, deep copies and conversions are not placed.
//
// An error a function makes afresh where it returns it (errors.New,
// fmt.Errorf wrapping nothing placed, a value of its own error type) is
// placed by the test it is returned under: in the then branch of if err !=
// nil (or the else of err == nil), with only straight-line code between,
// it comes from where err comes from. Under a condition that tests
// anything else as well (err != nil && !errors.Is(err, ErrX)) it stays
// unplaced. A caller that tells such an error apart by asserting its type
// (if _, ok := err.(clientError); ok { ...; return }) has sorted the errors
// by kind. Failures of os/exec's Cmd (Start, Run, Output, the pipes) are the
// server's, and net's dials are upstream failures.
//
// A status in a local variable that starts as a constant and changes only
// under such a test is the status of every other error. -32600
// is judged a server-side answer only when every origin of its error is
// the server's: a lookup keyed by the client's input may fail with "not
// found", which is the client's; -32600 with HTTP 200 too. A liveness
// method of the server's own found false (if !backend.IsRunning(), Alive,
// Healthy, Available, Started, Connected, Online) is a server-side failure
// like an error. So is an error made afresh under a test that the
// receiver's session table is full (len(h.sessions) >= max, a map field
// named for sessions or holding them): the unavailable row, 503, and a
// 4xx that also answers an unknown id is reported as one answer for both.
// Not modelled: other server state reported as a boolean; the other
// errors a get-or-create builds itself with errors.New or fmt.Errorf (no
// backend), which errclass cannot tell from the unknown-id lookup's
// sharing their answer; and a
// status set before an implicit-200 helper by a call that is not an answer
// errclass knows (then it stays silent).
//
// # -32700 or 400 for a server-side failure
//
// Bad:
//
//	id, err := h.SessionIDGenerator()
//	if err != nil {
//		writeError(w, http.StatusBadRequest, jsonrpc.CodeParseError, "Parse error")
//		return
//	}
//
// Good:
//
//	id, err := h.SessionIDGenerator()
//	if err != nil {
//		writeError(w, http.StatusInternalServerError, jsonrpc.CodeInternalError, "Internal error")
//		return
//	}
//
// The suggested fix rewrites the status and the code in the spelling the
// code used (http.StatusBadRequest becomes http.StatusInternalServerError,
// jsonrpc.CodeParseError becomes jsonrpc.CodeInternalError, 400 becomes
// 500), and protocol.ParseError(err) becomes protocol.Internal(err).
//
// On MCP's endpoint, a server-side failure answered 404 or 403 (a store's
// lookup folded whole into "not found" or "forbidden") is reported the
// same way; a 401 is not judged. A framework's binder (echo's Bind, gin's
// ShouldBindJSON, fiber's BodyParser) decodes the request's own body: its
// failure is the client's.
//
// An answer to a session condition is sessionstatus's to judge, with one
// exception: a 4xx whose error can also come from a failure no request
// causes -- crypto/rand, encoding the server's own value, Server.Connect, a
// uuid, a child process, recover() -- answers that failure as the
// client's. A helper that finds the request's session or makes one fails
// both ways, and one status cannot answer both: tell them apart and answer
// the server's 500. A store's failure is left to sessionstatus (404 for
// the id it does not hold, 5xx when it is down), unless the store told its
// not-found apart where the error was made (errors.Is(err, redis.Nil),
// err == sql.ErrNoRows, returning a sentinel of its own): its other errors
// are then the store failing, whatever id was asked for, and count as the
// server's own here (carried across packages by the origin fact's Own).
//
// # -32700 for a session-id refusal
//
// A request whose Mcp-Session-Id is unknown, or missing, had a body that
// parsed; -32700 sends the client looking for a JSON bug it does not have.
// (sessionstatus judges the status of the same answers.)
//
// Bad:
//
//	if _, ok := sessions[r.Header.Get("Mcp-Session-Id")]; !ok {
//		writeError(w, http.StatusNotFound, jsonrpc.CodeParseError, "unknown session")
//		return
//	}
//
// Good:
//
//	if _, ok := sessions[r.Header.Get("Mcp-Session-Id")]; !ok {
//		writeError(w, http.StatusNotFound, protocol.CodeSessionNotFound, "Session not found")
//		return
//	}
//
// # A refusal written with HTTP 200
//
// -32700 (bytes that are not JSON) and -32600 (JSON that is not a JSON-RPC
// request, a refused header) refuse the request before any method runs:
// HTTP 400. errclass reports them written with 200, pinned or implicit: a
// helper that writes a body and never a status (its Sink says Implicit), or
// a handler that encodes the error object to the ResponseWriter itself with
// no status set before. A -32600 counts only in a function that reads the
// request (r.Body, or the body's bytes as a []byte parameter) or under a
// test of a request header, and not under an error errclass cannot place as
// the request's read or decode, or as the failure of a call named for
// validating handed the value the body decoded into (the envelope judged
// before any method runs): a method's own -32600 rides on 200. Several
// such calls of one helper of the package are one finding, at the helper.
// A writer whose only other answer is an empty success for an empty reply
// (if rep.Version == "" { w.WriteHeader(204); return }, an empty 200 for
// a notification) writes any error with its other status: a JSON-RPC error
// travels in a body.
//
// Bad:
//
//	func sendError(w http.ResponseWriter, code int, msg string) {
//		json.NewEncoder(w).Encode(response{JSONRPC: "2.0", Error: &rpcError{Code: code, Message: msg}})
//	}
//	...
//	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
//		sendError(w, -32700, "Parse error") // HTTP 200
//	}
//
// # A refusal returned as a response value
//
// A dispatcher that parses the request itself may answer by returning the
// whole response (an envelope holding the -32700 error object), which the
// handler writes. errclass follows the returned response from the function
// that builds it (through wrappers that return it, and through a fact for
// an exported one in another package) to a write with no status set
// (Encode, json.Marshal then Write, or an answer pinning http.StatusOK), or
// right after w.WriteHeader(http.StatusOK) in its block, in the same block
// as the call, and reports the write (the line to fix),
// naming the callee. A -32600 counts only
// about the request's own read or decode: a method's error after dispatch
// rides on 200. The error object may be a literal or the result of a
// constructor given the code as a constant (errorResponse(id, -32700,
// msg)), also through a wrapper that returns what the constructor built,
// and the bytes a constructor returns by marshalling such a response
// (return json.Marshal(Response{..., Error: &RPCError{Code: code}})).
// A fiber handler's c.JSON(resp), with no status set before and not
// chained on c.Status(n), writes it with 200 too. A validator of the
// package handed the decoded request, every non-nil return of which is an
// error object with -32700 or -32600 (or -32602 for params that are not an
// object, under no test of the method), refuses before any method runs:
// the -32600 it returns counts wherever it is written. A test of a member of
// the response before the write (if resp.Error != nil) tells a refusal
// from an answer, and is silent; a nil test is not. The package that
// builds the response need not answer HTTP: one that declares a JSON-RPC
// request type (a struct with a "method" member) is read for this fact.
//
// A finding at the call of a helper of the package that fixes the status
// (it always writes one constant status, or writes a body and never a
// status) names, as a related position, the line in the helper that fixes
// it: the line every caller's fix goes through.
//
// # An initialize refused with a success status
//
// An initialize the server answers with an error is a refused handshake:
// 400 for the message's shape or its params (-32600, -32602), 500 for the
// server's own failure (-32603), never 2xx, which a client reads as a
// handshake that went through without a session. errclass reports such an
// answer written with 200 (pinned, or by a helper that writes no status)
// on a path only an initialize takes -- an initialize branch, or a function
// only such branches call -- when it carries -32700, -32600 or -32602, when
// it writes a response envelope under resp.Error != nil, or when it writes
// every outcome of a dispatcher alike after telling the initialize's error
// apart (if method == "initialize" && resp.Error == nil { set the id }).
// Not judged: a server-defined code (an authentication refusal, say);
// -32603, which readers split on (the server's own failures making the
// session, in its state or upstream have rules of their own); a refusal
// under a test of the revision the initialize proposes, sessionversion's.
// A finding about a dispatcher's response names, as related positions,
// where the dispatcher refuses the initialize: a return of an error
// envelope, or of a constructor handed the code, in its initialize case or
// in the function it hands the initialize to.
//
//	// bad: the helper pins 200
//	case "initialize":
//		if err := json.Unmarshal(req.Params, &p); err != nil {
//			sendError(w, req.ID, -32602, "Invalid params")
//			return
//		}
//
// # -32700 for JSON of the wrong shape
//
// A decode of bytes the handler already holds as JSON (an earlier decode
// into json.RawMessage filled them, or an earlier json.Unmarshal accepted
// them on every path) fails only on the wrong shape: -32600, or -32602 for
// a method's params. The knowledge crosses functions of the package two
// ways: a json.RawMessage a helper returns, nil or decoded, beside a bool
// or an error its caller returns on right after the call; and a
// json.RawMessage parameter of a function used only as the callee of
// direct calls, each handing it such bytes. So does a decode of a json.RawMessage member of a
// decoded message (req.Params), whichever function or package it is in: an
// error that can come from one is not answered -32700. This rule, and the
// returned refusal's fact, also run in a package that answers no HTTP
// itself (a dispatcher returning error bytes); nothing else is judged
// there, where the status is not the package's.
//
// Two more answers claim -32700 where the bytes were never in question. One
// is directly under a test that reads only members of a value the body
// decoded into before it (if m.JSONRPC != "2.0" || m.Method == "") and
// tests no error: that JSON decoded, and is not a valid request (-32600).
// The test may be a case of a tagless switch (the cases before it false, a
// default's every other case false), and a member a local read out of a
// map the body decoded into (_, ok := fields["method"]). This one also
// runs in a JSON-RPC engine that answers no HTTP (it declares a request
// type; its parser is handed the bytes and returns its refusals as error
// values): a decode of a []byte or json.RawMessage parameter counts as the
// message's there, and the code is wrong whatever status the transport
// adds. The other is under the error of the one call whose failure it reports,
// when that call is handed none of the request's bytes -- no []byte,
// string, reader, request, framework context or interface value, only
// members of a decoded message (m.Method, m.Params) and values of the
// server's -- is not named for decoding or reading, and its errors have no
// origin the tracer places: a backend's, a tool's or an upstream's failure
// (-32603). A call handed the raw body may be the one that finds the bytes
// are not JSON, and is not judged.
//
// The bytes of an upstream's reply are not the client's. A read or decode
// whose input is an *http.Response's Body (through io.ReadAll, a
// LimitReader, a json.Decoder made over it, a conversion) fails on what
// the upstream sent or on the network: answered -32700 or a 4xx it is a
// failure upstream, 502 with -32603. So is the error a reverse proxy hands
// its ErrorHandler (a round trip that failed, a ModifyResponse that
// refused the reply): -32700 there is judged whatever status goes with it.
//
// A decode of the params member of a decoded message (msg.Params, a
// json.RawMessage) fails only on params the method cannot take: answered
// with any code but -32602 (or -32600, -32700) -- a server-range -32004,
// -32603 -- it blames the server or an upstream for the client's params.
// The mirror: -32602 answered to every failure of the decode of the
// request's own body into the JSON-RPC message (a struct with a method
// member; envelopeparams.go) names params for what is not JSON (-32700) or
// not a request (-32600); params decode later, once the method is known.
//
// -32602 says the client's params are wrong, and an unknown tool or prompt
// the client named is -32602 too. It is judged for an error every origin
// of which is the server's own (a random source; not an encoding, which may
// be of the params themselves marshalled again, and cannot fail), the
// network's, or a store's once its not-found was told apart and answered
// before (errors.Is(err, ErrNoPrompt) returning, or another case of the
// switch): a database, or an interface's keyed lookup (Get(ctx, name)). Any
// other interface method may be handed the params and fail on them (a
// tool run), and is not judged.
//
// # The client's fault answered as the server's
//
// -32603 or a 5xx under the failure of the request body's decode or read,
// or directly under a test that reads only members of the decoded message,
// blames the server for the client's request: 400 with -32700 or -32600.
// -32603 is judged with 200 too, against these causes only (a method's
// -32603 after dispatch rides on 200): a gateway whose error helper always
// writes 200 answers a failed read of the body -32603. -32600 under the failure of a decode
// of the body into a json.RawMessage or an empty interface, which any JSON
// fits, answers bytes that are not JSON: -32700. So does -32600 (with 400
// or no status) answered to every failure of a decode of the request's
// own body into a target valid JSON can fail to fit (a struct, a map, a
// slice, a type with its own UnmarshalJSON, a framework's binder): that
// decode fails on bytes that are not JSON too. Silent when the function
// shows the bytes are JSON first (json.Valid, a decode into a
// json.RawMessage or an empty interface before it) or names
// *json.SyntaxError or *json.UnmarshalTypeError, telling the failures
// apart, and where a function of the package tests bytes with json.Valid
// and puts a body back on a request: a middleware that refused what is
// not JSON before the handler decodes.
//
// The converse, -32700 answered to every failure of such a decode, calls
// valid JSON of the wrong shape ("method": 5, a batch array where one
// object is decoded) a parse error, where the not-jsonrpc and bad-batch
// rows say -32600. A decode of the request's own body is judged, and one
// of bytes an unexported function is handed when its every caller, all
// in the package, hands it bytes read from the body and not decoded
// before (parse(body) after io.ReadAll(r.Body)): bytes a function is
// handed otherwise may have been decoded before (by every transport in
// front of it, or re-parsed), and a function every caller of the package
// hands a request it built itself (http.NewRequest on bytes it
// marshalled) decodes the server's own bytes. It is reported last, and
// only where no other finding is about the same answer: a -32700 written
// with HTTP 200 is reported for its status.
//
// A 5xx (or -32603 with no status) to every error of a call whose errors
// include a function of the package failing to decode the request's body,
// its error returned as it comes or wrapped (a dispatcher handing its
// decode's error up with the rest), answers that body as a server failure
// too: the caller must tell the errors apart. An exported function of
// another package is known so by its origin fact when it is on an MCP
// endpoint or names MCP. Not judged when the decoding function answers the
// failure itself before returning it.
//
// # A failed body answered nothing
//
// On MCP's endpoint, a net/http handler (no results) whose branch under
// the failure of the request body's read or decode writes nothing and
// returns, or that discards the decode's error and goes on, answers the
// client 200 (an empty body, or a reply to an empty message): the
// not-json row is 400 with -32700, body-unreadable 400. Silent when a
// call handed the writer (other than Header()) or a Flush comes before on
// the path, in a loop, under a test that picks GET and not POST, when the
// branch calls the package's own code or hands on the writer, and, for a
// discarded error, when the body is kept (r.Body assigned, the bytes used
// again): those bytes may go to a server that answers them.
//
// # A part of the server missing, answered -32603 with 200
//
// On MCP's endpoint, -32603 written with HTTP 200 directly under a test
// that a field of the receiver, or a package variable, of interface, func
// or pointer type is nil, in a function that decodes the request's body
// only after it, or hands the request after it to that very part (if
// s.sse == nil { ... }; s.sse.ServeHTTP(w, r)): no method has run, so the
// answer is the server-failure row's, 500. Only -32603 is judged: a nil part answered -32601, 404 or
// 501 is a feature the server lacks.
//
// After the decode too, when the test reads only the server's own state
// (its receiver, package variables, locals made from those: if
// len(s.upstreams) == 0), in the function a router of the package
// registers at one of MCP's paths and nothing of the package calls, and
// nothing was done with the decoded message yet: no call was handed it,
// the request or the writer, and no if or switch around the answer reads
// the request. A method's -32603 rides on 200.
//
// # A failed request upstream answered -32603 with 200
//
// On MCP's endpoint, -32603 written with HTTP 200 directly under the
// failure of a request the server sends upstream (client.Do, http.Post,
// the read of the reply), and nothing else: the gateway's hop failed
// before any upstream method answered, which is the server's failure, 502.
// An error the upstream's reply carries is that method's and rides on 200.
//
// # A status and a code that contradict each other
//
// -32603 (Internal error) with a 4xx, and -32700 or -32600 (client faults)
// with a 5xx, tell the client two different things.
//
// Bad:
//
//	writeError(w, http.StatusBadRequest, jsonrpc.CodeInternalError, "store failed")
//
// Good:
//
//	writeError(w, http.StatusInternalServerError, jsonrpc.CodeInternalError, "store failed")
//
// # JSON-RPC code 0
//
// An error object without a code (or with code 0) tells the client nothing.
//
// Bad:
//
//	return &jsonrpc.Error{Message: "session store unavailable"}
//
// Good:
//
//	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "session store unavailable"}
//
// # A body over the limit answered with anything but 413
//
// A body read through http.MaxBytesReader fails with *http.MaxBytesError
// when it is too large; that is 413 (Request Entity Too Large), not 400.
// errclass reports a non-413 answer under errors.As(err, &maxErr) or
// errors.AsType[*http.MaxBytesError](err), and a 4xx
// for a failed read or decode of a limited body in a function that never
// tells the limit error apart (handing the error to protocol.WriteError or
// protocol.AsError counts as telling it apart). With -errclass.strict, the
// converse too: 413 for every failed read of such a body tells a client
// that broke off mid-body (or sent broken chunking) that its body was too
// large, where body-unreadable is 400.
//
// Bad:
//
//	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
//	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
//		http.Error(w, "Parse error", http.StatusBadRequest)
//		return
//	}
//
// Good:
//
//	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
//	if err := json.NewDecoder(r.Body).Decode(&msg); err != nil {
//		var maxErr *http.MaxBytesError
//		if errors.As(err, &maxErr) {
//			http.Error(w, "body too large", http.StatusRequestEntityTooLarge)
//			return
//		}
//		http.Error(w, "Parse error", http.StatusBadRequest)
//		return
//	}
//
// A capped body handed to an httputil.ReverseProxy fails inside the
// proxy's round trip: the transport returns the read's *http.MaxBytesError
// and the proxy hands it to its ErrorHandler, which answers 502 when none
// is set. errclass reports proxy.ServeHTTP(w, r) after r.Body =
// http.MaxBytesReader(...) with neither a use of the body nor another
// assignment to it between them, when the proxy is built in the package (a
// &httputil.ReverseProxy{...} literal or NewSingleHostReverseProxy, in a
// variable or field assigned nothing else) and every ErrorHandler set on
// it is a function of the package whose answers all have a constant
// status other than 413 and that hands its writer to nothing else but the
// standard library's writers.
//
//	// bad: a body over the limit gets 502 Bad Gateway
//	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
//	proxy.ServeHTTP(w, r)
//
// On MCP's endpoint, a body read whole through io.LimitReader whose length
// the function never uses is cut at the limit without an error, forwarded
// short or refused as JSON that does not parse. Read one byte more than the
// limit and answer 413 past it, or cap with http.MaxBytesReader. A helper
// of the package handed r.Body that reads its reader so is reported at its
// read. Silent when the function compares len of the bytes or
// r.ContentLength with anything, or also caps the body with
// MaxBytesReader; a length only handed on (r.ContentLength =
// int64(len(body))) compares nothing.
//
//	// bad
//	body, _ := io.ReadAll(io.LimitReader(r.Body, maxBody))
//	// good
//	body, _ := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
//	if len(body) > maxBody { /* 413 */ }
//
// # A refusal of the method or a header with another status than its row's
//
// On MCP's endpoint, a method the endpoint does not serve is 405 with
// Allow, a Content-Type that is not JSON 415, an Origin not allowed 403.
// errclass reports a 4xx with another status when the innermost if around
// the answer tests only that one thing (with a method equal to a served
// one beside it to pick the branch), or when the answer is the default
// clause of a switch on the method (headerrows.go). Accept is not judged:
// go-sdk answers it 400 where the table says 406. The method's refusal
// written with -32601 (Method not found), whatever its status, is
// reported too: that code names a JSON-RPC method the server lacks, and
// the transport's refusal is -32000.
//
// Bad:
//
//	if r.Method != http.MethodPost {
//		writeError(w, http.StatusBadRequest, -32600, "method not allowed")
//		return
//	}
//
// Good:
//
//	if r.Method != http.MethodPost {
//		w.Header().Set("Allow", "POST")
//		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
//		return
//	}
//
// # A method not served
//
// The default clause of a switch on the request's method whose cases name
// MCP's methods is every method the server does not serve: JSON-RPC's
// -32601, and another constant code written straight in it is reported.
//
// # An unknown tool or prompt answered -32601
//
// A tools/call or prompts/get naming a tool or prompt the server does not
// have names a method it serves: the name is a bad parameter, -32602
// (Invalid params), as go-sdk, mcp-go and the TypeScript SDK answer
// (unknowntool.go). Reported: -32601 written straight in the default
// clause of a switch on the name whose cases are string constants other
// than MCP's methods, or in the branch where a lookup keyed by the name
// found nothing (!ok after a map index or a call returning (T, bool),
// v == nil after one assigned once). The name is a string field whose JSON
// member is "name", a value asserted out of a map's "name", a variable
// assigned once from either, or a string parameter named for a tool or a
// prompt, in a package that names tools/call or prompts/get.
//
// Bad:
//
//	switch params.Name {
//	case "echo":
//		...
//	default:
//		writeError(w, req.ID, -32601, "unknown tool")
//	}
//
// # A message with no method, and a notification, answered -32601
//
// -32601 says a method was named and is not served. A message with no
// method is not a request (the not-jsonrpc row: 400 with -32600), and a
// notification is never answered (202 with no body). encoding/json leaves
// an absent method "" and an absent id empty, and a switch on the method
// sends both to its default (nomethod.go, notification.go). Reported:
//
//   - an if on the empty method (m.Method == "", len(m.Method) == 0, alone
//     or beside || operands) answered -32601;
//   - a switch on a method whose cases name MCP's methods, none "", and
//     whose default answers -32601, reached by a message decoded from JSON
//     (encoding/json, sonic, jsoniter, go-json, a framework's binder) into
//     a struct or a map that does not decode itself, when nothing between
//     the decode and the switch reads the method but to log it: no test,
//     no call handed the message or its method (a validator), no method of
//     its own, no required binding tag. Followed back through the
//     package's calls handing the message on; reported at the switch, or
//     at the call in the function that decoded the message;
//   - the same switch, reached by a message whose id nothing reads on the
//     way, when nothing in the package tells a notification from a
//     request anywhere: no comparison, length or type test of an id (a
//     member named "id" in JSON, a variable or field named for an id), no
//     function named for notifications, no test of the "notifications/"
//     prefix. A later test of the answer's id would hold it back; one
//     anywhere in the package keeps the rule silent. Reported at the
//     switch: the default's -32601 is right for a request.
//
// Both are silent in test support (the package's path inside its module
// names test, mock, fake or example) and in a main package that imports no
// HTTP package: a stdio server has neither the 400 nor the 202.
//
// Bad:
//
//	var req request
//	if err := json.NewDecoder(r.Body).Decode(&req); err != nil { ... }
//	switch req.Method { // {"jsonrpc":"2.0","id":1} gets -32601
//	case "initialize":
//		...
//	default:
//		writeError(w, req.ID, -32601, "Method not found")
//	}
//
// Good:
//
//	if req.Method == "" {
//		writeError(w, http.StatusBadRequest, req.ID, -32600, "Invalid Request")
//		return
//	}
//	if req.ID == nil {
//		w.WriteHeader(http.StatusAccepted) // a notification: no answer
//		return
//	}
//
// # A GET of the endpoint answered with a document (-errclass.strict)
//
// Only with -errclass.strict: on the field corpus's scored half, its one
// finding was judged correct code by a blind reader.
//
// A client sends GET to MCP's endpoint to open the server's stream: the
// answer is text/event-stream, or 405 from a server that offers none (the
// get-accept and stateless-get-delete rows). A GET answered 200 with a
// JSON description, a text or a capabilities list is neither
// (getanswered.go). Reported, in a function serving the endpoint, at an if
// at its top whose condition is only the method compared with GET, at a
// case of a switch there on the method listing GET (and HEAD) alone, and
// at the first success of a handler a router registers for GET at a path
// ending in mcp, when the branch answers a success (not 204) with no
// JSON-RPC code, or writes a body with no status. Silent where the branch,
// or a function of the package it calls two levels down, names
// text/event-stream, flushes or hands the writer to a function outside
// the package and the standard library; where a condition in it reads the
// URL (a route beside the endpoint served by the same function); and in a
// package naming the HTTP+SSE transport's endpoint event.
//
//	// bad
//	if r.Method == http.MethodGet {
//		json.NewEncoder(w).Encode(map[string]any{"name": "search", "transport": "streamable-http"})
//		return
//	}
//
// # Flags
//
// -errclass.internal=NAME[,NAME...] names more functions whose errors are
// server-side failures, spelled as types.Func.FullName spells them
// (example.com/store.Open, (*example.com/store.DB).Lookup): a store or
// generator errclass cannot recognise by its shape.
//
// -errclass.strict also reports answers the table contradicts but that
// readers split on: 413 answered to every failed read of a
// MaxBytesReader body that never tells *http.MaxBytesError apart (a body
// the client cut off is 400), category body-limit; and a GET of the
// endpoint answered with a document, category get-answered-not-stream.
//
// # Suppressing a finding
//
//	//mcpvet:ignore errclass the generator only fails on a client-chosen prefix
//	writeError(w, http.StatusBadRequest, jsonrpc.CodeInvalidRequest, err.Error())
package errclass
