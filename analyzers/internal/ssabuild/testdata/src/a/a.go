// Package a is built by ssabuild's test: some of its bodies are kept, and
// it imports packages that the kept code, the package-level declarations
// and the stubbed bodies name.
package a

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// errClosed is named in a package-level initializer: errors is created.
var errClosed = errors.New("closed")

// kept names fmt.Errorf and io.EOF: fmt and io are created.
func kept() error { return fmt.Errorf("read: %w", io.EOF) }

// builder calls a method of an import's type (strings is never created:
// the method is made from its type information) and a stub of this
// package.
func builder(b *strings.Builder) error {
	b.WriteString("x")
	stubbed()
	return errClosed
}

// stubbed is not kept: os, which only its body names, is not created.
func stubbed() { os.Exit(1) }
