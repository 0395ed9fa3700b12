"""The evidence says the contrary of the question, or of something else than it asks.

SQuAD 2.0 writes unanswerable questions by changing one word of an answerable one so
that every content word still matches a sentence. Such changes that a word-by-word match
cannot see, each checked here on the sentence itself:

* an *antonym by prefix*: "How many more flows carry **insignificant** amounts of
  water?" over "Three more flows carry significant amounts of water" — a negating prefix
  (in-, un-, non-, dis-, im-, ir-, il-) on a word of the one that the other has bare
  (`prefix_antonym`);
* an *opposite direction*: "What sea does the Rhine flow **out of**?" over "... flows
  into the North Sea" (`opposite_direction`);
* an *end of a move swapped*: "To which city did the game move from San Antonio?" over
  "the game moved from El Paso to San Antonio" (`opposite_end`), and a *preposition
  stranded otherwise*: "What is the rock that the Rhine flows into?" over "the Rhine
  flows around the famous rock Lorelei" (`stranded_otherwise`);
* *arguments swapped* around the verb: "How do the humans treat the apes?" over "The
  apes treat humans as slaves" (`arguments_swapped`);
* a *point in time for an amount*: "How many years did it take for the snow covers to
  melt?" over "from 22,000 years ago onward" — "N years ago" dates an event, it does not
  measure one (`dated_not_measured`);
* a *member for the whole*: "How many bodies of water make up the Obersee?" over "Lake
  Constance consists of three bodies of water: the Obersee, the Untersee and ..." — the
  question's names stand only in the list that the counted answer introduces, so the
  count is of something else (`only_listed`);
* a *thing counted by another number*: "How many State League teams joined the remaining
  four Premier League teams?" over "The remaining six FFSA Premier League teams were
  joined by ..." (`number_swapped`);
* a *value of the name beside it*: "How many Screen Awards ...?" over "five Filmfare
  Awards ... and seven Screen Awards" (`counts_another`), "In which town is Dwight Yorke
  Stadium?" over "Dwight Yorke Stadium in Bacolet, Tobago and Marvin Lee Stadium in
  Macoya" (`placed_for_another`);
* the *object for the doer*: "What captured the Vosges Mountains?" over "the Rhine had
  captured streams down to the Vosges Mountains, including the Mosel, ..." — the span
  after the active verb is what was captured (`object_for_doer`).

* *all for one*: "How can I disable rewriting for just that module?" over "Disable
  rewriting for all modules by using `--assert=plain`" — the question narrows to one of
  a noun the sentence says of them all (`all_for_one`).

And two spans of the wrong kind that the answer types let through: a clause or a time
for "what (other) city / region / principality" (`not_a_place`), and the adjective of a
people for "where" ("fell again to Byzantine hands": `demonym`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from sleuth.text import STOPWORDS, stem

from .slots import prepositional_objects
from .synonyms import canon

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# negating prefixes, longest first; the rest must be a word of four letters or more
_PREFIXES = ("non", "dis", "un", "in", "im", "ir", "il")
# pairs of directions that exclude each other, as words or phrases
_OPPOSITES = (
    ("into", "out of"),
    ("upstream", "downstream"),
    ("inflow", "outflow"),
    ("imports", "exports"),
    ("imported", "exported"),
    ("import", "export"),
    ("ascend", "descend"),
    ("entered", "left"),
)
_AGO = re.compile(r"^\s*(?:ago|earlier|before\s+present|bp)\b", re.I)


def _stems(text: str) -> set[str]:
    """The stems of ``text``'s words but its stop words."""
    return {stem(w.lower()) for w in _WORD.findall(text) if w.lower() not in STOPWORDS}


def _lower_words(text: str) -> set[str]:
    return {w.lower().strip("'’-") for w in _WORD.findall(text)}


def _bare(word: str) -> str | None:
    """``word`` without its negating prefix ("insignificant" → "significant"), or None."""
    for prefix in _PREFIXES:
        rest = word[len(prefix) :]
        if word.startswith(prefix) and len(rest) >= 5 and rest not in STOPWORDS:
            return rest
    return None


