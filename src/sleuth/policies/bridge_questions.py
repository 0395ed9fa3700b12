"""What a bridge question embeds (`parse_bridge`): the phrase that names the bridge entity
and the question that finds it.

"... the city where Kerry Saxby-Junna was born?", "What country was the author of Brand a
citizen of?", "Who was in charge of the country Ceelmakoile is located in?": the question
asks about a thing it only describes through another; the description is a question of
its own (the first hop), whose answer, put in its place, leaves a single-hop question (the
second). `sleuth.policies.bridge` runs both hops; this module only reads the question.
The role a "who" question asks of the bridge (`asked_role`) is read here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sleuth.text import content_terms

from . import described, relations
from .relations import DEMONYMS, PLACE_KINDS

#: A comma inside a "where" clause only in a place chain before its verb ("the county in
#: which Johnnycake, West Virginia is located").
_CHAIN = r"\s+(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})\s+(?:is|was|are|were|lies|lie|died)\b"
_WHERE = re.compile(
    rf"\bthe (?P<kind>{PLACE_KINDS})\s+(?:where|in which)\s+"
    rf"(?P<clause>(?:[^?,;]|,(?={_CHAIN}))+?)\s*(?=[?;]|,(?!{_CHAIN})|$)",
    re.IGNORECASE,
)
_ROLES = (
    "author|composer|director|founder|creator|performer|performers|producer|writer|"
    "publisher|designer|architect|owner|developer|manufacturer|lyricist|screenwriter|"
    "illustrator|painter|editor|singer|lead vocalist|vocalist|lead singer|sponsor"
)
_NAME_RUN = r"[A-Z0-9][\w'’.-]*(?:\s+(?:(?:of|the|and|de|for|in|on|a)\s+){0,2}[A-Z0-9][\w'’.-]*)*"
#: Where a name in a role phrase ends: at punctuation, or before a lower-case word that
#: is no title's inner word ("the producer of Jaws from?", but not "Songs I Wrote with
#: Amy" cut at "with").
_NAME_END = (
    r"(?=\s*(?:[?,]|$)|\s+(?!(?:with|to|in|on|at|by|for|of|and|or|the|from|into|over|"
    r"under|without|versus|vs)\b)[a-z]+\b|\s+(?:from|in|to|for|with|at|on)\s*\?)"
)
#: What a question may put before a work's name: "the 2006 film The Prestige", "the
#: documentary Laloorinu Parayanullathu", "the 1966 horror film Blood Bath".
_WORK_KIND = (
    r"(?:(?:the|a|an)\s+)?(?:\d{4}\s+)?(?:[a-z]+\s+){0,2}"
    r"(?:film|movie|documentary|novel|book|play|song|single|album|series|show|opera|game|"
    r"video game|poem|musical|sitcom|magazine|newspaper|comic|comedy|drama|thriller|"
    r"western|miniseries|memoir|biography|autobiography|novella|story|painting|ballet)\s+"
)
#: A name, after a work's kind, and in quotes or not ("the lead vocalist of "Two Hearts
#: Collide"").
_WORK_NAME = rf"(?:{_WORK_KIND}|the\s+)?(?P<q>[\"“]?)(?P<name>{_NAME_RUN})(?P=q)"
#: A possessive's work ("Grace Krilanovich's first novel"): part of the phrase the
#: bridge replaces, its owner the subject whose page names the role.
_OWNED_WORK = re.compile(
    r"\s+(?:(?:first|second|third|debut|latest|last|new|only|best-known)\s+)?"
    r"(?:film|movie|documentary|novel|book|play|song|single|album|series|show|game|poem)\b"
)
_ROLE_OF = re.compile(
    rf"\b(?i:the) (?P<role>{_ROLES}) of {_WORK_NAME}"
    rf"{_NAME_END}"
)
#: "the association which published X": the role a relative clause's verb names.
_ROLE_BY_VERB = {
    "published": "publisher",
    "made": "manufacturer",
    "built": "manufacturer",
    "owns": "owner",
    "owned": "owner",
    "produced": "producer",
    "directed": "director",
    "wrote": "author",
    "founded": "founder",
    "created": "creator",
    "developed": "developer",
    "designed": "designer",
    "manufactured": "manufacturer",
    "composed": "composer",
    "performed": "performer",
    "recorded": "performer",
    "illustrated": "illustrator",
    "painted": "painter",
}
#: "the receiver of the 2007 FIFA U-20 Golden Shoe": a person an award of a given year
#: picks out.
_AWARD_OF = re.compile(
    rf"\b(?i:the) (?P<role>receiver|recipient|winner) of (?:the )?(?P<award>{_NAME_RUN}){_NAME_END}"
)
#: "the Green performer" (MuSiQue's way of writing "the performer of Green").
_NAMED_ROLE = re.compile(rf"\bthe (?P<name>{_NAME_RUN}) (?P<role>{_ROLES})\b(?!\s+of\b)")
_ROLE_WHICH = re.compile(
    r"\bthe (?P<noun>[a-z]+(?: [a-z]+)?) (?:which|that|who) "
    rf"(?:(?:{'|'.join(_ROLE_BY_VERB)}) and )?(?P<verb>{'|'.join(_ROLE_BY_VERB)}) "
    rf"{_WORK_NAME}{_NAME_END}"
)
#: The last word of a "where" clause: "the city where X was born", "... is located",
#: "... took place". A clause ending otherwise likely runs into the rest of the question.
_CLAUSE_ENDS = frozenset(
    "born located found formed founded situated based held citizen broadcast died buried "
    "raised headquartered established created started filmed recorded place occurred "
    "lived grew lies lie occur".split()
)
_AUX = re.compile(r"^(?P<subject>.+?)\s+(?P<aux>was|is|were|are|has been|had been)\s+(?P<rest>.+)$")


@dataclass(frozen=True)
class Bridge:
    """A question with an embedded one: ``inner`` asks for the bridge entity ("Where was
    Kerry Saxby-Junna born?"), and the question with ``phrase`` replaced by it is the
    second hop ("... the population of Young, New South Wales?")."""

    inner: str
    phrase: str
    question: str
    relation: relations.Relation | None = None  # the first hop's typed relation
    description: described.Described | None = None  # a bridge the question only describes

    def outer(self, bridge: str) -> str:
        return self.question.replace(self.phrase, bridge, 1)


def parse_bridge(question: str) -> Bridge | None:
    """The bridge ``question`` embeds — "the city where X was born", "the author of
    X" — or None. A clause that embeds another one is left to the single-hop reader, and
    so is a question that asks nothing of the bridge ("Who was the founder of X?": one
    hop)."""
    found = _bridge_of(question)
    if found is None or found.description is not None:
        return found
    rest = found.question.replace(found.phrase, " ", 1)
    if not content_terms(rest) and re.match(r"(?i)\s*(?:who|what|which)\b", rest):
        return None
    return found


def _bridge_of(question: str) -> Bridge | None:
    q = " ".join(question.split())
    found = _WHERE.search(q)
    if found is not None:
        clause = found.group("clause")
        if re.search(r"(?i)\b(?:where|which|who|whom|whose|that|when)\b", clause):
            return None
        before = q[: found.start()]
        if (
            found.start() == 0
            or re.match(r"(?i)[^,;]*\b(?:do|does|did)\b", before)
            or re.fullmatch(r"(?i)\s*(?:what|which|who)\b[^,;]*\b(?:is|was|are|were)\s*", before)
        ):  # "What is the country where Baure is located named after?"
            clause = _clause_end(clause)
        if clause.split()[-1].lower() not in _CLAUSE_ENDS or len(clause.split()) < 2:
            return None
        phrase = found.group(0)[: found.start("clause") - found.start()] + clause
        moved = _AUX.match(clause)
        kind = found.group("kind").lower()
        rest = moved.group("rest") if moved else ""
        rest = re.sub(r"\bfound$", "located", rest)  # "where X is found": where it lies
        inner = (
            f"In what {kind} {moved.group('aux')} {moved.group('subject')} {rest}?"
            if moved
            else f"In what {kind} {clause}?"
        )
        relation = relations.from_clause(kind, clause)
        return Bridge(inner, phrase, q, relation)
    role = _ROLE_OF.search(q)
    if role is not None and not q[role.end() :].lstrip().startswith("'"):
        asked = role.group("role").removeprefix("lead ")  # "lead vocalist": the vocalist
        name, phrase = role.group("name"), role.group(0)
        owner = re.fullmatch(r"(?P<n>.+)['’]s", name)
        if owner is not None:  # "the publisher of Grace Krilanovich's first novel"
            work = _OWNED_WORK.match(q[role.end() :])
            if work is None:
                return None  # "the director of X's": of what, the question does not say
            name, phrase = owner.group("n"), phrase + work.group(0)
        inner = f"Who is the {asked} of {name}?"
        relation = relations.Relation("role", asked, name)
        return Bridge(inner, phrase, q, relation)
    which = _ROLE_WHICH.search(q)
    if which is not None and _role_asker(which.group("noun"), which.group("verb")):
        asked = _ROLE_BY_VERB[which.group("verb")]
        inner = f"Who is the {asked} of {which.group('name')}?"
        relation = relations.Relation("role", asked, which.group("name"))
        return Bridge(inner, which.group(0), q, relation)
    award = _AWARD_OF.search(q)
    if award is not None and re.match(r"[0-9]{4}\s", award.group("award")):
        # "the receiver of the 2007 FIFA U-20 Golden Shoe": who got it, read where a
        # page of that year says so (`relations.is_award_page`)
        relation = relations.Relation("award", award.group("role"), award.group("award"))
        return Bridge(relations.question_of(relation), award.group(0), q, relation)
    for phrase, relation in relations.phrases(q):
        if _embeds(phrase):
            continue
        return Bridge(relations.question_of(relation), phrase, q, relation)
    named = _NAMED_ROLE.search(q)
    if named is not None and not set(named.group("name").split()) & DEMONYMS:
        relation = relations.Relation("role", named.group("role"), named.group("name"))
        return Bridge(relations.question_of(relation), named.group(0), q, relation)
    shape = described.parse(q)
    if shape is not None:
        relation = relations.Relation("described", shape.target, shape.subject)
        return Bridge(shape.inner, shape.phrase, q, relation, shape)
    kin = _KIN_OWNED.search(q) or _KIN_OF.search(q)
    if kin is not None:  # "Baba Azmi's sister", "the younger brother of X"
        relation = relations.Relation("kin", kin.group("kin").lower(), kin.group("owner"))
        return Bridge(relations.question_of(relation), kin.group(0), q, relation)
    owned = _OWNED.search(q)
    if owned is not None:  # "Sathish Kalathil's debut movie"
        relation = relations.Relation("owned", owned.group("np").lower(), owned.group("owner"))
        return Bridge(relations.question_of(relation), owned.group(0), q, relation)
    return _clause_bridge(q) or _member_bridge(q)


#: "Baba Azmi's sister", "Kim Jong-chul's older brother": a relative the owner's page
#: names ("his sister Shabana Azmi"; `relations.kin_of`).
_KIN_OWNED = re.compile(
    rf"(?P<owner>{relations.NAME})['’]s\s+"
    rf"(?P<kin>(?:(?:older|younger|elder|eldest|youngest|twin)\s+)?{relations.KIN})(?![\w-])"
)
_KIN_OF = re.compile(
    rf"\bthe\s+(?P<kin>(?:(?:older|younger|elder|eldest|youngest|twin)\s+)?{relations.KIN})"
    rf"(?![\w-])\s+of\s+(?P<owner>{relations.NAME})"
)


#: "The Women's National Basketball League includes the Adelaide team that was formed in
#: what year?": a member its subject's page names, picked out by a name's word.
_MEMBER = re.compile(
    r"^(?P<subject>(?:The\s+)?[A-Z][\w'’.-]*(?:\s+(?:of\s+)?[A-Z][\w'’.-]*){0,5})\s+"
    r"(?:includes|included|has|had|features|featured|contains|contained)\s+the\s+"
    r"(?P<qual>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})\s+(?P<noun>[a-z]+)\s+"
    r"(?:that|which|who)\s+(?P<rest>[a-z][^?]*\b(?:what|which|whom|who)\b[^?]*)\?\s*$"
)


def _member_bridge(q: str) -> Bridge | None:
    """A member the subject's page names by the question's word (`_MEMBER`), read there
    as the one name carrying it (`relations.value_in`); the rest of the question is asked
    of that name ("Adelaide Lightning was formed in what year?")."""
    m = _MEMBER.match(q)
    if m is None:
        return None
    subject = m.group("subject").removeprefix("The ")
    relation = relations.Relation("member", m.group("noun"), subject, clause=m.group("qual"))
    phrase = q[: m.start("rest")].rstrip()
    return Bridge(relations.question_of(relation), phrase, q, relation)


#: "Sathish Kalathil's debut movie", "Grace Krilanovich's first novel": the work its
#: owner's page names right after "his debut movie" / "Her first novel,".
_OWNED = re.compile(
    r"(?P<owner>(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}))['’]s\s+"
    r"(?P<np>(?:first|second|third|debut|latest|last|only)\s+"
    r"(?:film|movie|novel|book|album|song|single|play|studio album))\b"
)


#: "the league in which the Adelaide Lightning compete", "the senator for whom Scott
#: Buchholz was once chief of staff", "the painter who was among the notable speakers of
#: The Brisbane Institute": something (not a place: `_WHERE`) that a relative clause
#: about a named subject picks out; the clause runs to the question's end.
_CLAUSE_BRIDGE = re.compile(
    r"\b(?i:the) (?:[A-Z][a-z]+ )?(?P<noun>[a-z]+) "
    r"(?P<rel>(?:in|on|at|for|with|from|to|by|of) (?:which|whom)|who|that|which) "
    r"(?P<tail>[^?]+?)\s*\??\s*$"
)
#: A relative clause's shape: its named subject, then at most five lower-case words and
#: at most one more name ("Drew Fuller played Chris Halliwell"), or (a "who" clause) at
#: most six lower-case words before the name ("was among the notable speakers of The
#: Brisbane Institute").
_SUBJECT_FIRST = re.compile(
    r"(?:the\s+)?(?P<subject>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,4})"
    r"(?:\s+[a-z][\w'’-]*){1,5}(?:\s+[A-Z][\w'’.-]*){0,4}"
)
_SUBJECT_LAST = re.compile(
    r"(?:[a-z][\w'’-]*\s+){1,6}(?:the\s+|The\s+)?"
    r"(?P<subject>[A-Z][\w'’.-]*(?:\s+(?:of\s+)?[A-Z][\w'’.-]*){0,4})"
)
#: A "that" / "which" clause about a named place or thing, the name last but for a
#: place's chain and a year ("the film that was shot in or around Leland, North Carolina
#: in 1986"): the name is the subject whose page says it.
_SUBJECT_THAT = re.compile(
    r"(?:[a-z][\w'’-]*\s+){1,6}(?:the\s+)?"
    r"(?P<subject>[A-Z][\w'’.-]*(?:\s+(?:of\s+)?[A-Z][\w'’.-]*){0,4}"
    r"(?:,\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})?)"
    r"(?:\s+(?:in|on|during)\s+[0-9]{4})?"
)


def _clause_bridge(q: str) -> Bridge | None:
    """Something a relative clause about a named subject picks out (`_CLAUSE_BRIDGE`),
    read on the subject's page as the one name of that kind where it says what the
    clause says (`relations.value_in`). After an auxiliary ("When was …", "In what year
    did …") the clause's last word is the question's own verb ("When was the league in
    which X compete founded?"), not the clause's."""
    m = _CLAUSE_BRIDGE.search(q)
    if m is None:
        return None
    noun = m.group("noun").lower()
    if re.fullmatch(PLACE_KINDS, noun) or noun in relations.NOT_CATEGORIES:
        return None
    people = noun in relations.PEOPLE  # read only as the name after the noun
    if (m.group("rel") == "who" or m.group("rel").endswith("whom")) and not people:
        return None
    tail = m.group("tail")
    aux = re.match(
        r"(?i)\s*(?:(?:in|on|at)\s+)?(?:when|where|how|what|which|who)\b[^,;]*"
        r"\b(?:was|is|were|are|did|does|do)\s*$",
        q[: m.start()],
    )
    if aux is not None:
        clause, _, verb = tail.rpartition(" ")
        if not verb[:1].islower():
            return None
    else:
        clause = tail
    rel = m.group("rel")
    if rel in ("that", "which"):
        if people or clause[:1].isupper() or clause.startswith("the "):
            return None  # "the team that X joined": its subject is not read here
        shape = _SUBJECT_THAT
    else:
        shape = _SUBJECT_LAST if rel == "who" else _SUBJECT_FIRST
    found = shape.fullmatch(clause)
    if found is None:
        return None
    relation = relations.Relation("clause", noun, found.group("subject"), clause=clause)
    phrase = q[m.start() : m.start("tail") + len(clause)]
    return Bridge(relations.question_of(relation), phrase, q, relation)


def _clause_end(clause: str) -> str:
    """A "where" clause cut after its own verb when the question's main verb follows it
    ("the city where Chuck Rowland died receive in an average winter": "Chuck Rowland
    died"; "the county in which Laie, Hawaii lies was formerly known"); else as is. Only
    where the main verb is sure to follow: after "does" / "did" before the phrase, or a
    phrase that opens the question (its subject); not "Who was president when the area
    where X is located became a state?" (a third hop)."""
    words = clause.split()
    if words[-1].lower() in _CLAUSE_ENDS:
        return clause
    for i, word in enumerate(words[1:-1], start=1):
        if word.lower() in _CLAUSE_ENDS and words[i + 1][:1].islower():
            if word.lower() in ("born", "located", "based") and words[i + 1] in ("in", "on"):
                continue  # "born in ...": the clause goes on
            return " ".join(words[: i + 1])
    return clause


def asked_role(question: str, subject: str) -> str | None:
    """The role a second hop asks of ``subject`` by its verb ("Who founded X?":
    founder; "Which network first broadcast X?": broadcaster), read as that role on the
    subject's own page; None for any other question."""
    verbs = "|".join([*_ROLE_BY_VERB, "broadcast", "aired"])
    m = re.match(
        rf"(?i:who|(?:which|what)\s+[a-z]+)\s+(?:(?:first|originally|initially)\s+)?"
        rf"(?P<verb>{verbs})\s+(?P<subject>.+?)\s*\??\s*$",
        question,
    )
    if m is None or m.group("subject") != subject:
        return None
    verb = m.group("verb").lower()
    return "broadcaster" if verb in ("broadcast", "aired") else _ROLE_BY_VERB[verb]


def _role_asker(noun: str, verb: str) -> bool:
    """Whether "the NOUN that VERB X" asks X's role: not for a place ("the country that
    produced X" is its origin), nor "made" / "built" for a person (a maker, not a
    manufacturer)."""
    head = noun.split()[-1]
    if re.fullmatch(PLACE_KINDS, head):
        return False
    return not (verb in ("made", "built") and head in ("person", "man", "woman", "people"))


def _embeds(phrase: str) -> bool:
    """Whether a relation phrase holds another one (a third hop): left alone."""
    return bool(re.search(r"(?i)\b(?:where|which|who|whom|whose|that)\b.*\b(?:of|where)\b", phrase))
