"""Rebuild hotpot_style_side1.json: 40 two-hop questions in the HotpotQA distractor format.

Source text: records 51-75 (index 50-74) of the HotpotQA train-100 distractor file and of the
MuSiQue-Ans train-100 file; both are sliced [50:75] on loading and nothing else is read.

Each question is listed below in reviewable form:
    (question, answer, type, [(title, [sentence indices]), (title, [sentence indices])])
For a bridge question the first paragraph names the bridge entity and the second (titled
with it) states the answer. For a comparison question each paragraph gives one fact.

Run:  python benchmarks/twohop_side1/make_hotpot_style_side1.py
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
SLICE = slice(50, 75)
SEED = 20261205
PREFIX = "th1"
OUT = Path(__file__).with_name("hotpot_style_side1.json")

# One sentence splitter for every MuSiQue paragraph (HotpotQA sentences are used as given).
_SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def split_sentences(text: str) -> list[str]:
    return _SPLIT.split(text.strip())


B, C = "bridge", "comparison"

QUESTIONS = [
    # ---- bridge: A names the bridge entity, B states the answer ----
    (
        "What is the most successful board game invented by the games scholar whose "
        '"The Oxford History of Board Games" counts Robert Charles Bell among its principal '
        "sources?",
        "Hare and Tortoise",
        B,
        [("Robert Charles Bell", [2]), ("David Parlett", [0, 1])],
    ),
    (
        'For how many weeks did the book that "Illusions: The Adventures of a Reluctant Messiah" '
        "followed stay at the top of the New York Times Best Seller list?",
        "38 weeks",
        B,
        [("Illusions (Bach novel)", [2]), ("Jonathan Livingston Seagull", [2])],
    ),
    (
        "When was the author whose book the 1975 documentary Nothing by Chance is based on born?",
        "June 23, 1936",
        B,
        [("Nothing by Chance (film)", [0]), ("Richard Bach", [0])],
    ),
    (
        'Which record label released the album from which "Not If You Were the Last Junkie on '
        'Earth" was the second single?',
        "Capitol",
        B,
        [
            ("Not If You Were the Last Junkie on Earth", [1]),
            ("...The Dandy Warhols Come Down", [1]),
        ],
    ),
    (
        "In what city was the band that Zia McCabe joined in 1995 formed?",
        "Portland, Oregon",
        B,
        [("Zia McCabe", [3]), ("The Dandy Warhols", [0])],
    ),
    (
        "On what date did the director of the 1960 Austrian film Kriminaltango die?",
        "28 April 1989",
        B,
        [("Kriminaltango (film)", [0]), ("Géza von Cziffra", [0])],
    ),
    (
        "Where was the Canadian actor who portrays the Mountie Benton Fraser born?",
        "Calgary, Alberta",
        B,
        [("Benton Fraser", [3]), ("Paul Gross", [0])],
    ),
    (
        "Glider was created by two members of a rock band; in what year was that band formed?",
        "1991",
        B,
        [("Glider (band)", [0]), ("Counting Crows", [0])],
    ),
    (
        "When did the American writer of the book whose character Charlotte was based on the barn "
        "spider die?",
        "October 1, 1985",
        B,
        [("Barn spider", [3]), ("E. B. White", [0])],
    ),
    (
        "Who was the first editor of the bi-weekly magazine that Kendrick Frazier used to edit?",
        "Edwin Slosson",
        B,
        [("Kendrick Frazier", [1]), ("Science News", [0, 1])],
    ),
    (
        "Since when has the magazine that called Tony Rombola 'an extraodinaire' been published?",
        "July 1980",
        B,
        [("Tony Rombola", [1]), ("Guitar World", [0])],
    ),
    (
        'Which label released the Bonnie Tyler album that includes "My Guns Are Loaded"?',
        "RCA Records",
        B,
        [("My Guns Are Loaded", [0]), ("Diamond Cut", [1])],
    ),
    (
        "In what year was the foundation whose chairman is Bruce Lindsey founded?",
        "1997",
        B,
        [("Bruce Lindsey", [3]), ("Clinton Foundation", [0])],
    ),
    (
        "Which publisher brought out the first book of the series behind the YTV show that Terry "
        "McGurrin story-edited?",
        "Kids Can Press",
        B,
        [("Terry McGurrin", [1]), ("Scaredy Squirrel", [2, 3])],
    ),
    (
        "In what city was the author of the books on which the Canadian animated series Scaredy "
        "Squirrel is loosely based born?",
        "Montreal",
        B,
        [("Scaredy Squirrel (TV series)", [0]), ("Mélanie Watt", [0])],
    ),
    (
        "The 2000 film Complicity was adapted from a novel by an author who died on what date?",
        "9 June 2013",
        B,
        [("Complicity (film)", [0]), ("Iain Banks", [0])],
    ),
    (
        "When was the author of the novel Lucy Crown born?",
        "February 27, 1913",
        B,
        [("Lucy Crown", [0]), ("Irwin Shaw", [0])],
    ),
    (
        "One of the stars of the JTBC series Untouchable is the main vocalist of which girl group?",
        "Apink",
        B,
        [("Untouchable (2017 TV series)", [0, 1]), ("Jung Eun-ji", [1])],
    ),
    (
        'What was the band that released "I Die for You Today" called before it took its '
        "current name?",
        "Forever Young",
        B,
        [("I Die for You Today", [0]), ("Alphaville (band)", [2])],
    ),
    (
        "On which network was the soap opera featuring Madge Bishop first broadcast?",
        "Seven Network",
        B,
        [("Madge Bishop", [0]), ("Neighbours", [1])],
    ),
    (
        "When was the actress who played Sophie Ramsay's sister Kate born?",
        "9 December 1990",
        B,
        [("Sophie Ramsay", [4]), ("Ashleigh Brewer", [0])],
    ),
    (
        "What was the 2010 census population of the city where the Dodge City Legend basketball "
        "franchise was located?",
        "27,340",
        B,
        [("Dodge City Legend", [0]), ("Dodge City, Kansas", [2])],
    ),
    (
        "How many people lived, at the 2010 census, in the South Dakota city that owns Bob Wiley "
        "Field?",
        "2,897",
        B,
        [("Winner Regional Airport", [0, 1]), ("Winner, South Dakota", [1])],
    ),
    (
        "The outlet of Powwow Pond flows into the Merrimack in a Massachusetts city; what was "
        "that city's population in 2010?",
        "16,283",
        B,
        [("Powwow Pond", [2]), ("Amesbury, Massachusetts", [1])],
    ),
    (
        "On what date did the winner of Poland's 1492 free royal election die?",
        "17 June 1501",
        B,
        [("Szlachta", [1]), ("John I Albert", [0])],
    ),
    (
        'In which area of London was the band that released the 1996 single "Virus" formed?',
        "Leyton",
        B,
        [("Virus (Iron Maiden song)", [0]), ("Iron Maiden", [0])],
    ),
    (
        "Which body created the committee of which Jacques-Nicolas Billaud-Varenne became one of "
        "the most militant members?",
        "National Convention",
        B,
        [("Jacques-Nicolas Billaud-Varenne", [2]), ("Committee of Public Safety", [0])],
    ),
    (
        "Who was the last Chief Minister under the Congress / NCP alliance in the state where "
        "the village of Shringarpur lies?",
        "Prithviraj Chavan",
        B,
        [("Shringarpur", [0]), ("Maharashtra", [6])],
    ),
    # ---- comparison: one fact from each paragraph ----
    (
        "Are Humboldt Peak and Columbia Point in the same county?",
        "no",
        C,
        [("Humboldt Peak (Colorado)", [1]), ("Columbia Point", [1])],
    ),
    (
        "Were The Criminal Investigator and The Criminal Investigator II produced by the same "
        "person?",
        "yes",
        C,
        [("The Criminal Investigator", [2]), ("The Criminal Investigator II", [2])],
    ),
    (
        "Which novel was published first, Lucy Crown or The Wasp Factory?",
        "Lucy Crown",
        C,
        [("Lucy Crown", [1]), ("The Wasp Factory", [0])],
    ),
    (
        "Who was born first, David Parlett or Robert Charles Bell?",
        "Robert Charles Bell",
        C,
        [("David Parlett", [0]), ("Robert Charles Bell", [0])],
    ),
    (
        "Which began airing earlier, The Jetsons or Neighbours?",
        "The Jetsons",
        C,
        [("The Jetsons", [0]), ("Neighbours", [1])],
    ),
    (
        "Do Iron Maiden and Alphaville come from the same country?",
        "no",
        C,
        [("Iron Maiden", [0]), ("Alphaville (band)", [0])],
    ),
    (
        "Are Dodge City, Kansas and Winner, South Dakota both county seats?",
        "yes",
        C,
        [("Dodge City, Kansas", [0]), ("Winner, South Dakota", [2])],
    ),
    (
        "Who is older, Tony Rombola or Adam Duritz?",
        "Adam Duritz",
        C,
        [("Tony Rombola", [0]), ("Adam Duritz", [0])],
    ),
    (
        "Are Guitar World and Science News both monthly magazines?",
        "no",
        C,
        [("Guitar World", [0]), ("Science News", [0])],
    ),
    (
        "Which group was formed first, Apink or Counting Crows?",
        "Counting Crows",
        C,
        [("Apink", [0]), ("Counting Crows", [0])],
    ),
    (
        "Which came out first, Whit or Illusions?",
        "Illusions",
        C,
        [("Whit (novel)", [0]), ("Illusions (Bach novel)", [1])],
    ),
    (
        "Are Paul Gross and Terry McGurrin both Canadian?",
        "yes",
        C,
        [("Paul Gross", [0]), ("Terry McGurrin", [0])],
    ),
]


def load_pool() -> tuple[dict[str, list[str]], list[list[str]]]:
    """Title -> sentences for every paragraph of the sliced records, and each record's titles."""
    with open(HOTPOT, encoding="utf-8") as f:
        hotpot = json.load(f)[SLICE]
    with open(MUSIQUE, encoding="utf-8") as f:
        musique = json.load(f)[SLICE]
    pool: dict[str, list[str]] = {}
    records: list[list[str]] = []
    for rec in hotpot:
        for title, sents in rec["context"]:
            pool.setdefault(title, list(sents))
        records.append([t for t, _ in rec["context"]])
    for rec in musique:
        for p in rec["paragraphs"]:
            # a MuSiQue paragraph whose title is already in the pool is not used
            pool.setdefault(p["title"], split_sentences(p["paragraph_text"]))
        records.append([p["title"] for p in rec["paragraphs"]])
    return pool, records