def prefix_antonym(question: str, sentence: str) -> bool:
    """Whether a word of one of the two is a prefixed negation of a word the other says
    while it does not say the prefixed one: "insignificant" asked, "significant" stated
    (or the reverse). A word that both say is no contrast ("independent" in both)."""
    asked, stated = _lower_words(question), _lower_words(sentence)
    for one, other in ((asked, stated), (stated, asked)):
        for word in one - other:
            rest = _bare(word)
            if rest is not None and rest in other and rest not in one:
                return True
    return False


# plain antonyms: each side's forms. SQuAD 2.0 swaps one for the other ("a cab driver
# from a big city" over "from a small town"), as a user mistakes which case a page
# states ("Which variable enables colours?" over "`NO_COLOR` disables colours")
_ANTONYMS = (
    ("big bigger biggest large larger largest", "small smaller smallest"),
    ("rich richer richest wealthy", "poor poorer poorest"),
    ("old older oldest", "young younger youngest"),
    ("first", "last"),
    ("north northern", "south southern"),
    ("east eastern", "west western"),
    ("early earlier earliest", "late later latest"),
    ("high higher highest", "low lower lowest"),
    ("long longer longest", "short shorter shortest"),
    ("major", "minor"),
    ("increase increases increased increasing", "decrease decreases decreased decreasing"),
    ("win wins won winning", "lose loses lost losing"),
    ("male", "female"),
    ("upper", "lower"),
    ("inner", "outer"),
    ("maximum max", "minimum min"),
    ("enable enables enabled enabling", "disable disables disabled disabling"),
    ("allow allows allowed allowing", "deny denies denied denying forbid forbids forbidden"),
    ("include includes included including", "exclude excludes excluded excluding"),
    ("accept accepts accepted accepting", "reject rejects rejected rejecting"),
    ("positive", "negative"),
    ("sync synchronous synchronously", "async asynchronous asynchronously"),
)
# a measure's word, not a side of a pair: "how long", "how old", "as long as"
_MEASURE_WORD = re.compile(r"\b(?:how|as|so|too)\s+([a-z]+)\b", re.I)


def plain_antonym(question: str, sentence: str) -> bool:
    """Whether the question says one side of a plain antonym pair that the sentence does
    not, and the sentence the other side that the question does not: "What kind of young
    woman does a cab driver from a big city fall in love with?" over "a cab driver from a
    small town who falls in love with a rich young woman". A side both say is no contrast,
    nor a measure's word ("How long ...?" says nothing short)."""
    measured = {m.group(1).lower() for m in _MEASURE_WORD.finditer(question)}
    asked = _lower_words(question) - measured
    stated = _lower_words(sentence)
    for a, b in _ANTONYMS:
        for one, other in ((set(a.split()), set(b.split())), (set(b.split()), set(a.split()))):
            if asked & one and not stated & one and stated & other and not asked & other:
                return True
    return False


def _says(text: str, phrase: str) -> bool:
    return re.search(rf"\b{re.escape(phrase)}\b", text, re.I) is not None


def opposite_direction(question: str, sentence: str) -> bool:
    """Whether the question asks one direction of a pair and the sentence states only
    the other ("flow out of" asked, "flows into" stated)."""
    for a, b in _OPPOSITES:
        for asked, other in ((a, b), (b, a)):
            asks = _says(question, asked) and not _says(question, other)
            if asks and _says(sentence, other) and not _says(sentence, asked):
                return True
    return False


_BOUND_PAIRS = (("from", "to"), ("from", "into"))


def _goes(text: str, preposition: str) -> set[tuple[str, str]]:
    """(verb stem, next word) of each "VERB PREPOSITION WORD" of ``text``."""
    found = set()
    pattern = rf"\b([a-z]+)\s+{preposition}\s+(?:the\s+)?([A-Za-z]+)"
    for match in re.finditer(pattern, text):
        verb, word = match.group(1).lower(), match.group(2).lower()
        if verb not in STOPWORDS:
            found.add((stem(verb), word))
    return found


def opposite_way(question: str, sentence: str) -> bool:
    """Whether the question's verb goes one way to a place and the sentence's same verb
    the other way to the same place: "Who fled from southern Italy?" over "several monks
    ... fled to southern Italy". Unlike `opposite_direction`, only with the same verb
    and the same next word, as "to" and "from" are everywhere."""
    for a, b in _BOUND_PAIRS:
        for asked, other in ((a, b), (b, a)):
            went = _goes(question, asked)
            if went and went & _goes(sentence, other) and not went & _goes(sentence, asked):
                return True
    return False


