package a

import "net/http"

func noName(w http.ResponseWriter) {
	// want +1 "mcpvet:ignore directive names no analyzer"
	//mcpvet:ignore
	w.WriteHeader(http.StatusNotFound)
}

func noReason(w http.ResponseWriter) {
	// want +1 "mcpvet:ignore directive has no reason: write //mcpvet:ignore errclass REASON"
	//mcpvet:ignore errclass
	w.WriteHeader(http.StatusBadRequest)
}

func misspelled(w http.ResponseWriter) {
	//mcpvet:ignore errclas the store only fails on client input // want `unknown analyzer "errclas", so it suppresses nothing for it; did you mean "errclass"\?`
	w.WriteHeader(http.StatusBadRequest)
}

func misspelledSecond(w http.ResponseWriter) {
	//mcpvet:ignore errclass,sesionstatus legacy endpoint // want `unknown analyzer "sesionstatus".*did you mean "sessionstatus"\?`
	w.WriteHeader(http.StatusBadRequest)
}

func unknownName(w http.ResponseWriter) {
	//mcpvet:ignore nosuch reasons // want `unknown analyzer "nosuch" \(known: errclass, ignoredirective, refusedhandshake, sessionstatus\)`
	w.WriteHeader(http.StatusBadRequest)
}

func spaceAfterSlashes(w http.ResponseWriter) {
	// mcpvet:ignore errclass the store only fails on client input // want "not an mcpvet:ignore directive because of the space after //"
	w.WriteHeader(http.StatusBadRequest)
}

func wellFormed(w http.ResponseWriter) {
	//mcpvet:ignore errclass,sessionstatus the store only fails on client input
	w.WriteHeader(http.StatusBadRequest)
	w.WriteHeader(http.StatusBadRequest) //mcpvet:ignore refusedhandshake same line
}

// mcpvet:ignore directives are prose here: the first word is no analyzer.
//
//	//mcpvet:ignore errclass (a directive quoted in a doc comment's code block)
func prose() {}

//mcpvet:ignore errclass the whole function answers a legacy client
func wholeFunction(w http.ResponseWriter) {
	w.WriteHeader(http.StatusBadRequest)
}

func suppressedHere() {
	//mcpvet:ignore ignoredirective the next line shows the syntax to readers
	//mcpvet:ignore
}

func unusedSuppression() {
	//mcpvet:ignore ignoredirective nothing malformed below // want "unused mcpvet:ignore directive: ignoredirective reports nothing here"
	_ = 1
}
