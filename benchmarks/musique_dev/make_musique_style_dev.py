"""Rebuild musique_style_dev.json: 60 two-hop questions in the MuSiQue-Ans format.

Source text: records 1-50 (index 0-49) of the HotpotQA train100 distractor file and of the
MuSiQue-Ans train100 file; both are sliced [:50] on loading and nothing else is read.
Refused supporting pairs: those of the first 50 MuSiQue records' own questions, of
benchmarks/twohop_dev/hotpot_style_dev.json and benchmarks/twohop_dev2/hotpot_style_dev2.json
(only their supporting titles are read), and, as a stricter choice, those of the first 50
HotpotQA records' own questions.

Run from the repository root:  python benchmarks/musique_dev/make_musique_style_dev.py
Optional arguments: the HotpotQA file and the MuSiQue file (default: the shared data), then
--table (print the README's per-question table) or --audit (list distractors that contain
a question's answer).
"""

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from sleuth.datasets import join_sentences  # the adapter's own joining

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
HERE = Path(__file__).resolve().parent
OUT = HERE / "musique_style_dev.json"
EARLIER = [
    HERE.parent / "twohop_dev" / "hotpot_style_dev.json",
    HERE.parent / "twohop_dev2" / "hotpot_style_dev2.json",
]
SEED = 20261206
PREFIX = "md0"
N_RECORDS = 60
DISTRACTORS = (14, 18)

# A title that has several texts in the source records gets one text in the whole file:
# the first one met (HotpotQA records, then MuSiQue records, in order), unless a text
# holding the phrase given here is chosen instead.
TEXT_CHOICE = {
    "Switzerland": "did not join the United Nations",
    "Virginia": "42,774.2 square miles",
    "Richmond, Virginia": "highest navigable point",
}


class Hop(NamedTuple):
    title: str  # the supporting paragraph's title
    quote: str  # a phrase inside the supporting sentence (the sentence is found by it)
    bridge: str  # how the bridge entity B is written in this paragraph
    question: str  # the single-hop question ("#1" stands for hop 1's answer in hop 2)


class Item(NamedTuple):
    question: str
    answer: str
    aliases: list[str]
    hop1: Hop  # about entity A; its answer is B
    hop2: Hop  # about B; its supporting sentence holds the answer
    template: str  # how hop 1 is folded into hop 2 (see README)
    relation: str  # hop-1 relation -> hop-2 relation
    hard: tuple[str, ...] = ()  # distractors put in on purpose (name B, or A's topic)