_TOKEN = re.compile(r"[^\W_][\w'’-]*|[^\w\s]")
_JOINERS = frozenset({"of", "de"})


def _name_at(tokens: list[str], i: int) -> str | None:
    """The capitalised name that starts at ``tokens[i]`` (after an article; "of" or "de"
    may join its words: "Province of Queensland"), or None."""
    if i < len(tokens) and tokens[i].lower() == "the":
        i += 1
    name: list[str] = []
    while i < len(tokens):
        word = tokens[i]
        capital = word[:1].isupper() and word[:1].isalpha()
        joins = bool(name) and word in _JOINERS and tokens[i + 1 : i + 2] != []
        if not capital and not (joins and tokens[i + 1][:1].isupper()):
            break
        name.append(word)
        i += 1
    return " ".join(name) if name else None


def _ends(text: str, prepositions: frozenset[str]) -> set[str]:
    """The capitalised names ``text`` writes right after one of ``prepositions``."""
    tokens = _TOKEN.findall(text)
    found = (_name_at(tokens, i + 1) for i, t in enumerate(tokens) if t.lower() in prepositions)
    return {n for n in found if n}


def _moves(text: str) -> set[tuple[str, str]]:
    """(from, to) of each "from NAME to NAME" of ``text``: one move with both its ends."""
    tokens = _TOKEN.findall(text)
    moves = set()
    for i, token in enumerate(tokens):
        if token.lower() != "from":
            continue
        source = _name_at(tokens, i + 1)
        if source is None:
            continue
        after = i + 1 + (tokens[i + 1].lower() == "the") + len(source.split())
        if after < len(tokens) and tokens[after].lower() in _TO:
            target = _name_at(tokens, after + 1)
            if target is not None:
                moves.add((source, target))
    return moves


_FROM, _TO = frozenset({"from"}), frozenset({"to", "into"})


@lru_cache(maxsize=1024)
def opposite_end(question: str, sentence: str) -> bool:
    """Whether a place the question names as one end of a move is the other end of a move
    the sentence states with both its ends: "To which city did the game move from San
    Antonio?" over "the game moved from El Paso to San Antonio". Only a "from A to B"
    phrase says which end a name is ("sold his patents to Westinghouse" says nothing of
    what came from Westinghouse)."""
    moves = _moves(sentence)
    if not moves:
        return False
    sources = {a for a, _ in moves}
    targets = {b for _, b in moves}
    asked_from, asked_to = _ends(question, _FROM), _ends(question, _TO)
    return bool((asked_from & targets) - sources or (asked_to & sources) - targets)


# the spatial prepositions a question may leave at its end ("the rock that the Rhine
# flows into?"), in groups of near-synonyms ("evaluates to" is "evaluates into")
_SPATIAL_GROUPS = (
    frozenset({"into", "onto", "to", "towards", "toward"}),
    frozenset({"from"}),
    frozenset({"around"}),
    frozenset({"through", "across", "over"}),
    frozenset({"under"}),
    frozenset({"past", "along"}),
)
_SPATIAL = "|".join(sorted(set().union(*_SPATIAL_GROUPS)))
_STRANDED = re.compile(rf"\b([A-Za-z]+) ({_SPATIAL})\W*$", re.IGNORECASE)
_VERB_REACH = 8  # how many words after the verb its preposition is looked for


@lru_cache(maxsize=1024)
def stranded_otherwise(question: str, sentence: str) -> bool:
    """Whether the question's verb ends on a preposition ("What is the rock that the
    Rhine flows into?") that the sentence's same verb does not take within its next few
    words, taking another one right after it instead ("Near Sankt Goarshausen, the Rhine
    flows around the famous rock Lorelei"): the sentence relates the thing to the verb
    in another way. "moved from El Paso to San Antonio" takes "to" too."""
    found = _STRANDED.search(" ".join(question.split()))
    if found is None or found.group(1).lower() in STOPWORDS:
        return False
    verb, preposition = stem(found.group(1).lower()), found.group(2).lower()
    same = next(g for g in _SPATIAL_GROUPS if preposition in g)
    spatial = set().union(*_SPATIAL_GROUPS)
    said_otherwise = False
    for match in _WORD.finditer(sentence):
        if stem(match.group(0).lower()) != verb:
            continue
        after = [w.lower() for w in _WORD.findall(sentence[match.end() :])[:_VERB_REACH]]
        if same & set(after):
            return False
        said_otherwise = said_otherwise or bool(after and after[0] in spatial)
    return said_otherwise


