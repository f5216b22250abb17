"""Drop-in APIs of other memory libraries on remem: :mod:`remem.compat.mem0`."""
