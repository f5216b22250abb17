"""The words a prompt's sentences are read by (:mod:`remem.write.acts`): closed classes
(pronouns, auxiliaries, discourse markers), a fixed list of common base-form verbs, the
structural patterns of mood, address, standing rules and corrections, and how a prompt
is cut into sentences and a sentence into its words."""

from __future__ import annotations

import re

# -- closed classes --------------------------------------------------------------------
WORD = re.compile(r"[\w'’@#./:+-]+", re.UNICODE)
DISCOURSE = frozenset(
    """ok okay k kk right so and also oh ah aha well hey hi hiya hello morning evening yes yeah
    yep yup ya fine good great perfect lovely cool alright now then btw fyi anyway anyways ugh
    hmm hm sure lol ha haha wow oops sorry jesus damn man wait actually plus still one more
    thing important heads up quick wonderful brilliant nice awesome excellent um uh er erm
    next""".split()
)
NO = frozenset({"no", "nah", "nope", "nop"})
GRATITUDE = re.compile(
    r"\b(?:thanks?|thank\s+you|thx|tks|ty|ta|cheers|much\s+appreciated|appreciate\s+it|"
    r"good\s+work|great\s+work|nice\s+work|well\s+done)\b|[👍🙏🙌🎉]",
    re.IGNORECASE,
)
CLOSING = frozenset(
    """thanks thank you thx ty ta cheers so much a lot very nice good great work job that's
    lovely perfect wonderful brilliant for today see next time have one later bye done k ok
    okay cool and awesome excellent appreciated much really all it this again""".split()
)
PRONOUN_SUBJECT = frozenset("i we you u they he she it this that there these those".split())
AUX = frozenset(
    """is are was were am do does did can could will would should shall may might have has had
    isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't
    haven't hasn't""".split()
)
WH = frozenset("what whats what's why how which who whose whom where wheres where's".split())
WH_CLAUSE = frozenset("when whenever once after before if while as until unless".split())
DETERMINER = frozenset(
    """the a an all some any it this that these those me us them my our your his her their
    everything anything something nothing up out on off in down over back each every both
    another more""".split()
)
# Common base-form verbs a request starts with (a fixed vocabulary, not per example).
BASE_VERBS = frozenset(
    """add adapt adjust allow apply archive ask assign avoid backfill backport benchmark bench
    bisect block book build bump calculate call cancel change check clean clear clone close
    collect commit compare compile compress configure confirm connect continue convert copy
    correct create cut debug decrease define delete deploy describe destroy diff disable
    document double drop dump edit email enable ensure estimate explain export extend extract
    figure fill filter find finish fix flip follow force format generate get give go grab
    grep handle help hide implement import improve include increase initialise initialize
    inline insert inspect install integrate investigate keep kill label launch leave let lint
    list load localise localize lock log look lower make mark measure merge migrate mock
    monitor move name note notify open optimise optimize pack parse patch pause pick pin ping
    plan plot point polish port prepare print profile prune publish pull push put query
    raise read rebase rebuild record redeploy reduce refactor refresh regenerate register
    reinstall release reload remove rename render reorder repair replace reply report request
    rerun reset resize resolve restart restore resume retry return revert review rewrite roll
    rollback rotate run save scaffold scale schedule search send set setup share ship show
    simplify skip sort split squash start stash stop store stub submit support swap switch
    sync tag tail take tell test throttle tidy time toggle trace track translate trigger trim
    try turn uncomment undo uninstall unlock unpin update upgrade upload use validate verify
    wait warn watch wire wrap write""".split()
)
POLITE = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\b(?!\s+(?:be|tell\s+me\s+(?:if|whether)))|"
    r"would\s+you\s+mind\b|(?:i'?d|i\s+would)\s+like\s+(?:you\s+)?to\b|i\s+(?:want|need)\s+you\s+to\b|"
    r"(?:i'?d|i\s+would)\s+(?:like|love|need|want)\s+(?:that\s+)?(?:you|u)\b|"
    r"(?:can|could|would|shall|might)\s+we\b(?!\s+(?:be|have)\b)|"
    r"let'?s\b|lets\b|go\s+ahead\b|need\s+(?:an?|another|some|the|to|you)\b|"
    r"we\s+(?:need|want|must|should|have\s+to|gotta)\b(?!\s+(?:not|never))|"
    r"(?:you|u)\s+(?:should|must|need\s+to|have\s+to)\b)",
    re.IGNORECASE,
)
AGREE = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|exactly|correct|right|indeed|perfect|spot\s+on|that'?s\s+(?:it|right|"
    r"correct))\b",
    re.IGNORECASE,
)
PLEASE = re.compile(r"\b(?:please|pls|plz|kindly)\b", re.IGNORECASE)
STANDING = re.compile(
    r"\b(?:always|never|every\s+(?:single\s+)?time|each\s+time|from\s+now\s+on|going\s+forward|"
    r"in\s+(?:the\s+)?future|ever|house\s+rule|rule\s*:|the\s+rule|convention|"
    r"(?<![\w-])(?:in|for|on|across)\s+(?:every|each)(?:\s+other)?\s+\w+)\b",
    re.IGNORECASE,
)
# a limit to the task at hand: "no photo for now", "skip the tests this time"
FOR_NOW = re.compile(
    r"\b(?:for\s+(?:now|the\s+moment|the\s+time\s+being|today)|this\s+time|just\s+yet)\b",
    re.IGNORECASE,
)
# "only" restricting what to do ("only UI strings get i18n"), not "merely" after a copula
# ("it is only cosmetic")
ONLY = re.compile(r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!'s )\bonly\b", re.IGNORECASE)
NEG_HEAD = re.compile(
    r"^(?:please\s+)?(?:don'?t|do\s+not|dont|never|stop|quit|avoid|no\s+(?!one\b|idea\b|"
    r"problem\b|worries\b|need\b|rush\b|way\b)\w)",
    re.IGNORECASE,
)
HABIT = re.compile(
    r"\b(?:we|i)\s+(?:(?:always|never|only|usually)\s+\w+|don'?t\s+\w+|do\s+not\s+\w+|"
    r"(?:use|write|keep|prefer|run|do)\b[^.]*?\b(?:here|everywhere|elsewhere|"
    r"(?:in|across)\s+(?:this|the|our)\s+(?:repo|project|codebase|app|code)))|"
    # a pseudo-cleft naming the house's way: "X is what we have used elsewhere"
    r"\b(?:is|are)\s+what\s+(?:we|i)\s+(?:(?:have|had|always|usually)\s+)?"
    r"(?:use|used|do|want|prefer)\b",
    re.IGNORECASE,
)
CONTRAST = re.compile(
    r"(?:,\s*|\s)not\s+(?P<a>[^,.;!?]+)|\binstead\s+of\s+(?P<b>[^,.;!?]+)|"
    r"\brather\s+than\s+(?P<c>[^,.;!?]+)|\bprefers?\b[^,.;!?]*?\bover\s+(?P<d>[^,.;!?]+)",
    re.IGNORECASE,
)
BLAME = re.compile(
    r"\b(?:wrong|incorrect|not\s+(?:quite\s+)?right|not\s+like\s+that|mistake|"
    r"(?:you|u)\s+(?:forgot|missed|did\s+it\s+again|broke|ignored)|"
    r"(?:you|u)(?:'re|\s+are)\s+\w+ing\b|i\s+(?:said|told\s+you|asked|already\s+said)|"
    r"like\s+i\s+(?:said|asked)|as\s+i\s+said|oh\s+no|"
    # the same thing said before: a recurrence the speaker points out
    r"told\s+(?:you|u)|repeat\s+myself|as\s+(?:we|i)\s+(?:agreed|discussed)|"
    # the assistant's own past action, told back to it: about the turn before
    r"(?:you|u)\s+(?:\w{3,}ed|put|sent|made|wrote|ran|did|left|took|broke|gave))\b|"
    r"^(?:stop|again)\b",
    re.IGNORECASE,
)
SUBORDINATE = re.compile(
    r"\s(?:so|so\s+that|because|since|as|which|where|while|whereas|until)\s", re.IGNORECASE
)
NO_HEAD = re.compile(
    r"^(?:\W*(?:and|also|so|oh|ah|ok|okay|well|jesus|ugh|again|but|please)\b)*\W*no\s+(?!one\b|"
    r"idea\b|problem\b|worries\b|need\b|rush\b|way\b|wait\b)(?:[a-z0-9`'\"_-]|!!)",
    re.IGNORECASE,
)
AGAIN = re.compile(
    r"\bagain\b|\bas\s+(?:last\s+time|before)\b|\bsame\s+(?:thing|mistake)\b", re.IGNORECASE
)
# what the assistant's turn just did, named by a demonstrative ("that is not how we ...",
# "those hex values ...", "that was the slow command again")
DEICTIC = frozenset("that that's thats this this's these those".split())
NEGATION = frozenset(
    """not no never isn't aren't wasn't weren't won't wouldn't doesn't don't didn't can't
    cannot shouldn't hasn't haven't isnt arent wasnt doesnt dont didnt cant wont""".split()
)
# a frame that softens disagreement with the turn before: "I'm afraid ...", "Sorry to
# interrupt, but ...", "with respect, ..." (what follows it is an objection)
OBJECTION = re.compile(
    r"^\W*(?:(?:i'?m|i’m|i\s+am)\s+afraid|i\s+fear|with\s+respect|"
    r"(?:(?:i'?m|i’m|i\s+am)\s+)?sorry\b[^.;:!?]{0,60}?,?\s+but)[\s,]+",
    re.IGNORECASE,
)
# hedges as politeness, not doubt: a suggestion frame around a directive ("perhaps we
# could avoid X", "could we go back to X", "I think we ought to use X", "it might be
# better to ..."): what follows the frame is read as the directive said plainly
HEDGE = re.compile(
    r"^\W*(?:(?:perhaps|maybe|possibly|ideally)[\s,]+)?"
    r"(?:(?:i\s+think|i\s+wonder\s+if|i\s+feel\s+like)[\s,]+)?"
    r"(?:(?:we|you|u)\s+(?:could|might|should|ought\s+to|may\s+want\s+to)|"
    r"(?:could|can|might|shall)\s+we|it\s+(?:might|would)\s+be\s+(?:better|best|nicer|safer)\s+to)"
    r"\s+(?!(?:not|never|no\s+longer|only)\b)(?=\w)",  # "we could never reproduce it": a report
    re.IGNORECASE,
)
# "I'd rather we didn't ...": a negated directive said as a preference
RATHER_NOT = re.compile(
    r"^\W*(?:i'?d|i’d|i\s+would)\s+(?:rather|prefer)\s+(?:that\s+)?(?:we|you|u)\s+"
    r"(?:didn'?t|did\s+not|not|never|weren'?t)\b",
    re.IGNORECASE,
)
# undoing what was just done: "go back to tar_make()", "revert that", "roll it back"
REVERT = re.compile(
    r"\b(?:go|switch|change|put|move)\s+(?:it\s+|that\s+|this\s+|them\s+)?back\b|"
    r"\b(?:revert|undo)\b|\broll\s+(?:it\s+|that\s+|this\s+)?back\b",
    re.IGNORECASE,
)
GO_AHEAD = re.compile(r"\b(?:go\s+ahead|do\s+it|ship\s+it|apply\s+it)\b", re.IGNORECASE)
SELECT = re.compile(r"^(?:use|prefer|pick|choose|go\s+with|stick\s+with|stay\s+on)\b", re.I)
WE = re.compile(r"^(?:we|i)\s+(?=\w)", re.I)  # "we use X, not Y": the house's choice, as "use X"
NEEDS = re.compile(r"\bneeds?\b.*\b(?:too|also|as\s+well)\b", re.IGNORECASE)
# someone else's saying, asking or wanting to act: context of the request, not a fact
REPORT = re.compile(
    r"^(?:\w[\w-]*\s+){1,3}(?:says|say|said|asks|asked|is\s+asking|are\s+asking|wonders|"
    r"wondered|wants?\s+to|wanted\s+to|complained|mentioned)\b",
    re.IGNORECASE,
)
ASIDE = re.compile(r"\b(?:sorry|apologies|lol|haha|lunch|brb)\b|😅|🙃|😂", re.IGNORECASE)
ANCHOR = re.compile(r"\d|`|[\w-]+[./_][\w-]+")
REMIND = re.compile(r"\bremind\s+(?:me|us)\b", re.IGNORECASE)
# a prompt about the day it is said on: what it states is that day's situation
NOW_BOUND = re.compile(
    r"\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening))\b", re.IGNORECASE
)
NAME = re.compile(r"[^\W_]+(?:-[^\W_]+){2,}")  # a name of three hyphenated parts: shop-stg-fra
CLAUSE = re.compile(r"[:;—–]\s+|,\s+|\s+\(|\)\s*")
# before a past verb, the words that leave the speaker its subject ("I've just bumped")
SPEAKER = frozenset(
    "i we i've we've ive weve i’ve we’ve have has had just also already finally".split()
)
PROPOSAL = re.compile(
    r"\?|\b(?:could|should|shall|want\s+me\s+to|would\s+you\s+like|i\s+can|i\s+could|"
    r"we\s+could|option|alternatively|suggest|recommend)\b",
    re.IGNORECASE,
)
SPLIT = re.compile(r"(?<=[.!?…])[\"')\]]*\s+|\n+|(?<=[\U0001F300-\U0001FAFF])\s+")
# a statement asked back for agreement: "we use poetry, right?", "you know our python
# is 3.12 now?" (a tag or a "you know" before it; closed classes)
TAG = re.compile(
    r",?\s*\b(?:right|no|yeah|yes|correct|ok|okay|innit|isn'?t\s+it|aren'?t\s+(?:we|they)|"
    r"don'?t\s+(?:we|they)|doesn'?t\s+it)\s*\?+\W*$",
    re.IGNORECASE,
)
# a wh-word before an auxiliary and its subject, anywhere in the clause: a question
# said without its mark ("so like how does the allowance work if ...", "quick question
# if I put the roast in at 2 when do I need to ...")
INVERTED = re.compile(
    r"\b(?:how|what|when|where|why)\s+(?:do|does|did|is|are|can|could|should|would|will)\s+"
    r"(?:i|we|you|u|they|he|she|it|the|my|our|your|this|that|these|those)\b",
    re.IGNORECASE,
)
# the speaker wanting a thing or a state, not to do something ("I want a double jump of
# 2 tiles", "now I would like that the script outputs ..."): work asked for now
DESIRE = re.compile(
    r"^(?:i|we)\s+(?:(?:really|just|also|still)\s+)?(?:want|wanna|wish)\b(?!\s+(?:to|you|u)\b)|"
    r"^(?:i|we)(?:'d|’d|\s+would)\s+(?:really\s+)?(?:like|love)\b(?!\s+(?:to|you|u)\b)",
    re.IGNORECASE,
)
# a modal of obligation on something other than the speaker or the assistant ("the
# error messages should be inline"): how a thing ought to be, asked for
DEONTIC = re.compile(
    r"\b(?:should(?:n'?t)?|must|ought\s+to|needs?\s+to|has\s+to|"
    # a wish in a softer modal ("low can stay neutral", "a segmented button would be ideal")
    r"can|could|would|might)\s+\w",
    re.IGNORECASE,
)
KNOW = re.compile(r"^\W*(?:you\s+know|y'?know|as\s+you\s+know)[,\s]+(?:that\s+)?", re.I)
# where a statement ends and an ask begins inside one sentence ("my mum turns 70 on 14
# March, help me plan a surprise")
CLAUSE_END = re.compile(r",\s+(?:(?:so|and|but|btw)\s+)?|;\s+|\s+[—–]\s+|:\s+")
VALUES = re.compile(r"\d+(?:\.\d+)+|[A-Z][A-Z0-9]*_[A-Z0-9_]+")  # a version, a constant
NAMED = re.compile(r"(?<=\w)[\s,;:]+[A-Z][a-z]+")  # a capitalised word inside: a name
ABBREV = re.compile(
    r"\b(?:e\.g|i\.e|etc|vs|approx|no|dr|mr|mrs|ms|prof|st|jr|sr)\.$", re.IGNORECASE
)  # an abbreviation, or a title before a name ("Dr. Okafor")
# A mark glued to a code identifier ("the value_parser! workaround", "Foo::bar!"): a
# Rust macro's "!", not the end of a sentence, when lower-case text goes on after it.
# Marks standing alone after a space are a token, an operator ("no !! in our code").
CODE_MARK = re.compile(r"(?:\w*(?:_|::)\w*[!?]|(?:^|\s)[!?]+)$")


# a block pasted into a prompt: fenced code, or a tool's diagnostic line
# ("R/clean.R:14:3: style: ...", "app/x.kt:31:58: This expression ...")
FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
DIAGNOSTIC = re.compile(r"^\s*\S*[\w)]:\d+(?::\d+)?:\s", re.MULTILINE)


# a line shaped like a program's output, not a person's sentence: a stack frame, an
# exception's head, a console prompt, a log line's timestamp, columns aligned by runs of
# spaces, a fully qualified name, or more signs than letters (a banner, a rule, a table)
_FRAME = re.compile(
    r"^\s*(?:at\s+[\w$.<>\[\]]+[.(:]|caused\s+by:|fatal\s+exception|traceback\b|"
    r"file\s+\"[^\"]+\",\s+line\s+\d|(?:>|\$|#>|>>>)\s|\[?\d{4}-\d{2}-\d{2}[t\s]\d{1,2}:\d{2})",
    re.IGNORECASE,
)
_COLUMNS = re.compile(r"\S {2,}\S|^\s{2,}\S.*[\d:/(]")
_QUALIFIED = re.compile(r"\b[a-z]\w*(?:\.[a-z_]\w*){2,}\.[A-Z]\w*")


def _output_line(line: str) -> bool:
    """Whether ``line`` is shaped like a program's output (:data:`_FRAME`, ...)."""
    body = line.strip()
    if not body:
        return False
    letters = sum(c.isalpha() for c in body)
    signs = sum(not c.isspace() for c in body)
    return (
        _FRAME.match(line) is not None
        or _COLUMNS.search(line.rstrip()) is not None
        or _QUALIFIED.search(body) is not None
        or letters < 0.5 * signs
    )


def _pasted_blocks(text: str) -> list[tuple[str, bool]]:
    """``text`` (no fence in it) cut at blank lines into the user's paragraphs and the
    program output pasted between them: a paragraph whose first line, or half of whose
    lines, are shaped like output (:func:`_output_line`), and one between two such
    paragraphs. A text of one paragraph is the user's (a dictated run-on, a list)."""
    paragraphs = [p for p in re.split(r"\n[ \t]*\n", text) if p.strip()]
    if len(paragraphs) < 2:
        return [(text, False)]
    marks = []
    for paragraph in paragraphs:
        lines = [line for line in paragraph.splitlines() if line.strip()]
        shaped = [_output_line(line) for line in lines]
        marks.append(shaped[0] or 2 * sum(shaped) >= len(lines))
    for n in range(1, len(paragraphs) - 1):  # between two pasted paragraphs: pasted too
        if any(marks[:n]) and any(marks[n + 1 :]):
            marks[n] = True
    return [(p, m) for p, m in zip(paragraphs, marks, strict=True)]


def pasted_parts(text: str) -> list[tuple[str, bool]]:
    """``text`` cut into the user's own words and what was pasted into it (fenced
    blocks; paragraphs shaped like a program's output, :func:`_pasted_blocks`; lines
    shaped like a compiler's or linter's diagnostic), in order; each part with whether
    it was pasted."""
    out: list[tuple[str, bool]] = []
    at = 0
    for match in FENCE.finditer(text):
        out.extend(_pasted_blocks(text[at : match.start()]))
        out.append((match.group(0), True))
        at = match.end()
    out.extend(_pasted_blocks(text[at:]))
    parts: list[tuple[str, bool]] = []
    for part, pasted in out:
        if pasted:
            parts.append((part, True))
            continue
        if parts and not parts[-1][1]:
            part = "\n" + part  # paragraphs apart stay apart
        for line in part.splitlines(keepends=True):
            if DIAGNOSTIC.match(line):
                parts.append((line, True))
            elif parts and not parts[-1][1]:
                parts[-1] = (parts[-1][0] + line, False)
            else:
                parts.append((line, False))
    return [(p.strip(), pasted) for p, pasted in parts if p.strip()]


def split_sentences(text: str) -> list[str]:
    """Sentences of a prompt: after ``.``, ``!``, ``?`` or ``…`` and a space (any
    case follows: prompts are often lower-case), at line breaks and at a spaced dash
    before a lower-case word. A dot inside a token (``2.9.3``, ``settings.py``,
    ``datetime.now()``) never splits, nor a ``!`` glued to a code identifier before
    lower-case text (``the value_parser! workaround``), nor marks standing alone
    before it (``no !! in our code``)."""
    out: list[str] = []
    for part in SPLIT.split(text):
        part = part.strip()
        if not part:
            continue
        if out and (ABBREV.search(out[-1]) or (CODE_MARK.search(out[-1]) and part[0].islower())):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def dash_clauses(sentence: str) -> list[str]:
    """A sentence cut at a spaced dash ("sync goes through CloudKit — so please keep
    ..."), each side its own act; a side with no verb that is only a few words (a
    topic: "the anymail settings — add them ...") stays with the clause after it."""
    parts = [p.strip() for p in re.split(r"\s+[—–]\s+", sentence) if p.strip()]
    out: list[str] = []
    carry = ""
    for part in parts:
        words = tokens(part)
        verbless = not any(w in BASE_VERBS or w in AUX or verb_form(w) for w in words)
        if verbless and len(words) <= 4 and part is not parts[-1]:
            carry = f"{carry}{part} — "
            continue
        out.append(carry + part)
        carry = ""
    return out or [sentence]


def tokens(text: str) -> list[str]:
    return [w.lower().strip("'’.:,") for w in WORD.findall(text)]


def strip_lead(words: list[str]) -> tuple[list[str], set[str]]:
    """The sentence without its leading discourse markers, and which were there."""
    seen: set[str] = set()
    i = 0
    while i < len(words):
        word = words[i]
        if not any(c.isalnum() for c in word):  # "hmm no - dont ..."
            pass
        elif word in NO:
            seen.add("no")
        elif word in ("please", "pls", "plz", "kindly"):
            seen.add("please")
        elif word not in DISCOURSE and not GRATITUDE.fullmatch(word):
            break
        i += 1
    return words[i:], seen


def verb_form(word: str) -> bool:
    """``word`` is an inflected form of a listed verb (``goes``, ``runs``, ``used``)."""
    for suffix in ("es", "s", "ed", "d"):
        if word.endswith(suffix) and word[: -len(suffix)] in BASE_VERBS:
            return True
    return False


# prepositions that open a phrase of place, time or purpose put before an order
_FRONTED = frozenset("in on for at inside within under after before during".split())
_MAX_FRONTED = 6  # words a fronted phrase may take before the verb


def fronted_imperative(words: list[str]) -> bool:
    """A phrase of place, time or purpose put before a base-form verb that heads the
    rest ("in the checkout add a coupon field", "for the export job use a bigger
    batch"): an order, as the verb alone would be. Not when a subject, an auxiliary or
    a question word comes first ("in production we run ..."), nor a listed verb right
    after a determiner or a preposition (a noun there: "in the test fixture ..."), nor
    one that heads a compound subject ("on mondays report mails go out")."""
    if len(words) < 3 or words[0] not in _FRONTED:
        return False
    for k in range(2, min(len(words) - 1, _MAX_FRONTED + 1)):
        word, before = words[k], words[k - 1]
        if word in PRONOUN_SUBJECT or word in AUX or word in WH or verb_form(word):
            return False
        if before in DETERMINER or before in _FRONTED or before in ("of", "to"):
            continue
        if word in _FRONTED or word in ("of", "to"):  # the phrase goes on ("card of product")
            continue
        after = words[k + 2] if len(words) > k + 2 else ""
        if (
            words[k + 1] not in DETERMINER
            and (after in BASE_VERBS or verb_form(after))
            and not is_verb_head(words[k + 1 :])
        ):
            # a compound subject before its verb ("report mails go out"), not a phrase
            # ended by the verb that heads the order ("on invoice page add a button")
            return False
        if is_verb_head(words[k:]):
            return True
    return False


def is_verb_head(words: list[str]) -> bool:
    """The head of the clause is a base-form verb: not a noun that is the subject of
    the next word ("sync goes", "test is failing", "build was green") or the first of
    two ("commit message must ...")."""
    if not words or words[0] not in BASE_VERBS:
        return False
    nxt = words[1] if len(words) > 1 else ""
    if len(words) > 2 and (words[2] in AUX or words[2] == "must") and nxt.isalpha():
        # a compound noun as the subject, its article dropped ("commit message must
        # start with ...", "test data is in fixtures/"): not "check it is ..."
        return nxt in PRONOUN_SUBJECT or nxt in DETERMINER
    return nxt not in AUX and nxt not in ("'s", "s") and not verb_form(nxt)
