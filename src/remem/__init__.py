"""remem."""