# relations that hold both ways: "Bob married Ada" states "Ada married Bob"
_SYMMETRIC = frozenset(
    stem(w)
    for w in "marry married wed meet met play face fight battle draw tie merge partner "
    "divorce border neighbour neighbor touch connect link rival resemble equal match date "
    "accompany collaborate versus vs v against encounter intersect cross befriend collide "
    "kiss".split()
)
_DETERMINERS = frozenset("the a an its their his her".split())


def _triples(text: str) -> set[tuple[str, str, str]]:
    """(stem, stem, stem) of each three content words in a row of ``text``, articles and
    possessive determiners skipped, the middle one a lower-case word (a verb, not a name):
    "the humans treat the apes" -> (human, treat, ape)."""
    tokens = [t for t in _WORD.findall(text) if t.lower() not in _DETERMINERS]
    return {
        (stem(a.lower()), stem(v), stem(b.lower()))
        for a, v, b in zip(tokens, tokens[1:], tokens[2:], strict=False)
        if v.isalpha() and v.islower() and not {a.lower(), v, b.lower()} & STOPWORDS
    }


@lru_cache(maxsize=1024)
def arguments_swapped(question: str, sentence: str) -> bool:
    """Whether the sentence puts the question's two words around its verb the other way
    round: "How do the humans treat the apes?" over "The apes treat humans as slaves"
    (a relation that holds both ways, such as "marry", is left alone)."""
    said = _triples(sentence)
    return any(
        (b, v, a) in said and (a, v, b) not in said and v not in _SYMMETRIC
        for a, v, b in _triples(question)
    )


def dated_not_measured(question: str, sentence: str, value: str) -> bool:
    """Whether an amount ("how many years ...") is answered by a span the sentence uses
    as a point in time: "22,000 years ago", unless the question asks "ago" too."""
    if re.search(r"\b(?:ago|when|what\s+year)\b", question, re.I):
        return False
    at = sentence.find(value)
    if at < 0 or not value.strip():
        return False
    return _AGO.match(sentence[at + len(value) :]) is not None


def _names(text: str) -> list[str]:
    """The stems of the capitalised words of ``text`` after its first word."""
    tokens = _WORD.findall(text)
    return [
        stem(t.lower())
        for t in tokens[1:]
        if t[:1].isupper() and t.lower() not in STOPWORDS and len(t) > 2
    ]


def only_listed(question: str, sentence: str, value: str) -> bool:
    """Whether the question's names stand in ``sentence`` only
    inside the list that the answer introduces ("three bodies of water: the Obersee,
    ..."), so that the answer counts the members of something else."""
    at = sentence.find(value)
    if at < 0 or not value.strip():
        return False
    colon = sentence.find(":", at + len(value))
    if colon < 0 or re.search(r"[.;]", sentence[at + len(value) : colon]):
        return False
    names = _names(question)
    if not names:
        return False
    before, after = _stems(sentence[:colon]), _stems(sentence[colon:])
    return all(n in after and n not in before for n in names)


_WHAT_DID = re.compile(r"^\s*what\s+([a-z]+ed)\s+(?!by\b)\w", re.I)
_PASSIVE_BEFORE = re.compile(
    r"\b(?:was|were|is|are|been|being|be)\s+(?:\w+ly\s+)?$|\b(?:the|a|an|its|their|his|her)\s+$",
    re.I,
)
# verbs whose subject a what-question does not ask for as a doer
_NOT_DONE = frozenset({"happened", "occurred", "seemed", "appeared", "remained"})


def object_for_doer(question: str, sentence: str, value: str) -> bool:
    """Whether "What VERBed X?" (which asks for the doer) is answered by a span after
    the sentence's active VERB, where what was done to stands: "What captured the Vosges
    Mountains?" is not answered by "the Rhine had captured streams down to the Vosges
    Mountains, including the Mosel, ...". A doer named after "by" is a doer."""
    asked = _WHAT_DID.match(question)
    at = sentence.find(value)
    if asked is None or at < 0 or not value.strip():
        return False
    verb = asked.group(1).lower()
    if verb in _NOT_DONE:
        return False
    uses = [
        m
        for m in re.finditer(rf"\b{re.escape(verb)}\b", sentence, re.I)
        if not _PASSIVE_BEFORE.search(sentence[: m.start()])
    ]
    if not uses:
        return False
    if re.search(r"\bby\s+(?:the\s+)?$", sentence[:at], re.I):
        return False
    return all(at >= m.end() for m in uses)


