package a

func bad() {}

func plain() {
	bad() // want "call to bad"
}

func sameLine() {
	bad() //mcpvet:ignore flagbad the caller handles it
}

func lineAbove() {
	//mcpvet:ignore flagbad,other probe endpoint, not per-handshake
	bad()
}

func otherAnalyzer() {
	//mcpvet:ignore other not this analyzer's finding
	bad() // want "call to bad"
}

func missingReason() {
	//mcpvet:ignore flagbad
	bad() // want "call to bad"
}

//mcpvet:ignore flagbad the whole function is a deliberate negative example
func wholeFunction() {
	bad()
	if true {
		bad()
	}
}

func unused() {
	//mcpvet:ignore flagbad nothing to suppress here // want "unused mcpvet:ignore directive: flagbad reports nothing here"
	plain()
}

func tooFar() {
	//mcpvet:ignore flagbad only the next line is covered // want "unused mcpvet:ignore directive"

	bad() // want "call to bad"
}
