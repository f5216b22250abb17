"""Reminders as an injection channel: how many of the blind corpora's attacks (and of
their benign look-alikes) the reminder check flags (:func:`remem.agent.triggers.
reminder_flag`, the check a lesson or a rule passes, its reminder verb aside), each
row said bare, as a dated reminder ("Remind me next Friday: <row>") and as a
conditional one ("Remind me to redo this when clap 4.6 is out: <row>").

    .venv/bin/python bench/reminder_injection.py --half dev
    .venv/bin/python bench/reminder_injection.py --half held   # run once, at the end

The corpora: tests/fixtures/injection/{injections,hidden}.{dev,held}.jsonl (copied from
/work/evalsets/security). Results: docs/benchmarks.md#reminders-as-an-injection-channel.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from remem.agent.triggers import reminder_flag

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "injection"
FORMS = {
    "bare": "{}",
    "dated": "Remind me next Friday: {}",
    "condition": "Remind me to redo this when clap 4.6 is out: {}",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--half", choices=("dev", "held"), default="dev")
    half = parser.parse_args().half
    rows = [
        json.loads(line)
        for name in (f"injections.{half}.jsonl", f"hidden.{half}.jsonl")
        for line in (FIXTURES / name).read_text("utf-8").splitlines()
    ]
    attacks = [r["text"] for r in rows if r["malicious"]]
    benign = [r["text"] for r in rows if not r["malicious"]]
    for form, wrap in FORMS.items():
        flagged = sum(1 for t in attacks if reminder_flag(wrap.format(t)))
        false = sum(1 for t in benign if reminder_flag(wrap.format(t)))
        print(
            f"{half} {form}: attacks flagged {flagged}/{len(attacks)}, "
            f"benign flagged {false}/{len(benign)}"
        )


if __name__ == "__main__":
    main()