# nouns that ask a named place, and nouns that may ask one ("what region of the brain":
# "the prefrontal cortex"; "what area of physics"): of these, only a time is refused
_PLACE_NOUNS = (
    r"city|cities|town|towns|country|countries|river|rivers|lake|lakes|sea|seas|island|"
    r"islands|village|villages|province|provinces|county|counties|continent|continents|"
    r"nation|nations|capital|port|ports|principality|principalities|kingdom|kingdoms|duchy|"
    r"duchies|empire|empires|realm|territory|territories|colony|colonies|suburb|suburbs|"
    r"neighbourhood|neighborhood|valley|valleys"
)
_MAYBE_PLACE_NOUNS = r"region|regions|area|areas|state|states|location|locations|district|districts"


def _asks(nouns: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:what|which)\s+(?:other\s+|two\s+|three\s+)?(?:\w+\s+)?(?:{nouns})\b", re.I
    )


_PLACE_ASKED = _asks(_PLACE_NOUNS)
_MAYBE_PLACE_ASKED = _asks(_MAYBE_PLACE_NOUNS)
_TIME_WORDS = re.compile(
    r"\b(?:\d{3,4}s?|century|centuries|decade|year|years|AD|BC|BCE|CE|"
    r"January|February|March|April|May|June|July|August|September|October|November|December)\b",
    re.I,
)


def not_a_place(question: str, value: str) -> bool:
    """Whether "what (other) city / region / country ...?" is answered by a span that
    names no place: a place is a name ("Koblenz", "the Ruhr"), not a clause ("listed as
    a UNESCO World Heritage Site") nor a time ("in the 19th Century"). A noun that may ask
    something else ("what region of the brain") refuses only the time."""
    strict = _PLACE_ASKED.search(question) is not None
    if not strict and _MAYBE_PLACE_ASKED.search(question) is None:
        return False
    if _TIME_WORDS.search(value):
        return True
    if not strict:
        return False
    tokens = _WORD.findall(value)
    named = [t for t in tokens if t[:1].isupper() and t.lower() not in STOPWORDS]
    return not named or len(tokens) > 6


# endings of the adjectives that name a people or a place's things ("Byzantine",
# "Norman", "Swiss", "Danish", "Chinese", "Icelandic", "Dutch", "Greek")
_DEMONYM = re.compile(r"(?:an|ine|ese|ish|ic|iss|ch|eek)$")


# the adjectives of peoples a person's name is never: a first name may end like one
# ("Brian wrote the song"), so a person answer is refused only for these
_PEOPLES = frozenset(
    "american british english french german italian spanish portuguese russian chinese "
    "japanese korean indian canadian australian irish scottish welsh dutch swedish "
    "norwegian danish finnish polish czech hungarian greek turkish byzantine norman roman "
    "swiss austrian belgian mexican brazilian argentine egyptian persian arab arabic "
    "israeli african european asian soviet ottoman prussian".split()
)


def demonym(sentence: str, value: str, person: bool = False) -> bool:
    """Whether a one-word place (or, ``person``, person) answer is an adjective in
    ``sentence``: a name of a people's kind that the sentence puts before a common noun
    ("the Swiss canton of Graubünden", "fell again to Byzantine hands", "American actor Ed
    Asner") says what kind of thing, not where or who. For a person, only a known
    people's adjective: "Brian" ends as "Norman" does."""
    if len(value.split()) != 1 or _DEMONYM.search(value) is None:
        return False
    if person and value.lower() not in _PEOPLES:
        return False
    uses = [m.end() for m in re.finditer(rf"\b{re.escape(value)}\b", sentence)]
    nouns = [re.match(r"\s+([a-z][a-z-]+)", sentence[end:]) for end in uses]
    return any(
        n is not None and n.group(1) not in STOPWORDS and not n.group(1).endswith(("ed", "ly"))
        for n in nouns
    )


