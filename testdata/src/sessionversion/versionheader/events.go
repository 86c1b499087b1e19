package versionheader

// eventEndpoint names the HTTP+SSE transport's first event.
const eventEndpoint = "endpoint"
