"""Rebuild ``hotpot_style_side2b.json``: 40 two-hop questions in the HotpotQA distractor format.

Source text: records 76-100 (index 75-99) of the HotpotQA train distractor sample and of the
MuSiQue-Ans train sample under /work/shared/data. Both files are sliced [75:100] for the
pool. The whole files are loaded for one thing only: to check that no supporting paragraph
also occurs (whitespace-stripped text) in records [0:75] of either file.

Each question is written by hand below, with the sentences that state its facts:
``sf`` is a list of (title, sentence index) pairs. For bridge questions the first title is
the first-hop paragraph A (which names the bridge entity B) and the last title is B's
paragraph (which states the answer). A paragraph is named by its title. MuSiQue titles that
occur in the slice with more than one different text, and MuSiQue titles that are also
HotpotQA titles, are left out of the pool.

Run:  python benchmarks/twohop_side2b/make_hotpot_style_side2b.py
It rebuilds the JSON deterministically (random.Random(SEED)), checks it, and exits non-zero
when a check fails.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
from pathlib import Path

HOTPOT = Path("/work/shared/data/hotpotqa-train100-distractor.json")
MUSIQUE = Path("/work/shared/data/musique-ans-train100.json")
SLICE = slice(75, 100)
OUTSIDE = slice(0, 75)  # records [0:50] and the other side's [50:75]
HERE = Path(__file__).resolve().parent
OUT = HERE / "hotpot_style_side2b.json"
EXISTING = HERE.parent / "twohop_side2" / "hotpot_style_side2.json"
SEED = 20261207
PREFIX = "th2b"

# One rule for every MuSiQue paragraph: split after . ! ? when whitespace and a capital
# letter, a quote or an opening parenthesis follow.
_SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def split_sentences(text: str) -> list[str]:
    return [s for s in _SPLIT.split(text.strip()) if s]


def squash(text: str) -> str:
    """Text with all whitespace removed, for the outside-records comparison."""
    return "".join(text.split())


# ---------------------------------------------------------------------------------------
# The questions. Fields: q, a, sf. Bridge: sf[0] is in A's paragraph, sf[-1] in B's.
# ---------------------------------------------------------------------------------------
BRIDGE = [
    # --- HotpotQA paragraphs -----------------------------------------------------------
    dict(
        q="In which city was the rock band that Jung Joon-young has fronted as lead vocalist "
        "since 2015 formed?",
        a="Seoul",
        sf=[("Jung Joon-young", 4), ("Drug Restaurant", 0)],
    ),
    dict(
        q="On what date was the president whose temporary resting place is Cihu Mausoleum born?",
        a="October 31, 1887",
        sf=[("Cihu Mausoleum", 0), ("Chiang Kai-shek", 0)],
    ),
    dict(
        q="Who is the other member of the hip hop duo of the rapper whose third studio album "
        "is Boomiverse?",
        a="André 3000",
        sf=[("Boomiverse", 0), ("Big Boi", 0)],
    ),
    dict(
        q="What is the total area of the landlocked country that borders Zimbabwe to the west "
        "and southwest?",
        a="581730 km2",
        sf=[("Zimbabwe", 1), ("Geography of Botswana", 1)],
    ),
    dict(
        q="In which city was the predecessor of Porcupine Tree's live-in-studio album XMII "
        "recorded?",
        a="Washington D.C.",
        sf=[("XMII", 2), ("XM (album)", 1)],
    ),
    dict(
        q="Who directed the Porcupine Tree DVD whose development led the band to drop plans "
        "for a live album of its Atlanta show?",
        a="Lasse Hoile",
        sf=[("Atlanta (album)", 1), ("Anesthetize (Porcupine Tree)", 3)],
    ),
    dict(
        q="Besides the Atlantic Ocean, on which river lies the European capital that TAP "
        "Portugal serves from Maputo International Airport?",
        a="River Tagus",
        sf=[("Maputo International Airport", 2), ("Lisbon", 4)],
    ),
    dict(
        q="How many states make up the region whose most populous city lies at the centre of "
        "Greater Boston?",
        a="six",
        sf=[("Greater Boston", 0), ("New England", 0)],
    ),
    dict(
        q="When was the wife of the Scottish aviator Jim Mollison born?",
        a="1 July 1903",
        sf=[("Jim Mollison", 0), ("Amy Johnson", 0)],
    ),
    dict(
        q="Who directed the 1942 aviation biopic in which Joan Kemp-Welch played one of her "
        "more substantial parts?",
        a="Herbert Wilcox",
        sf=[("Joan Kemp-Welch", 2), ("They Flew Alone", 0)],
    ),
    dict(
        q="During which years did the legislator whose resignation led to RoseLee Vincent's "
        "special election serve in the Massachusetts House?",
        a="1999 to 2014",
        sf=[("RoseLee Vincent", 2), ("Kathi-Anne Reinstein", 0)],
    ),
    dict(
        q="Where was the father of Edward Stafford, 3rd Baron Stafford, born?",
        a="Penshurst, Kent",
        sf=[("Edward Stafford, 3rd Baron Stafford", 0), ("Henry Stafford, 1st Baron Stafford", 0)],
    ),
    dict(
        q='On what date did the actress who came back for Carry On Spying after making her "Carry '
        'On" debut in Carry On Cruising die?',
        a="13 February 2009",
        sf=[("Carry On Spying", 5), ("Dilys Laye", 0)],
    ),
    dict(
        q="In what year was the sister franchise of the chicken chain WingStreet founded?",
        a="1958",
        sf=[("WingStreet", 1), ("WingStreet", 2), ("Pizza Hut", 0)],
    ),
    dict(
        q="In what year was the company that Little Caesars operates under as a subsidiary "
        "established?",
        a="1999",
        sf=[("Little Caesars", 3), ("Ilitch Holdings", 0)],
    ),
    dict(
        q="Which sea lies to the east of the city that borders Taizhou, Jiangsu on the east?",
        a="East China Sea",
        sf=[("Taizhou, Jiangsu", 1), ("Nantong", 2)],
    ),
    # --- MuSiQue paragraphs ------------------------------------------------------------
    dict(
        q="Which city is encompassed by the 4th congressional district of the state where the "
        "Battle of Mine Creek was fought?",
        a="Wichita",
        sf=[
            ("Battle of Mine Creek", 0),
            ("Kansas's 4th congressional district", 0),
            ("Kansas's 4th congressional district", 1),
        ],
    ),
    dict(
        q="In which century was the historic fort on the Vltava in the city where the painter "
        "Karel Purkyně died probably built?",
        a="10th century",
        sf=[("Karel Purkyně", 0), ("Vyšehrad", 0), ("Vyšehrad", 1)],
    ),
    dict(
        q="Marcela Carena is a professor at a university that partially manages which United "
        "States national laboratory?",
        a="Argonne National Laboratory",
        sf=[("Marcela Carena", 0), ("University of Chicago", 3)],
    ),
    dict(
        q="Which actor played the naive new senator in the Frank Capra film that the title of "
        "Frank Popper's 2006 documentary about Jeff Smith refers to?",
        a="James Stewart",
        sf=[
            ("Can Mr. Smith Get to Washington Anymore?", 3),
            ("Can Mr. Smith Get to Washington Anymore?", 4),
            ("Mr. Smith Goes to Washington", 3),
        ],
    ),
    dict(
        q="What nationality is the doctor whom Peter Cushing played in The Satanic Rites of "
        "Dracula, as the character is described in the original novel?",
        a="Dutch",
        sf=[
            ("The Satanic Rites of Dracula", 2),
            ("Abraham Van Helsing", 0),
            ("Abraham Van Helsing", 1),
        ],
    ),
    dict(
        q="When was the player who was named Finals MVP at the end of the 2017 NBA Playoffs born?",
        a="September 29, 1988",
        sf=[("2017 NBA playoffs", 3), ("Kevin Durant", 0)],
    ),
    dict(
        q="When did the web series in which Jerry Seinfeld claimed credit for the American "
        "Express Black Card premiere?",
        a="July 19, 2012",
        sf=[("Centurion Card", 0), ("Comedians in Cars Getting Coffee", 1)],
    ),
    dict(
        q="Until what year was the church that Hendrik de Cock split in 1834-35 the largest "
        "Christian denomination in the Netherlands?",
        a="1930",
        sf=[("Hendrik de Cock", 0), ("Dutch Reformed Church", 0)],
    ),
    dict(
        q="Which city was the first capital of the state whose 2nd congressional district "
        "Wall Doxey represented in the House?",
        a="Natchez",
        sf=[("Wall Doxey", 1), ("History of Mississippi", 2)],
    ),
    dict(
        q="In which cemetery do the remains of the composer of the Slavonic Dances lie?",
        a="Vyšehrad Cemetery",
        sf=[("Slavonic Dances", 0), ("Vyšehrad", 4)],
    ),
    dict(
        q="In which city was the physician who made the earliest known use of the word "
        "psychology in English, in 1694, born?",
        a="Middelburg",
        sf=[("Psychology", 2), ("Steven Blankaart", 0)],
    ),
    dict(
        q="In what year was the College of Engineering established at the university where "
        "Xiao Qiang entered a PhD program in astrophysics?",
        a="1920",
        sf=[("Xiao Qiang", 0), ("University of Notre Dame", 0)],
    ),
    dict(
        q="Iron weapons traded to which nomadic people troubled the emperor whom Ji Ru served "
        "as a trusted personal servant?",
        a="Xiongnu",
        sf=[("Ji Ru", 0), ("Han dynasty", 2)],
    ),
    dict(
        q="By area, what is the rank among U.S. states of the state where the fracking "
        "operation in the film Monster Trucks takes place?",
        a="19th",
        sf=[("Monster Trucks (film)", 0), ("North Dakota", 4)],
    ),
    dict(
        q="According to 2006 Census Bureau estimates, how many people lived in the city that "
        "Warm Springs, Arkansas lies north-northwest of?",
        a="6,765",
        sf=[("Warm Springs, Arkansas", 1), ("Pocahontas, Arkansas", 1)],
    ),
    dict(
        q="In the 2013 census, what share of the population identified as Christians in the "
        "country whose capital is Wellington?",
        a="49.0%",
        sf=[("Wellington", 0), ("New Zealand", 1)],
    ),
]

COMPARISON = [
    # entity answers
    dict(
        q="Who was born first, Buster Crabbe or Manasse Herbst?",
        a="Buster Crabbe",
        sf=[("Buster Crabbe", 0), ("Manasse Herbst", 0)],
    ),
    dict(
        q="Who was born first, Henry Stafford, 1st Baron Stafford, or John Talbot, 3rd Earl of "
        "Shrewsbury?",
        a="John Talbot, 3rd Earl of Shrewsbury",
        sf=[("Henry Stafford, 1st Baron Stafford", 0), ("John Talbot, 3rd Earl of Shrewsbury", 0)],
    ),
    dict(
        q="Which North Dakota community had more people at the 2010 census, Deering or Belcourt?",
        a="Belcourt",
        sf=[("Deering, North Dakota", 1), ("Belcourt, North Dakota", 2)],
    ),
    dict(
        q="Which Medal of Honor recipient was born earlier, Ira Hough or Martin Wambsgan?",
        a="Martin Wambsgan",
        sf=[("Ira Hough", 0), ("Martin Wambsgan", 0)],
    ),
    # yes / no
    dict(
        q="Were the films Four Dimensions of Greta and Cool It Carol! directed by the same person?",
        a="yes",
        sf=[("Four Dimensions of Greta", 0), ("Cool It Carol!", 0), ("Cool It Carol!", 1)],
    ),
    dict(
        q="Did Robert Malone Bugg and Edward Everett Eslick represent the same congressional "
        "district of Tennessee?",
        a="yes",
        sf=[("Robert Malone Bugg", 0), ("Edward Everett Eslick", 0)],
    ),
    dict(
        q="Are Naomh Abán GAA and the Chadstone Football Club based in the same country?",
        a="no",
        sf=[("Naomh Abán GAA", 0), ("Chadstone Football Club", 0)],
    ),
    dict(
        q="Do the Amite River and the Des Plaines River flow through any of the same U.S. states?",
        a="no",
        sf=[("Amite River", 0), ("Amite River", 2), ("Des Plaines River", 0)],
    ),
]


# ---------------------------------------------------------------------------------------
class CheckFailed(Exception):
    pass


def check(cond: bool, msg: str) -> None:
    if not cond:
        raise CheckFailed(msg)


def load():
    """The pool of the sliced records plus what the rules need from elsewhere."""
    hotpot_all = json.loads(HOTPOT.read_text())
    musique_all = json.loads(MUSIQUE.read_text())
    hotpot, musique = hotpot_all[SLICE], musique_all[SLICE]

    paras: dict[str, list[str]] = {}
    source: dict[str, list[str]] = {}  # title -> source records, e.g. "HotpotQA #81"
    records: list[list[str]] = []
    for n, r in enumerate(hotpot, SLICE.start + 1):
        titles = []
        for title, sents in r["context"]:
            check(title not in paras or paras[title] == sents, f"HotpotQA title twice: {title}")
            paras.setdefault(title, sents)
            source.setdefault(title, []).append(f"HotpotQA #{n}")
            titles.append(title)
        records.append(titles)
    hotpot_titles = set(paras)
    texts: dict[str, set[str]] = {}
    for r in musique:
        for p in r["paragraphs"]:
            texts.setdefault(p["title"], set()).add(p["paragraph_text"])
    left_out = {t for t, v in texts.items() if len(v) > 1 or t in hotpot_titles}
    for n, r in enumerate(musique, SLICE.start + 1):
        titles = []
        for p in r["paragraphs"]:
            title = p["title"]
            if title in left_out:
                continue
            paras.setdefault(title, split_sentences(p["paragraph_text"]))
            if f"MuSiQue #{n}" not in source.setdefault(title, []):
                source[title].append(f"MuSiQue #{n}")
            titles.append(title)
        records.append(titles)

    # Paragraph texts of the records outside this slice (only the texts are used).
    outside = set()
    for r in hotpot_all[OUTSIDE]:
        for _title, sents in r["context"]:
            outside.add(squash("".join(sents)))
    for r in musique_all[OUTSIDE]:
        for p in r["paragraphs"]:
            outside.add(squash(p["paragraph_text"]))

    # Supporting pairs already taken: the source questions and the existing set.
    taken: set[frozenset[str]] = set()
    for r in hotpot:
        sup = sorted({t for t, _ in r["supporting_facts"]})
        taken.update(frozenset(p) for p in itertools.combinations(sup, 2))
    for r in musique:
        sup = sorted({p["title"] for p in r["paragraphs"] if p["is_supporting"]})
        taken.update(frozenset(p) for p in itertools.combinations(sup, 2))
    prior_uses: dict[str, int] = {}
    for r in json.loads(EXISTING.read_text()):
        sup = sorted({t for t, _ in r["supporting_facts"]})
        taken.add(frozenset(sup))
        for t in sup:
            prior_uses[t] = prior_uses.get(t, 0) + 1
    return paras, source, records, outside, taken, prior_uses


def short(title: str) -> str:
    """A title without its parenthetical disambiguation."""
    return re.sub(r"\s*\([^)]*\)$", "", title)


def build() -> list[dict]:
    paras, source, records, outside, taken, prior_uses = load()
    rng = random.Random(SEED)
    questions = [dict(d, type="bridge") for d in BRIDGE] + [
        dict(d, type="comparison") for d in COMPARISON
    ]
    check(len(questions) == 40, f"{len(questions)} questions")
    rng.shuffle(questions)
    all_titles = sorted(paras)
    uses: dict[str, int] = {}
    pairs_here: set[frozenset[str]] = set()
    out = []
    for n, d in enumerate(questions, 1):
        qid = f"{PREFIX}-{n:03d}"
        sf_titles = list(dict.fromkeys(t for t, _ in d["sf"]))
        check(len(sf_titles) == 2, f"{qid}: supporting titles {sf_titles}")
        for t in sf_titles:
            check(t in paras, f"{qid}: supporting title not in the pool: {t!r}")
            check(squash("".join(paras[t])) not in outside, f"{qid}: {t!r} occurs outside")
            uses[t] = uses.get(t, 0) + 1
        pair = frozenset(sf_titles)
        check(pair not in taken, f"{qid}: pair already used by a source/existing question")
        check(pair not in pairs_here, f"{qid}: pair used twice in this set")
        pairs_here.add(pair)
        for t, i in d["sf"]:
            check(0 <= i < len(paras[t]), f"{qid}: sentence index {t!r} {i}")
        answer = d["a"]
        if d["type"] == "bridge":
            first, second = sf_titles
            cited = [paras[t][i] for t, i in d["sf"] if t == second]
            check(any(answer in s for s in cited), f"{qid}: {answer!r} not in B's cited sentences")
            check(answer not in " ".join(paras[first]), f"{qid}: {answer!r} in A's paragraph")
            named_b = re.search(r"\b" + re.escape(short(second)) + r"\b", d["q"], re.I)
            check(not named_b, f"{qid}: question names B {second!r}")
            check({t for t, _ in d["sf"] if t == first} != set(), f"{qid}: no fact in A")
        elif answer not in ("yes", "no"):
            check(answer in d["q"], f"{qid}: comparison answer {answer!r} not named in question")

        def ok(t: str, sf_titles: list[str] = sf_titles, answer: str = answer) -> bool:
            if t in sf_titles:
                return False
            # a distractor must not state a non-yes/no answer verbatim
            return answer in ("yes", "no") or answer not in " ".join(paras[t])

        near = sorted({t for rec in records if set(sf_titles) & set(rec) for t in rec if ok(t)})
        rng.shuffle(near)
        k = rng.randint(6, 8)
        distractors = near[:k]
        while len(distractors) < k:
            t = rng.choice(all_titles)
            if ok(t) and t not in distractors:
                distractors.append(t)
        ctx_titles = sf_titles + distractors
        rng.shuffle(ctx_titles)
        check(len(set(ctx_titles)) == len(ctx_titles), f"{qid}: duplicate title in context")
        check(8 <= len(ctx_titles) <= 10, f"{qid}: {len(ctx_titles)} paragraphs")
        check(all(t in ctx_titles for t, _ in d["sf"]), f"{qid}: supporting title not in context")
        out.append(
            {
                "_id": qid,
                "question": d["q"],
                "answer": answer,
                "type": d["type"],
                "level": "medium",
                "supporting_facts": [[t, i] for t, i in d["sf"]],
                "context": [[t, paras[t]] for t in ctx_titles],
            }
        )
    over = {t: (prior_uses.get(t, 0), c) for t, c in uses.items() if prior_uses.get(t, 0) + c > 2}
    check(not over, f"paragraphs used by more than 2 questions (existing, here): {over}")
    counts: dict[str, int] = {}
    for r in out:
        key = r["type"] if r["answer"] not in ("yes", "no") else f"{r['type']}-{r['answer']}"
        counts[key] = counts.get(key, 0) + 1
    check(
        counts == {"bridge": 32, "comparison": 4, "comparison-yes": 2, "comparison-no": 2},
        f"counts {counts}",
    )
    musique_q = sum(
        1
        for r in out
        if any(s.startswith("MuSiQue") for t, _ in r["supporting_facts"] for s in source[t])
    )
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {OUT} with {len(out)} questions: {counts}")
    print(f"{len(uses)} supporting paragraphs; {musique_q} questions use MuSiQue paragraphs")
    if "--table" in sys.argv:
        for r in out:
            sup = list(dict.fromkeys(t for t, _ in r["supporting_facts"]))
            cells = [f"{t} ({', '.join(source[t])})" for t in sup]
            print(f"| {r['_id']} | {r['type']} | {r['answer']} | {cells[0]} | {cells[1]} |")
    return out


if __name__ == "__main__":
    try:
        build()
    except CheckFailed as e:
        print(f"CHECK FAILED: {e}", file=sys.stderr)
        sys.exit(1)
