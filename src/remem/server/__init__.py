"""The REST service (``remem serve``) and the local service hooks talk to.

- :mod:`remem.server.app`: the FastAPI app factory (:func:`create_app`);
- :mod:`remem.server.keys`: API keys, hashed at rest, bound to a scope and a role;
- :mod:`remem.server.local`: the local service's socket and token file (what a
  client such as ``remem hook`` reads to reach it);
- :mod:`remem.server.run`: ``remem serve`` (uvicorn on a port or a unix socket,
  idle timeout).

Only ``app``, ``routes`` and ``run`` import FastAPI / uvicorn (the optional extra
``remem[server]``); ``keys`` and ``local`` do not, so the CLI and hook clients can
use them without it. See docs/rest.md.
"""
