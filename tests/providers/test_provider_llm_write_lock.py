"""No LLM call while the write lock is held: while one process ingests with a slow LLM
(an OpenAI-compatible server on loopback that takes seconds to answer), another
process's write goes through at once."""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path

from remem import Config, Memory, Status

SLOW = 6.0  # seconds the model takes to answer the update decision


def _config(home: Path, url: str) -> Config:
    return Config(
        home=home,
        embedder="fake",
        llm_provider="openai",
        llm_model="test-model",
        llm_base_url=f"{url}/v1",
        llm_api_key="test-key",
    )


def _ingest(db: str, home: str, url: str, done: multiprocessing.synchronize.Event) -> None:
    with Memory(db, config=_config(Path(home), url)) as mem:
        message = {"role": "user", "name": "Aaron", "content": "I moved to Denver last spring."}
        mem.add([message], user_id="aaron", infer=True)
    done.set()


def _chat(text: str) -> dict[str, object]:
    return {"choices": [{"message": {"role": "assistant", "content": text}}]}


def test_a_second_writer_is_not_blocked_by_a_slow_llm(server, tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    plain = Config(home=tmp_path, embedder="fake")
    with Memory(db, config=plain) as mem:
        [boston] = mem.add(
            [{"role": "user", "name": "Aaron", "content": "I live in Boston."}],
            user_id="aaron",
            infer=True,
        )
    decision = {"action": "update", "index": 0, "reason": "moved"}
    server.reply(_chat(json.dumps(decision)), delay=SLOW)  # the update decision: slow
    server.reply(_chat("# home\n- Aaron lives in Denver."))  # the summary

    ctx = multiprocessing.get_context("spawn")
    done = ctx.Event()
    writer = ctx.Process(target=_ingest, args=(str(db), str(tmp_path), server.url, done))
    writer.start()
    try:
        deadline = time.monotonic() + 60
        while not server.requests and time.monotonic() < deadline:
            time.sleep(0.05)  # wait until the other process is waiting on the model
        assert server.requests, "the ingesting process never asked the LLM"
        started = time.monotonic()
        with Memory(db, config=plain) as mem:
            mem.add("Beth prefers tea over coffee", user_id="beth")
        took = time.monotonic() - started
        assert not done.is_set()  # the model was still thinking ...
        assert took < SLOW / 2, f"the write waited {took:.1f} s for the other process's LLM"
    finally:
        writer.join(60)
    assert writer.exitcode == 0
    with Memory(db, config=plain) as mem:
        assert mem.get(boston.id, user_id="aaron").status is Status.SUPERSEDED
        assert [m.content for m in mem.list(user_id="beth").items] == [
            "Beth prefers tea over coffee"
        ]
        [summary] = mem.summaries(user_id="aaron")
        assert summary.generator.startswith("llm:")
    asked = [r.body["messages"][-1]["content"] for r in server.requests]
    assert "[0] Aaron lives in Boston." in asked[0]
