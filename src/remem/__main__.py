"""``python -m remem``: the ``remem`` command."""

from remem.entry import main

main()
