"""Rebuild hotpot_style_dev2.json: 40 two-hop questions in the HotpotQA distractor format.

Source text: records 1-50 (index 0-49) of the HotpotQA train100 distractor file and of the
MuSiQue-Ans train100 file; both are sliced [:50] on loading and nothing else is read.
Pairs of supporting paragraphs used by benchmarks/twohop_dev/hotpot_style_dev.json are
refused (only its supporting_facts titles are read).

Run from the repository root:  python benchmarks/twohop_dev2/make_hotpot_style_dev2.py
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
HERE = Path(__file__).resolve().parent
OUT = HERE / "hotpot_style_dev2.json"
OLD = HERE.parent / "twohop_dev" / "hotpot_style_dev.json"
SEED = 20261205
PREFIX = "th0"

# Each question: (type, question, answer, [(title, sentence index), ...]).
# Bridge: the first fact is in the first-hop paragraph (which names the bridge entity),
# the last fact is in the second-hop paragraph, whose supporting sentence states the answer.
# Comparison: one fact from each of the two paragraphs.
QUESTIONS = [
    # ---- bridge (26) ----
    (
        "bridge",
        "The director of the Malayalam documentary Veena Vaadanam made his feature debut with "
        "which movie?",
        "Jalachhayam",
        [("Veena Vaadanam", 0), ("Sathish Kalathil", 2)],
    ),
    (
        "bridge",
        "Before it got its current official name, what was the county that contains the planned "
        "community of Kapolei called?",
        "Oahu County",
        [("Kapolei, Hawaii", 0), ("Honolulu County, Hawaii", 0)],
    ),
    (
        "bridge",
        "Roopa Ganguly has been called the Bengali film industry's answer to a Bollywood actress "
        "whose father was which poet?",
        "Kaifi Azmi",
        [("Roopa Ganguly", 5), ("Shabana Azmi", 1)],
    ),
    (
        "bridge",
        'What is the birth date of the 311 singer who wrote "I\'ll Be Here Awhile" '
        "at the age of twenty?",
        "April 12, 1970",
        [("I'll Be Here Awhile", 2), ("Nick Hexum", 0)],
    ),
    (
        "bridge",
        "Which villain in the series Jason of Star Command was played by the first-billed star of "
        "the 2006 comedy Little Big Top?",
        "Dragos",
        [("Little Big Top", 0), ("Sid Haig", 2)],
    ),
    (
        "bridge",
        "In what year did the son through whom Cynfyn ap Gwerystan is chiefly remembered become "
        "king of Powys?",
        "1069",
        [("Cynfyn ap Gwersytan", 0), ("Bleddyn ap Cynfyn", 2)],
    ),
    (
        "bridge",
        "Rhiwallon ap Cynfyn was given Powys after Wales was invaded in 1063 by Harold and his "
        "brother. Of where was that brother the earl?",
        "Northumbria",
        [("Rhiwallon ap Cynfyn", 3), ("Tostig Godwinson", 0)],
    ),
    (
        "bridge",
        "When was the Australian league that Debbie Black once played in founded?",
        "1981",
        [("Debbie Black", 1), ("Women's National Basketball League", 2)],
    ),
    (
        "bridge",
        "The Buffalo Bills hold their summer training camp in a suburb of a city that is the seat "
        "of which county?",
        "Monroe County",
        [("Buffalo Bills", 4), ("Rochester, New York", 1)],
    ),
    (
        "bridge",
        "John Diamond's wife graduated from which college of Oxford University?",
        "Lady Margaret Hall",
        [("John Diamond (journalist)", 1), ("Nigella Lawson", 2)],
    ),
    (
        "bridge",
        "The breed that became the first state dog of any U.S. state was developed in which "
        "century?",
        "19th century",
        [("List of U.S. state dogs", 1), ("Chesapeake Bay Retriever", 2)],
    ),
    (
        "bridge",
        "Which city does the singer-songwriter behind the 2003 album Transfiguration of Vincent "
        "come from?",
        "Portland, Oregon",
        [("Transfiguration of Vincent", 0), ("M. Ward", 0)],
    ),
    (
        "bridge",
        "The actor who portrays Trevor LeBlanc on Army Wives is best known for playing which "
        "character in Charmed?",
        "Chris Halliwell",
        [("Trevor LeBlanc", 0), ("Drew Fuller", 1)],
    ),
    (
        "bridge",
        "When was the actor whom Logan Bartholomew replaced as Jason Stevens born?",
        "May 19, 1980",
        [("Logan Bartholomew", 4), ("Drew Fuller", 0)],
    ),
    (
        "bridge",
        "On what date did the Tampa Bay Buccaneers' first-ever draft pick die?",
        "September 4, 2011",
        [("Tampa Bay Buccaneers draft history", 1), ("Lee Roy Selmon", 0)],
    ),
    (
        "bridge",
        "Toad Hall is a residential hall of a university located in which city?",
        "Canberra",
        [("Toad Hall (ANU)", 0), ("Australian National University", 0)],
    ),
    (
        "bridge",
        "Adam Tandy is best known for his work with a satirist of what nationality?",
        "Scottish",
        [("Adam Tandy", 0), ("Armando Iannucci", 0)],
    ),
    (
        "bridge",
        "When was the man who wrote and directed I Proud to Be an Indian born?",
        "3 December 1967",
        [("I Proud to Be an Indian", 0), ("Puneet Sira", 0)],
    ),
    (
        "bridge",
        "Which Premier League club does the player who won the Golden Ball at the 2007 FIFA U-20 "
        "World Cup play for?",
        "Manchester City",
        [("2007 FIFA U-20 World Cup", 2), ("Sergio Agüero", 0)],
    ),
    (
        "bridge",
        "When was the writer of the story of the strategy game Act of War: Direct Action born?",
        "November 2, 1956",
        [("Act of War: Direct Action", 1), ("Dale Brown", 0)],
    ),
    (
        "bridge",
        "Until what year did the committee that Hugh Brock helped found exist?",
        "1961",
        [("Hugh Brock", 0), ("Direct Action Committee", 1)],
    ),
    (
        "bridge",
        "Under what name was the singer born who put a vocal version of "
        '"Wonderland by Night" on his 1968 album?',
        "Arnold George Dorsey",
        [("Wonderland by Night", 7), ("Engelbert Humperdinck (singer)", 0)],
    ),
    (
        "bridge",
        "Carroll Rosenbloom's new Baltimore team was given the holdings of a defunct "
        "organization. What was that team's record in its only NFL season?",
        "1–11",
        [("List of Indianapolis Colts head coaches", 3), ("Dallas Texans (NFL)", 0)],
    ),
    (
        "bridge",
        "The New Jersey crime family that Richard Kuklinski was associated with partly inspired "
        "the fictional crime family of which HBO series?",
        "The Sopranos",
        [("Richard Kuklinski", 1), ("DeCavalcante crime family", 3)],
    ),
    (
        "bridge",
        "Which company created the Cantopop duo that the singer of the album Lonely Me belongs to?",
        "Emperor Entertainment Group",
        [("Lonely Me", 0), ("Twins (group)", 0)],
    ),
    (
        "bridge",
        "In I Saw the Light, Elizabeth Olsen plays a woman born on what date?",
        "February 28, 1923",
        [("I Saw the Light (film)", 0), ("Audrey Williams", 0)],
    ),
    # ---- comparison (14: 8 entity answers, 6 yes/no) ----
    (
        "comparison",
        "Who was born first, Christopher Nolan or Nick Hexum?",
        "Nick Hexum",
        [("Christopher Nolan", 0), ("Nick Hexum", 0)],
    ),
    (
        "comparison",
        "Which actress is older, Shabana Azmi or Helen Hunt?",
        "Shabana Azmi",
        [("Shabana Azmi", 0), ("Helen Hunt", 0)],
    ),
    (
        "comparison",
        "Which women's basketball league is older, the Women's National Basketball League or the "
        "American Basketball League of 1996?",
        "Women's National Basketball League",
        [("Women's National Basketball League", 2), ("American Basketball League (1996–98)", 2)],
    ),
    (
        "comparison",
        "Of Logan Bartholomew and Zack Hexum, who was born later?",
        "Logan Bartholomew",
        [("Logan Bartholomew", 0), ("Zack Hexum", 0)],
    ),
    (
        "comparison",
        "Which album came out first, Transfiguration of Vincent or Strange Mercy?",
        "Transfiguration of Vincent",
        [("Transfiguration of Vincent", 0), ("Strange Mercy", 0)],
    ),
    (
        "comparison",
        "Who was born earlier, Lee Roy Selmon or Dale Brown?",
        "Lee Roy Selmon",
        [("Lee Roy Selmon", 0), ("Dale Brown", 0)],
    ),
    (
        "comparison",
        "Which of the two is older, Sergio Agüero or Sulli?",
        "Sergio Agüero",
        [("Sergio Agüero", 0), ("Sulli", 0)],
    ),
    (
        "comparison",
        "Which came into being first, the duo Twins or the Women's Action Coalition?",
        "Women's Action Coalition",
        [("Twins (group)", 0), ("Women's Action Coalition", 1)],
    ),
    (
        "comparison",
        "Were I Proud to Be an Indian and Kisaan directed by the same person?",
        "yes",
        [("I Proud to Be an Indian", 0), ("Kisaan", 0)],
    ),
    (
        "comparison",
        "Are Time Trumpet and Armando Iannucci's Charm Offensive both television programmes?",
        "no",
        [("Time Trumpet", 0), ("Armando Iannucci's Charm Offensive", 0)],
    ),
    (
        "comparison",
        "Is the documentary Veena Vaadanam in the same language as the 2016 film Do Lafzon Ki "
        "Kahani?",
        "no",
        [("Veena Vaadanam", 0), ("Do Lafzon Ki Kahani (film)", 0)],
    ),
    (
        "comparison",
        "Are Kapolei and Kunia Camp on the same Hawaiian island?",
        "yes",
        [("Kapolei, Hawaii", 0), ("Kunia Camp, Hawaii", 0)],
    ),
    (
        "comparison",
        "Are The Devil's Rejects and Little Big Top both American films?",
        "yes",
        [("The Devil's Rejects", 0), ("Little Big Top", 0)],
    ),
    (
        "comparison",
        "Do Nigella Lawson and Armando Iannucci share the same nationality?",
        "no",
        [("Nigella Lawson", 0), ("Armando Iannucci", 0)],
    ),
]


def split_sentences(text: str) -> list[str]:
    """The one splitter used for every MuSiQue paragraph (text otherwise unchanged)."""
    return re.split(r'(?<=[.!?])\s+(?=[A-Z"\(])', text.strip())


def load_pool():
    with open(HOTPOT, encoding="utf-8") as f:
        hotpot = json.load(f)[:50]
    with open(MUSIQUE, encoding="utf-8") as f:
        musique = json.load(f)[:50]
    pool: dict[str, list[str]] = {}
    records: list[list[str]] = []  # titles of each source record, for distractors
    for rec in hotpot:
        titles = []
        for title, sents in rec["context"]:
            pool.setdefault(title, sents)
            titles.append(title)
        records.append(titles)
    for rec in musique:
        titles = []
        for p in rec["paragraphs"]:
            if p["title"] not in pool:
                pool[p["title"]] = split_sentences(p["paragraph_text"])
            titles.append(p["title"])
        records.append(titles)
    return pool, records


def old_pairs() -> set[frozenset[str]]:
    with open(OLD, encoding="utf-8") as f:
        old = json.load(f)
    return {frozenset(t for t, _ in r["supporting_facts"]) for r in old}


def build():
    pool, records = load_pool()
    used_before = old_pairs()
    rng = random.Random(SEED)
    all_titles = sorted(pool)
    out = []
    seen_q = set()
    per_para: dict[str, int] = {}
    for n, (qtype, question, answer, facts) in enumerate(QUESTIONS, 1):
        titles = list(dict.fromkeys(t for t, _ in facts))
        assert len(titles) == 2, (n, titles)
        assert frozenset(titles) not in used_before, (n, "pair used by twohop_dev", titles)
        assert question not in seen_q, n
        seen_q.add(question)
        for t in titles:
            per_para[t] = per_para.get(t, 0) + 1
        for t, i in facts:
            assert t in pool, (n, t)
            assert 0 <= i < len(pool[t]), (n, t, i)
        if answer in ("yes", "no"):
            assert qtype == "comparison", n
        elif qtype == "bridge":
            second = titles[1]
            hop2 = [pool[second][i] for t, i in facts if t == second]
            assert any(answer in s for s in hop2), (n, answer, hop2)
            first_text = " ".join(pool[titles[0]])
            assert answer not in first_text, (n, "answer in first-hop paragraph")
        else:
            assert answer.lower() in question.lower(), (n, "comparison answer not named")
        # distractors: other paragraphs of source records holding a supporting paragraph,
        # then random top-up from the pool
        n_distract = rng.choice([6, 7, 8])
        near = [t for rec in records if set(rec) & set(titles) for t in rec]
        near = [t for t in dict.fromkeys(near) if t not in titles]
        rng.shuffle(near)
        chosen = near[:n_distract]
        while len(chosen) < n_distract:
            t = rng.choice(all_titles)
            if t not in titles and t not in chosen:
                chosen.append(t)
        ctx_titles = titles + chosen
        rng.shuffle(ctx_titles)
        assert len(set(ctx_titles)) == len(ctx_titles), n
        assert 8 <= len(ctx_titles) <= 10, n
        context = [[t, list(pool[t])] for t in ctx_titles]
        for t, _ in facts:
            assert t in ctx_titles, (n, t)
        out.append(
            {
                "_id": f"{PREFIX}-{n:03d}",
                "question": question,
                "answer": answer,
                "type": qtype,
                "level": "medium",
                "supporting_facts": [[t, i] for t, i in facts],
                "context": context,
            }
        )
    assert max(per_para.values()) <= 2, {t: c for t, c in per_para.items() if c > 2}
    assert len(out) == 40
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    counts = {}
    for r in out:
        key = r["type"] + ("/yes-no" if r["answer"] in ("yes", "no") else "")
        counts[key] = counts.get(key, 0) + 1
    print(f"wrote {OUT} ({len(out)} records): {counts}")
    yn = [r["answer"] for r in out if r["answer"] in ("yes", "no")]
    print("yes/no:", {a: yn.count(a) for a in set(yn)})


if __name__ == "__main__":
    build()
