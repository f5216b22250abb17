"""The script the installed command runs: ``<python> -I -S <...>/remem/integrations/
hook_fast.py hook EVENT`` (``remem hooks install``).

A file run as a script is compiled on every run; a module imported is read from its
cached bytecode (``__pycache__``, written by pip at install or by the first import).
The hook's work is in :mod:`remem.integrations.hook_client` (a couple hundred lines,
~2 ms to compile on the machine measured, against a few lines here), so this file
only puts its own directory at the end of ``sys.path`` — ``-I`` leaves it out, and at
the end it shadows nothing of the standard library — and imports that module by its
plain name: no ``remem`` package, no ``site``, no ``os``. Once the answer is out it
leaves without the interpreter's teardown (module cleanup: ~1.3 ms measured), as
nothing is left open.
"""

import sys

if __name__ == "__main__":
    try:
        from posix import _exit
    except ImportError:  # not POSIX
        from os import _exit

    sys.path.append(sys.argv[0].replace("\\", "/").rpartition("/")[0] or ".")
    from hook_client import script

    code = script(sys.argv[1:])
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        _exit(code)
