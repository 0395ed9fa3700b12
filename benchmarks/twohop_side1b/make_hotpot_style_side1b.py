"""Rebuild hotpot_style_side1b.json: 40 two-hop questions in the HotpotQA distractor format.

Source text: records 51-75 (index 50-74) of the HotpotQA train-100 distractor file and of the
MuSiQue-Ans train-100 file; both are sliced [50:75] on loading. The whole files are loaded
only to check that no supporting paragraph also occurs in a record outside that slice.

Each question is listed below in reviewable form:
    (question, answer, type, [(title, [sentence indices]), (title, [sentence indices])])
For a bridge question the first paragraph (A) names the bridge entity and the second (B)
states the answer. For a comparison question each paragraph gives one fact.

Run:  python benchmarks/twohop_side1b/make_hotpot_style_side1b.py
Exits non-zero if any check fails (nothing is written then).
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
SLICE = slice(50, 75)
SEED = 20261206
PREFIX = "th1b"
HERE = Path(__file__).resolve().parent
OUT = HERE / "hotpot_style_side1b.json"
EXISTING = HERE.parent / "twohop_side1" / "hotpot_style_side1.json"
MAX_USES = 2

# One sentence splitter for every MuSiQue paragraph (HotpotQA sentences are used as given).
_SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def split_sentences(text: str) -> list[str]:
    return _SPLIT.split(text.strip())


def squash(text: str) -> str:
    """Paragraph text with all whitespace removed, for the outside-records check."""
    return re.sub(r"\s+", "", text)


B, C = "bridge", "comparison"

QUESTIONS = [
    # ---- bridge, HotpotQA paragraphs: A names the bridge entity, B states the answer ----
    (
        "On what date was the father of the naval architect Joel White born?",
        "July 11, 1899",
        B,
        [("Joel White", [0]), ("E. B. White", [0])],
    ),
    (
        "When did the novelist who created the character Cross Damon die?",
        "November 28, 1960",
        B,
        [("Cross Damon", [0]), ("Richard Wright (author)", [0])],
    ),
    (
        "When was the director of the 1963 Austrian comedy Charley's Aunt born?",
        "19 December 1900",
        B,
        [("Charley's Aunt (1963 film)", [0]), ("Géza von Cziffra", [0])],
    ),
    (
        "In what year was the novel in which the church of St James and St Paul at Marton, "
        "Cheshire, is an important location published?",
        "1996",
        B,
        [("St James' and St Paul's Church, Marton", [0, 4]), ("Strandloper (novel)", [0])],
    ),
    (
        "Who directed the film version of the Farley Mowat story that portrays the kind of wolf "
        "biology Ludwig Carbyn studied from inside a wolf pack?",
        "Carroll Ballard",
        B,
        [("Ludwig N. Carbyn", [2]), ("Never Cry Wolf (film)", [0, 1])],
    ),
    (
        "Who directed the 2014 Disney animated film in which the Marvel character Fredzilla "
        "appeared?",
        "Don Hall and Chris Williams",
        B,
        [("Fredzilla", [2]), ("Big Hero 6 (film)", [0, 2])],
    ),
    (
        "Joe 90's debut album came out on a label belonging to a member of Counting Crows. "
        "When was that musician born?",
        "August 1, 1964",
        B,
        [("Dream This", [0]), ("Adam Duritz", [0])],
    ),
    (
        "When was the American musician whose discography consists of two solo studio albums, "
        "nine with his band and one with a later project born?",
        "August 3, 1963",
        B,
        [("Ed Roland discography", [0]), ("Ed Roland", [0])],
    ),
    (
        'Under what name was the Welsh singer who recorded "My Guns Are Loaded" born?',
        "Gaynor Hopkins",
        B,
        [("My Guns Are Loaded", [0]), ("Bonnie Tyler", [0])],
    ),
    (
        "When was the Scottish writer of the novel Walking on Glass born?",
        "16 February 1954",
        B,
        [("Walking on Glass", [0]), ("Iain Banks", [0])],
    ),
    (
        "The 1969 novel Rich Man, Poor Man was written by an author who died on what date?",
        "May 16, 1984",
        B,
        [("Rich Man, Poor Man (novel)", [0]), ("Irwin Shaw", [0])],
    ),
    (
        "What is the real name of the German singer whose second solo album, United, came out "
        "in 1996?",
        "Hartwig Schierbaum",
        B,
        [("United (Marian Gold album)", [0]), ("Marian Gold", [0])],
    ),
    (
        "Which company formed the girl group whose main vocalist is Jung Eun-ji?",
        "Plan A Entertainment",
        B,
        [("Jung Eun-ji", [1]), ("Apink", [0])],
    ),
    (
        "The Little Rock Film Festival is based in a district that is home to a presidential "
        "library. Counting in order of completion, which presidential library in the United "
        "States is it?",
        "thirteenth",
        B,
        [("Little Rock Film Festival", [1]), ("Clinton Presidential Center", [0, 2])],
    ),
    (
        "When was the creator of the television series in which Raye Birk played the terrorist "
        "Francis Bolt born?",
        "March 10, 1953",
        B,
        [("Raye Birk", [2]), ("Paul Haggis", [0, 2])],
    ),
    (
        "One of the voices in A Flintstones Christmas Carol belonged to the actress best "
        "remembered as the voice of Wilma Flintstone. When did she die?",
        "April 10, 1999",
        B,
        [("A Flintstones Christmas Carol", [1]), ("Jean Vander Pyl", [0, 1])],
    ),
    (
        "Which Hans Christian Andersen fairy tale inspired the film whose scenes are shown on "
        "the Epcot water ride that replaced Maelstrom?",
        "The Snow Queen",
        B,
        [("Frozen Ever After", [1, 2]), ("Frozen (2013 film)", [2])],
    ),
    (
        'The girlfriend whom Mark Brennan asks to leave with him in the Neighbours "Episode '
        '6188" was killed off in an episode broadcast on what date?',
        "8 April 2014",
        B,
        [("Episode 6188", [4]), ("Kate Ramsay", [6])],
    ),
    (
        "What was the former name of the non-profit organization that publishes the online "
        "magazine Science News for Students?",
        "Science Service",
        B,
        [("Science News for Students", [0]), ("Society for Science &amp; the Public", [0])],
    ),
    (
        'Which singer-guitarist co-founded the band whose "Bohemian Like You" was mashed up '
        'with Mousse T.\'s "Horny"?',
        "Courtney Taylor-Taylor",
        B,
        [("Horny as a Dandy", [0]), ("The Dandy Warhols", [0])],
    ),
    # ---- bridge, MuSiQue paragraphs ----
    (
        "What is the capital of the state in which the Dodge City Legend basketball franchise "
        "was located?",
        "Topeka",
        B,
        [("Dodge City Legend", [0]), ("Kansas", [0])],
    ),
    (
        "What is the official name of the Winter Games that the Tokyo 2020 Summer Olympics were "
        "to precede as the third of three consecutive Olympics in East Asia?",
        "XXIV Olympic Winter Games",
        B,
        [("2020 Summer Olympics", [2]), ("2022 Winter Olympics", [0])],
    ),
    (
        "Which city hosted the Summer Olympics in the country where the 2018 Winter Paralympics "
        "closing ceremony was held?",
        "Seoul",
        B,
        [("2018 Winter Paralympics closing ceremony", [0]), ("South Korea at the Olympics", [0])],
    ),
    (
        "The men's 1 mile freestyle was swum at the Olympics only once. By what name is the "
        "field where those Olympic Games took place now known?",
        "Francis Field",
        B,
        [
            ("Swimming at the 1904 Summer Olympics – Men's 1 mile freestyle", [0, 1]),
            ("1904 Summer Olympics", [0, 1]),
        ],
    ),
    (
        'Neil Young\'s "After the Gold Rush" appears on one of his compilations that was first '
        "issued as a triple album. In what year was that compilation originally released?",
        "1977",
        B,
        [("After the Gold Rush (song)", [1]), ("Decade (Neil Young album)", [0])],
    ),
    (
        "Who was the first European in the area of the state where East Sister is the highest "
        "independent mountain completely within Lyon County?",
        "Francisco Garcés",
        B,
        [("East Sister (Nevada)", [0]), ("History of Nevada", [0])],
    ),
    (
        "In what year did the state in which Granite Peak, the highest point of the Santa Rosa "
        "Range, stands become part of the province of Alta California?",
        "1804",
        B,
        [("Granite Peak (Humboldt County, Nevada)", [0]), ("History of Nevada", [3])],
    ),
    (
        "What area code serves the city that Finneytown, Ohio lies just north of?",
        "513",
        B,
        [("Finneytown, Ohio", [0]), ("List of Ohio area codes", [0])],
    ),
    (
        "Who is the Inspector General of Police heading the national police force of the "
        "country in which the town of Buyende lies?",
        "Martin Okoth Ochola",
        B,
        [("Buyende", [0]), ("Uganda National Police", [0])],
    ),
    (
        "In the 30-minute dramas based on the mystery series that includes the novel Dead "
        "Ernest, who starred as the series' amateur detective?",
        "Walter Hampden",
        B,
        [("Dead Ernest (novel)", [1]), ("The Adventures of Leonidas Witherall", [0])],
    ),
    (
        "In which city was the first child of the king whom Archibald Alexander Gordon served "
        "as attaché born?",
        "Brussels",
        B,
        [("Archibald Alexander Gordon", [0]), ("Leopold III of Belgium", [0])],
    ),
    (
        "Punjab, Pakistan surrounds the federal enclave of the national capital. How much rain "
        "fell in that city in just ten hours on 23 July 2001?",
        "620 millimetres",
        B,
        [("Punjab, Pakistan", [5]), ("Climate of Islamabad", [9])],
    ),
    # ---- comparison, entity answer named in the question ----
    (
        "Who was born first, Hilarie Burton or Jessica Capshaw?",
        "Jessica Capshaw",
        C,
        [("Hilarie Burton", [0]), ("Jessica Capshaw", [0])],
    ),
    (
        "Which city has the higher annual mean temperature, Delhi or Hyderabad?",
        "Hyderabad",
        C,
        [("Delhi", [9]), ("Hyderabad", [1])],
    ),
    (
        'Which South Park episode first aired earlier, "Douche and Turd" or "Chickenlover"?',
        "Chickenlover",
        C,
        [("Douche and Turd", [1]), ("Chickenlover", [1])],
    ),
    (
        "Who was born earlier, Antonio Siddi or Olle Laessker?",
        "Olle Laessker",
        C,
        [("Antonio Siddi", [0]), ("Olle Laessker", [0])],
    ),
    # ---- comparison, yes/no ----
    (
        "Are Saratoga, Texas and Hookers Bend, Tennessee located in counties of the same name?",
        "yes",
        C,
        [("Saratoga, Texas", [0]), ("Hookers Bend, Tennessee", [0])],
    ),
    (
        "Were the films Jump for Glory and The Glory Guys both distributed by United Artists?",
        "yes",
        C,
        [("Jump for Glory", [2]), ("The Glory Guys", [1])],
    ),
    (
        "Are the sex researchers Paul Cameron and Trevor Jacques from the same country?",
        "no",
        C,
        [("Paul Cameron", [0]), ("Trevor Jacques", [0])],
    ),
    (
        "Are Gmina Elbląg and Gmina Kwidzyn in the same voivodeship?",
        "no",
        C,
        [("Gmina Elbląg", [0]), ("Gmina Kwidzyn", [0])],
    ),
]


class CheckFailed(Exception):
    pass


def check(ok: bool, message: str) -> None:
    if not ok:
        raise CheckFailed(message)


def load_sources():
    """Pool, source labels, per-record title lists and source supporting pairs of the slice.

    Also returns the whitespace-free texts of every paragraph of the records outside the
    slice (used only for the outside-records check).
    """
    with open(HOTPOT, encoding="utf-8") as f:
        hotpot_all = json.load(f)
    with open(MUSIQUE, encoding="utf-8") as f:
        musique_all = json.load(f)
    hotpot = hotpot_all[SLICE]
    musique = musique_all[SLICE]

    pool: dict[str, list[str]] = {}
    source: dict[str, str] = {}
    records: list[list[str]] = []
    source_pairs: list[frozenset] = []
    hotpot_titles: set[str] = set()
    for n, rec in enumerate(hotpot, SLICE.start + 1):
        for title, sents in rec["context"]:
            hotpot_titles.add(title)
            if title in pool:
                check(pool[title] == list(sents), f"HotpotQA title with two texts: {title}")
            pool.setdefault(title, list(sents))
            source.setdefault(title, f"HotpotQA record {n}")
        records.append([t for t, _ in rec["context"]])
        source_pairs.append(frozenset(t for t, _ in rec["supporting_facts"]))

    texts: dict[str, set[str]] = {}
    for rec in musique:
        for p in rec["paragraphs"]:
            texts.setdefault(p["title"], set()).add(p["paragraph_text"].strip())
    # leave out a MuSiQue title whose text differs between occurrences, or that is also a
    # HotpotQA title
    left_out = {t for t, v in texts.items() if len(v) > 1 or t in hotpot_titles}
    for n, rec in enumerate(musique, SLICE.start + 1):
        for p in rec["paragraphs"]:
            title = p["title"]
            if title in left_out:
                continue
            pool.setdefault(title, split_sentences(p["paragraph_text"]))
            source.setdefault(title, f"MuSiQue record {n}")
        records.append([p["title"] for p in rec["paragraphs"] if p["title"] not in left_out])
        source_pairs.append(frozenset(p["title"] for p in rec["paragraphs"] if p["is_supporting"]))

    outside: set[str] = set()
    for rec in hotpot_all[: SLICE.start] + hotpot_all[SLICE.stop :]:
        for _, sents in rec["context"]:
            outside.add(squash("".join(sents)))
    for rec in musique_all[: SLICE.start] + musique_all[SLICE.stop :]:
        for p in rec["paragraphs"]:
            outside.add(squash(p["paragraph_text"]))
    return pool, source, records, source_pairs, outside


def load_existing() -> tuple[dict[str, int], list[frozenset]]:
    """Paragraph uses and supporting pairs of the existing set (twohop_side1)."""
    with open(EXISTING, encoding="utf-8") as f:
        existing = json.load(f)
    uses: dict[str, int] = {}
    pairs = []
    for rec in existing:
        titles = frozenset(t for t, _ in rec["supporting_facts"])
        pairs.append(titles)
        for t in titles:
            uses[t] = uses.get(t, 0) + 1
    return uses, pairs


def build() -> list[dict]:
    pool, _source, records, source_pairs, outside = load_sources()
    uses, existing_pairs = load_existing()
    rng = random.Random(SEED)
    all_titles = sorted(pool)
    seen_questions: set[str] = set()
    my_pairs: set[frozenset] = set()
    out = []
    check(len(QUESTIONS) == 40, f"expected 40 questions, have {len(QUESTIONS)}")
    for n, (question, answer, qtype, facts) in enumerate(QUESTIONS, 1):
        qid = f"{PREFIX}-{n:03d}"
        check(question not in seen_questions, f"{qid}: duplicate question")
        seen_questions.add(question)
        check(qtype in (B, C), f"{qid}: bad type {qtype}")
        titles = [t for t, _ in facts]
        check(len(titles) == 2 and titles[0] != titles[1], f"{qid}: need two distinct paragraphs")
        pair = frozenset(titles)
        check(pair not in my_pairs, f"{qid}: same two paragraphs as another question here")
        check(pair not in existing_pairs, f"{qid}: same two paragraphs as a twohop_side1 question")
        check(pair not in source_pairs, f"{qid}: same two paragraphs as a source record question")
        my_pairs.add(pair)
        for t, idxs in facts:
            check(t in pool, f"{qid}: {t!r} not in the pool")
            check(bool(idxs), f"{qid}: no supporting sentence in {t!r}")
            check(all(0 <= i < len(pool[t]) for i in idxs), f"{qid}: bad index in {t!r}")
            check(
                squash("".join(pool[t])) not in outside,
                f"{qid}: {t!r} also occurs in a record outside the slice",
            )
            uses[t] = uses.get(t, 0) + 1
        if answer in ("yes", "no"):
            check(qtype == C, f"{qid}: yes/no answer on a bridge question")
        elif qtype == C:
            check(answer in question, f"{qid}: comparison answer not named in the question")
            check(
                any(answer in t for t in titles),
                f"{qid}: comparison answer is not one of the two entities",
            )
        else:
            a_title, _ = facts[0]
            b_title, b_idxs = facts[1]
            check(
                any(answer in pool[b_title][i] for i in b_idxs),
                f"{qid}: answer not in a supporting sentence of {b_title!r}",
            )
            check(
                answer not in " ".join(pool[a_title]),
                f"{qid}: answer occurs in the first-hop paragraph {a_title!r}",
            )
            check(answer not in question, f"{qid}: answer occurs in the question")
        # distractors: the other paragraphs of the source records holding a supporting
        # paragraph, shuffled, topped up at random from the whole pool
        near: list[str] = []
        for rec in records:
            if any(t in rec for t in titles):
                near += [t for t in rec if t not in titles and t not in near and t in pool]
        rng.shuffle(near)
        k = rng.choice([6, 7, 8])
        distract = near[:k]
        while len(distract) < k:
            t = rng.choice(all_titles)
            if t not in titles and t not in distract:
                distract.append(t)
        ctx_titles = titles + distract
        rng.shuffle(ctx_titles)
        check(len(set(ctx_titles)) == len(ctx_titles), f"{qid}: duplicate title in context")
        check(8 <= len(ctx_titles) <= 10, f"{qid}: {len(ctx_titles)} paragraphs in context")
        sf = [[t, i] for t, idxs in facts for i in idxs]
        ctx = {t: pool[t] for t in ctx_titles}
        check(
            all(t in ctx and 0 <= i < len(ctx[t]) for t, i in sf),
            f"{qid}: supporting fact missing from the context",
        )
        out.append(
            {
                "_id": qid,
                "question": question,
                "answer": answer,
                "type": qtype,
                "level": "medium",
                "supporting_facts": sf,
                "context": [[t, pool[t]] for t in ctx_titles],
            }
        )
    over = {t: k for t, k in uses.items() if k > MAX_USES}
    check(
        not over, f"paragraphs used by more than {MAX_USES} questions (with twohop_side1): {over}"
    )
    return out


def main() -> int:
    try:
        data = build()
    except CheckFailed as exc:
        print(f"CHECK FAILED: {exc}", file=sys.stderr)
        return 1
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for r in data:
        key = r["type"] + (f" ({r['answer']})" if r["answer"] in ("yes", "no") else "")
        counts[key] = counts.get(key, 0) + 1
    print(f"wrote {len(data)} records to {OUT}: {counts}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