QUESTIONS: list[Item] = [
    Item(
        "Who wrote the 1998 war film in which Barry Pepper played Private Daniel Jackson?",
        "Robert Rodat",
        [],
        Hop(
            "Barry Pepper",
            "He played Private Daniel Jackson in Saving Private Ryan",
            "Saving Private Ryan",
            "In which film did Barry Pepper play Private Daniel Jackson?",
        ),
        Hop(
            "Saving Private Ryan", "written by Robert Rodat", "Saving Private Ryan", "Who wrote #1?"
        ),
        "prep + which",
        "film role -> screenwriter",
    ),
    Item(
        "What award did the director of The Terminal receive at the Summer Gala of the Chicago "
        "International Film Festival?",
        "Gold Hugo Lifetime Achievement Award",
        ["the Gold Hugo Lifetime Achievement Award", "Gold Hugo"],
        Hop(
            "The Terminal",
            "directed by Steven Spielberg",
            "Steven Spielberg",
            "Who directed The Terminal?",
        ),
        Hop(
            "Steven Spielberg",
            "Spielberg was also awarded the Gold Hugo Lifetime Achievement Award",
            "Spielberg",
            "What award did #1 receive at the Summer Gala of the Chicago International Film "
            "Festival?",
        ),
        "the R of X",
        "director -> award",
    ),
    Item(
        "Where was Kim Jong-chul's older half-brother born?",
        "Pyongyang",
        ["Pyongyang, North Korea"],
        Hop(
            "Kim Jong-chul",
            "His older half-brother was Kim Jong-nam",
            "Kim Jong-nam",
            "Who was Kim Jong-chul's older half-brother?",
        ),
        Hop("Kim Jong-nam", "born 10 May 1971 in Pyongyang", "Kim Jong-nam", "Where was #1 born?"),
        "possessive",
        "half-brother -> birthplace",
        hard=("Kim Il-chol", "Kim Jong-un"),
    ),
    Item(
        "Who is the mother of Kim Jong-chul's younger brother?",
        "Ko Yong - hui",
        ["Ko Yong-hui"],
        Hop(
            "Kim Jong-chul",
            "His younger brother is Kim Jong-un",
            "Kim Jong-un",
            "Who is Kim Jong-chul's younger brother?",
        ),
        Hop(
            "Kim Jong-un",
            "children Ko Yong - hui bore to Kim Jong - il",
            "Kim Jong - Un",
            "Who is the mother of #1?",
        ),
        "possessive",
        "younger brother -> mother",
    ),
    Item(
        "According to Soviet records, in which village was the man whom U Tong-chuk accompanied "
        "on a number of tours born?",
        "Vyatskoye",
        [],
        Hop(
            "U Tong-chuk",
            "he accompanied Kim Jong-il on a number of tours",
            "Kim Jong-il",
            "Whom did U Tong-chuk accompany on a number of tours and official events?",
        ),
        Hop(
            "Kim Jong-il",
            "in the village of Vyatskoye",
            "Kim Jong-il",
            "According to Soviet records, in which village was #1 born?",
        ),
        "who/whom",
        "accompanied -> birthplace",
    ),
    Item(
        "What is the capital of the state where the town of Young is located?",
        "Sydney",
        [],
        Hop(
            "Young, New South Wales",
            "South West Slopes region of New South Wales",
            "New South Wales",
            "In which state is the town of Young located?",
        ),
        Hop(
            "New South Wales",
            "New South Wales' state capital is Sydney",
            "New South Wales",
            "What is the capital of #1?",
        ),
        "where",
        "located in -> capital",
    ),
    Item(
        "Which state borders to the north the state that Wamboin is in?",
        "Queensland",
        [],
        Hop(
            "Wamboin",
            "Southern Tablelands of New South Wales",
            "New South Wales",
            "In which state is Wamboin?",
        ),
        Hop(
            "New South Wales",
            "It borders Queensland to the north",
            "New South Wales",
            "Which state borders #1 to the north?",
        ),
        "that/which",
        "located in -> neighbour to the north",
    ),
    Item(
        "Who is the mother of the actress who made her debut in Ankur alongside Ananth Nag?",
        "Shaukat Azmi",
        [],
        Hop(
            "Ankur (film)",
            "the debut of Indian actors Ananth Nag and Shabana Azmi",
            "Shabana Azmi",
            "Which actress made her debut in Ankur alongside Ananth Nag?",
        ),
        Hop(
            "Shabana Azmi", "stage actress Shaukat Azmi", "Shabana Azmi", "Who is the mother of #1?"
        ),
        "who/whom",
        "debut film -> mother",
    ),
    Item(
        "In what year did the Government of India award Baba Azmi's sister the Padma Shri?",
        "1988",
        [],
        Hop("Baba Azmi", "his sister Shabana Azmi", "Shabana Azmi", "Who is Baba Azmi's sister?"),
        Hop(
            "Shabana Azmi",
            "In 1988, the Government of India awarded her with Padma Shri",
            "Shabana Azmi",
            "In what year did the Government of India award #1 the Padma Shri?",
        ),
        "possessive",
        "sister -> award year",
    ),
    Item(
        "At which university did the Buccaneers' first Hall of Fame representative play college "
        "football?",
        "University of Oklahoma",
        ["the University of Oklahoma", "Oklahoma"],
        Hop(
            "1976 Tampa Bay Buccaneers season",
            "Lee Roy Selmon, the Buccaneers\u2019 first Hall of Fame representative",
            "Lee Roy Selmon",
            "Who was the Buccaneers' first Hall of Fame representative?",
        ),
        Hop(
            "Lee Roy Selmon",
            "as a defensive tackle at the University of Oklahoma",
            "Lee Roy Selmon",
            "At which university did #1 play college football?",
        ),
        "possessive",
        "first Hall of Fame representative -> college",
    ),
    Item(
        'When was the musician who co-wrote the music for 311\'s "Freak Out" with Chad Sexton '
        "born?",
        "April 12, 1970",
        [],
        Hop(
            "Freak Out (311 song)",
            "co-written by Chad Sexton and Nick Hexum",
            "Nick Hexum",
            'Who co-wrote the music for "Freak Out" with Chad Sexton?',
        ),
        Hop("Nick Hexum", "born April 12, 1970", "Nick Hexum", "When was #1 born?"),
        "who/whom",
        "co-writer -> birth date",
    ),
    Item(
        "Who is the father of the English judge on the Channel 4 cooking show The Taste?",
        "Nigel Lawson",
        [],
        Hop(
            "The Taste (UK TV series)",
            "English chef and TV personality Nigella Lawson",
            "Nigella Lawson",
            "Who is the English judge on The Taste?",
        ),
        Hop(
            "Nigella Lawson",
            "She is the daughter of Nigel Lawson",
            "Lawson",
            "Who is the father of #1?",
        ),
        "the R of X",
        "judge -> father",
        hard=("How to Eat", "Noreena Hertz", "John Diamond (journalist)"),
    ),
    Item(
        "When was Charles Saatchi's wife born?",
        "6 January 1960",
        [],
        Hop(
            "Shawfield Street",
            "owned by Charles Saatchi and wife Nigella Lawson",
            "Nigella Lawson",
            "Who is Charles Saatchi's wife?",
        ),
        Hop("Nigella Lawson", "born 6 January 1960", "Lawson", "When was #1 born?"),
        "possessive",
        "wife -> birth date",
    ),
    Item(
        "In what year did the duo that Charlene Choi belongs to reunite?",
        "2010",
        [],
        Hop(
            "Another Me (Charlene Choi EP)",
            "who is also a member of duo Twins",
            "Twins",
            "Which duo is Charlene Choi a member of?",
        ),
        Hop(
            "Twins (group)",
            "the group finally reunited in 2010",
            "Twins",
            "In what year did #1 reunite?",
        ),
        "that/which",
        "member of -> reunion year",
    ),
    Item(
        "Who appoints the holder of the office that John Downer held twice?",
        "Governor of South Australia",
        ["the Governor of South Australia", "the Governor"],
        Hop(
            "John Downer",
            "was the Premier of South Australia twice",
            "Premier of South Australia",
            "Which office did John Downer hold twice?",
        ),
        Hop(
            "Premier of South Australia",
            "The Premier is appointed by the Governor of South Australia",
            "Premier of South Australia",
            "Who appoints #1?",
        ),
        "that/which",
        "office held -> appointed by",
    ),
    Item(
        "At which battle was the man who, with Harold, installed Bleddyn ap Cynfyn as king of "
        "Gwynedd killed?",
        "Battle of Stamford Bridge",
        ["the Battle of Stamford Bridge", "Stamford Bridge"],
        Hop(
            "Bleddyn ap Cynfyn",
            "He was installed by Harold and Tostig Godwinson as king of Gwynedd",
            "Tostig Godwinson",
            "Who, with Harold, installed Bleddyn ap Cynfyn as king of Gwynedd?",
        ),
        Hop(
            "Tostig Godwinson",
            "was killed at the Battle of Stamford Bridge",
            "Tostig Godwinson",
            "At which battle was #1 killed?",
        ),
        "who/whom",
        "installer -> battle of death",
    ),
    Item(
        "In what year was the king of Powys who rewarded Gwrgenau with land installed as king of "
        "Gwynedd?",
        "1063",
        [],
        Hop(
            "Rhirid Flaidd",
            "Bleddyn ap Cynfyn, king of Powys who rewarded Gwrgenau with land",
            "Bleddyn ap Cynfyn",
            "Which king of Powys rewarded Gwrgenau with land?",
        ),
        Hop(
            "Bleddyn ap Cynfyn",
            "as king of Gwynedd in 1063",
            "Bleddyn ap Cynfyn",
            "In what year was #1 installed as king of Gwynedd?",
        ),
        "who/whom",
        "benefactor -> installation year",
    ),
    Item(
        "Which businessman founded the team that the AFL's 1960 Dallas Texans later became?",
        "Lamar Hunt",
        [],
        Hop(
            "Dallas Texans (NFL)",
            "(who later became the Kansas City Chiefs)",
            "Kansas City Chiefs",
            "Which team did the AFL's 1960 Dallas Texans later become?",
        ),
        Hop(
            "Kansas City Chiefs",
            "founded in 1960 as the Dallas Texans by businessman Lamar Hunt",
            "Kansas City Chiefs",
            "Which businessman founded #1?",
        ),
        "that/which",
        "later became -> founder",
    ),
    Item(
        "In which division does the team co-founded by Elmer Layden's successor as NFL "
        "Commissioner "
        "compete?",
        "National Football Conference (NFC) East division",
        ["NFC East", "NFC East division"],
        Hop(
            "1946 NFL season",
            "Bert Bell, co-founder of the Philadelphia Eagles, replaced him",
            "Philadelphia Eagles",
            "Which team was co-founded by the man who replaced Elmer Layden as NFL Commissioner?",
        ),
        Hop(
            "Philadelphia Eagles",
            "National Football Conference (NFC) East division",
            "Philadelphia Eagles",
            "In which division does #1 compete?",
        ),
        "participle",
        "co-founded by -> division",
    ),
    Item(
        "For which airlines is the airport that operates the Arthur Laing Bridge a hub?",
        "Air Canada and WestJet",
        [],
        Hop(
            "Arthur Laing Bridge",
            "The bridge is operated by the Vancouver International Airport",
            "Vancouver International Airport",
            "Which airport operates the Arthur Laing Bridge?",
        ),
        Hop(
            "Vancouver International Airport",
            "It is a hub for Air Canada and WestJet",
            "Vancouver International Airport",
            "For which airlines is #1 a hub?",
        ),
        "that/which",
        "operator -> hub airlines",
    ),
    Item(
        "Who directed the science fiction film that Mark Wahlberg starred in during the 2000s?",
        "Tim Burton",
        [],
        Hop(
            "Mark Wahlberg",
            'the science fiction film "Planet of the Apes"',
            "Planet of the Apes",
            "Which science fiction film did Mark Wahlberg star in during the 2000s?",
        ),
        Hop(
            "Planet of the Apes (2001 film)",
            "directed by Tim Burton",
            "Planet of the Apes",
            "Who directed #1?",
        ),
        "that/which",
        "starred in -> director",
        hard=("The Twilight Zone", "Big Eyes"),
    ),
    Item(
        "Where was the director of the 1919 silent comedy Cupid Forecloses born?",
        "Faversham, Kent",
        ["Faversham"],
        Hop(
            "Cupid Forecloses",
            "directed by David Smith",
            "David Smith",
            "Who directed Cupid Forecloses?",
        ),
        Hop(
            "David Smith (director)",
            "He was born in Faversham, Kent",
            "David Smith",
            "Where was #1 born?",
        ),
        "the R of X",
        "director -> birthplace",
    ),
    Item(
        "In which arena does the team that drafted Dave Feitl in 1986 play its home games?",
        "Toyota Center",
        ["the Toyota Center"],
        Hop(
            "Dave Feitl",
            "selected by the Houston Rockets in the 2nd round",
            "Houston Rockets",
            "Which team drafted Dave Feitl in 1986?",
        ),
        Hop(
            "Houston Rockets",
            "The team plays its home games at the Toyota Center",
            "Houston Rockets",
            "In which arena does #1 play its home games?",
        ),
        "that/which",
        "drafted by -> home arena",
    ),
    Item(
        "In which arena does the team Abby Bishop played for in 2016/2017 play?",
        "Titanium Security Arena",
        ["the Titanium Security Arena"],
        Hop(
            "Abby Bishop",
            "She is currently a member of the Adelaide Lightning (2016/2017)",
            "Adelaide Lightning",
            "Which team did Abby Bishop play for in 2016/2017?",
        ),
        Hop(
            "Adelaide Lightning",
            "they play in the 8,000-seat Titanium Security Arena",
            "Adelaide Lightning",
            "In which arena does #1 play?",
        ),
        "the team X played for",
        "member of -> home arena",
    ),
    Item(
        "The currency Malta adopted on 1 January 2008 is the sole currency of how many EU member "
        "states?",
        "19",
        [],
        Hop(
            "Economy of Malta",
            "Malta adopted the Euro currency on 1 January 2008",
            "Euro",
            "Which currency did Malta adopt on 1 January 2008?",
        ),
        Hop(
            "Euro",
            "The euro is the sole currency of 19 EU member states",
            "euro",
            "#1 is the sole currency of how many EU member states?",
        ),
        "that/which",
        "adopted currency -> member-state count",
    ),
    Item(
        "What was the currency of the country where Piedboeuf Brewery is located before the euro?",
        "Belgian franc",
        ["the Belgian franc"],
        Hop(
            "Piedboeuf Brewery",
            "is a brewery in Jupille-sur-Meuse, Belgium",
            "Belgium",
            "In which country is Piedboeuf Brewery located?",
        ),
        Hop(
            "Belgium",
            "Belgium's currency was the Belgian franc",
            "Belgium",
            "What was the currency of #1 before the euro?",
        ),
        "where",
        "located in -> former currency",
    ),
    Item(
        "When did the country where the 26th Chess Olympiad took place adopt the Euro as its "
        "currency?",
        "January 2001",
        ["2001"],
        Hop(
            "26th Chess Olympiad",
            "in Thessaloniki, Greece",
            "Greece",
            "In which country did the 26th Chess Olympiad take place?",
        ),
        Hop(
            "Greece",
            "in January 2001 adopted the Euro as its currency",
            "Greece",
            "When did #1 adopt the Euro as its currency?",
        ),
        "where",
        "venue -> euro adoption",
        hard=("William John Donaldson", "Economy of Greece"),
    ),
    Item(
        "On what date did Stefan Kindermann's country of birth declare its secession from the "
        "Third "
        "Reich?",
        "27 April 1945",
        [],
        Hop(
            "Stefan Kindermann",
            "born 28 December 1959 in Vienna, Austria",
            "Austria",
            "In which country was Stefan Kindermann born?",
        ),
        Hop(
            "Austria",
            "declared Austria's secession from the Third Reich by the Declaration of "
            "Independence on 27 April 1945",
            "Austria",
            "On what date did #1 declare its secession from the Third Reich?",
        ),
        "possessive",
        "country of birth -> secession date",
    ),
    Item(
        "Which country borders to the east the country through whose rain forests the Cuyuni River "
        "meanders?",
        "Suriname",
        [],
        Hop(
            "Cuyuni River",
            "meander through the tropical rain forests of Guyana",
            "Guyana",
            "Through the rain forests of which country does the Cuyuni River meander?",
        ),
        Hop("Guyana", "Suriname to the east", "Guyana", "Which country borders #1 to the east?"),
        "whose",
        "flows through -> neighbour to the east",
    ),
    Item(
        "On what date was Suriname added to the community with which Guyana has strong cultural, "
        "historical and political ties?",
        "4 July 1995",
        [],
        Hop(
            "Guyana",
            "political ties with other Anglo - Caribbean countries and the Caribbean Community",
            "Caribbean Community",
            "With which community does Guyana have strong political ties?",
        ),
        Hop(
            "Caribbean Community",
            "Dutch - speaking Suriname on 4 July 1995",
            "CARICOM",
            "On what date was Suriname added to #1?",
        ),
        "prep + which",
        "ties with -> accession date of a member",
        hard=("Secretariat of the Caribbean Community", "Bermuda"),
    ),
    Item(
        "When did the country Bigna Windmüller competes for join the United Nations?",
        "2002",
        [],
        Hop(
            "Bigna Windmüller",
            "She is set to compete for Switzerland",
            "Switzerland",
            "Which country does Bigna Windmüller compete for?",
        ),
        Hop(
            "Switzerland",
            "did not join the United Nations until 2002",
            "Switzerland",
            "When did #1 join the United Nations?",
        ),
        "that/which",
        "competes for -> UN accession",
    ),
    Item(
        "As of 2015, how did the economy of the country of which Ezer Weizman was the seventh "
        "President rank by nominal GDP?",
        "35th-largest",
        ["35th-largest economy in the world", "35th"],
        Hop(
            "Ezer Weizman",
            "was the seventh President of Israel",
            "Israel",
            "Of which country was Ezer Weizman the seventh President?",
        ),
        Hop(
            "Israel",
            "with the 35th-largest economy in the world",
            "Israel",
            "As of 2015, how did the economy of #1 rank by nominal GDP?",
        ),
        "prep + which",
        "presided over -> economy rank",
    ),
    Item(
        "How does the country whose ninth President was Shimon Peres define itself in its Basic "
        "Laws?",
        "a Jewish and democratic state",
        ["Jewish and democratic state", "Jewish and democratic"],
        Hop(
            "Presidency of Shimon Peres",
            "the ninth President of Israel",
            "Israel",
            "Of which country was Shimon Peres the ninth President?",
        ),
        Hop(
            "Israel",
            "Israel defines itself as a Jewish and democratic state",
            "Israel",
            "How does #1 define itself in its Basic Laws?",
        ),
        "whose",
        "presided over -> self-definition",
    ),
    Item(
        "By which treaty was the country whose government named Queen Elizabeth Land created?",
        "Treaty of Union",
        ["the Treaty of Union"],
        Hop(
            "Queen Elizabeth Land",
            "named by the government of the United Kingdom",
            "United Kingdom",
            "The government of which country named Queen Elizabeth Land?",
        ),
        Hop(
            "United Kingdom",
            "created in 1707 by the Treaty of Union",
            "United Kingdom",
            "By which treaty was #1 created?",
        ),
        "whose",
        "named by -> founding treaty",
    ),
    Item(
        "In what year did five-sixths of Ireland secede from the country where Amazing Radio was "
        "first broadcast?",
        "1922",
        [],
        Hop(
            "Amazing Radio",
            "first broadcast originally on digital radio in the United Kingdom",
            "United Kingdom",
            "In which country was Amazing Radio first broadcast?",
        ),
        Hop(
            "United Kingdom",
            "Five - sixths of Ireland seceded from the UK in 1922",
            "United Kingdom",
            "In what year did five-sixths of Ireland secede from #1?",
        ),
        "where",
        "first broadcast in -> secession year",
    ),
    Item(
        "What is the population of the city that the AFL's Brooklyn Tigers moved to in 1936?",
        "208,880",
        ["208,880 residents"],
        Hop(
            "Brooklyn Dodgers (NFL)",
            "before moving to Rochester, New York and playing as the Rochester Tigers",
            "Rochester, New York",
            "To which city did the AFL's Brooklyn Tigers move in 1936?",
        ),
        Hop(
            "Rochester, New York",
            "With a population of 208,880 residents",
            "Rochester",
            "What is the population of #1?",
        ),
        "that/which",
        "moved to -> population",
        hard=("Rochester, Iowa", "Rochester Jeffersons"),
    ),
    Item(
        "On how many recorded occasions has the lake into which Irondequoit Bay flows completely "
        "frozen over?",
        "five",
        ["5", "five recorded occasions"],
        Hop(
            "Irondequoit Bay",
            "flows into Lake Ontario at its northern end",
            "Lake Ontario",
            "Into which lake does Irondequoit Bay flow?",
        ),
        Hop(
            "Lake Ontario",
            "Lake Ontario has completely frozen over on five recorded occasions",
            "Lake Ontario",
            "On how many recorded occasions has #1 completely frozen over?",
        ),
        "prep + which",
        "flows into -> times frozen over",
    ),
    Item(
        "When was the coldest temperature officially recorded in the city that borders Missouri "
        "City to the north and east?",
        "January 18, 1940",
        [],
        Hop(
            "Missouri City, Texas",
            "bordered by the city of Houston to the north and east",
            "Houston",
            "Which city borders Missouri City to the north and east?",
        ),
        Hop(
            "Houston",
            "The coldest temperature officially recorded in Houston",
            "Houston",
            "When was the coldest temperature officially recorded in #1?",
        ),
        "that/which",
        "neighbour -> record-cold date",
    ),
    Item(
        "On what date did Hurricane Sandy bring a destructive storm surge to the city where the "
        "Women's Action Coalition was founded?",
        "October 29, 2012",
        [],
        Hop(
            "Women's Action Coalition",
            "WAC was founded in New York City in 1992",
            "New York City",
            "Where was the Women's Action Coalition founded?",
        ),
        Hop(
            "New York City",
            "Hurricane Sandy brought a destructive storm surge to New York City",
            "New York City",
            "On what date did Hurricane Sandy bring a destructive storm surge to #1?",
        ),
        "where",
        "founded in -> hurricane date",
    ),
    Item(
        "At the highest navigable point of which river is the city that is home to the Virginia "
        "Museum of Fine Arts located?",
        "James River",
        ["the James River"],
        Hop(
            "Virginia Museum of Fine Arts",
            "is an art museum in Richmond, Virginia",
            "Richmond, Virginia",
            "In which city is the Virginia Museum of Fine Arts?",
        ),
        Hop(
            "Richmond, Virginia",
            "at the highest navigable point of the James River",
            "Richmond",
            "At the highest navigable point of which river is #1 located?",
        ),
        "that/which",
        "located in -> river",
    ),
    Item(
        "Which state borders to the west the state where Publix's northernmost locations are "
        "found?",
        "Kentucky",
        [],
        Hop(
            "Publix",
            "Locations are found as far north as Spotsylvania, Virginia",
            "Virginia",
            "In which state are Publix's northernmost locations found?",
        ),
        Hop(
            "Virginia", "by Kentucky to the west", "Virginia", "Which state borders #1 to the west?"
        ),
        "where",
        "northernmost stores in -> neighbour to the west",
        hard=("Tennessee",),
    ),
    Item(
        "On what date did the state that generates the highest percentage of its energy from wind "
        "power become a state?",
        "December 28, 1846",
        [],
        Hop(
            "Wind power in the United States",
            "The state generating the highest percentage of energy from wind power is Iowa",
            "Iowa",
            "Which state generates the highest percentage of its energy from wind power?",
        ),
        Hop(
            "Iowa",
            "On December 28, 1846, Iowa became the 29th state in the Union",
            "Iowa",
            "On what date did #1 become a state?",
        ),
        "that/which",
        "wind-power leader -> statehood date",
    ),
    Item(
        "The state where the band Pookey Bleum was formed became which numbered state of the "
        "Union?",
        "29th",
        ["the 29th state", "29th state in the Union"],
        Hop(
            "Pookey Bleum",
            "formed in 1996 in Ames, Iowa",
            "Iowa",
            "In which state was the band Pookey Bleum formed?",
        ),
        Hop(
            "Iowa",
            "Iowa became the 29th state in the Union",
            "Iowa",
            "#1 became which numbered state of the Union?",
        ),
        "where",
        "formed in -> admission order",
    ),
    Item(
        "How many museums does the state whose largest wind farm is the Blue Canyon Wind Farm "
        "contain?",
        "more than 300",
        ["over 300", "300"],
        Hop(
            "Blue Canyon Wind Farm",
            "is the largest wind farm in Oklahoma",
            "Oklahoma",
            "Of which state is the Blue Canyon Wind Farm the largest wind farm?",
        ),
        Hop(
            "Oklahoma",
            "contains more than 300 museums",
            "Oklahoma",
            "How many museums does #1 contain?",
        ),
        "whose",
        "largest wind farm of -> museum count",
    ),
    Item(
        "What is the busiest airport in the state where the Northern Hotel has been called the "
        "finest "
        "hotel?",
        "Bozeman Yellowstone International Airport",
        [],
        Hop(
            "Northern Hotel",
            "has been called the finest hotel in Montana",
            "Montana",
            "In which state has the Northern Hotel been called the finest hotel?",
        ),
        Hop(
            "Montana",
            "Bozeman Yellowstone International Airport is the busiest airport in the state of "
            "Montana",
            "Montana",
            "What is the busiest airport in #1?",
        ),
        "where",
        "finest hotel of -> busiest airport",
    ),
    Item(
        "What is the largest city of the state whose McPherson County holds part of the Tatanka "
        "Wind "
        "Farm?",
        "Sioux Falls",
        [],
        Hop(
            "Tatanka Wind Farm",
            "McPherson County, South Dakota",
            "South Dakota",
            "In which state is the McPherson County that holds part of the Tatanka Wind Farm?",
        ),
        Hop(
            "South Dakota",
            "Sioux Falls, with a population of about 171,000, is South Dakota's largest city",
            "South Dakota",
            "What is the largest city of #1?",
        ),
        "whose",
        "located in -> largest city",
    ),
    Item(
        "Among the 50 United States, how does the state hit by 1998's only F5 tornado other than "
        "the Birmingham one rank by population?",
        "17th most populous",
        ["17th"],
        Hop(
            "Tornado outbreak of April 6–9, 1998",
            "The other hit in Lawrence County, Tennessee",
            "Tennessee",
            "Besides the Birmingham tornado, in which state did 1998's other F5 tornado hit?",
        ),
        Hop(
            "Tennessee",
            "Tennessee is the 36th largest and the 17th most populous",
            "Tennessee",
            "How does #1 rank by population among the 50 United States?",
        ),
        "participle",
        "struck by -> population rank",
        hard=("Rolandos Liatsos", "Hank Snow"),
    ),
    Item(
        "Under which emperor did the empire in whose time Tác was known as Gorsium-Herculia "
        "reach its "
        "greatest extent?",
        "Trajan",
        [],
        Hop(
            "Tác",
            "In the time of Roman Empire it was known as",
            "Roman Empire",
            'In the time of which empire was Tác known as "Gorsium-Herculia"?',
        ),
        Hop(
            "Roman Empire",
            "The empire reached its greatest extent under Trajan",
            "empire",
            "Under which emperor did #1 reach its greatest extent?",
        ),
        "whose",
        "historical period -> greatest extent",
    ),
    Item(
        "The siege that Duke Ferdinand of Brunswick lifted after the Battle of Grünberg was an "
        "attempt "
        "to capture the capital of which state?",
        "Hesse-Kassel",
        [],
        Hop(
            "Battle of Grünberg",
            "prompted Duke Ferdinand of Brunswick to lift the Siege of Cassel",
            "Siege of Cassel",
            "Which siege did Duke Ferdinand of Brunswick lift after the Battle of Grünberg?",
        ),
        Hop(
            "Siege of Cassel (1761)",
            "to capture French-held Kassel, the capital of Hesse-Kassel",
            "Siege of Cassel",
            "#1 was an attempt to capture the capital of which state?",
        ),
        "that/which",
        "lifted -> target's state",
        hard=("Kassel",),
    ),
    Item(
        "When did the country that borders Latvia to the north adopt the euro?",
        "1 January 2011",
        [],
        Hop(
            "Latvia",
            "It is bordered by Estonia to the north",
            "Estonia",
            "Which country borders Latvia to the north?",
        ),
        Hop(
            "Estonia",
            "adopted the euro as the country's currency on 1 January 2011",
            "Estonia",
            "When did #1 adopt the euro?",
        ),
        "that/which",
        "neighbour to the north -> euro adoption",
        hard=("Euro", "Economy of Malta"),
    ),
    Item(
        "At which city does the river on whose banks Christian Moerlein planned a Lager House "
        "join the "
        "Mississippi River?",
        "Cairo, Illinois",
        ["Cairo"],
        Hop(
            "Christian Moerlein Brewing Co.",
            "Moerlein Lager House on the banks of the Ohio River",
            "Ohio River",
            "On the banks of which river did Christian Moerlein plan a Lager House?",
        ),
        Hop(
            "Ohio River",
            "until it joins the Mississippi River at the city of Cairo, Illinois",
            "river",
            "At which city does #1 join the Mississippi River?",
        ),
        "whose",
        "banks of -> confluence city",
    ),
    Item(
        "In what year was the rugby league County Cup of the county in which Warton lies "
        "abandoned?",
        "1993",
        [],
        Hop(
            "Warton, Lancaster",
            "in north Lancashire in the north-west of England",
            "Lancashire",
            "In which county does Warton lie?",
        ),
        Hop(
            "Lancashire",
            "the Lancashire County Cup which was abandoned in 1993",
            "Lancashire",
            "In what year was the County Cup of #1 abandoned?",
        ),
        "prep + which",
        "located in -> cup abandoned",
    ),
    Item(
        "What was the public name and brand of the organisation that absorbed the Metropolitan "
        "Railway "
        "in 1933?",
        "London Transport",
        [],
        Hop(
            "Metropolitan Railway steam locomotives",
            "absorbed into the newly created London Passenger Transport Board",
            "London Passenger Transport Board",
            "Which organisation absorbed the Metropolitan Railway in 1933?",
        ),
        Hop(
            "London Passenger Transport Board",
            "the public name and brand was London Transport",
            "London Passenger Transport Board",
            "What was the public name and brand of #1?",
        ),
        "that/which",
        "absorbed by -> public brand",
    ),
    Item(
        "What replaced the signalling alphabet developed by Morse and Vail as the international "
        "standard for maritime distress in 1999?",
        "Global Maritime Distress Safety System",
        ["the Global Maritime Distress Safety System"],
        Hop(
            "Electrical telegraph",
            "Morse and Vail developed the Morse code signalling alphabet",
            "Morse code",
            "Which signalling alphabet did Morse and Vail develop?",
        ),
        Hop(
            "Morse code",
            "replaced by the Global Maritime Distress Safety System",
            "Morse code",
            "What replaced #1 as the international standard for maritime distress in 1999?",
        ),
        "participle",
        "developed by -> replacement",
    ),
    Item(
        "Where was Roberto Lopes da Costa's partner at the 1999 Pan American Games born?",
        "Fortaleza, Ceará",
        ["Fortaleza"],
        Hop(
            "Roberto Lopes da Costa",
            "partnering Franco Neto",
            "Franco Neto",
            "Who partnered Roberto Lopes da Costa at the 1999 Pan American Games?",
        ),
        Hop(
            "Franco Neto",
            "born November 11, 1966 in Fortaleza, Ceará",
            "Neto",
            "Where was #1 born?",
        ),
        "possessive",
        "partner -> birthplace",
    ),
    Item(
        "Who wrote and produced the sequel to Tai Chi 0?",
        "Chen Kuo-fu",
        [],
        Hop(
            "Tai Chi 0",
            'shot back-to-back with its sequel, "Tai Chi Hero."',
            "Tai Chi Hero",
            "What is the sequel to Tai Chi 0?",
        ),
        Hop(
            "Tai Chi Hero",
            "written and produced by Chen Kuo-fu",
            "Tai Chi Hero",
            "Who wrote and produced #1?",
        ),
        "the R of X",
        "sequel -> writer-producer",
    ),
    Item(
        "To which continent is the tree genus that shares the chambered pith of walnut shoots "
        "native?",
        "Asia",
        [],
        Hop(
            "Juglans",
            'a character shared with the wingnuts ("Pterocarya")',
            "Pterocarya",
            "Which genus shares the chambered pith of walnut shoots?",
        ),
        Hop(
            "Pterocarya",
            "They are native to Asia",
            "Pterocarya",
            "To which continent is #1 native?",
        ),
        "that/which",
        "shares a trait -> native range",
    ),
    Item(
        "Once the country that Malam Bacai Sanhá was President of gained independence, which "
        "nationals mostly left it?",
        "Portuguese",
        ["the Portuguese nationals", "Portuguese nationals"],
        Hop(
            "Malam Bacai Sanhá",
            "was President of Guinea-Bissau from 8 September 2009",
            "Guinea-Bissau",
            "Which country was Malam Bacai Sanhá President of?",
        ),
        Hop(
            "Guinea-Bissau",
            "most of the Portuguese nationals left the country",
            "Guinea-Bissau",
            "Which nationals mostly left #1 after it gained independence?",
        ),
        "that/which",
        "presided over -> departed nationals",
    ),
    Item(
        "Which 1987 film stars Christopher Reeve, Kathy Baker and the director of Bopha!?",
        "Street Smart",
        [],
        Hop(
            "Bopha!",
            "the directorial debut of Morgan Freeman",
            "Morgan Freeman",
            "Who directed Bopha!?",
        ),
        Hop(
            "Street Smart (film)",
            "starring Christopher Reeve, Morgan Freeman and Kathy Baker",
            "Morgan Freeman",
            "Which 1987 film stars Christopher Reeve, Kathy Baker and #1?",
        ),
        "stars A, B and the R of X",
        "director -> co-star film",
    ),
    Item(
        "Which 1995 film directed by the director of The Irishman stars Sharon Stone?",
        "Casino",
        [],
        Hop(
            "The Irishman",
            "directed by Martin Scorsese",
            "Martin Scorsese",
            "Who directed The Irishman?",
        ),
        Hop(
            "Casino (1995 film)",
            "directed by Martin Scorsese, starring Robert De Niro, Sharon Stone",
            "Martin Scorsese",
            "Which 1995 film directed by #1 stars Sharon Stone?",
        ),
        "the R of X",
        "director -> film directed",
    ),
]


SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def norm(text: str) -> str:
    """Casefolded, without diacritics, a leading "the", spaces around hyphens or a trailing
    parenthesised qualifier: to compare how an entity is written in two places."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"\s*\([^)]*\)$", "", text.strip())
    text = re.sub(r"\s*-\s*", "-", text).casefold()
    return re.sub(r"^the\s+", "", text)


def sentence_with(text: str, quote: str) -> str:
    """The sentence of ``text`` holding ``quote``: the splitter's pieces that overlap it,
    a piece ending in an initial ("James K.") joined to the next."""
    pieces: list[str] = []
    for piece in SPLIT.split(text.strip()):
        if pieces and re.search(r"\b[A-Z]\.$", pieces[-1]):
            pieces[-1] += " " + piece
        else:
            pieces.append(piece)
    start = text.index(quote)
    end = start + len(quote)
    found, pos = [], 0
    for piece in pieces:
        at = text.index(piece.split(" ")[0], pos)
        pos = at + len(piece)
        if at < end and pos > start:
            found.append(piece)
    return " ".join(found)


def load(hotpot_path: str, musique_path: str):
    """Records 1-50 of both files: the pool (title -> one text) and, per record, its titles."""
    with open(hotpot_path, encoding="utf-8") as f:
        hotpot = json.load(f)[:50]
    with open(musique_path, encoding="utf-8") as f:
        musique = json.load(f)[:50]
    texts: dict[str, list[str]] = {}
    records: list[list[str]] = []
    for rec in hotpot:
        records.append([title for title, _ in rec["context"]])
        for title, sentences in rec["context"]:
            texts.setdefault(title, []).append(join_sentences(sentences))
    for rec in musique:
        records.append([p["title"] for p in rec["paragraphs"]])
        for p in rec["paragraphs"]:
            texts.setdefault(p["title"], []).append(p["paragraph_text"])
    pool = {}
    for title, variants in texts.items():
        want = TEXT_CHOICE.get(title)
        pool[title] = next(t for t in variants if want in t) if want else variants[0]
    return pool, records, hotpot, musique


def refused_pairs(hotpot: list[dict], musique: list[dict]) -> dict[frozenset[str], str]:
    """Supporting pairs a question may not reuse, with where each comes from."""
    refused: dict[frozenset[str], str] = {}
    for rec in musique:
        titles = [
            rec["paragraphs"][d["paragraph_support_idx"]]["title"]
            for d in rec["question_decomposition"]
            if d["paragraph_support_idx"] is not None
        ]
        for i, a in enumerate(titles):
            for b in titles[i + 1 :]:
                refused[frozenset((a, b))] = f"MuSiQue {rec['id']}"
    for rec in hotpot:
        refused.setdefault(
            frozenset(t for t, _ in rec["supporting_facts"]), f"HotpotQA {rec['_id']}"
        )
    for path in EARLIER:
        with open(path, encoding="utf-8") as f:
            for rec in json.load(f):
                refused[frozenset(t for t, _ in rec["supporting_facts"])] = path.name
    return refused


def check(n: int, item: Item, pool: dict[str, str]) -> tuple[str, str]:
    """The two supporting sentences, after the checks on one question."""
    h1, h2 = item.hop1, item.hop2
    assert h1.title != h2.title, n
    for hop in (h1, h2):
        assert hop.title in pool, (n, hop.title)
        assert hop.quote in pool[hop.title], (n, hop.title, hop.quote)
    s1 = sentence_with(pool[h1.title], h1.quote)
    s2 = sentence_with(pool[h2.title], h2.quote)
    bridge = norm(h1.bridge)
    # B is named in hop 1's sentence, and in hop 2's paragraph (by its title or in its text).
    assert h1.bridge in s1, (n, "bridge not in hop-1 sentence", h1.bridge)
    assert h2.bridge in pool[h2.title], (n, "bridge not in hop-2 paragraph", h2.bridge)
    same = norm(h2.bridge) in bridge or bridge in norm(h2.bridge) or h2.bridge in s1
    assert same, (n, "bridge written differently", h1.bridge, h2.bridge)
    assert bridge in norm(pool[h2.title]) or bridge == norm(h2.title), (n, "B not in hop 2", bridge)
    # The question never names B; the answer is in hop 2's sentence and not in hop 1's paragraph.
    for name in {h1.bridge, h2.bridge} if h2.bridge[0].isupper() else {h1.bridge}:
        assert name.casefold() not in item.question.casefold(), (n, "question names B", name)
    assert item.answer in s2, (n, "answer not in hop-2 sentence", item.answer)
    for answer in [item.answer, *item.aliases]:
        assert answer.casefold() not in pool[h1.title].casefold(), (n, "answer in hop 1", answer)
    assert "#1" in h2.question and "#1" not in h1.question, n
    return s1, s2


def build(hotpot_path: str = HOTPOT, musique_path: str = MUSIQUE, mode: str = "") -> None:
    pool, records, hotpot, musique = load(hotpot_path, musique_path)
    refused = refused_pairs(hotpot, musique)
    rng = random.Random(SEED)
    all_titles = sorted(pool)
    out, rows, seen = [], [], set()
    per_paragraph: Counter[str] = Counter()
    shapes: Counter[tuple[str, str]] = Counter()
    assert len(QUESTIONS) == N_RECORDS, len(QUESTIONS)
    for n, item in enumerate(QUESTIONS, 1):
        s1, s2 = check(n, item, pool)
        support = [item.hop1.title, item.hop2.title]
        pair = frozenset(support)
        assert pair not in refused, (n, "pair reused", refused.get(pair), support)
        assert pair not in seen, (n, "pair used twice in this set", support)
        seen.add(pair)
        per_paragraph.update(support)
        shapes[(item.template, item.relation)] += 1
        # Distractors: the hard ones asked for, then other paragraphs of the source records
        # holding a supporting paragraph (shuffled), topped up at random from the pool.
        n_distract = rng.randint(*DISTRACTORS)
        for t in item.hard:
            assert t in pool and t not in support, (n, t)
        near = [t for rec in records if set(rec) & set(support) for t in rec]
        near = [t for t in dict.fromkeys(near) if t not in support and t not in item.hard]
        rng.shuffle(near)
        chosen = list(item.hard) + near[: n_distract - len(item.hard)]
        while len(chosen) < n_distract:
            t = rng.choice(all_titles)
            if t not in support and t not in chosen:
                chosen.append(t)
        titles = support + chosen
        rng.shuffle(titles)
        assert len(set(titles)) == len(titles), n
        paragraphs = [
            {"idx": i, "title": t, "paragraph_text": pool[t], "is_supporting": t in support}
            for i, t in enumerate(titles)
        ]
        idx1, idx2 = titles.index(item.hop1.title), titles.index(item.hop2.title)
        out.append(
            {
                "id": f"{PREFIX}-{n:03d}",
                "paragraphs": paragraphs,
                "question": item.question,
                "question_decomposition": [
                    {
                        "id": 2 * n - 1,
                        "question": item.hop1.question,
                        "answer": item.hop1.bridge,
                        "paragraph_support_idx": idx1,
                    },
                    {
                        "id": 2 * n,
                        "question": item.hop2.question,
                        "answer": item.answer,
                        "paragraph_support_idx": idx2,
                    },
                ],
                "answer": item.answer,
                "answer_aliases": item.aliases,
                "answerable": True,
            }
        )
        rows.append((n, item, s1, s2))
        if mode == "--audit":
            for p in paragraphs:
                if (
                    not p["is_supporting"]
                    and item.answer.casefold() in p["paragraph_text"].casefold()
                ):
                    rid = f"{PREFIX}-{n:03d}"
                    print(f"{rid}: answer {item.answer!r} also in distractor {p['title']!r}")
    too_many = {t: c for t, c in per_paragraph.items() if c > 2}
    assert not too_many, too_many
    repeated = {s: c for s, c in shapes.items() if c > 1}
    assert not repeated, repeated
    assert len({q.question for q in QUESTIONS}) == N_RECORDS
    for rec in out:
        assert DISTRACTORS[0] + 2 <= len(rec["paragraphs"]) <= DISTRACTORS[1] + 2
        assert [p["idx"] for p in rec["paragraphs"]] == list(range(len(rec["paragraphs"])))
        for d in rec["question_decomposition"]:
            assert rec["paragraphs"][d["paragraph_support_idx"]]["is_supporting"]
        assert sum(p["is_supporting"] for p in rec["paragraphs"]) == 2
    OUT.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if mode == "--table":
        print(
            "| id | template | hop 1: paragraph, sentence | hop 2: paragraph, sentence | answer |"
        )
        print(
            "|----|----------|-----------------------------|-----------------------------|--------|"
        )
        for n, item, s1, s2 in rows:
            cells = [
                f"{PREFIX}-{n:03d}",
                item.template,
                f"**{item.hop1.title}**: {s1}",
                f"**{item.hop2.title}**: {s2}",
                item.answer,
            ]
            cells = [c.replace("|", "\\|").replace("`", "\\`") for c in cells]
            print("| " + " | ".join(cells) + " |")
        return
    counts = Counter(item.template for item in QUESTIONS)
    print(f"wrote {OUT} ({len(out)} records); templates: {dict(sorted(counts.items()))}")
    print(f"hard distractors in {sum(bool(item.hard) for item in QUESTIONS)} records")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    build(*(args + [HOTPOT, MUSIQUE][len(args) :])[:2], mode=flags[0] if flags else "")
