"""Default tables of :class:`remem.config.Config` (categories, their weights and TTLs, the
update evidence weights)."""

from __future__ import annotations

DEFAULT_CATEGORIES = [
    "incident", "decision", "vehicle", "maintenance", "preference", "process",
    "work", "health", "relationships", "hobbies", "casual", "operational",
]  # fmt: skip

DEFAULT_CATEGORY_WEIGHTS = {
    "incident": 0.9, "decision": 0.9, "vehicle": 0.8, "maintenance": 0.8,
    "preference": 0.6, "process": 0.6, "work": 0.6, "health": 0.7,
    "relationships": 0.6, "hobbies": 0.5, "casual": 0.3, "operational": 0.3,
}  # fmt: skip

# ADR: how long a standard memory of a category stays without a reference
DEFAULT_CATEGORY_TTL_DAYS = {
    "work": 90, "preference": 180, "health": 365, "hobbies": 60, "relationships": 180,
}  # fmt: skip

# Evidence weights of update detection (remem/slots/compare.py documents each).
DEFAULT_UPDATE_WEIGHTS = {
    "template": 2.0, "value_same": 1.0, "value_other": 0.5, "same_product": 1.0, "cue": 1.0,
    "weak_cue": 0.5, "targeted_cue": 1.25, "old_value": 1.25, "additive": 1.75, "event": 2.0,
    "no_cue": 0.5, "extractor_hint": 2.0, "slot": 1.0, "kin": 1.0, "kind_mismatch": 0.0,
    "unshared": 1.5, "generic": 1.5, "frame": 0.0, "frame_same": 0.0,
    "kind_one_sided": 0.5, "attribute_differs": 2.0, "attribute_one_sided": 0.25,
    "attribute_same": 0.25, "old_named": 0.5, "value_only": 0.75,
    "state_event": 0.5, "thing_same": 0.5,
}  # fmt: skip
