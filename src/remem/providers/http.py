"""A JSON POST over stdlib ``urllib`` for the HTTP providers, with error translation.

The OpenAI-compatible and Anthropic clients share this so that every network
failure becomes a :class:`ProviderError` whose message names the URL, what went
wrong and the setting to change. API keys never appear in a message: headers are
not echoed, and any copy of the key in a server's error body is masked.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from http.client import HTTPException
from typing import Any

from remem.errors import ProviderError, UserError

#: The error every LLM factory raises when no model is configured.
NO_MODEL_MESSAGE = "no LLM model configured — set REMEM_LLM_MODEL or run with --extractor rules"

# Enough of a server's error body to see what it objected to, no more.
_DETAIL_CHARS = 300


class HTTPStatusError(ProviderError):
    """The server answered with an HTTP error status.

    ``status`` and ``detail`` (the start of the reply body) let a client react
    to a particular refusal, e.g. retry without an option the server lacks.
    """

    def __init__(self, message: str, *, status: int, detail: str) -> None:
        super().__init__(message)
        self.status = status
        self.detail = detail


def post_json(
    url: str,
    payload: Mapping[str, Any],
    *,
    headers: Mapping[str, str] | None = None,
    timeout: float,
    secret: str | None = None,
    url_setting: str,
    key_setting: str,
) -> Any:
    """POST ``payload`` as JSON to ``url`` and return the decoded JSON reply.

    ``secret`` is masked out of any text quoted in an error. ``url_setting`` and
    ``key_setting`` name the configuration to fix (e.g. ``REMEM_OPENAI_BASE_URL``)
    and are quoted in error messages. Raises :class:`HTTPStatusError` for an
    HTTP error status, :class:`ProviderError` for every other failure and
    :class:`UserError` when ``url`` is not an http(s) URL.
    """
    if not url.startswith(("http://", "https://")):
        raise UserError(f"{url!r} is not an http(s) URL — set {url_setting}")
    data = json.dumps(payload).encode("utf-8")
    request = urllib.request.Request(url, data=data, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
    except urllib.error.HTTPError as exc:
        raise _status_error(exc, url, secret, url_setting, key_setting) from exc
    except urllib.error.URLError as exc:
        # URLError wraps failures before the request is sent (DNS, refused).
        raise _network_error(exc.reason, url, timeout, url_setting) from exc
    except (OSError, HTTPException) as exc:
        # Failures while waiting for or reading the reply arrive unwrapped.
        raise _network_error(exc, url, timeout, url_setting) from exc
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        snippet = _mask(raw[:_DETAIL_CHARS].decode("utf-8", "replace"), secret)
        raise ProviderError(
            f"malformed JSON reply from {url}: {exc} (reply starts {snippet!r}) — "
            f"is {url_setting} the API root of an OpenAI- or Anthropic-style server?"
        ) from exc


def _status_error(
    exc: urllib.error.HTTPError,
    url: str,
    secret: str | None,
    url_setting: str,
    key_setting: str,
) -> HTTPStatusError:
    try:
        body = exc.read()
    except (OSError, HTTPException):
        body = b""
    finally:
        exc.close()  # an unread HTTPError keeps its socket open
    detail = _mask(body[:_DETAIL_CHARS].decode("utf-8", "replace"), secret)
    status = exc.code
    if status in (401, 403):
        fix = f"check the API key ({key_setting})"
    elif status == 404:
        fix = f"check the URL ({url_setting}) and the model name"
    elif status == 429:
        fix = "the server is rate limiting; retry later"
    elif status >= 500:
        fix = "the server failed; retry later or check its logs"
    else:
        fix = "the server refused the request"
    return HTTPStatusError(
        f"{url} answered HTTP {status}: {detail or exc.reason} — {fix}",
        status=status,
        detail=detail,
    )


def _network_error(reason: object, url: str, timeout: float, url_setting: str) -> ProviderError:
    if isinstance(reason, TimeoutError):
        return ProviderError(
            f"{url} did not answer within {timeout:g}s — is the server overloaded? "
            "raise REMEM_PROVIDER_TIMEOUT_S"
        )
    if isinstance(reason, ConnectionRefusedError):
        what = "connection refused"
    elif isinstance(reason, BaseException):
        what = str(reason) or type(reason).__name__
    else:
        what = str(reason)
    return ProviderError(f"cannot reach {url}: {what} — is the server running? set {url_setting}")


def _mask(text: str, secret: str | None) -> str:
    if secret:
        text = text.replace(secret, "***")
    return text
