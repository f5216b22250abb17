"""The web dashboard: server-rendered pages under ``/ui`` of the REST service
(``remem serve``; ``remem ui`` starts one on loopback for this machine's user).

- :mod:`~remem.server.ui.web`: sign-in (the REST key check), the CSRF token, the
  page frame, and the route decorators every page uses;
- :mod:`~remem.server.ui.html`: HTML escaped by construction;
- :mod:`~remem.server.ui.read`: search (score breakdown, tier), browse, one memory
  (history chain, source);
- :mod:`~remem.server.ui.edit`: correct, forget, restore; erase the scope;
- :mod:`~remem.server.ui.instructions`: lessons and rules, with provenance and revoke;
- :mod:`~remem.server.ui.agent`: episodes, triggers, working memory;
- :mod:`~remem.server.ui.charts`: inline SVG charts and the lifecycle page.

No script, no CDN, no template engine: the stylesheet ships in the package
(``static/ui.css``). See docs/ui.md.
"""

from __future__ import annotations

from remem.server.ui import agent, charts, edit, instructions, read  # noqa: F401 - they register
from remem.server.ui.web import router

__all__ = ["router"]