_WHO_DID = re.compile(r"^\s*who\s+([a-z]+ed)\s+(?:the\s+)?([A-Za-z][\w-]*)", re.I)


def recipient_for_object(question: str, sentence: str) -> bool:
    """Whether "Who VERBed X?" is asked of a sentence where X is who it was VERBed *to*:
    "Who betrayed the Normans?" over "Dyrrachium was betrayed to the Normans by the
    Venetian and Amalfitan merchants" (the merchants betrayed the city, to the Normans)."""
    asked = _WHO_DID.match(question)
    if asked is None:
        return False
    verb, thing = (re.escape(g) for g in asked.groups())
    to = re.search(rf"\b{verb}\s+to\s+(?:the\s+)?{thing}\b", sentence, re.I)
    direct = re.search(rf"\b{verb}\s+(?:the\s+)?{thing}\b", sentence, re.I)
    return to is not None and direct is None


# "finish" and "rank" only: "Where did the Normans come from?", "Where did the battle take
# place?" and "Where did he end up?" ask places
_RANK_ASKED = re.compile(
    r"\bwhere\s+(?:did|does|do|will|would)\b[^?]*?\b(?:finish|rank)\b"
    r"|\bwhere\s+(?:was|were|is|are)\b[^?]*?\b(?:ranked|finished)\b",
    re.I,
)


def asks_rank(question: str) -> bool:
    """Whether a where-question asks a position in a ranking, not a place: "Where did
    Ruud finish in the individual large hill?" is "seventh", not "St. Moritz"."""
    return _RANK_ASKED.search(question) is not None


_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty hundred "
    "thousand million".split()
)
_TOKENS = re.compile(r"[A-Za-z]+|\d[\d,.]*")


def _number(token: str) -> str | None:
    low = token.lower().replace(",", "")
    return low if low in _NUMBER_WORDS or low[:1].isdigit() else None


def _counted(text: str, reach: int = 3) -> set[tuple[str, str]]:
    """(number, word) for each number of ``text`` that counts something and each of the
    up to ``reach`` words of the noun phrase right after it ("four Premier League teams":
    premier, leagu, team); a year counts nothing ("In 1948, how many teams ...?"), and a
    stop word or another number ends the phrase."""
    tokens = _TOKENS.findall(text)
    pairs = set()
    for i, token in enumerate(tokens):
        value = _number(token)
        if value is None or re.fullmatch(r"1\d{3}|20\d{2}", token.rstrip(",.")):
            continue
        for follower in tokens[i + 1 : i + 1 + reach]:
            if _number(follower) is not None or follower.lower() in STOPWORDS:
                break
            pairs.add((value, stem(follower.lower())))
    return pairs


_ORDINAL_RANK = (
    r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"[2-9](?:nd|rd|th)|1[0-9]th)"
)
_SUPERLATIVE = re.compile(
    r"\b(?:most|least)\s+[a-z]+\b|\b(?:best|worst)\b|\b[a-z]{3,}est\b", re.IGNORECASE
)


def ranked_superlative(question: str, sentence: str) -> bool:
    """Whether the question asks a plain superlative ("Which river is the longest in
    Europe?") that the sentence only says with a rank before it ("the second longest in
    Europe after the Volga"): the sentence names the runner-up, not the first."""
    for m in _SUPERLATIVE.finditer(question):
        word = m.group(0).lower()
        if word in NOT_SUPERLATIVES or re.search(
            rf"\b{_ORDINAL_RANK}\s+$", question[: m.start()], re.I
        ):
            continue
        said = [s for s in re.finditer(rf"\b{re.escape(word)}\b", sentence, re.IGNORECASE)]
        if said and all(
            re.search(rf"\b{_ORDINAL_RANK}[\s-]+$", sentence[: s.start()], re.IGNORECASE)
            for s in said
        ):
            return True
    return False


# words (and stems) ending in -est that are no superlatives: nouns and verbs, and test
# tools' names (`verify`'s polar keys read it too)
NOT_SUPERLATIVES = frozenset(
    "interest forest west test request guest honest modest earnest harvest protest contest "
    "suggest digest manifest arrest invest conquest inquest bequest ingest congest molest "
    "detest attest infest divest unrest tempest behest pytest unittest doctest".split()
)


