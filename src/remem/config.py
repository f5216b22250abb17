"""One Config: defaults < ``remem.toml`` < ``REMEM_*`` environment variables.

Every number remem's scoring and lifecycle use lives here, with the defaults
the design documents give; ``remem config show`` prints each value and where
it came from. Only the composition roots (CLI, REST app, MCP server, the
``Memory`` constructor when given no config) call :meth:`Config.load`; nothing
deeper reads the environment.

``remem.toml`` is looked up at ``$REMEM_CONFIG``, then ``./remem.toml``, then
``$REMEM_HOME/remem.toml``. Keys are the field names below, at top level or in
any table (tables are only for grouping: ``[search] rrf_k = 60`` sets ``rrf_k``).
Environment variables are the field names upper-cased with a ``REMEM_`` prefix;
dict and list fields take JSON (``REMEM_CATEGORIES='["work","health"]'``).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, field_validator
from pydantic import ValidationError as PydanticValidationError

from remem.errors import UserError

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

SECRET_FIELDS = {"openai_api_key", "llm_api_key", "store_url"}  # a URL may hold a password


class Config(BaseModel):
    """Every setting of remem. Build with :meth:`load` (layered) or directly (tests)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    # -- where ------------------------------------------------------------------
    home: Path = Field(default_factory=lambda: Path.home() / ".remem")
    db_path: Path | None = None  # default: home / "remem.db"
    # postgresql://user:password@host/db: the PostgreSQL store (many processes and
    # hosts share it; needs `pip install '.[postgres]' in remem's checkout`); None: the SQLite file
    store_url: str | None = None
    # read the SQLite file through a memory map of up to this many MB (0: plain reads)
    sqlite_mmap_mb: int = Field(2048, ge=0)
    # how long an erase waits for other processes' readers before it leaves the rest
    # of its on-disk cleanup to the next open of the store
    erase_checkpoint_wait_ms: int = Field(2000, ge=0)
    # tests and benchmarks only: every process reads the time from this file (one
    # ISO-8601 timestamp) instead of the system clock, so a replay of recorded
    # sessions through real hook processes runs on a faked clock (remem/clock.py)
    clock_file: Path | None = None

    # -- the default scope (remem/app.py) -----------------------------------------
    # what the MCP server, the hooks and the CLI use when no scope is given: the user
    # (None: the OS user name), the agent (None: none) and the namespace (None: in
    # "user+project" mode the project, i.e. the git top-level directory's name or the
    # working directory's; in "user" mode none, so one scope spans every project)
    scope_mode: Literal["user", "user+project"] = "user+project"
    default_user_id: str | None = None
    default_agent_id: str | None = None
    default_namespace: str | None = None

    # -- embeddings -------------------------------------------------------------
    embedder: str = "onnx-minilm"
    embed_batch_size: int = Field(64, ge=1)
    onnx_threads: int = Field(0, ge=0)  # 0: onnxruntime decides
    # onnxruntime's threads spin-wait between runs (its default) or sleep: spinning
    # holds a core the rest of a search needs (a 100k search ~24 -> 35-46 ms loaded)
    onnx_spinning: bool = False
    openai_base_url: str = "https://api.openai.com/v1"
    openai_embed_model: str = "text-embedding-3-small"
    openai_api_key: str | None = None
    provider_timeout_s: float = Field(30.0, gt=0)

    # -- LLM (optional; improves extraction, summaries, query rewrite) ----------
    llm_provider: str | None = None  # "openai" (any compatible server), "anthropic", "fake"
    llm_model: str | None = None
    llm_base_url: str | None = None
    llm_api_key: str | None = None

    # -- input limits (remem/validation.py) -------------------------------------
    max_content_bytes: int = Field(32 * 1024, ge=16)
    # scope ids, session ids, roles, categories, speakers, tags, entities, model ids
    max_label_chars: int = Field(256, ge=8)
    max_list_items: int = Field(256, ge=1)  # tags or entities on one memory
    # metadata, a memory's data, audit detail (JSON, encoded)
    max_metadata_bytes: int = Field(64 * 1024, ge=256)
    max_checkpoint_bytes: int = Field(1024 * 1024, ge=256)  # one checkpoint's state (JSON)
    # a query (search, context, recall_tiered; REST, MCP, CLI): longer is refused, as
    # search time grows with the query's terms (docs/concepts.md#what-is-validated)
    max_query_bytes: int = Field(32 * 1024, ge=16)
    # one line (request) of `remem mcp` over stdio: longer is answered with an error and
    # never read into memory (remem/mcp_wire.py)
    mcp_max_request_chars: int = Field(1024 * 1024, ge=4096)
    # filters (remem/filters.py): conditions and list values one filter may hold (each
    # becomes a bound SQL parameter or two), and how deep AND / OR / NOT may nest
    filter_max_values: int = Field(500, ge=1, le=5000)
    filter_max_depth: int = Field(8, ge=1, le=64)
    # ids: the shortest unique prefix accepted for a full id (get, forget, history...),
    # and how many characters listings show (more when needed to stay unique)
    id_prefix_min_chars: int = Field(8, ge=4, le=32)
    id_display_chars: int = Field(12, ge=4, le=32)

    # -- search v1: candidates and fusion --------------------------------------
    rrf_k: int = Field(60, ge=1)
    bm25_candidates: int = Field(50, ge=1)
    vector_candidates: int = Field(50, ge=1)
    # fusion of the sources: "zscore" (weighted standardised scores), "rrf", or
    # "auto": zscore when the late source takes part, else rrf
    fusion: Literal["auto", "zscore", "rrf"] = "auto"
    # "memory": BM25 from an in-process index (fast on big stores); "fts5": SQLite scores it
    bm25_backend: Literal["memory", "fts5"] = "memory"
    bm25_persist: bool = True  # save the in-process BM25 index beside the database (<db>.bm25)
    bm25_weight: float = Field(1.0, ge=0)
    vector_weight: float = Field(1.0, ge=0)
    ann_threshold: int = Field(
        50_000, ge=0
    )  # above this many vectors use HNSW if usearch is installed
    ann_enabled: bool = True
    # HNSW knobs (remem.store.ann): graph degree, ef at build / at query (raised to
    # the asked count), how many times the wanted hits to ask the graph for before
    # the scope mask (too few survivors: exact masked scan), vector storage type,
    # whether to keep the graph beside the database (<db>.hnsw-<model>) and after
    # how many rows added since the last save to rewrite it
    ann_connectivity: int = Field(16, ge=2)
    ann_expansion_add: int = Field(128, ge=1)
    ann_expansion_search: int = Field(64, ge=1)
    ann_oversample: int = Field(2, ge=1)
    ann_dtype: Literal["f16", "i8", "f32"] = "f16"
    ann_persist: bool = True
    ann_resave_rows: int = Field(5000, ge=1)
    # which candidate sources search fuses: "bm25", "vector", "late" (MaxSim over
    # stored token vectors; skipped when the embedder has none), "graph" (entities
    # named in the query and their relations; see remem/read/graph.py)
    search_sources: list[Literal["bm25", "vector", "late", "graph"]] = Field(
        ["bm25", "vector", "late"]  # pydantic copies a mutable default per instance
    )
    late_weight: float = Field(6.0, ge=0)
    late_candidates: int = Field(100, ge=1)  # how many MaxSim hits enter the fusion
    late_full_scan_max: int = Field(5000, ge=0)  # score every memory in scope up to this many
    late_rerank_depth: int = Field(50, ge=1)  # else re-score this many first-stage hits
    late_idf: bool = True
    # drop punctuation and function-word token rows (write and query side)
    late_drop_stopwords: bool = True  # weight query tokens by their idf in the searched memories
    late_cache_mb: int = Field(256, ge=0)  # token vectors of recently searched scopes
    # conversational context of a MaxSim score (z units): the better neighbouring
    # turn of the same session, and the best turn of the session
    context_neighbour_weight: float = Field(0.25, ge=0)
    context_session_weight: float = Field(0.2, ge=0)
    # the absolute relevance floor (remem/read/floor.py): a hit whose match score (mean
    # of the pooled cosine and the plain MaxSim) is below this is not returned, so a
    # question with no related memory gets nothing; 0 turns it off. Calibrated on
    # LoCoMo dev (docs/benchmarks.md)
    min_relevance: float = Field(0.2, ge=0, le=1)
    # broad questions (remem/read/broad.py): "what do you know about me?" is answered by
    # the newest broad_candidates memories in scope ranked by importance and recency;
    # "...about my health?" by the facet searched with broad_facet_floor as its floor
    broad_questions: bool = True
    broad_candidates: int = Field(500, ge=1)
    # ...a facet answers nothing when its best match is below this (nothing is about it)
    broad_facet_floor: float = Field(0.15, ge=0, le=1)
    # ...the whole scope's relevance: this + (1 - this) x centrality (mean cosine to the
    # scope's other memories, scaled 0..1); then maximal marginal relevance with this weight
    broad_centrality_floor: float = Field(0.5, ge=0, le=1)
    broad_diversity: float = Field(0.5, ge=0)
    # the archive tier (remem/read/fallback.py): a search of the active set whose best
    # hit's tier match (mean of the pooled cosine and the better of the query's keyword
    # share and the plain MaxSim) is below this also searches archived and cold
    # memories, and returns those that match better, first; 0 turns the fallback off.
    # Set on the lifecycle bench's dev world
    fallback_below: float = Field(0.6, ge=0, le=1)
    # ...its first this many candidates get token vectors made for the search (archived
    # and cold memories keep none) for their MaxSim; 0: keyword share only
    fallback_reembed: int = Field(10, ge=0)
    # ...and it admits at most this many hits (one of each text) ahead of the active ones
    fallback_max_hits: int = Field(3, ge=1)
    # ...a hit within this of the active best (a near tie: the two tiers' matches are
    # not that precise) is admitted too, right behind the active set's first hit (not a
    # hit past its validity, nor a prompt). 0.035 to 0.05 found two more facts on the
    # fifth world's end-of-year store and lost one to three on the fourth's: kept at 0.02
    fallback_margin: float = Field(0.02, ge=0, le=1)
    # ...a hit past its validity (a one-off note whose day passed, a transient memory
    # past its TTL) has its tier match lowered by this: no answer to a current need
    fallback_past_penalty: float = Field(0.1, ge=0, le=1)

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
    # a change cue that targets the old fact's attribute ("closed" a bank) is tied to it
    # by two differing values of one kind only when the masked statements are at least
    # this alike (the embedding model at hand); -1: always
    update_tie_floor: float = Field(0.3, ge=-1, le=1)
    # with an LLM configured, it decides add / update which / nothing new for each fact
    # that has neighbours at or above update_llm_min_cosine (at most update_llm_candidates)
    update_llm: bool = True
    update_llm_candidates: int = Field(5, ge=1)
    update_llm_min_cosine: float = Field(0.3, ge=-1, le=1)

    # -- read path: ranking ----------------------------------------------------
    # "adaptive": the half-life from access history (adaptive_half_life_*)
    recency_mode: Literal["half_life", "linear_exp", "adaptive"] = "half_life"
    recency_half_life_days: float = Field(30.0, gt=0)
    recency_linear_rate: float = Field(0.01, ge=0)  # the ADR's exp(-0.01 * days since created)
    recency_floor: float = Field(0.35, ge=0, le=1)  # an old but crucial fact can still win
    usage_penalty: float = Field(0.15, ge=0)
    # memories whose outcome-learned trust_score (0.5 new, +0.05 per success, -0.1 per
    # failure) is below this are not returned: three net failures of a new memory
    min_trust: float = Field(0.25, ge=0, le=1)
    untrusted_multiplier: float = Field(0.7, ge=0, le=1)
    visibility_private: float = 1.0
    visibility_role: float = 0.9
    visibility_universal: float = 0.8
    graph_weight: float = Field(0.5, ge=0, le=1)  # relevance = (1-w) semantic + w graph
    graph_hops: int = Field(2, ge=0, le=3)  # relation hops from an entity the query names
    graph_hop_decay: float = Field(0.5, ge=0, le=1)  # proximity = decay ** hops
    graph_entity_max_memories: int = Field(50, ge=1)  # more links: a hub, not expanded
    graph_candidates: int = Field(50, ge=1)
    graph_link_limit: int = Field(2000, ge=1)  # memory-entity links read per search
    raw_link_entities: bool = True  # raw add links capitalised names and the speaker
    stale_days: int = Field(90, ge=1)
    uncertain_below: float = Field(0.3, ge=0, le=1)
    context_max_tokens: int = Field(1500, ge=1)
    context_max_items: int = Field(10, ge=1)
    summary_top_k: int = Field(3, ge=0)
    # tiered recall: a summary answers when its query-term coverage reaches this
    summary_min_score: float = Field(0.5, ge=0, le=1)
    # final = relevance**w_rel * prod(factor**w_factor); see remem/read/rank.py
    rank_candidates: int = Field(30, ge=1)  # fused candidates the ranker re-scores
    search_blas_threads: int = Field(1, ge=0)  # BLAS threads during a search; 0: leave as is
    rank_weight_relevance: float = Field(2.0, ge=0)
    rank_weight_importance: float = Field(0.5, ge=0)
    rank_weight_recency: float = Field(0.5, ge=0)
    rank_weight_usage: float = Field(0.5, ge=0)
    rank_weight_trust: float = Field(1.0, ge=0)
    rank_weight_visibility: float = Field(1.0, ge=0)
    rank_weight_sentiment: float = Field(1.0, ge=0)
    rank_weight_temporal: float = Field(1.0, ge=0)
    importance_floor: float = Field(0.3, ge=0, le=1)  # importance 0 still keeps this factor
    tier_permanent_importance: float = Field(1.25, ge=0)  # tier multipliers on base importance
    tier_standard_importance: float = Field(1.0, ge=0)
    tier_transient_importance: float = Field(0.75, ge=0)
    usage_floor: float = Field(0.5, ge=0, le=1)
    retrieval_priority_boost: float = Field(0.1, ge=0, le=1)  # x (1 + boost * priority)
    rank_sentiment: bool = False  # prefer memories whose sentiment matches the query's
    sentiment_mismatch: float = Field(0.85, ge=0, le=1)
    # prefer memories valid within a time window in the query (on: LoCoMo dev R@10 +.004,
    # chosen on every leave-one-conversation-out fold; docs/benchmarks.md)
    temporal_boost: bool = True
    temporal_floor: float = Field(0.6, ge=0, le=1)
    # a memory plainly about someone other than the person a question asks about
    # ("Aiden's parents live in Tampa" for "Where does Aiden live?"): its rank factor
    rank_subject_mismatch: float = Field(0.6, ge=0, le=1)
    # ... and such a memory is ranked after every memory that is not (subject first)
    rank_subject_first: bool = True
    temporal_scale_days: float = Field(30.0, gt=0)
    context_rewrite_messages: int = Field(6, ge=1)  # messages a context query is built from
    context_rewrite_keywords: int = Field(12, ge=0)

    # -- lifecycle: usage signals (remem/lifecycle/, docs/concepts.md#lifecycle) -
    record_access: bool = True  # searches add 1 to access_count of what they return
    access_wait_ms: int = Field(20, ge=0)  # a search's access write waits this long for the lock
    access_close_wait_ms: int = Field(1000, ge=0)  # ...and the last flush, at close
    access_buffer_max: int = Field(10_000, ge=1)  # ids held in-process while the lock is busy
    reinforce_factor: float = Field(1.1, ge=1)  # effective score x this per confirmed reference
    reinforce_max: float = Field(2.0, ge=1)  # the reinforcement factor's cap
    # -- lifecycle: policies --------------------------------------------------------
    # ranking's importance factor: "base" (importance x tier) or "effective" (the
    # effective score: x decay x reinforcement)
    rank_importance: Literal["base", "effective"] = "effective"
    # decay of the effective score: "tier" (x decay_*_weekly per unreferenced week),
    # "adaptive" (half-life from access history, adaptive_*), "none"
    decay_policy: Literal["tier", "adaptive", "none"] = "tier"
    decay_standard_weekly: float = Field(0.95, gt=0, le=1)
    decay_transient_weekly: float = Field(0.5, gt=0, le=1)
    # adaptive forgetting (engram): the half-life by access history
    adaptive_half_life_unused_days: float = Field(3.0, gt=0)  # never accessed
    adaptive_half_life_few_days: float = Field(7.0, gt=0)  # < adaptive_few_accesses
    adaptive_half_life_some_days: float = Field(30.0, gt=0)  # < adaptive_many_accesses
    adaptive_half_life_many_days: float = Field(90.0, gt=0)  # more
    adaptive_half_life_validated_days: float = Field(180.0, gt=0)  # referenced or succeeded
    adaptive_few_accesses: int = Field(3, ge=1)
    adaptive_many_accesses: int = Field(10, ge=1)
    # which review policies the weekly job applies (each a function in lifecycle/policies.py;
    # expire and archive of them also nightly, to the active set: the settle step)
    review_policies: list[Literal["promote", "expire", "archive", "cold", "purge"]] = Field(
        ["promote", "expire", "archive", "cold", "purge"]
    )
    transient_ttl_days: int = Field(7, ge=1)  # transient memories expire this long after creation
    # standard memories of these categories expire this long after their last reference
    category_ttl_days: dict[str, int] = Field(
        default_factory=lambda: dict(DEFAULT_CATEGORY_TTL_DAYS)
    )
    # what a passed category TTL does to a memory of lasting use (lasting_min_days):
    # "unconfirmed" (stays active, marked in explain; archived by archive_lasting_days
    # idle or superseded by a newer version) or "archive" (archived like any other)
    category_ttl_lasting: Literal["unconfirmed", "archive"] = "unconfirmed"
    # one-off notes (remem/lifecycle/oneoff.py: about a day at most this far ahead of
    # when they were said; 0: none is): archived this many days after their day
    one_off_horizon_days: int = Field(7, ge=0)
    one_off_grace_days: int = Field(1, ge=0)
    promote_min_importance: float = Field(0.8, ge=0, le=1)  # base importance above this
    promote_min_references: int = Field(3, ge=1)  # and at least this many references
    promote_min_references_untrusted: int = Field(6, ge=1)  # for untrusted sources
    # where promoted memories are written (markdown); {home}, {user_id}, {agent_id},
    # {namespace} are filled in: one file per distinct path; "" writes none
    memory_md_path: str = "{home}/MEMORY.md"
    archive_after_days: int = Field(90, ge=1)  # archived when not used for this long
    # ...and a memory never used since it was written (idle_clock "reference"), this long
    # after its creation: the archive tier still answers with it
    archive_unused_days: int = Field(30, ge=1)
    # a prompt stored as a memory (every sentence a request or a question to the assistant:
    # remem/lifecycle/prompts.py) is archived this long unused, whatever its tier; so is a
    # statement never used that pins no value down (no number, code or name: chatter)
    archive_session_only_days: int = Field(2, ge=1)
    cold_after_days: int = Field(180, ge=1)  # cold when not used for this long
    # what archive and cold count idle time from: "use" (the latest access, reference or
    # creation) or "reference" (Ratchet: a memory referenced once counts from its last
    # reference, so being injected and not used does not keep it; derived memories from
    # their last reference or creation; never-referenced ones and instructions: "use")
    idle_clock: Literal["use", "reference"] = "reference"
    # lasting use: still referenced this many days after it was written (a burst of
    # references within an incident is not); promotion needs it, and such a memory is
    # archived only after archive_lasting_days idle (engram: validated fades slower)
    lasting_min_days: int = Field(30, ge=0)
    archive_lasting_days: int = Field(180, ge=1)
    # insights and digests (made from other memories, adding no fact of their own) are
    # archived when not referenced for this long since created or last referenced
    archive_derived_after_days: int = Field(30, ge=1)
    # purge (content deleted) only of what is transient by kind (the transient tier,
    # insights and digests): archived or cold with an effective score below this...
    purge_below: float = Field(0.1, ge=0, le=1)
    purge_confirm_days: int = Field(7, ge=0)  # ...at two reviews at least this far apart
    # superseded versions purged this long after they were superseded; 0: kept as history
    purge_superseded_after_days: int = Field(0, ge=0)
    # -- lifecycle: jobs --------------------------------------------------------------
    jobs_interval_hours: dict[str, float] = Field(
        default_factory=lambda: {"nightly": 24.0, "weekly": 168.0, "monthly": 720.0}
    )
    jobs_catchup_budget_ms: int = Field(150, ge=0)  # `remem retrieve` runs overdue jobs this long
    jobs_lease_s: float = Field(600.0, gt=0)  # a job's lock lapses this long after its last sign
    jobs_retry_minutes: float = Field(60.0, ge=0)  # a failed job is retried after this
    jobs_batch: int = Field(500, ge=1)  # memories a job step reads and writes at a time
    jobs_report_items: int = Field(200, ge=0)  # changed memories listed in a job's run record
    # -- lifecycle: consolidation (nightly, weekly, monthly jobs) -----------------------
    # the nightly merge compares each new memory with this many nearest active ones
    # of its scope (the vector index: never all pairs); merged above dedup_merge_cosine
    merge_neighbours: int = Field(5, ge=1)
    boost_new_priority: float = Field(0.1, ge=0, le=1)  # nightly: new memories' priority + this
    boost_priority_max: float = Field(1.0, ge=0, le=1)  # ...never above this
    # weekly: each new memory is checked for contradictions with this many nearest
    # active memories of its scope
    contradiction_neighbours: int = Field(10, ge=1)
    # weekly insights: archived memories at least this similar to a seed cluster with it
    insight_cluster_cosine: float = Field(0.6, ge=0, le=1)
    insight_min_items: int = Field(3, ge=2)  # a smaller cluster makes no insight
    insight_max_items: int = Field(20, ge=2)  # at most this many archived memories in one
    insight_max_chars: int = Field(600, ge=80)  # an insight's text is cut to this length
    # nightly rollups: which digests are written (one per complete period and scope)
    rollup_periods: list[Literal["day", "week", "month"]] = Field(["day", "week", "month"])
    rollup_max_sources: int = Field(500, ge=1)  # memories of a period a digest reads
    rollup_max_chars: int = Field(800, ge=80)  # a digest's text is cut to this length
    rollup_archive_days: bool = True  # a week's digest archives the day digests it covers

    # -- agent: episodes (remem/agent/episodes.py, remem/lifecycle/episodes.py) ----
    # value-based retention (weekly job): value = (1 - |outcome - centre|) x
    # 0.5 ** (days unused / half-life); an episode is kept while value >= the minimum
    episode_value_center: float = Field(0.65, ge=0, le=1)
    episode_keep_min_value: float = Field(0.18, ge=0, le=1)
    episode_half_life_days: float = Field(90.0, gt=0)
    episode_open_max_days: int = Field(30, ge=1)  # an open episode untouched this long: abandoned
    episode_max_actions: int = Field(100, ge=1)  # actions kept per episode (later ones counted)
    episode_field_chars: int = Field(500, ge=16)  # an action's or learning's text is cut here
    # episodes mined from a session's turns (remem/agent/mining.py): the outcome score
    # of a task that recovered from a failed tool call, of one whose failures were
    # never recovered, of one the user corrected; what a learning keeps of the replies
    # after the failure; an earlier episode is shown for a prompt whose cosine with its
    # task (or summary) is at least episode_recall_min (chosen on the sessions bench's
    # dev half with the bundled model: its 10 repeated tasks 0.51-0.69, other prompts
    # below 0.5 but 3 of 225)
    episode_recovered_score: float = Field(0.8, ge=0, le=1)
    episode_failed_score: float = Field(0.2, ge=0, le=1)
    episode_corrected_score: float = Field(0.4, ge=0, le=1)
    episode_learning_chars: int = Field(480, ge=16)
    episode_recall_min: float = Field(0.5, ge=0)
    episode_recall_max: int = Field(1, ge=0)  # earlier episodes a prompt's block shows
    # -- agent: procedural rules and reflection (remem/agent/rules.py) ---------------
    reflection_every_sessions: int = Field(5, ge=1)  # reflect after this many ended sessions
    reflection_max_items: int = Field(500, ge=1)  # newest lessons / episodes a reflection reads
    rule_min_support: int = Field(2, ge=1)  # distinct lessons/episodes saying it make a rule
    # two lessons say the same thing when their vectors' cosine, or the share of the
    # shorter one's content words they have in common, reaches these
    rule_group_cosine: float = Field(0.75, ge=0, le=1)
    rule_group_overlap: float = Field(0.6, ge=0, le=1)
    rule_min_confidence: float = Field(0.7, ge=0, le=1)  # below it a rule is not kept
    rule_max: int = Field(50, ge=1)  # active rules per scope (the least confident go first)
    # a deterministic rule's confidence: base + step x (support - min support), capped
    rule_confidence_base: float = Field(0.7, ge=0, le=1)
    rule_confidence_step: float = Field(0.05, ge=0, le=1)
    rule_confidence_max: float = Field(0.95, ge=0, le=1)
    rule_reinforce_boost: float = Field(0.05, ge=0, le=1)  # a reflection finds it again
    rule_unused_days: int = Field(30, ge=1)  # not injected this long: decays at each reflection
    rule_unused_decay: float = Field(0.9, gt=0, le=1)
    rule_contradiction_penalty: float = Field(0.15, ge=0, le=1)  # per contradicting lesson
    rule_keywords_max: int = Field(6, ge=1)  # words of a rule's trigger
    # a rule matches a text holding this share of its trigger words (or the tool named)
    rule_match_overlap: float = Field(0.5, ge=0, le=1)
    # -- agent: forward triggers (remem/agent/triggers.py) ----------------------------
    trigger_horizon_days: int = Field(730, ge=1)  # days further ahead make no trigger
    trigger_max_per_message: int = Field(3, ge=1)
    trigger_message_chars: int = Field(300, ge=16)  # the sentence kept with a trigger
    trigger_due_limit: int = Field(10, ge=1)  # triggers one session start brings up
    # -- Claude Code hooks (remem/integrations/, docs/claude-code.md) -------------------
    # the timeout `remem hooks install` writes into each hook it adds (Claude Code stops
    # a hook after this many seconds; long work is handed off and never waits for it)
    hooks_timeout_s: int = Field(30, ge=1)
    # a hook that finds no local service answers in-process and starts one (detached,
    # `remem serve --socket`, when the server extra is installed) for the next hooks;
    # it exits after hooks_service_idle_s without a request; a start is not tried
    # again for hooks_service_start_wait_s (while the first one loads)
    hooks_autostart_service: bool = True
    hooks_service_idle_s: float = Field(1800.0, gt=0)
    hooks_service_start_wait_s: float = Field(30.0, gt=0)
    # the command hooks' client (`remem hooks install`): bash (starts in ~1 ms; asks the
    # service over a loopback port), python (~8 ms), or auto: bash 4+ when there is one
    hooks_client: Literal["auto", "bash", "python"] = "auto"
    # the local service (`remem serve --socket`) also listens on a free loopback port for
    # the bash client (which cannot use a unix socket): the port and a token new at each
    # start in `<socket>.port`, mode 0600; false: the socket only (bash falls back to Python)
    hooks_loopback_port: bool = True
    # a session-start block prepared ahead (at a session's end, the service's exit, after
    # the jobs) for the bash client's first hook, which prints it without the engine
    # while the service starts; valid at most this many hours after it was built (and
    # only while the store, the config and the project are as they were); 0: none
    hooks_start_block_max_age_h: float = Field(720.0, ge=0)
    # -- agent layer (remem/agent/, docs/agent.md) ----------------------------------
    # the session-start context block: its token budget (every labelled part, headers
    # included) and how many memories its "Relevant" part may hold
    agent_context_max_tokens: int = Field(1500, ge=1)
    agent_context_max_items: int = Field(10, ge=1)
    # a block's relevant memories are the best of 3 x that many ranked hits; the trust
    # pass (pairwise, so its cost grows with the square) runs on the best run of them
    # holding that many + this many spares the block may show (trusted, not shown yet):
    # room for the older side of a conflict it leaves out
    agent_recall_spare: int = Field(3, ge=0)
    agent_lessons_max: int = Field(10, ge=0)  # lessons in the block, most important first
    # before a tool call (Claude Code's PreToolUse; remem/agent/tools.py): at most this
    # many lessons and rules that apply, within this many tokens; a lesson applies
    # when the terms it shares with the call weigh at least agent_tool_match_min, each
    # log((lessons + agent_tool_idf_prior) / (lessons naming it + 0.5)), a folder of a
    # path the call names agent_tool_folder_weight of that; the newest
    # agent_tool_lessons_scan lessons are read (chosen on the sessions bench's dev half)
    agent_tool_items_max: int = Field(3, ge=0)
    agent_tool_context_max_tokens: int = Field(400, ge=1)
    agent_tool_match_min: float = Field(2.0, ge=0)
    agent_tool_idf_prior: float = Field(10.0, ge=0)
    agent_tool_folder_weight: float = Field(0.5, ge=0, le=1)
    # a term the call and the lesson both name only inside a longer identifier (aws of
    # AWS_PROFILE and aws_ami) weighs this share; a lesson this share of whose terms are
    # in one ranked above it is left out (it says that one again)
    agent_tool_part_weight: float = Field(0.5, ge=0, le=1)
    agent_tool_redundant_share: float = Field(0.75, gt=0, le=1)
    agent_tool_lessons_scan: int = Field(200, ge=1)
    agent_promoted_max: int = Field(5, ge=0)  # promoted (core) memories in the block
    # the scope's key facts a session starts with (its active statements, the most
    # important of the newest first), within the block's budget
    agent_start_facts_max: int = Field(12, ge=0)
    # a line of a block whose value a newer line of the same block replaced (a keyword in
    # common and at least this cosine, and a value of the same kind changed:
    # remem/agent/current.py) is dropped, or marked when it holds other values; above
    # 1.0: never
    agent_replaced_min_cosine: float = Field(0.4, ge=0)
    # what a prompt's sentence does, where structure leaves it open, by the embedder's
    # cosine to prototype tasks, statements and standing instructions
    # (remem/write/act_meaning.py; only with an embedder of importance_models; margins
    # chosen on the dev half of the utterances set, bench/utterances.py): a statement
    # or an imperative nearer a standing instruction than a task or a fact by
    # act_standing_margin (an imperative: act_imperative_standing_margin) is a rule (a
    # lesson); a statement nearer a task than a fact by act_request_margin is a
    # request; beside a request or a question, a statement nearer a fact than a task
    # or an instruction by act_fact_margin is a fact candidate though it holds no value
    act_meaning: bool = True
    act_request_margin: float = 0.1
    act_standing_margin: float = 0.06
    act_imperative_standing_margin: float = 0.15
    act_fact_margin: float = 0.1
    # a statement whose durable-fact logit (remem/data/fact-model-minilm.json, the
    # bundled embedder only; bench/fact_model.py) is below this was said in passing (a
    # mood, a judgement, what is wrong right now): never a fact candidate; None: off.
    # Chosen on leave-one-project-out scores of the spent sets (docs/benchmarks.md)
    act_durable_min: float | None = -1.25
    # a prompt structure reads as no lesson whose logit under the lesson model
    # (remem/data/lesson-model-minilm.json, the bundled embedder only;
    # bench/lesson_model.py) is at least this is a lesson: its statements a correction
    # of the turn before or a standing rule; None: off. Chosen on leave-one-project-out
    # scores of the spent sets (docs/benchmarks.md)
    act_lesson_min: float | None = 1.0
    # a prompt naming fewer than agent_query_context_min_terms keywords ("ship it") is
    # searched with the names and at most agent_query_context_keywords keywords of the
    # session's last agent_query_context_turns observed turns (every agent surface)
    agent_query_context_min_terms: int = Field(5, ge=0)
    agent_query_context_keywords: int = Field(6, ge=0)
    agent_query_context_turns: int = Field(4, ge=1)
    agent_rules_max: int = Field(5, ge=0)  # procedural rules whose trigger matches, per block
    agent_injected_keep: int = Field(50, ge=1)  # injected memories kept for the next feedback
    # deferred writes (recall(defer=True) / observe(defer=True), the local service's
    # hooks): a claim on a journaled row older than the lease is taken over (the
    # process doing it died); a row whose writes failed this many times is dropped
    agent_pending_lease_s: float = Field(60.0, gt=0)
    agent_pending_max_attempts: int = Field(3, ge=1)
    # working memory (engram): per session, oldest evicted past the capacity, each item
    # expires this long after it was added; surfaced twice within the window it is
    # promoted to a long-term memory with its importance x the factor
    working_capacity: int = Field(50, ge=1)
    working_ttl_hours: float = Field(24.0, gt=0)
    working_promote_window_hours: float = Field(24.0, gt=0)
    working_promote_factor: float = Field(1.1, ge=1)
    working_min_words: int = Field(4, ge=1)  # an observed turn shorter than this is not kept
    # a working item is found when it holds at least this share of the query's keywords
    working_match_min: float = Field(0.5, gt=0, le=1)
    working_carry_max: int = Field(10, ge=0)  # items a new session carries over (and shows)
    working_recall_max: int = Field(3, ge=0)  # working items a recall puts first
    # echo/fizzle (feedback): an injected memory counts as used when the response covers
    # this share of its keywords, or (embedders with token vectors) its MaxSim against
    # the response reaches echo_maxsim_min; used +echo_boost retrieval priority and a
    # reference, ignored -fizzle_penalty, and ignored memories costing more than
    # fizzle_expensive_tokens lose up to fizzle_expensive_penalty more (the full extra
    # at twice that cost); priority is clipped to [-1, 1]
    echo_overlap_min: float = Field(0.5, gt=0, le=1)
    echo_maxsim_min: float = Field(0.45, gt=0, le=1)
    echo_boost: float = Field(0.1, ge=0, le=1)
    fizzle_penalty: float = Field(0.05, ge=0, le=1)
    fizzle_expensive_tokens: int = Field(40, ge=1)
    fizzle_expensive_penalty: float = Field(0.05, ge=0, le=1)
    # a used memory with at least this share of its keyword stems inside another used
    # memory judged with it is redundant (neither used nor ignored) when the response
    # covers the words only that other memory holds (remem/agent/feedback.py
    # explained_away); 1.0: all of them (a lower share lets memories sharing a
    # template, two episodes of one task, explain each other away); 0: off
    echo_subsumed_min: float = Field(1.0, ge=0, le=1)
    # feedback in context (remem/read/feedback_context.py): a memory keeps its last
    # feedback_context_keep echo/fizzle judgements with the hashed terms of the query it
    # was injected for (0: none kept); those whose terms overlap a new query's by at
    # least feedback_context_similarity (Jaccard) are its evidence for that query:
    # ranking multiplies in 1 + feedback_context_weight x (2 x (used+1)/(similar+2) - 1),
    # and the agent stops injecting it for such queries once it was ignored there
    # feedback_skip_min_ignored times (once at least for a query like this one) and
    # never used (0: never skipped)
    feedback_context_keep: int = Field(8, ge=0, le=100)
    feedback_context_similarity: float = Field(0.2, gt=0, le=1)
    feedback_context_weight: float = Field(0.3, ge=0, le=1)
    feedback_skip_min_ignored: int = Field(2, ge=0)
    # a memory whose echo was redundant beside another (echo_subsumed_min) is left out
    # of a block that memory is ranked above it in (remem/agent/recall.py)
    feedback_skip_redundant: bool = True
    # ... and, once the candidates' judgements found at least this many memories
    # redundant beside one quoting them (and more than memories echoed only through
    # what they quote), a memory never used whose words are all (echo_subsumed_min)
    # inside a memory above it in the block is left out too, judged or not; 0: off
    feedback_skip_quoted_min: int = Field(3, ge=0)
    # the learned floor (remem/read/feedback_context.py learned_floor): a logistic fit
    # of use against match score over the judgements of a query's candidates (once
    # they hold feedback_floor_min_labels, both outcomes among them); the agent does
    # not inject a memory matched below where the fit reaches feedback_floor_use_min
    # (more likely ignored than used), a floor never above feedback_floor_max, unless
    # that memory was itself used for a query like this one, nor among the best
    # feedback_floor_keep the block takes (a query with only weaker matches still gets
    # its best few); 0: off
    feedback_floor_use_min: float = Field(0.5, ge=0, lt=1)
    feedback_floor_min_labels: int = Field(30, ge=2)
    feedback_floor_max: float = Field(0.5, ge=0, le=1)
    feedback_floor_keep: int = Field(3, ge=0)
    # ... nor a memory used in one response together with a memory the block holds
    # above it on its own evidence (above the floor, or used for a query like this
    # one), when the block would have taken it without the floor (each judgement
    # keeps a key of the response it was judged against): the floor sees only the
    # match score, and a task's memories are often matched weakly by a request for
    # it worded differently; False: the floor alone
    feedback_floor_used_with: bool = True
    # outcomes (engram trust scoring): trust_score +success / -failure, clipped to [0, 1]
    outcome_success_trust: float = Field(0.05, ge=0, le=1)
    outcome_failure_trust: float = Field(0.1, ge=0, le=1)
    lesson_importance: float = Field(0.8, ge=0, le=1)  # base importance of a lesson
    # budget-aware recall: tokens (LLM tokens + injected tokens) a turn may cost on
    # average over the session; past it the agent injects agent_economy_items memories,
    # skips the graph source and answers from tiered recall only. None: no budget
    budget_per_turn: int | None = Field(None, ge=1)
    agent_economy_items: int = Field(5, ge=1)

    # -- the REST service (remem serve, remem/server/) ------------------------------
    # where `remem serve` listens by default (loopback: nothing off this machine)
    server_host: str = "127.0.0.1"
    server_port: int = Field(8765, ge=1, le=65535)
    # the local service's unix socket and token file (None: home/remem.sock and
    # home/serve.token); the token file is created readable by its owner only
    server_socket: Path | None = None
    server_token_file: Path | None = None
    # writes one API key may make per minute (a key's own rate overrides it); past it
    # a write gets 429 with Retry-After. Counted per server process
    server_write_rate_per_minute: int = Field(120, ge=1)
    # the largest request body accepted (413 past it); remem's own limits on content
    # (max_content_bytes) and metadata still apply inside it
    server_max_body_bytes: int = Field(1024 * 1024, ge=1024)
    # seconds without a request after which `remem serve` exits (0: never)
    server_idle_timeout_s: float = Field(0.0, ge=0)

    _sources: dict[str, str] = PrivateAttr(default_factory=dict)

    @field_validator("update_weights")
    @classmethod
    def _known_update_weights(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(value) - set(DEFAULT_UPDATE_WEIGHTS))
        if unknown:
            raise ValueError(
                f"unknown update weights {unknown}; known: {sorted(DEFAULT_UPDATE_WEIGHTS)}"
            )
        return {**DEFAULT_UPDATE_WEIGHTS, **value}

    # --------------------------------------------------------------------------
    @property
    def database(self) -> Path:
        """The SQLite file: ``db_path`` if set, else ``home/remem.db``."""
        return self.db_path if self.db_path is not None else self.home / "remem.db"

    @property
    def socket_path(self) -> Path:
        """The local service's unix socket: ``server_socket``, else ``home/remem.sock``."""
        return self.server_socket if self.server_socket is not None else self.home / "remem.sock"

    @property
    def starting_marker_path(self) -> Path:
        """A hook's mark that it began starting the local service (``home/serve.starting``);
        the service removes it once it listens."""
        return self.home / "serve.starting"

    @property
    def start_blocks_dir(self) -> Path:
        """The session-start blocks prepared ahead for the bash hook client
        (``home/start-blocks``, :mod:`remem.integrations.start_block`)."""
        return self.home / "start-blocks"

    @property
    def token_path(self) -> Path:
        """The local service's token file: ``server_token_file``, else ``home/serve.token``."""
        if self.server_token_file is not None:
            return self.server_token_file
        return self.home / "serve.token"

    def source_of(self, name: str) -> str:
        """Where a field's value came from: ``default``, a toml path, or ``env REMEM_X``."""
        return self._sources.get(name, "default" if name not in self.model_fields_set else "code")

    def shown(self) -> list[tuple[str, Any, str]]:
        """``(name, value, source)`` for every field, secrets masked."""
        rows = []
        for name in type(self).model_fields:
            value = getattr(self, name)
            if name in SECRET_FIELDS and value:
                value = "***"
            rows.append((name, value, self.source_of(name)))
        rows.append(("database", self.database, "derived"))
        return rows

    @classmethod
    def load(
        cls,
        *,
        toml_path: Path | None = None,
        environ: Mapping[str, str] | None = None,
        **overrides: Any,
    ) -> Config:
        """Layer defaults < toml < environment < ``overrides`` and validate.

        Raises :class:`UserError` naming the bad key and where it came from.
        """
        env = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
        path = toml_path or find_toml(env)
        if path is not None:
            for key, value in _read_toml(path).items():
                values[key] = value
                sources[key] = str(path)
        for name in cls.model_fields:
            raw = env.get(f"REMEM_{name.upper()}")
            if raw is not None:
                values[name] = _parse_env(raw)
                sources[name] = f"env REMEM_{name.upper()}"
        for key, value in overrides.items():
            values[key] = value
            sources[key] = "argument"
        # Provider keys may also come from the providers' usual variables.
        for name, var in (("openai_api_key", "OPENAI_API_KEY"),):
            if name not in values and env.get(var):
                values[name] = env[var]
                sources[name] = f"env {var}"
        try:
            config = cls(**values)
        except PydanticValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in err['loc'])} "
                f"(from {sources.get(str(err['loc'][0]), 'default')}): {err['msg']}"
                for err in exc.errors()
            )
            raise UserError(f"invalid configuration: {problems}") from exc
        config._sources = sources
        return config


def find_toml(env: Mapping[str, str]) -> Path | None:
    """The ``remem.toml`` :meth:`Config.load` reads with ``env`` (None: none)."""
    explicit = env.get("REMEM_CONFIG")
    if explicit:
        path = Path(explicit).expanduser()
        if not path.is_file():
            raise UserError(f"REMEM_CONFIG points at {path}, which is not a file")
        return path
    candidates = [Path.cwd() / "remem.toml"]
    home = env.get("REMEM_HOME")
    candidates.append((Path(home).expanduser() if home else Path.home() / ".remem") / "remem.toml")
    return next((p for p in candidates if p.is_file()), None)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"cannot read config file {path}: {exc}") from exc
    flat: dict[str, Any] = {}
    known = set(Config.model_fields)
    for key, value in data.items():
        if isinstance(value, dict) and key not in known:
            flat.update(value)  # a table only groups keys
        else:
            flat[key] = value
    return flat


def _parse_env(raw: str) -> Any:
    text = raw.strip()
    if text[:1] in "[{":
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return raw
    return raw
