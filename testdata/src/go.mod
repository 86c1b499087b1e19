module fixtures

go 1.26.0

require (
	github.com/gin-gonic/gin v1.0.0
	github.com/gofiber/fiber/v2 v2.0.0
	github.com/mcpwire/mcpwire/runtime v0.0.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/redis/go-redis/v9 v9.0.0
)

// Small stand-ins written for the fixtures (stubs/README.md), not the real
// modules: the analyzers recognise go-sdk, the runtime, gin and fiber by
// import path and shape, and the real code is covered by the analyzers'
// realcode tests.
replace (
	github.com/gin-gonic/gin => ./stubs/gin
	github.com/gofiber/fiber/v2 => ./stubs/fiber
	github.com/mcpwire/mcpwire/runtime => ./stubs/runtime
	github.com/modelcontextprotocol/go-sdk => ./stubs/go-sdk
	github.com/redis/go-redis/v9 => ./stubs/go-redis
)
