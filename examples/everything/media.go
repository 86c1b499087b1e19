package main

import "encoding/base64"

// The suite checks that image and audio content arrive base64-encoded with the right MIME type; these
// are the TypeScript reference server's minimal files.
const (
	pngBase64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==" // 1x1 red PNG
	wavBase64 = "UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA="                                     // silent WAV
)

// png and wav hold the decoded bytes: go-sdk base64-encodes []byte content fields itself.
var (
	png = mustDecode(pngBase64)
	wav = mustDecode(wavBase64)
)

func mustDecode(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err) // a constant above is corrupt: fail at start-up, not in a handler
	}
	return b
}
