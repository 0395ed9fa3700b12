"""Rebuild musique_style_dev3.json: two-hop questions in the MuSiQue-Ans format (a third set).

Source text: records 1-50 (index 0-49) of the HotpotQA train100 distractor file and of the
MuSiQue-Ans train100 file; both are sliced [:50] on loading and nothing else is read.
Refused supporting pairs: those of the first 50 MuSiQue records' own questions, of the first
50 HotpotQA records' own questions, of benchmarks/twohop_dev/hotpot_style_dev.json,
benchmarks/twohop_dev2/hotpot_style_dev2.json, benchmarks/musique_dev/musique_style_dev.json
and benchmarks/musique_dev2/musique_style_dev2.json (only their supporting titles are read).
A paragraph supports at most 2 questions, counting musique_dev's and musique_dev2's uses.

The helpers (Hop, Item, loading, sentence splitting, the per-question checks, the distractor
check and the builder, `write_set`) are imported from the two earlier sets' scripts, not copied.

Run from the repository root:  python benchmarks/musique_dev3/make_musique_style_dev3.py
Optional arguments: the HotpotQA file and the MuSiQue file (default: the shared data), then
--table (print the README's per-question table), --loose (list the hops whose bridge is
named only by the paragraph's title, and the noted spelling variants) or --audit (list
distractors that contain a question's answer anywhere).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "musique_dev"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "musique_dev2"))
from make_musique_style_dev import Hop  # the first set's hop record
from make_musique_style_dev2 import (  # the second set's helpers and builder
    HOTPOT,
    MUSIQUE,
    Item,
    SetSpec,
    earlier_uses,
    write_set,
)

HERE = Path(__file__).resolve().parent
OUT = HERE / "musique_style_dev3.json"
MUSIQUE_DEV2 = HERE.parent / "musique_dev2" / "musique_style_dev2.json"
SEED = 20261208
PREFIX = "md3"
N_RECORDS = 25  # fewer than the 40 asked for: no more good pairs remain (see README)


QUESTIONS: list[Item] = [
    Item(
        "When was the co-writer of Time Trumpet whose earlier one-off programmes it resembled "
        "born?",
        "28 November 1963",
        [],
        Hop(
            "Time Trumpet",
            "written by Armando Iannucci, Roger Drew and Will Smith in a similar manner to "
            "Iannucci's earlier one-off programmes",
            "Armando Iannucci",
            "Which co-writer of Time Trumpet had made earlier one-off programmes in a similar "
            "manner?",
        ),
        Hop("Armando Iannucci", "born 28 November 1963", "Iannucci", "When was #1 born?"),
        "the R of X",
        "writer -> date of birth",
    ),
    Item(
        "What was the county where Kunia Camp is located formerly known as?",
        "Oahu County",
        [],
        Hop(
            "Kunia Camp, Hawaii",
            "on the island of Oahu in Honolulu County, Hawaii",
            "Honolulu County",
            "In which county is Kunia Camp located?",
        ),
        Hop(
            "Honolulu County, Hawaii",
            "formerly Oahu County",
            "Honolulu County",
            "What was #1 formerly known as?",
        ),
        "where",
        "located in -> former name",
        hard=("Laie, Hawaii",),
    ),
    Item(
        "When was the company whose education funds the English Education Act 1835 reallocated "
        "founded?",
        "31 December 1600",
        [],
        Hop(
            "English Education Act 1835",
            "to reallocate funds the East India Company was required by the British Parliament "
            "to spend on education",
            "East India Company",
            "Whose education funds did the English Education Act 1835 reallocate?",
        ),
        Hop(
            "East India Company",
            "Founded 31 December 1600",
            "East India Company",
            "When was #1 founded?",
        ),
        "whose",
        "funds reallocated -> founding date",
    ),
    Item(
        "Outside the EU, which two countries have as their sole currency the currency that "
        "replaced the peseta?",
        "Montenegro and Kosovo",
        [],
        Hop(
            "Spanish peseta",
            "The peseta was replaced by the euro in 2002",
            "euro",
            "Which currency replaced the peseta?",
        ),
        Hop(
            "Euro",
            "Outside the EU, the euro is also the sole currency of Montenegro and Kosovo",
            "euro",
            "Outside the EU, which two countries have #1 as their sole currency?",
        ),
        "that/which",
        "replaced by -> sole currency outside the EU",
    ),
    Item(
        "In which city is the central administration of the church that the Roman Catholic "
        "Diocese of Worcester belongs to?",
        "Vatican City",
        ["the Vatican City", "the Vatican"],
        Hop(
            "Roman Catholic Diocese of Worcester",
            "diocese of the Roman Catholic Church",
            "Roman Catholic Church",
            "Which church is the Roman Catholic Diocese of Worcester a diocese of?",
        ),
        Hop(
            "Catholic Church",
            "Its central administration, the Holy See, is in the Vatican City",
            "Roman Catholic Church",
            "In which city is the central administration of #1?",
        ),
        "that/which",
        "diocese of -> seat of central administration",
    ),
    Item(
        "Who has been president since 2013 of the country where Rolandos Liatsos was born?",
        "Anastasiades",
        ["Nicos Anastasiades"],
        Hop(
            "Rolandos Liatsos",
            "born May 30, 1990, Cyprus",
            "Cyprus",
            "In which country was Rolandos Liatsos born?",
        ),
        Hop(
            "Cyprus",
            "Anastasiades was sworn in on and has been President since 28 February 2013",
            "Cyprus",
            "Who has been president of #1 since 2013?",
        ),
        "where",
        "place of birth -> head of state",
        hard=("Euro",),
    ),
    Item(
        "In 2008, who became the first Communist head of state of the country Melchior "
        "Wańkowicz moved to after Romania?",
        "Dimitris Christofias",
        ["Christofias"],
        Hop(
            "Wrzesień żagwiący",
            "he left the country in late September 1939 for Romania, later moving to Cyprus",
            "Cyprus",
            "Which country did Melchior Wańkowicz move to after Romania?",
        ),
        Hop(
            "Cyprus",
            "In 2008, Dimitris Christofias became the country's first Communist head of state",
            "Cyprus",
            "In 2008, who became the first Communist head of state of #1?",
        ),
        "bare relative",
        "moved to -> first Communist head of state",
    ),
    Item(
        "In what year was the citizenship law enacted under which the Rohingya have been denied "
        "citizenship of the country Yan Naing Oo is from?",
        "1982",
        [],
        Hop(
            "Yan Naing Oo",
            "is a footballer from Burma",
            "Burma",
            "Which country is Yan Naing Oo from?",
        ),
        Hop(
            "Myanmar",
            "have been denied Burmese citizenship since the enactment of a 1982 citizenship law",
            "Burma",
            "In what year was the citizenship law enacted under which the Rohingya have been "
            "denied citizenship of #1?",
        ),
        "bare relative",
        "country of origin -> citizenship law year",
    ),
    Item(
        "When was the debut album of the band Faye is the lead vocalist of released?",
        "23 May 2004",
        [],
        Hop(
            "Faye (Taiwanese singer)",
            "She is the lead vocalist of pop rock band F.I.R.",
            "F.I.R.",
            "Which band is Faye the lead vocalist of?",
        ),
        Hop(
            "F.I.R. (album)",
            "It was released on 23 May 2004",
            "F.I.R.",
            "When was the debut album of #1 released?",
        ),
        "bare relative",
        "member of (band) -> debut album date",
        hard=("Flight Tribe",),
    ),
    Item(
        "Which label released the debut album of the band whose fifth-anniversary album is "
        "Let's Smile?",
        "Warner Music Taiwan",
        [],
        Hop(
            "Let's Smile",
            "Let's Smile () is F.I.R.'s 5th Anniversary album",
            "F.I.R.",
            "Whose fifth-anniversary album is Let's Smile?",
        ),
        Hop(
            "F.I.R. (album)",
            "by Warner Music Taiwan",
            "F.I.R.",
            "Which label released the debut album of #1?",
        ),
        "whose",
        "anniversary album of -> debut album label",
    ),
    Item(
        "After which river is the country where Afrijet Airlines had its head office named?",
        "Niger River",
        ["the Niger River"],
        Hop(
            "Afrijet Airlines",
            "with its head office in the NAHCO Building on the grounds of Murtala Muhammed "
            "International Airport in Ikeja, Nigeria",
            "Nigeria",
            "In which country did Afrijet Airlines have its head office?",
        ),
        Hop(
            "Nigeria",
            "was taken from the Niger River running through the country",
            "Nigeria",
            "After which river is #1 named?",
        ),
        "where",
        "headquarters country -> named after",
    ),
    Item(
        "Who produced and directed the film that, with Heat and Righteous Kill, preceded The "
        "Irishman as a film starring both De Niro and Pacino?",
        "Francis Ford Coppola",
        ["Coppola"],
        Hop(
            "The Irishman",
            "(following The Godfather Part II, Heat and Righteous Kill)",
            "The Godfather Part II",
            "Which film, with Heat and Righteous Kill, preceded The Irishman as a film starring "
            "both De Niro and Pacino?",
        ),
        Hop(
            "The Godfather Part II",
            "produced and directed by Francis Ford Coppola",
            "The Godfather Part II",
            "Who produced and directed #1?",
        ),
        "that/which",
        "earlier co-starring film -> producer-director",
    ),
    Item(
        "Whom does the official who appoints the Premier of South Australia represent in the "
        "state?",
        "Elizabeth II",
        ["Elizabeth II, Queen of Australia", "the Queen of Australia"],
        Hop(
            "Premier of South Australia",
            "The Premier is appointed by the Governor of South Australia",
            "Governor of South Australia",
            "Who appoints the Premier of South Australia?",
        ),
        Hop(
            "Governor of South Australia",
            "of Elizabeth II, Queen of Australia",
            "Governor of South Australia",
            "Whom does #1 represent in the state?",
        ),
        "who/whom",
        "appointed by -> represents",
        hard=("Deputy Premier of South Australia",),
    ),
    Item(
        "In a normal winter, how much of the lake on whose south shore the Roman Catholic "
        "Diocese of Rochester has its northern border is ice-covered?",
        "at most one quarter",
        ["one quarter", "a quarter"],
        Hop(
            "Roman Catholic Diocese of Rochester",
            "extends from its northern border on the south shore of Lake Ontario",
            "Lake Ontario",
            "On the south shore of which lake does the Roman Catholic Diocese of Rochester have "
            "its northern border?",
        ),
        Hop(
            "Lake Ontario",
            "Lake Ontario will be at most one quarter ice - covered",
            "Lake Ontario",
            "In a normal winter, how much of #1 is ice-covered?",
        ),
        "prep + whose",
        "borders -> winter ice cover",
    ),
    Item(
        "When was the album that Charlene Choi released before her EP Another Me released?",
        "April 2009",
        [],
        Hop(
            "Another Me (Charlene Choi EP)",
            "after her successfully album Lonely Me",
            "Lonely Me",
            "Which album did Charlene Choi release before her EP Another Me?",
        ),
        Hop("Lonely Me", "released in April 2009", "Lonely Me", "When was #1 released?"),
        "that/which",
        "preceding album -> release date",
    ),
    Item(
        "Who is the mother of Kim Jong-nam's father?",
        "Kim Jong-suk",
        [],
        Hop(
            "Kim Jong-nam",
            "one of three women known to have had children with Kim Jong-il",
            "Kim Jong-il",
            "Who is Kim Jong-nam's father?",
        ),
        Hop(
            "Kim Jong-il",
            "Kim Jong-il's mother, Kim Jong-suk",
            "Kim Jong-il",
            "Who is the mother of #1?",
        ),
        "possessive",
        "father -> mother",
        hard=("Kim Il-chol",),
    ),
    Item(
        "Which railway was built to transport tourists to the city where Borgata is located?",
        "Philadelphia and Atlantic City Railway",
        ["the Philadelphia and Atlantic City Railway"],
        Hop(
            "Borgata",
            "is a hotel, casino, and spa in Atlantic City, New Jersey",
            "Atlantic City",
            "In which city is Borgata located?",
        ),
        Hop(
            "Atlantic City, New Jersey",
            "the Philadelphia and Atlantic City Railway was also constructed to transport "
            "tourists to Atlantic City",
            "Atlantic City",
            "Which railway was built to transport tourists to #1?",
        ),
        "where",
        "located in -> railway built for tourists",
        hard=("Hard Rock Hotel & Casino Atlantic City",),
    ),
    Item(
        "Which country won the 2007 tournament that Seiya Fujita was picked to compete in?",
        "Argentina",
        [],
        Hop(
            "Seiya Fujita",
            "he was picked to join the U-20 Japan squad to compete 2007 FIFA U-20 World Cup",
            "2007 FIFA U-20 World Cup",
            "Which 2007 tournament was Seiya Fujita picked to compete in?",
        ),
        Hop(
            "2007 FIFA U-20 World Cup",
            "Argentina defeated Czech Republic in the title game",
            "2007 FIFA U-20 World Cup",
            "Which country won #1?",
        ),
        "that/which",
        "competed in -> winner",
        hard=("José Sulantay",),
    ),
    Item(
        "Who was given the Golden Ball at the tournament to which Rimyongsu Sports Club supplied "
        "five players?",
        "Sergio Agüero",
        ["Agüero"],
        Hop(
            "Rimyongsu Sports Club",
            "five players to the 2007 FIFA U-20 World Cup",
            "2007 FIFA U-20 World Cup",
            "To which tournament did Rimyongsu Sports Club supply five players?",
        ),
        Hop(
            "2007 FIFA U-20 World Cup",
            "Argentine player Sergio Agüero was given the FIFA U-20 Golden Shoe",
            "2007 FIFA U-20 World Cup",
            "Who was given the Golden Ball at #1?",
        ),
        "prep + which",
        "supplied players to -> best player",
    ),
    Item(
        "How much snow per season does the city where the Savannah Spirits originally began "
        "play average?",
        "42.5 inches",
        ["42.5 inches (108 cm)", "108 cm"],
        Hop(
            "Savannah Spirits",
            "The team originally began play in the 1982-1983 season as the Detroit Spirits",
            "Detroit",
            "In which city did the Savannah Spirits originally begin play?",
        ),
        Hop(
            "Detroit",
            "averages 42.5 inches (108 cm) per season",
            "Detroit",
            "How much snow per season does #1 average?",
        ),
        "where",
        "original home city -> seasonal snowfall",
    ),
    Item(
        "When did the American league that Debbie Black played for, other than the WNBA, begin "
        "league competition?",
        "Fall of 1996",
        ["the Fall of 1996", "1996"],
        Hop(
            "Debbie Black",
            "the American Basketball League and the Women's National Basketball Association",
            "American Basketball League",
            "Which American league other than the WNBA did Debbie Black play for?",
        ),
        Hop(
            "American Basketball League (1996–98)",
            "The ABL began league competition in the Fall of 1996",
            "American Basketball League",
            "When did #1 begin league competition?",
        ),
        "that/which",
        "member of (league) -> start of competition",
    ),
    Item(
        "When was the former Prime Minister who ran against Moshe Katsav in the 2000 Israeli "
        "presidential election sworn in as President?",
        "15 July 2007",
        [],
        Hop(
            "Israeli presidential election, 2000",
            "ran against Shimon Peres, a previous Prime Minister of Israel",
            "Shimon Peres",
            "Which former Prime Minister ran against Moshe Katsav in the 2000 Israeli "
            "presidential election?",
        ),
        Hop(
            "Presidency of Shimon Peres",
            "Peres was sworn in as President on 15 July 2007",
            "Peres",
            "When was #1 sworn in as President?",
        ),
        "who/whom",
        "opponent -> inauguration date",
    ),
    Item(
        "How many inhabitants did the city whose siege was lifted after the Battle of Grünberg "
        "have in December 2015?",
        "200,507",
        [],
        Hop(
            "Battle of Grünberg",
            "to lift the Siege of Cassel",
            "Cassel",
            "Which city's siege was lifted after the Battle of Grünberg?",
        ),
        Hop(
            "Kassel",
            "had 200,507 inhabitants in December 2015",
            "Kassel",
            "How many inhabitants did #1 have in December 2015?",
        ),
        "whose",
        "siege lifted -> population",
        variant="Kassel was 'spelled Cassel until 1928', as its paragraph says",
    ),
    Item(
        "Who illustrated the book that shares its title with the 2014 film in which Kerris "
        "Dorsey played Emily Cooper?",
        "Ray Cruz",
        [],
        Hop(
            "Kerris Dorsey",
            "as Emily Cooper in the 2014 film Alexander and the Terrible, Horrible, No Good, "
            "Very Bad Day",
            "Alexander and the Terrible, Horrible, No Good, Very Bad Day",
            "In which 2014 film did Kerris Dorsey play Emily Cooper?",
        ),
        Hop(
            "Alexander and the Terrible, Horrible, No Good, Very Bad Day",
            "illustrated by Ray Cruz",
            "Alexander and the Terrible, Horrible, No Good, Very Bad Day",
            "Who illustrated the book titled #1?",
        ),
        "that/which",
        "film role -> illustrator of the same-titled book",
    ),
    Item(
        "Who replaced Karen Black as the matriarch in the Rob Zombie sequel in which Sid Haig "
        "played Captain Spaulding?",
        "Leslie Easterbrook",
        [],
        Hop(
            "Sid Haig",
            "his role as Captain Spaulding in Rob Zombie's horror films",
            "The Devil's Rejects",
            "In which Rob Zombie sequel did Sid Haig play Captain Spaulding?",
        ),
        Hop(
            "The Devil's Rejects",
            "with Leslie Easterbrook replacing Karen Black as the matriarch",
            "The Devil's Rejects",
            "Who replaced Karen Black as the matriarch in #1?",
        ),
        "prep + which",
        "film role -> replacement cast member",
    ),
]


def earlier_uses_all(hotpot: list[dict], musique: list[dict]):
    """musique_dev2's refused pairs and paragraph uses, plus musique_dev2's own."""
    refused, used = earlier_uses(hotpot, musique)
    with open(MUSIQUE_DEV2, encoding="utf-8") as f:
        for rec in json.load(f):
            titles = [
                rec["paragraphs"][d["paragraph_support_idx"]]["title"]
                for d in rec["question_decomposition"]
            ]
            refused[frozenset(titles)] = f"musique_dev2 {rec['id']}"
            used.update(set(titles))
    return refused, used


def build(hotpot_path: str = HOTPOT, musique_path: str = MUSIQUE, mode: str = "") -> None:
    """musique_dev2's build, with this set's questions and earlier uses; hop 2's paragraph
    may name B by its title alone (the brief allows a paragraph titled B whose sentence's
    subject is plainly B: "It", "the country")."""
    assert len(QUESTIONS) == N_RECORDS, len(QUESTIONS)
    spec = SetSpec(QUESTIONS, SEED, PREFIX, OUT, uses=earlier_uses_all, title_names_b=True)
    write_set(hotpot_path, musique_path, mode, spec)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    build(*(args + [HOTPOT, MUSIQUE][len(args) :])[:2], mode=flags[0] if flags else "")
