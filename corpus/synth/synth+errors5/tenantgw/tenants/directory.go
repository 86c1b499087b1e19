// Package tenants resolves API keys to tenants from the accounts
// database.
package tenants

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

type Tenant struct {
	ID        string
	Name      string
	DailyCap  int
	Suspended bool
}

type Directory struct {
	db *sql.DB
}

func NewDirectory(db *sql.DB) *Directory { return &Directory{db: db} }

func hashKey(k string) string {
	sum := sha256.Sum256([]byte(k))
	return hex.EncodeToString(sum[:])
}

// Lookup returns (nil, nil) when no tenant owns the key.
func (d *Directory) Lookup(ctx context.Context, apiKey string) (*Tenant, error) {
	var t Tenant
	err := d.db.QueryRowContext(ctx,
		`SELECT id, name, daily_cap, suspended FROM tenants WHERE key_sha256 = $1`, hashKey(apiKey)).
		Scan(&t.ID, &t.Name, &t.DailyCap, &t.Suspended)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tenants: lookup: %w", err)
	}
	return &t, nil
}

// UsedToday counts today's tool calls for the tenant.
func (d *Directory) UsedToday(ctx context.Context, tenantID string) (int, error) {
	var n int
	err := d.db.QueryRowContext(ctx,
		`SELECT count(*) FROM tool_calls WHERE tenant_id = $1 AND at >= current_date`, tenantID).Scan(&n)
	return n, err
}
