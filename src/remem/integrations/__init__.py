"""Agent platforms: each adapter turns a platform's events into
:class:`~remem.MemoryAgent` calls and answers in the shape the platform reads.

- :mod:`remem.integrations.claude_code`: Claude Code hook payloads and answers.
- :mod:`remem.integrations.claude_settings`: installing those hooks into a
  Claude Code ``settings.json``.
- :mod:`remem.integrations.service`: the client of the local service (``remem
  serve``) that ``remem hook`` talks to when it is up.
"""
