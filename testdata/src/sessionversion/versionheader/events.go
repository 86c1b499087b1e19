package versionheader // want package:"serves the HTTP\\+SSE transport"

// eventEndpoint names the HTTP+SSE transport's first event.
const eventEndpoint = "endpoint"
