"""Write path settings: extraction, the gate, dedup and update detection (remem/write/, remem/slots/).

A part of :class:`remem.config.Config`, which inherits it; set and read them there."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from remem.config_defaults import (
    DEFAULT_CATEGORIES,
    DEFAULT_CATEGORY_WEIGHTS,
    DEFAULT_UPDATE_WEIGHTS,
)


class WriteSettings(BaseModel):
    """Write path settings."""

    # -- write path -------------------------------------------------------------
    extractor: Literal["rules", "llm"] = "rules"
    # `extract` stores a transcript in chunks of this many messages (one transaction
    # each; a session boundary also ends a chunk); a re-run skips stored chunks
    extract_chunk_messages: int = Field(200, ge=1)
    categories: list[str] = Field(default_factory=lambda: list(DEFAULT_CATEGORIES))
    category_weights: dict[str, float] = Field(
        default_factory=lambda: dict(DEFAULT_CATEGORY_WEIGHTS)
    )
    default_category_weight: float = Field(0.5, ge=0, le=1)
    remember_bonus: float = 0.2
    action_bonus: float = 0.15
    untrusted_importance_factor: float = Field(0.5, ge=0, le=1)
    # keep requests in any phrasing (remem/write/keep.py): score = structure_weight x
    # the clause's shape + meaning_weight x (cosine to request prototypes - cosine to
    # look-alikes); a request at or above keep_threshold (chosen on the dev half of the
    # importance set, docs/benchmarks.md) marks the message's facts permanent
    keep_requests: bool = True
    # embedders (model ids) the keep_* and domain_* cosine thresholds were chosen for;
    # with any other, keep requests are judged by structure alone and domain floors
    # are off (a threshold chosen in one vector space means nothing in another)
    importance_models: list[str] = Field(default_factory=lambda: ["all-MiniLM-L6-v2-int8"])
    keep_min_structure: float = Field(0.2, ge=0, le=1)  # clauses below are not embedded
    keep_structure_weight: float = Field(1.0, ge=0)
    keep_meaning_weight: float = Field(1.0, ge=0)
    keep_threshold: float = 0.35
    keep_remind_margin: float = 0.05  # reminder prototypes beat keep ones by this: remind
    keep_importance_floor: float = Field(0.8, ge=0, le=1)
    # a message that is only a keep request marks the last stored message's memories
    # (same scope and session) when they were stored at most this long before
    keep_followup_minutes: float = Field(30.0, ge=0)
    # health / identity / legal / financial facts (remem/write/domains.py): best cosine
    # to the domain descriptions - everyday_weight x best cosine to everyday look-alikes
    # + cue bonus (dose, amount, date, id) >= threshold (chosen on the dev half)
    domain_floors: bool = True
    domain_threshold: float = 0.22
    domain_everyday_weight: float = Field(0.5, ge=0)
    domain_cue_bonus: float = Field(0.1, ge=0)
    domain_importance_floor: float = Field(0.7, ge=0, le=1)
    strength_explicit: float = 0.9
    strength_implied: float = 0.7
    strength_inferred: float = 0.5
    gate_min_words: int = Field(5, ge=0)
    # A candidate under gate_min_words words passes when it is a whole statement
    # (subject, stating verb) with at least this many words of slot information
    # after the verb (remem/write/short.py); a change verb counts as one
    # ("Sam moved to Tampere" 2, "I retired" 1, "Got it" / "I had fun" 0).
    gate_short_min_information: int = Field(1, ge=1)
    gate_duplicate_cosine: float = Field(0.92, ge=0, le=1)
    gate_vague_hedges: int = Field(2, ge=1)
    gate_opinion_threshold: float = Field(0.6, ge=0, le=1)
    gate_chatter_confidence: float = Field(0.7, ge=0, le=1)
    # A text holding a secret is rejected, not stored redacted, when fewer content
    # words than this are left once the secret and any "<subject> is <secret>"
    # clause are cut out (remem.secrets.secret_is_point): "my PIN is 4829" -> 0.
    secret_context_min_words: int = Field(2, ge=0)
    dedup_merge_cosine: float = Field(0.85, ge=0, le=1)
    novelty_threshold: float = Field(0.82, ge=0, le=1)
    novelty_enabled: bool = True
    merge_confidence_boost: float = 0.05
    confirmation_boost: float = 0.1
    contradiction_penalty: float = 0.2
    max_writes_per_session: int = Field(200, ge=1)
    # updates (remem/slots): a newer fact supersedes an active one about the same subject
    # and attribute when its update score reaches update_threshold; the read path tags
    # two active results whose score reaches conflict_threshold (the newer first, the
    # older "outdated"); equal by default, lower it to tag near misses too.
    # update_weights: the evidence weights (see docs/config.md)
    update_threshold: float = Field(2.0, ge=0)
    conflict_threshold: float = Field(2.0, ge=0)
    update_weights: dict[str, float] = Field(default_factory=lambda: dict(DEFAULT_UPDATE_WEIGHTS))
    update_neighbours: int = Field(10, ge=1)  # nearest active memories an update is checked against
    # the embedding evidence of an update (remem/slots/semantic.py): the cosine of the two
    # statements with values masked counts above update_slot_floor, the cosine of the
    # words that differ above update_kin_floor (each scaled to 0..1 times its weight)
    update_semantic: bool = True  # off: the update check uses words and structure only
    update_slot_floor: float = Field(0.45, ge=-1, le=1)
    update_kin_floor: float = Field(0.3, ge=-1, le=1)
    # masked statements at least this alike are about one attribute even when they
    # share no word of it (lifts the "no shared attribute" penalty); above 1: never
    update_slot_share: float = Field(0.9, ge=-1, le=1.01)
    # the same, when the newer statement carries a change marker (a change or currency
    # cue, or the old value named as ending): a new state told in other words ties to
    # the old one's slot at a lower similarity; above 1: never
    update_change_share: float = Field(0.65, ge=-1, le=1.01)
    # a currency cue alone ("now", "new", "these days") says a change only when the
    # statements with values masked are at least this alike: "Rhys Penhale is Henryk's
    # apprentice now" is no news of the GP surgery (0.38); -1: always
    update_weak_cue_floor: float = Field(0.5, ge=-1, le=1)
    # a noun the speaker owns that names a person ("my neighbours", "my bf") is another
    # person when its "my ..." is nearer the embedder's people than its things by this
    # much (remem/slots/semantic.py person_like): "our neighbours moved" is no news of
    # where the speaker lives; above 1: never
    update_person_margin: float = Field(0.02, ge=-1, le=1.01)
    # a change cue that targets the old fact's attribute ("closed" a bank) is tied to it
    # by two differing values of one kind only when the masked statements are at least
    # this alike (the embedding model at hand); -1: always
    update_tie_floor: float = Field(0.3, ge=-1, le=1)
    # with an LLM configured, it decides add / update which / nothing new for each fact
    # that has neighbours at or above update_llm_min_cosine (at most update_llm_candidates)
    update_llm: bool = True
    update_llm_candidates: int = Field(5, ge=1)
    update_llm_min_cosine: float = Field(0.3, ge=-1, le=1)

    @field_validator("update_weights")
    @classmethod
    def _known_update_weights(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(value) - set(DEFAULT_UPDATE_WEIGHTS))
        if unknown:
            raise ValueError(
                f"unknown update weights {unknown}; known: {sorted(DEFAULT_UPDATE_WEIGHTS)}"
            )
        return {**DEFAULT_UPDATE_WEIGHTS, **value}
