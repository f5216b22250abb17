"""The REST routes, one module per area; each a thin call into remem."""
