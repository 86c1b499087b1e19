// Command ginlite is a lightweight MCP server for a metrics dashboard.
package main

import (
	"log"
	"net/http"

	"github.com/gin-gonic/gin"
)

func main() {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Logger(), gin.Recovery())

	st := newState()
	r.POST("/mcp", st.attachSession, st.handleRPC)
	r.GET("/mcp", st.sessionRequired, st.handleEvents)
	r.DELETE("/mcp", st.sessionRequired, func(c *gin.Context) {
		st.drop(c.MustGet(ctxSession).(*sess).ID)
		c.Status(http.StatusNoContent)
	})
	log.Fatal(r.Run(":8077"))
}
