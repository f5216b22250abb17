"""Search and ranking settings (remem/read/, docs/config.md).

A part of :class:`remem.config.Config`, which inherits it; set and read them there."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class ReadSettings(BaseModel):
    """Search and ranking settings."""

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
    # a question the frames miss, read as broad by the broad-question reader
    # (remem/data/broad-model-minilm.json, the bundled embedder only; bench/broad_model.py)
    # when its logit is above this; only a question of at most 16 words naming no one
    broad_model_min: float = 1.5
    # answerability (remem/read/answerable.py): a first-person question for one thing
    # ("what's my cat's name?") judged against each hit: the head noun itself, or an
    # instance score (the embedding's kind test) of at least this; a hit that fails is
    # marked "not the thing asked", and ranked lower (answerable_demote) when it fails
    # against the thing; when every hit fails and none is kept by answerable_relevant,
    # the answer is empty. 0 turns it off (the default); 0.71 is chosen on the broad
    # sets' dev halves. Still off: on, the fifth world with jobs loses one need at R@10
    # (docs/benchmarks.md, session 12); every other measure holds
    answerable_floor: float = Field(0.0, ge=0, le=1)
    answerable_demote: float = Field(0.5, ge=0, le=1)
    # ...the kind test looks at a memory's two words closest to the head (pooled cosine):
    # one at least answerable_related close that passes is an instance; the closest at
    # least answerable_sibling close that fails makes the memory about a sibling
    answerable_related: float = Field(0.45, ge=0, le=1)
    answerable_sibling: float = Field(0.6, ge=0, le=1)
    # ...a hit that fails unproven (no other relative, sibling kind or missing value
    # shown) whose match with the question is at least this is unsure: kept, not
    # demoted, and the answer is not emptied for it (0: every failure counts)
    answerable_relevant: float = Field(0.3, ge=0, le=1)
    # the archive tier (remem/read/fallback.py): a search of the active set whose best
    # hit's tier match (mean of the pooled cosine and the better of the query's keyword
    # share and the plain MaxSim) is below this also searches archived and cold
    # memories, and returns those that match better, first; 0 turns the fallback off.
    # Set on the lifecycle bench's dev world
    fallback_below: float = Field(0.6, ge=0, le=1)
    # ...its first this many candidates, and its first this many by the pooled vector,
    # get token vectors made for the search (archived and cold memories keep none) for
    # their MaxSim; 0: keyword share only
    fallback_reembed: int = Field(10, ge=0)
    # ...and it admits at most this many hits (one of each text) ahead of the active ones
    fallback_max_hits: int = Field(3, ge=1)
    # ...a hit within this of the active best (a near tie: the two tiers' matches are
    # not that precise) is admitted too, right behind the active set's first hit (not a
    # hit past its validity, nor a prompt). 0.035 to 0.05 found two more facts on the
    # fifth world's end-of-year store and lost one to three on the fourth's: kept at 0.02
    fallback_margin: float = Field(0.02, ge=0, le=1)
    # ...a hit under the best goes right after the last active hit that matches at
    # least as well, and is admitted when that place is within the first this many (the
    # context block's five; 10 also gained at @10 on the sixth world and lost one fact at
    # @10 on the third); 0: only ahead of the best and near ties
    fallback_within: int = Field(5, ge=0)
    # ...a hit past its validity (a one-off note whose day passed, a transient memory
    # past its TTL) has its tier match lowered by this: no answer to a current need
    fallback_past_penalty: float = Field(0.1, ge=0, le=1)
    # ...archived and cold facts (not digests, insights, transient memories, one-off
    # notes or prompts) keep their token vectors, and the second tier is searched with
    # the late-interaction source too (a MaxSim scan, as the active set is): a cold fact
    # sharing no word with its question is found as the run without jobs finds it
    archive_tokens: bool = True
    # ...a second-tier hit only the late source found is admitted when its tier match
    # is at least this (two archived notes sharing one word, "first", at 0.23 pushed an
    # active answer out of the five on the eighth world; the cold facts it found there
    # matched 0.31 and 0.33; 0.3 lost one fact each on the seventh and third worlds)
    archive_late_min: float = Field(0.25, ge=0, le=1)

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
    # ...for a query naming a time (its window then chooses among more; remem/read/search.py;
    # LoCoMo dev single-hop R@10 .847 -> .852 with the two factors below, docs/benchmarks.md)
    rank_candidates_window: int = Field(100, ge=1)
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
    # a question about one of the speakers in view: the rank factor of a memory someone
    # else said (remem/read/subject.py; LoCoMo dev R@5 .684 -> .704, every category up,
    # chosen on every leave-one-conversation-out fold); 1 turns it off
    rank_other_speaker: float = Field(0.4, ge=0, le=1)
    # ... and such a memory is ranked after every memory that is not (subject first)
    rank_subject_first: bool = True
    # a question asking for a time ("when did ...?"): the rank factor of a memory that
    # states none (remem/read/rank.py "dated"; LoCoMo dev temporal R@10 .892 -> .904,
    # chosen on 4 of 5 leave-one-conversation-out folds); 1 turns it off
    rank_when_undated: float = Field(0.5, ge=0, le=1)
    temporal_scale_days: float = Field(30.0, gt=0)
    context_rewrite_messages: int = Field(6, ge=1)  # messages a context query is built from
    context_rewrite_keywords: int = Field(12, ge=0)
