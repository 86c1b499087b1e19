// Package sdkfront serves the weather tools with the official Go SDK and
// puts a request guard in front of the SDK's handler.
package sdkfront

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type ForecastIn struct {
	City string `json:"city" jsonschema:"the city to forecast for"`
	Days int    `json:"days,omitempty" jsonschema:"number of days, 1-7"`
}

type ForecastOut struct {
	Summary string `json:"summary"`
}

type Forecaster interface {
	Forecast(ctx context.Context, city string, days int) (string, error)
}

func newServer(f Forecaster) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "1.4.0"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "forecast", Description: "Weather forecast for a city"},
		func(ctx context.Context, _ *mcp.CallToolRequest, in ForecastIn) (*mcp.CallToolResult, ForecastOut, error) {
			if in.Days <= 0 || in.Days > 7 {
				in.Days = 3
			}
			s, err := f.Forecast(ctx, in.City, in.Days)
			if err != nil {
				return nil, ForecastOut{}, fmt.Errorf("forecast for %s: %w", in.City, err)
			}
			return nil, ForecastOut{Summary: s}, nil
		})
	return srv
}

// Handler returns the /mcp handler: guard, then the SDK.
func Handler(f Forecaster, log *slog.Logger) http.Handler {
	srv := newServer(f)
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		JSONResponse:   true,
		SessionTimeout: 30 * time.Minute,
		Logger:         log,
	})
	return Guard(sdk, 4<<20, log)
}
