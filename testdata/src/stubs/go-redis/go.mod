// A stand-in for go-redis v9 in the analyzer fixtures: see ../README.md.
module github.com/redis/go-redis/v9

go 1.25.0
