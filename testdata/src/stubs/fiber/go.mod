// A stand-in for fiber v2 in the analyzer fixtures: see ../README.md.
module github.com/gofiber/fiber/v2

go 1.25.0
