// A stand-in for gin in the analyzer fixtures: see ../README.md.
module github.com/gin-gonic/gin

go 1.25.0