def build() -> list[dict]:
    pool, records = load_pool()
    rng = random.Random(SEED)
    all_titles = sorted(pool)
    uses: dict[str, int] = {}
    out = []
    for n, (question, answer, qtype, facts) in enumerate(QUESTIONS, 1):
        titles = [t for t, _ in facts]
        assert len(titles) == 2 and titles[0] != titles[1], question
        for t, idxs in facts:
            assert t in pool, t
            assert all(0 <= i < len(pool[t]) for i in idxs), (t, idxs)
            uses[t] = uses.get(t, 0) + 1
        if answer in ("yes", "no"):
            assert qtype == C, question
        elif qtype == C:
            assert answer in question, question
        else:
            b_title, b_idxs = facts[1]
            assert any(answer in pool[b_title][i] for i in b_idxs), (question, answer)
            assert answer not in " ".join(pool[titles[0]]), ("answer in first hop", question)
        # distractors: the other paragraphs of the source records holding a supporting
        # paragraph, shuffled, topped up at random from the whole pool
        near = []
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
        assert len(set(ctx_titles)) == len(ctx_titles)
        assert 8 <= len(ctx_titles) <= 10
        sf = [[t, i] for t, idxs in facts for i in idxs]
        assert all(t in ctx_titles for t, _ in sf)
        out.append(
            {
                "_id": f"{PREFIX}-{n:03d}",
                "question": question,
                "answer": answer,
                "type": qtype,
                "level": "medium",
                "supporting_facts": sf,
                "context": [[t, pool[t]] for t in ctx_titles],
            }
        )
    over = {t: k for t, k in uses.items() if k > 2}
    assert not over, over
    return out


def main() -> None:
    data = build()
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    counts: dict[str, int] = {}
    for r in data:
        key = r["type"] + (f" ({r['answer']})" if r["answer"] in ("yes", "no") else "")
        counts[key] = counts.get(key, 0) + 1
    print(f"wrote {len(data)} records to {OUT}: {counts}")


if __name__ == "__main__":
    main()
