package errclass

// Prescreen switches mayOriginate's gate on the origin facts' SSA.
var Prescreen = &prescreen
