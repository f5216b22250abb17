"""Schema-driven fuzzing (schemathesis over the published OpenAPI document): for
every operation, generated requests go over real HTTP to a live service, with a
writer key and an admin key; none may get a 500, and every response must match
the schema the service publishes. Bounded: a few examples an operation, no
shrinking, a deadline per example off (the machine is shared)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from tests.server.conftest import Live

BACKENDS = ("sqlite", "postgres")

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 8  # per operation and key: ~36 operations x 2 keys x 8 = ~600 requests


@pytest.mark.parametrize("role", ["writer", "admin"])
def test_no_operation_answers_500(live: Live, role: str) -> None:
    from schemathesis.checks import (
        content_type_conformance,
        not_a_server_error,
        response_schema_conformance,
    )

    key = live.key(role, rate=100_000)
    with live.client(key) as c:  # something to find, update and forget
        for text in ("Alice prefers dark mode", "The atlas cluster runs Kubernetes 1.29"):
            c.post("/v1/memories", json={"content": text})
        c.post("/v1/sessions/fuzz/start", json={"opening": "atlas"})
    schema = schemathesis.openapi.from_url(f"{live.url}/openapi.json")
    headers = {"Authorization": f"Bearer {key}"}
    checks = [not_a_server_error, response_schema_conformance, content_type_conformance]
    failures: list[str] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
            database=None,
        )
        def run(case: object) -> None:
            case.call_and_validate(base_url=live.url, headers=headers, checks=checks)  # type: ignore[attr-defined]

        try:
            run()
        except Exception as exc:  # collect every operation's failure, then report all
            failures.append(f"{operation.label}: {str(exc)[:600]}")
    assert operations >= 30
    assert not failures, "\n\n".join(failures)
