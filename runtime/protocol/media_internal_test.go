package protocol

import (
	"mime"
	"testing"
)

// The shortcut of parseMediaType answers as mime.ParseMediaType does.
func TestParseMediaTypeMatchesMime(t *testing.T) {
	for _, v := range []string{
		"application/json", "APPLICATION/JSON", " application/json ", "Application/Json",
		"text/event-stream", "TEXT/Event-Stream", "*/*", " */* ", "application/json;charset=utf-8",
		"application/json ; q=0", "application/jsonx", "application/jso", "applİcation/json",
		"text/event-stream;q=0.5", "", "application", "application/", "/json", "*/*;q=0",
		"application/json\t", "\tapplication/json", "application/json,", "APPLICATION/JSO\u212a",
	} {
		mt, params, err := parseMediaType(v)
		wmt, wparams, werr := mime.ParseMediaType(v)
		if mt != wmt || (err == nil) != (werr == nil) || len(params) != len(wparams) {
			t.Errorf("parseMediaType(%q) = %q %v %v, mime.ParseMediaType: %q %v %v", v, mt, params, err, wmt, wparams, werr)
		}
		for k, v := range wparams {
			if params[k] != v {
				t.Errorf("parseMediaType(%q) params %v, mime.ParseMediaType: %v", v, params, wparams)
			}
		}
	}
}

func FuzzParseMediaType(f *testing.F) {
	for _, v := range []string{"application/json", "TEXT/EVENT-STREAM", "*/*", "application/json;q=0"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		mt, params, err := parseMediaType(v)
		wmt, wparams, werr := mime.ParseMediaType(v)
		if mt != wmt || (err == nil) != (werr == nil) || len(params) != len(wparams) {
			t.Fatalf("parseMediaType(%q) = %q %v %v, mime.ParseMediaType: %q %v %v", v, mt, params, err, wmt, wparams, werr)
		}
	})
}