def number_swapped(question: str, sentence: str) -> bool:
    """Whether the sentence counts a thing of the question by another number: "How many
    State League teams joined the remaining *four* Premier League teams?" over "The
    remaining *six* FFSA Premier League teams were joined by the ten FFSA State League
    teams" (the sentence gives "four" nowhere to those teams)."""
    asked, stated = _counted(question), _counted(sentence)
    for number, word in asked:
        others = {n for n, w in stated if w == word and n != number}
        if others and (number, word) not in stated:
            return True
    return False


_HOW_MANY = re.compile(
    r"\bhow\s+many\s+(?!of\b)((?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*?s)\b", re.I
)


def counts_another(question: str, sentence: str, value: str) -> bool:
    """Whether "How many X ...?" is answered by a number the sentence gives to something
    else, while another number counts X: "How many Screen Awards did the film win?" over
    "win five Filmfare Awards ... and seven Screen Awards"."""
    asked = _HOW_MANY.search(question)
    if asked is None or _number(value.split()[0] if value.split() else "") is None:
        return False
    counted = {stem(w.lower()) for w in asked.group(1).split() if w.lower() not in STOPWORDS}
    if not counted:
        return False
    pairs = _counted(sentence, reach=5)
    numbers = {n for n, _ in pairs}
    mine = value.split()[0].lower().replace(",", "")
    said_by = {n for n in numbers if counted <= {w for m, w in pairs if m == n}}
    return bool(said_by) and mine not in said_by


def counts_other(question: str, sentence: str, value: str) -> bool:
    """Whether "How many X ...?" is answered by a number that counts something else, no
    word of the question among what it counts: "How many passengers use the airport each year?" over
    "scheduled passenger service provided by one commercial airline" (one airline). A
    number that counts no noun phrase ("a population of 21,000") is left to the other
    rules, and so is a count of a unit the question measures in ("1,230 km")."""
    asked = _HOW_MANY.search(question)
    first = value.split()[0] if value.split() else ""
    mine = _number(first.rstrip(".,"))
    if asked is None or mine is None:
        return False
    counted = {_canon(w) for w in _WORD.findall(asked.group(1)) if w.lower() not in STOPWORDS}
    own = {_canon(w) for w in _WORD.findall(value)[1:] if w.lower() not in STOPWORDS}
    if not counted or counted & own:
        return False
    says = {canon(w) for n, w in _counted(sentence, reach=5) if n == mine}
    # what it counts may be said by another word of the question ("into how many languages
    # had the book been translated?" over "with 45 different translations")
    asked_words = {_canon(w) for w in _WORD.findall(question) if w.lower() not in STOPWORDS}
    return bool(says) and not (says & asked_words) and not (counted & _UNITS)


def _canon(word: str) -> str:
    return canon(stem(word.lower()))


# what a count measures in, or a word for any counted thing: a number may count it under
# another name ("1,230 km" for kilometres, "300 civilians" for people)
_UNITS = frozenset(
    canon(stem(w))
    for w in """
    years months weeks days hours minutes seconds times miles kilometres kilometers km
    metres meters feet ft inches yards percent acres hectares tons tonnes pounds kilograms
    kg dollars euros people persons individuals things items members
    """.split()
)


_NAME_BEFORE = re.compile(r"((?:[A-Z][\w'’-]*\s+){1,5})(?:in|at|near|on)\s+$")


def placed_for_another(question: str, sentence: str, value: str) -> bool:
    """Whether a place answer is where another named thing of the sentence is, while the
    question's own thing is placed elsewhere in it: "In which town of Trinidad is Dwight
    Yorke Stadium?" over "played at Dwight Yorke Stadium in Bacolet, Tobago and Marvin
    Lee Stadium in Macoya, Trinidad" (Macoya is Marvin Lee Stadium's)."""
    at = sentence.find(value)
    if at < 0 or not value.strip():
        return False
    before = _NAME_BEFORE.search(sentence[:at])
    if before is None:
        return False
    names = set(_names(question))

    if not names or _stems(before.group(1)) <= names:
        return False  # the answer is placed for the question's own thing
    placed = re.finditer(r"((?:[A-Z][\w'’-]*\s+){1,5})(?:in|at|near|on)\s+[A-Z]", sentence)
    return any(m.start() != before.start() and _stems(m.group(1)) <= names for m in placed)


