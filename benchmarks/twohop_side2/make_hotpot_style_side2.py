"""Rebuild ``hotpot_style_side2.json``: 40 two-hop questions in the HotpotQA distractor format.

Source text: records 76-100 (index 75-99) of the HotpotQA train distractor sample and of the
MuSiQue-Ans train sample under /work/shared/data; both files are sliced [75:100] on loading
and nothing else in them is read.

Each question is written by hand below, with the sentences that state its facts:
``sf`` is a list of (title, sentence index) pairs; for bridge questions the first title is
the first-hop paragraph (which names the bridge entity) and the last title is the second-hop
paragraph (which states the answer). A paragraph is named by its title; MuSiQue titles
that occur in the slice with more than one different text (15 of them) are left out of the
pool, and MuSiQue paragraphs whose title is a HotpotQA title are skipped.

Run:  python benchmarks/twohop_side2/make_hotpot_style_side2.py
It rebuilds the JSON deterministically (random.Random(SEED)) and checks it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HOTPOT = Path("/work/shared/data/hotpotqa-train100-distractor.json")
MUSIQUE = Path("/work/shared/data/musique-ans-train100.json")
SLICE = slice(75, 100)
OUT = Path(__file__).with_name("hotpot_style_side2.json")
SEED = 20261205
PREFIX = "th2"

# One rule for every MuSiQue paragraph: split after . ! ? when whitespace and a capital
# letter, a quote or an opening parenthesis follow.
_SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def split_sentences(text: str) -> list[str]:
    return [s for s in _SPLIT.split(text.strip()) if s]


# ---------------------------------------------------------------------------------------
# The questions. Fields: q, a, type, sf, and optionally avoid (titles never used as
# distractors for this question, because they restate the answer or blur it).
# ---------------------------------------------------------------------------------------
BRIDGE = [
    dict(
        q="Apart from Solo pistols and rifles, which pistol model is made by the company whose "
        "former Oregon employees founded Cooper Firearms of Montana?",
        a="M1911",
        sf=[("Cooper Firearms of Montana", 0), ("Kimber Manufacturing", 0)],
    ),
    dict(
        q="During which years was the former governor who helped conceive the Mississippi "
        "Institute of Arts and Letters in office?",
        a="1980 to 1984",
        sf=[("Mississippi Institute of Arts and Letters", 1), ("William Winter (politician)", 0)],
    ),
    dict(
        q="Which actress starred opposite Lee Seung-gi in the film in which Jung Joon-young made "
        "his big screen debut?",
        a="Moon Chae-won",
        sf=[("Jung Joon-young", 3), ("Love Forecast", 2)],
    ),
    dict(
        q="On what date was the man after whom Taipei's Zhongzheng District is named born?",
        a="October 31, 1887",
        sf=[("Zhongzheng District", 2), ("Chiang Kai-shek", 0)],
    ),
    dict(
        q="Who composed the music of the memorial song written after the death of Demos "
        "Chiang's grandfather, the late president?",
        a="Hwang Yau-tai",
        sf=[
            ("Demos Chiang", 2),
            ("Chiang Ching-kuo Memorial Song", 0),
            ("Chiang Ching-kuo Memorial Song", 1),
        ],
    ),
    dict(
        q='What is the real name of the rapper whose song "Mama Told Me" features Kelly Rowland?',
        a="Antwan André Patton",
        sf=[("Mama Told Me", 0), ("Big Boi", 0)],
    ),
    dict(
        q="Along with Def Jam Recordings, which label released the album that Boomiverse "
        "followed up?",
        a="Purple Ribbon Records",
        sf=[("Boomiverse", 1), ("Vicious Lies and Dangerous Rumors", 0)],
    ),
    dict(
        q="Which vocalist co-founded the band whose early demo recordings were collected on "
        "Return of the Vampire?",
        a="King Diamond",
        sf=[("Return of the Vampire", 0), ("Mercyful Fate", 0)],
    ),
    dict(
        q="On what date did the country where the Swedish performance artist Ayesha Quraishi "
        "was born become independent?",
        a="30 September 1966",
        sf=[("Ayesha Quraishi", 0), ("Botswana", 2)],
        avoid=["List of companies of Botswana"],
    ),
    dict(
        q="When was the musician who released Indicates Void as Bass Communion born?",
        a="3 November 1967",
        sf=[("Indicates Void", 0), ("Steven Wilson", 0)],
    ),
    dict(
        q="How many people live within the administrative limits of the city where the "
        "footballer Nuno Diogo was born?",
        a="552,700",
        sf=[("Nuno Diogo", 0), ("Lisbon", 0)],
    ),
    dict(
        q="Which two fast-food chains are run by the company that Jon L. Luther led as chairman "
        "and chief executive?",
        a="Dunkin' Donuts and Baskin-Robbins",
        sf=[("Jon L. Luther", 1), ("Dunkin' Brands", 0)],
    ),
    dict(
        q="When was the Orlando Magic player who missed the whole 2003–04 season recovering "
        "from ankle surgery born?",
        a="October 5, 1972",
        sf=[("2003–04 Orlando Magic season", 2), ("Grant Hill", 0)],
    ),
    dict(
        q="On what date did the aviator whose life is told in the 1942 film They Flew Alone die?",
        a="5 January 1941",
        sf=[("They Flew Alone", 0), ("Amy Johnson", 0)],
    ),
    dict(
        q="What was the first beer brand of the brewer Kathi-Anne Reinstein left the "
        "Massachusetts House to lobby for?",
        a="Samuel Adams",
        sf=[("Kathi-Anne Reinstein", 2), ("Boston Beer Company", 1)],
    ),
    dict(
        q='Which company publishes the magazine that in 2000 described Qvwm as "an unusually '
        'impressive imposter"?',
        a="Future plc",
        sf=[("Qvwm", 3), ("Linux Format", 2)],
    ),
    dict(
        q="In what year did the father of Edward Stafford, 4th Baron Stafford, come into the "
        "barony?",
        a="1566",
        sf=[("Edward Stafford, 4th Baron Stafford", 0), ("Edward Stafford, 3rd Baron Stafford", 1)],
    ),
    dict(
        q="When did the maternal grandfather of Edward Stourton, 10th Baron Stourton, die?",
        a="24 October 1572",
        sf=[("Edward Stourton, 10th Baron Stourton", 0), ("Edward Stanley, 3rd Earl of Derby", 0)],
    ),
    dict(
        q="What was the birth name of the composer who wrote the music for the 1998 Telugu "
        "comedy Navvulata?",
        a="Koduri Srilekha",
        sf=[("Navvulata", 1), ("M. M. Srilekha", 0)],
    ),
    dict(
        q="When was the actress who replaced an ill Joan Sims in Carry On Cruising born?",
        a="11 March 1934",
        sf=[("Carry On Cruising", 4), ("Dilys Laye", 0)],
    ),
    dict(
        q="Roughly how many students are enrolled at the university where Steve Johnson, born "
        "in 1956, is head football coach?",
        a="6,000",
        sf=[
            ("Steve Johnson (American football, born 1956)", 1),
            ("Bethel University (Minnesota)", 0),
        ],
    ),
    dict(
        q="Where is the heavy metal band co-founded by the Danish drummer Lars Ulrich based?",
        a="San Rafael, California",
        sf=[("Lars Ulrich", 1), ("Metallica", 0)],
        avoid=[
            "List of songs performed live by Metallica",
            "Metallica discography",
            "List of songs recorded by Metallica",
        ],
    ),
    dict(
        q="Who founded the restaurant chain whose Israeli franchise had 56 branches in "
        "September 2014?",
        a="Dan and Frank Carney",
        sf=[("Pizza Hut Israel", 0), ("Pizza Hut", 0)],
    ),
    dict(
        q="What was the 2007 population of the city in which the Jingdezhen Ceramic Institute, "
        "China's only institute of higher learning for ceramic arts, is situated?",
        a="1,554,000",
        sf=[
            ("Jingdezhen Ceramic Institute", 0),
            ("Jingdezhen Ceramic Institute", 1),
            ("Jingdezhen", 0),
        ],
    ),
    dict(
        q="Who directed the film that The Brady Bunch in the White House followed as a sequel "
        "to The Brady Bunch Movie?",
        a="Arlene Sanford",
        sf=[("The Brady Bunch in the White House", 0), ("A Very Brady Sequel", 1)],
    ),
    dict(
        q="In which province is the Belgian arrondissement named after the town where cyclist "
        "Jean-Luc Vandenbroucke was born?",
        a="Province of Hainaut",
        sf=[("Jean-Luc Vandenbroucke", 0), ("Arrondissement of Mouscron", 0)],
    ),
    dict(
        q="Which geologic thrust fault formed the mountain range that Norris Mountain in "
        "Montana belongs to?",
        a="Lewis Overthrust",
        sf=[("Norris Mountain (Montana)", 0), ("Lewis Range", 1)],
    ),
    dict(
        q="From which city did the Russian rock band that recorded the 2005 album Izgoy come?",
        a="Leningrad",
        sf=[("Izgoy", 0), ("Red Wave", 0)],
    ),
]

COMPARISON = [
    dict(
        q="Who was born first, Gerald McRaney or Tom Chick?",
        a="Gerald McRaney",
        sf=[("Gerald McRaney", 0), ("Tom Chick", 0)],
    ),
    dict(
        q="Which Copenhagen heavy metal band was formed earlier, Volbeat or Mercyful Fate?",
        a="Mercyful Fate",
        sf=[("Volbeat", 0), ("Mercyful Fate", 0)],
    ),
    dict(
        q="Which Porcupine Tree release came out first, Anesthetize or XMII?",
        a="XMII",
        sf=[("Anesthetize (Porcupine Tree)", 0), ("XMII", 0)],
    ),
    dict(
        q="Which city has the larger population, Funchal or Ostrava?",
        a="Ostrava",
        sf=[("Funchal", 1), ("Ostrava", 3)],
    ),
    dict(
        q="Which company was founded earlier, BeijingDance / LDTX or the Swansea City Opera?",
        a="Swansea City Opera",
        sf=[("BeijingDance / LDTX", 0), ("Swansea City Opera", 0)],
    ),
    dict(
        q="Who is older, Naomie Harris or Waylon Payne?",
        a="Waylon Payne",
        sf=[("Naomie Harris", 0), ("Waylon Payne", 0)],
    ),
    dict(
        q="Did William Winter and Penny Williams belong to the same political party?",
        a="yes",
        sf=[("William Winter (politician)", 1), ("Penny Williams", 0)],
    ),
    dict(
        q="Were the 1988 comedies Bhama Kalapam and Thodallullu directed by the same person?",
        a="yes",
        sf=[("Bhama Kalapam", 0), ("Thodallullu", 0)],
    ),
    dict(
        q="Were Vivaaha Bhojanambu and Jayammu Nischayammu Raa scored by the same music composer?",
        a="no",
        sf=[("Vivaaha Bhojanambu", 1), ("Jayammu Nischayammu Raa (1989 film)", 1)],
    ),
    dict(
        q="Were Monogram and SSDC, Inc. both started by two former employees of another company?",
        a="yes",
        sf=[("Monogram (company)", 1), ("SSDC, Inc.", 2)],
    ),
    dict(
        q="Are Steve Braun and Tom Chick both American actors?",
        a="no",
        sf=[("Steve Braun", 0), ("Tom Chick", 0)],
    ),
    dict(
        q="Are Huntington Bancshares and Ameris Bancorp headquartered in the same state?",
        a="no",
        sf=[("Huntington Bancshares", 0), ("Ameris Bancorp", 0)],
    ),
]


# ---------------------------------------------------------------------------------------
def load_pool():
    """Paragraphs of the sliced records: title -> sentences, and per title the source
    record(s) it came from (as lists of titles, for distractors)."""
    hotpot = json.loads(HOTPOT.read_text())[SLICE]
    musique = json.loads(MUSIQUE.read_text())[SLICE]
    paras: dict[str, list[str]] = {}
    dup: set[str] = set()
    records: list[list[str]] = []
    for r in hotpot:
        titles = []
        for title, sents in r["context"]:
            if title in paras and paras[title] != sents:
                dup.add(title)
            paras.setdefault(title, sents)
            titles.append(title)
        records.append(titles)
    hotpot_titles = set(paras)
    seen_m: dict[str, str] = {}
    for r in musique:
        titles = []
        for p in r["paragraphs"]:
            title, text = p["title"], p["paragraph_text"]
            if title in hotpot_titles:
                continue
            if title in seen_m and seen_m[title] != text:
                dup.add(title)
                continue
            seen_m[title] = text
            paras.setdefault(title, split_sentences(text))
            titles.append(title)
        records.append(titles)
    return paras, dup, records


def build():
    paras, dup, records = load_pool()
    rng = random.Random(SEED)
    questions = [dict(d, type="bridge") for d in BRIDGE] + [
        dict(d, type="comparison") for d in COMPARISON
    ]
    rng.shuffle(questions)
    all_titles = sorted(t for t in paras if t not in dup)
    out = []
    uses: dict[str, int] = {}
    for n, d in enumerate(questions, 1):
        sf_titles = list(dict.fromkeys(t for t, _ in d["sf"]))
        assert len(sf_titles) == 2, (d["q"], sf_titles)
        for t in sf_titles:
            assert t in paras and t not in dup, f"supporting title not usable: {t!r}"
            uses[t] = uses.get(t, 0) + 1
        for t, i in d["sf"]:
            assert 0 <= i < len(paras[t]), (t, i)
        answer = d["a"]
        if answer not in ("yes", "no"):
            second = sf_titles[-1] if d["type"] == "bridge" else None
            cited = [paras[t][i] for t, i in d["sf"] if second is None or t == second]
            # a comparison answer is one of the two entities as the question names them
            named = d["type"] == "comparison" and answer in sf_titles and answer in d["q"]
            assert named or any(answer in s for s in cited), (
                f"answer {answer!r} not in a supporting sentence"
            )
            if d["type"] == "bridge":
                first = " ".join(paras[sf_titles[0]])
                assert answer not in first, f"answer {answer!r} already in first hop"
        avoid = set(d.get("avoid", []))

        def ok(
            t: str, sf_titles: list[str] = sf_titles, avoid: set[str] = avoid, answer: str = answer
        ) -> bool:
            if t in sf_titles or t in avoid or t in dup:
                return False
            text = " ".join(paras[t])
            # a distractor must not state a non-yes/no answer verbatim
            return answer in ("yes", "no") or answer not in text

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
        assert len(set(ctx_titles)) == len(ctx_titles)
        assert 8 <= len(ctx_titles) <= 10
        out.append(
            {
                "_id": f"{PREFIX}-{n:03d}",
                "question": d["q"],
                "answer": answer,
                "type": d["type"],
                "level": "medium",
                "supporting_facts": [[t, i] for t, i in d["sf"]],
                "context": [[t, paras[t]] for t in ctx_titles],
            }
        )
    over = {t: c for t, c in uses.items() if c > 2}
    assert not over, f"paragraphs used by more than 2 questions: {over}"
    for r in out:
        titles = [t for t, _ in r["context"]]
        assert all(t in titles for t, _ in r["supporting_facts"])
    counts = {}
    for r in out:
        key = r["type"] if r["answer"] not in ("yes", "no") else f"{r['type']}-{r['answer']}"
        counts[key] = counts.get(key, 0) + 1
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {OUT} with {len(out)} questions: {counts}")
    print(f"{len(uses)} supporting paragraphs, most used {max(uses.values())}x")


if __name__ == "__main__":
    build()
