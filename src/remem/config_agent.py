"""Agent layer settings: episodes, rules, triggers, lessons and the Claude Code hooks (remem/agent/, remem/integrations/).

A part of :class:`remem.config.Config`, which inherits it; set and read them there."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class AgentSettings(BaseModel):
    """Agent layer settings."""

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
    # the most of a session start's block the lessons may take, so the project's facts
    # (and rules, promoted, carried) keep a share: a project's long corrections by example
    # filled ~2/3 of it and pushed the facts a later prompt needs out (sessions held6)
    agent_lessons_share: float = Field(0.65, ge=0.0, le=1.0)
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
    # a prompt whose only lesson is a sentence read as a rule by its nearness to
    # standing instructions (act_standing_margin) is no lesson beside a request or a
    # question, nor when its lesson-model logit is below this; None: that check off.
    # Chosen on leave-one-project-out scores of the spent sets (docs/benchmarks.md)
    act_standing_prompt_min: float | None = -1.0
    # a prompt after an assistant turn that asks a question shaped as an objection to it
    # ("isn't that the old way?", "why did you ...?", "could we maybe not ...?";
    # remem/write/act_challenge.py) is a correction of that turn when its lesson-model
    # logit is at least this; None: off. Chosen on leave-one-project-out scores of the
    # spent sets (docs/benchmarks.md)
    act_challenge_lesson_min: float | None = -0.5
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