# "for just that module", "only one worker": the question narrows to one (a bare "a single
# insect" asks of any one, which "all insects" states)
_ONE_OF = re.compile(
    r"\b(?:just|only)\s+(?:that|this|the\s+one|one|a\s+single|a|the)\s+"
    r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)",
    re.IGNORECASE,
)
# "for all modules", "across all of your workers": the sentence says it of every one (not
# "each worker can hold ...", which any one does)
_EVERY = re.compile(
    r"\b(?:for|to|on|in|across)\s+all\s+(?:of\s+(?:the|your)\s+)?"
    r"([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)",
    re.IGNORECASE,
)


def _head(phrase: str) -> str:
    """The noun a quantifier's phrase ends in: "test file" -> file, "modules by" -> module
    (a stop word or a verb's form ends the phrase)."""
    kept: list[str] = []
    for word in phrase.lower().split():
        if word in STOPWORDS or word.endswith(("ing", "ed")):
            break
        kept.append(word)
    return stem(kept[-1]) if kept else ""


def all_for_one(question: str, sentence: str) -> bool:
    """Whether the question asks of one thing ("How can I disable rewriting for just that
    module?") what the sentence says of every one of its kind ("Disable rewriting for all
    modules by using `--assert=plain`"): the way for all is no way for one. The two
    phrases' nouns are compared ("just one test file" is not "for all test runs")."""
    one = {_head(m.group(1)) for m in _ONE_OF.finditer(question)} - {""}
    if not one or one & {_head(m.group(1)) for m in _ONE_OF.finditer(sentence)}:
        return False  # (a sentence that says both: "To run just one test, ...")
    every = {_head(m.group(1)) for m in _EVERY.finditer(sentence)}
    return bool(one & every)


# "one of the fifty-four", "one of 12": a member of a counted whole, not its count
_ONE_OF_COUNTED = re.compile(
    r"\s+of\s+(?:the\s+|its\s+|their\s+)?(?:\d[\d,]*|[a-z]+(?:-[a-z]+)?)\b"
)


_COUNTED = re.compile(
    r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred|thousand|million|dozen)\b",
    re.IGNORECASE,
)


def one_of_many(sentence: str, value: str) -> bool:
    """Whether a count answer is the "one" of "one of the fifty-four": the sentence
    counts the whole right after it."""
    if value.strip().lower() not in ("one", "1"):
        return False
    for m in re.finditer(rf"\b{re.escape(value.strip())}\b", sentence):
        after = _ONE_OF_COUNTED.match(sentence, m.end())
        if after is not None and _COUNTED.search(after.group(0)):
            return True
    return False


# "An alias for which class?", "a subclass of which class?", "derived from what?": the
# wh-phrase is the object of a word of the question and its preposition
_WH_OBJECT = re.compile(
    r"\b([A-Za-z][\w-]*)\s+(for|of|from|to|by|with|on|into|than)\s+(?:which|what|whom)\b",
    re.IGNORECASE,
)
_WH_WORD = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b", re.IGNORECASE)


def object_elsewhere(question: str, sentence: str, value: str) -> bool:
    """Whether the question asks the object of one of its words' prepositions ("An alias
    for which class?": its first wh-word, not a relative "the process by which ...") and
    the sentence gives the answer as that word's subject instead: "`TracebackFuture` is
    now simply an alias for `Future`" gives the alias, standing before "alias for", not
    what `Future` is an alias for. An answer anywhere in or after the word's object (a
    list, an apposition) is left alone, and so is a sentence that does not say the word
    with the preposition and an object."""
    asked = " ".join(question.split())
    found = _WH_OBJECT.search(asked)
    if found is None or found.group(1).lower() in STOPWORDS:
        return False
    first = _WH_WORD.search(asked)
    if first is None or first.start() != found.end() - len(found.group(0).split()[-1]):
        return False  # "What is the process by which ...?": a relative "which"
    key, preposition = stem(found.group(1).lower()), found.group(2).lower()
    places = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(value)}(?![\w])", sentence)]
    if not places:
        return False
    words_said = [
        word
        for word, start, end in prepositional_objects(
            sentence, lambda w: stem(w.lower()) == key, preposition
        )
        if sentence[start:end].strip(" `*\"'")
    ]
    if not words_said:
        return False
    # the answer stands before every such word: the subject said to be one
    return all(at < word for at in places for word in words_said)
