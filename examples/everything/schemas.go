package main

// Schemas the suite inspects verbatim. They are plain maps and raw JSON, not a schema library's types,
// so nothing normalises them on the way out.

// objectSchema is an object schema with the given properties, requiring the named ones.
func objectSchema(properties map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": properties}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// defaultsSchema carries a default for every primitive type (SEP-1034).
var defaultsSchema = objectSchema(map[string]any{
	"name":     map[string]any{"type": "string", "description": "User name", "default": "John Doe"},
	"age":      map[string]any{"type": "integer", "description": "User age", "default": 30},
	"score":    map[string]any{"type": "number", "description": "User score", "default": 95.5},
	"status":   map[string]any{"type": "string", "description": "User status", "enum": []string{"active", "inactive", "pending"}, "default": "active"},
	"verified": map[string]any{"type": "boolean", "description": "Verification status", "default": true},
})

// enumsSchema holds each enum form of SEP-1330: untitled and titled single select, the legacy
// enumNames form, and untitled and titled multi-select.
var enumsSchema = objectSchema(map[string]any{
	"untitledSingle": map[string]any{"type": "string", "enum": []string{"option1", "option2", "option3"}},
	"titledSingle":   map[string]any{"type": "string", "oneOf": titledOptions},
	"legacyEnum": map[string]any{"type": "string", "enum": []string{"opt1", "opt2", "opt3"},
		"enumNames": []string{"Option One", "Option Two", "Option Three"}},
	"untitledMulti": map[string]any{"type": "array", "minItems": 1, "maxItems": 3,
		"items": map[string]any{"type": "string", "enum": []string{"option1", "option2", "option3"}}},
	"titledMulti": map[string]any{"type": "array", "minItems": 1, "maxItems": 3,
		"items": map[string]any{"type": "string", "anyOf": titledOptions}},
})

var titledOptions = []map[string]any{
	{"const": "value1", "title": "First Option"},
	{"const": "value2", "title": "Second Option"},
	{"const": "value3", "title": "Third Option"},
}

// schema202012 uses the 2020-12 vocabulary the json-schema-2020-12 scenario expects to survive
// tools/list unchanged: $schema, $defs with $anchor, $ref, allOf/anyOf, if/then/else,
// additionalProperties.
const schema202012 = `{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object",
	"$defs": {
		"address": {
			"$anchor": "addressDef",
			"type": "object",
			"properties": {"street": {"type": "string"}, "city": {"type": "string"}}
		}
	},
	"properties": {
		"name": {"type": "string"},
		"address": {"$ref": "#/$defs/address"},
		"contactMethod": {"type": "string", "enum": ["phone", "email"]},
		"phone": {"type": "string"},
		"email": {"type": "string"}
	},
	"allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
	"if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
	"then": {"required": ["phone"]},
	"else": {"required": ["email"]},
	"additionalProperties": false
}`
