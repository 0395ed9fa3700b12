"""Rebuild musique_style_dev2.json: 40 two-hop questions in the MuSiQue-Ans format.

Source text: records 1-50 (index 0-49) of the HotpotQA train100 distractor file and of the
MuSiQue-Ans train100 file; both are sliced [:50] on loading and nothing else is read.
Refused supporting pairs: those of the first 50 MuSiQue records' own questions, of the first
50 HotpotQA records' own questions, of benchmarks/twohop_dev/hotpot_style_dev.json,
benchmarks/twohop_dev2/hotpot_style_dev2.json and benchmarks/musique_dev/musique_style_dev.json
(only their supporting titles are read). A paragraph supports at most 2 questions, counting
musique_dev's uses.

Run from the repository root:  python benchmarks/musique_dev2/make_musique_style_dev2.py
Optional arguments: the HotpotQA file and the MuSiQue file (default: the shared data), then
--table (print the README's per-question table), --loose (list the hops whose bridge is
named only by the paragraph's title, and the noted spelling variants) or --audit (list
distractors that contain a question's answer anywhere).
"""

from __future__ import annotations

import json
import random
import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from sleuth.datasets import join_sentences  # the adapter's own joining

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "musique_dev"))
from make_musique_style_dev import Hop  # the first set's hop record

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
HERE = Path(__file__).resolve().parent
OUT = HERE / "musique_style_dev2.json"
EARLIER = [
    HERE.parent / "twohop_dev" / "hotpot_style_dev.json",
    HERE.parent / "twohop_dev2" / "hotpot_style_dev2.json",
]
MUSIQUE_DEV = HERE.parent / "musique_dev" / "musique_style_dev.json"
SEED = 20261207
PREFIX = "md2"
N_RECORDS = 40
DISTRACTORS = (14, 18)

# A title that has several texts in the source records gets one text in the whole file:
# the first one met (HotpotQA records, then MuSiQue records, in order), unless a text
# holding the phrase given here is chosen instead (the first three as in musique_dev).
TEXT_CHOICE = {
    "Switzerland": "did not join the United Nations",
    "Virginia": "42,774.2 square miles",
    "Richmond, Virginia": "highest navigable point",
    "Caribbean Community": "CARICOM Members Status",
}


class Item(NamedTuple):
    question: str
    answer: str
    aliases: list[str]
    hop1: Hop  # about entity A; its answer is B
    hop2: Hop  # about B; its supporting sentence holds the answer
    template: str  # how hop 1 is folded into hop 2 (see README)
    relation: str  # hop-1 relation -> hop-2 relation
    hard: tuple[str, ...] = ()  # distractors put in on purpose (name B, a namesake, A's topic)
    variant: str = ""  # why B is spelled differently in the two paragraphs, if it is
    alias_in_hop1: str = ""  # why an alias may occur in hop 1's paragraph, if one does


QUESTIONS: list[Item] = [
    Item(
        "When was the director of Jai Veeru born?",
        "3 December 1967",
        [],
        Hop(
            "Jai Veeru",
            "Jai Veeru is a Hindi action film directed by Puneet Sira",
            "Puneet Sira",
            "Who directed Jai Veeru?",
        ),
        Hop(
            "Puneet Sira",
            "Puneet Sira (born 3 December 1967)",
            "Puneet Sira",
            "When was #1 born?",
        ),
        "the R of X",
        "director -> date of birth",
    ),
    Item(
        "What nationality is the director of Kisaan?",
        "British",
        [],
        Hop(
            "Kisaan",
            "a 2009 Bollywood film directed by Puneet Sira",
            "Puneet Sira",
            "Who directed Kisaan?",
        ),
        Hop(
            "Puneet Sira",
            "is a British and Bollywood film director",
            "Puneet Sira",
            "What nationality is #1?",
        ),
        "the R of X",
        "director -> nationality",
    ),
    Item(
        "What is the capital of the state that borders Virginia to the southwest?",
        "Nashville",
        [],
        Hop(
            "Virginia",
            "by Tennessee to the southwest",
            "Tennessee",
            "Which state borders Virginia to the southwest?",
        ),
        Hop(
            "Tennessee",
            "Tennessee's capital and second largest city is Nashville",
            "Tennessee",
            "What is the capital of #1?",
        ),
        "that/which",
        "neighbour to the southwest -> capital",
    ),
    Item(
        "What county is the city Orodruin is from the seat of?",
        "Monroe County",
        ["Monroe"],
        Hop(
            "Orodruin (band)",
            "an American doom metal band from Rochester, New York",
            "Rochester, New York",
            "Which city is the band Orodruin from?",
        ),
        Hop(
            "Rochester, New York",
            "Rochester is the seat of Monroe County",
            "Rochester",
            "Which county is #1 the seat of?",
        ),
        "bare relative",
        "place of origin -> county seat of",
        hard=("Rochester, Iowa",),
    ),
    Item(
        "When did the state hit by the 2003 tornado outbreak known locally as Tornado Tuesday "
        "become a state?",
        "November 2, 1889",
        [],
        Hop(
            "2003 South Dakota tornado outbreak",
            "occurred in the southeastern and east central part of South Dakota",
            "South Dakota",
            'Which state did the 2003 tornado outbreak known locally as "Tornado Tuesday" hit?',
        ),
        Hop(
            "South Dakota",
            "South Dakota became a state on November 2, 1889",
            "South Dakota",
            "When did #1 become a state?",
        ),
        "participle",
        "struck -> statehood date",
    ),
    Item(
        "When did the country where the Arrondissement of Mechelen is located switch to the euro?",
        "2002",
        [],
        Hop(
            "Arrondissement of Mechelen",
            "in the Province of Antwerp, Belgium",
            "Belgium",
            "In which country is the Arrondissement of Mechelen?",
        ),
        Hop(
            "Belgium",
            "Belgium switched to the euro in 2002",
            "Belgium",
            "When did #1 switch to the euro?",
        ),
        "where",
        "located in -> euro adoption",
        hard=("Piedboeuf Brewery",),
    ),
    Item(
        "When did Hurricane Sandy hit the city Norah Jones moved to in 1999?",
        "October 29, 2012",
        ["the evening of October 29, 2012", "29 October 2012"],
        Hop(
            "Norah Jones",
            "In 1999, Jones left Texas for New York City",
            "New York City",
            "Which city did Norah Jones move to in 1999?",
        ),
        Hop(
            "New York City",
            "Hurricane Sandy brought a destructive storm surge to New York City on the evening of "
            "October 29, 2012",
            "New York City",
            "When did Hurricane Sandy hit #1?",
        ),
        "bare relative",
        "moved to -> hurricane date",
    ),
    Item(
        "How many museums does the state where Wardville is located contain?",
        "more than 300",
        ["over 300", "300"],
        Hop(
            "Wardville, Oklahoma",
            "a small unincorporated community in northern Atoka County, Oklahoma",
            "Oklahoma",
            "In which state is Wardville located?",
        ),
        Hop(
            "Oklahoma",
            "contains more than 300 museums",
            "Oklahoma",
            "How many museums does #1 contain?",
        ),
        "where",
        "located in -> museum count",
        hard=("Blue Canyon Wind Farm",),
    ),
    Item(
        "When was the singer who sings back-up vocals on the live album Hank Williams on Stage "
        "born?",
        "February 28, 1923",
        [],
        Hop(
            "Hank Williams on Stage",
            "with Hank's first wife Audrey Williams, who sings back-up vocals",
            "Audrey Williams",
            "Who sings back-up vocals on Hank Williams on Stage?",
        ),
        Hop(
            "Audrey Williams",
            "Audrey Mae Sheppard Williams (February 28, 1923",
            "Audrey Mae Sheppard Williams",
            "When was #1 born?",
        ),
        "who/whom",
        "back-up singer -> date of birth",
        hard=("Audrey Williams (archaeologist)",),
    ),
    Item(
        "Who is the mother of Holly Williams's father?",
        "Audrey Mae Sheppard Williams",
        ["Audrey Williams", "Audrey Sheppard Williams"],
        Hop(
            "Holly Williams",
            "the daughter of Hank Williams, Jr.",
            "Hank Williams, Jr.",
            "Who is Holly Williams's father?",
        ),
        Hop(
            "Audrey Williams",
            "the mother of Hank Williams, Jr.",
            "Hank Williams, Jr.",
            "Who is the mother of #1?",
        ),
        "possessive",
        "father -> mother",
        hard=("Audrey Williams (archaeologist)",),
        alias_in_hop1="'Audrey Williams' sits inside Holly's own name, 'Holly Audrey Williams'",
    ),
    Item(
        "Who was the husband of Henry FitzRoy's mother?",
        "Gerald de Windsor",
        [],
        Hop(
            "Henry FitzRoy (d. 1158)",
            "an illegitimate son of Henry I of England by Nest",
            "Nest",
            "Who was Henry FitzRoy's mother?",
        ),
        Hop(
            "Nest ferch Rhys",
            "Nest was the wife of Gerald de Windsor",
            "Nest",
            "Who was the husband of #1?",
        ),
        "possessive",
        "mother -> spouse",
    ),
    Item(
        "When was Rhiwallon ap Cynfyn's father born?",
        "c. 990",
        ["990", "circa 990"],
        Hop(
            "Rhiwallon ap Cynfyn",
            "the son of Cynfyn ap Gwerstan",
            "Cynfyn ap Gwerstan",
            "Who was Rhiwallon ap Cynfyn's father?",
        ),
        Hop(
            "Cynfyn ap Gwersytan",
            "Cynfyn ap Gwerystan (born c. 990)",
            "Cynfyn ap Gwerystan",
            "When was #1 born?",
        ),
        "possessive",
        "father -> birth year",
        variant="the patronymic is spelled Gwerstan (hop 1), Gwerystan (hop 2's text) and "
        "Gwersytan (hop 2's title); both paragraphs make him the father of Bleddyn",
    ),
    Item(
        "Where was the youngest delegate at the First Pan-African Conference born?",
        "Holborn, London",
        ["Holborn"],
        Hop(
            "First Pan-African Conference",
            "Samuel Coleridge Taylor (the youngest delegate)",
            "Samuel Coleridge Taylor",
            "Who was the youngest delegate at the First Pan-African Conference?",
        ),
        Hop(
            "Samuel Coleridge-Taylor",
            "was born in 1875 in Holborn, London",
            "Samuel Coleridge-Taylor",
            "Where was #1 born?",
        ),
        "the R of X",
        "youngest delegate -> birthplace",
    ),
    Item(
        "Who heads the church of which Franc Rode is a cardinal?",
        "the Bishop of Rome",
        ["Bishop of Rome", "the Pope", "Pope"],
        Hop(
            "Franc Rode",
            "a Slovenian Cardinal of the Roman Catholic Church",
            "Roman Catholic Church",
            "Of which church is Franc Rode a cardinal?",
        ),
        Hop(
            "Catholic Church",
            "The church is headed by the Bishop of Rome",
            "Roman Catholic Church",
            "Who heads #1?",
        ),
        "prep + which",
        "cardinal of -> head",
    ),
    Item(
        "When did the country where Mariela González competed at the 2004 Summer Olympics join "
        "NATO?",
        "1952",
        [],
        Hop(
            "Mariela González",
            "at the 2004 Summer Olympics in Athens, Greece",
            "Greece",
            "In which country were the 2004 Summer Olympics at which Mariela González competed?",
        ),
        Hop(
            "Member states of NATO",
            "In 1952, Greece and Turkey became members of the Alliance",
            "Greece",
            "When did #1 join NATO?",
        ),
        "where",
        "Olympic host country -> NATO accession",
        hard=("Greece",),
    ),
    Item(
        "When did the country Ana Belén Palomo swam for join NATO?",
        "1982",
        [],
        Hop(
            "Ana Belén Palomo",
            "a freestyle swimmer from Spain, who competed for her native country",
            "Spain",
            "Which country did Ana Belén Palomo swim for?",
        ),
        Hop(
            "Member states of NATO",
            "Spain (in 1982)",
            "Spain",
            "When did #1 join NATO?",
        ),
        "bare relative",
        "represented -> NATO accession",
    ),
    Item(
        "What is the capital of the country William Naranjo is from?",
        "Bogotá",
        ["Bogota", "Bogotá, D.C."],
        Hop(
            "William Naranjo",
            "a male long-distance runner from Colombia",
            "Colombia",
            "Which country is William Naranjo from?",
        ),
        Hop(
            "Bogotá",
            "is the capital and largest city of Colombia",
            "Colombia",
            "What is the capital of #1?",
        ),
        "bare relative",
        "country of origin -> capital",
    ),
    Item(
        "What is the capital of the country to which Evanescence released Weight of the World "
        "as a promotional single?",
        "Bogotá",
        ["Bogota", "Bogotá, D.C."],
        Hop(
            "Weight of the World (Evanescence song)",
            "released as a promotional single in October 2007 to the country of Colombia",
            "Colombia",
            "To which country was Weight of the World released as a promotional single?",
        ),
        Hop(
            "Bogotá",
            "is the capital and largest city of Colombia",
            "Colombia",
            "What is the capital of #1?",
        ),
        "prep + which",
        "promotional release -> capital",
        hard=("Soledad Román de Núñez",),
    ),
    Item(
        "What is the currency of the country where Moumouni Fabré has been ambassador since 2008?",
        "South African rand",
        ["rand", "ZAR"],
        Hop(
            "Moumouni Fabré",
            "the Ambassador of Burkina Faso to South Africa since 2008",
            "South Africa",
            "In which country has Moumouni Fabré been ambassador since 2008?",
        ),
        Hop(
            "South African rand",
            "is the currency of South Africa",
            "South Africa",
            "What is the currency of #1?",
        ),
        "where",
        "ambassador to -> currency",
    ),
    Item(
        "What was the currency of the country Satin Circus is from until 2002?",
        "Finnish markka",
        ["markka", "the Finnish markka"],
        Hop(
            "Satin Circus",
            "Satin Circus is a Finnish pop band",
            "Finnish",
            "Which country is Satin Circus from?",
        ),
        Hop(
            "Finnish markka",
            "was the currency of Finland from 1860 until 28 February 2002",
            "Finland",
            "What was the currency of #1 until 2002?",
        ),
        "bare relative",
        "country of origin -> former currency",
        hard=("Signmark",),
        variant="hop 1 gives the country by its adjective (a Finnish band)",
    ),
    Item(
        "Which international airport is located in the city where Alexis Lecaye was born?",
        "El Nouzha Airport",
        ["Alexandria International Airport", "El Nouzha"],
        Hop(
            "Alexis Lecaye",
            "born August 22, 1951 in Alexandria, Egypt",
            "Alexandria, Egypt",
            "Where was Alexis Lecaye born?",
        ),
        Hop(
            "El Nouzha Airport",
            "is a currently closed international airport located in Alexandria, Egypt",
            "Alexandria, Egypt",
            "Which international airport is located in #1?",
        ),
        "where",
        "birthplace -> airport",
        hard=("Alexandria International Airport (Louisiana)",),
    ),
    Item(
        "What is the currency of the country Leston Paul plays for?",
        "dollar",
        ["Trinidad and Tobago dollar", "TTD"],
        Hop(
            "Leston Paul",
            "has lined up for the Trinidad and Tobago national football team",
            "Trinidad and Tobago",
            "Which country's national football team has Leston Paul played for?",
        ),
        Hop(
            "Trinidad and Tobago dollar",
            "is the currency of Trinidad and Tobago",
            "Trinidad and Tobago",
            "What is the currency of #1?",
        ),
        "bare relative",
        "national team -> currency",
        hard=("Trinidad and Tobago passport",),
    ),
    Item(
        "Who headed the provisional government set up in 1945 in the country the band Seer "
        "comes from?",
        "Karl Renner",
        ["Renner"],
        Hop(
            "Seer (band)",
            "the band that comes from Grundlsee in Styria, Salzkammergut region of Austria",
            "Austria",
            "Which country does the band Seer come from?",
        ),
        Hop(
            "Austria",
            "set up a provisional government in Vienna under state Chancellor Renner",
            "Austria",
            "Who headed the provisional government set up in #1 in 1945?",
        ),
        "bare relative",
        "country of origin -> head of provisional government",
        hard=("Christine Werner",),
    ),
    Item(
        "What is the name of the airport in the city WMNX is licensed to?",
        "Wilmington International Airport",
        [],
        Hop(
            "WMNX",
            "licensed to Wilmington, North Carolina",
            "Wilmington, North Carolina",
            "To which city is WMNX licensed?",
        ),
        Hop(
            "Wilmington International Airport",
            "is a public airport located just north of Wilmington, North Carolina",
            "Wilmington, North Carolina",
            "What is the name of the airport in #1?",
        ),
        "bare relative",
        "city of license -> airport",
        hard=("WILM (AM)",),
    ),
    Item(
        "Who was the first president of the association that publishes Families, Systems and "
        "Health?",
        "G. Stanley Hall",
        ["Stanley Hall", "Hall"],
        Hop(
            "Families, Systems and Health",
            "published by the American Psychological Association",
            "American Psychological Association",
            "Which association publishes Families, Systems and Health?",
        ),
        Hop(
            "Adolescence",
            "Hall, who was the first president of the American Psychological Association",
            "American Psychological Association",
            "Who was the first president of #1?",
        ),
        "that/which",
        "publisher -> first president",
        hard=("Journal of Psychotherapy Integration",),
    ),
    Item(
        "Which currency did the euro replace in the country Konstantina Kouneva immigrated to?",
        "Greek drachma",
        ["drachma", "the Greek drachma"],
        Hop(
            "Konstantina Kouneva",
            "is a Bulgarian immigrant in Greece",
            "Greece",
            "Which country did Konstantina Kouneva immigrate to?",
        ),
        Hop(
            "Greece",
            "replacing the Greek drachma",
            "Greece",
            "Which currency did the euro replace in #1?",
        ),
        "bare relative",
        "immigrated to -> former currency",
    ),
    Item(
        "When was the country that produced The Twins Effect II taken by the British?",
        "1842",
        [],
        Hop(
            "The Twins Effect II",
            "is a 2004 Hong Kong action fantasy film",
            "Hong Kong",
            "Which country produced The Twins Effect II?",
        ),
        Hop(
            "British Hong Kong",
            "Hong Kong was under British Crown rule from 1842 to 1997",
            "Hong Kong",
            "When was #1 taken by the British?",
        ),
        "that/which",
        "country of origin -> British takeover",
        hard=("Fist Power",),
    ),
    Item(
        "In what year did the country whose national airline is Air Niugini become an "
        "independent state?",
        "1975",
        [],
        Hop(
            "Air Niugini",
            "is the national airline of Papua New Guinea",
            "Papua New Guinea",
            "Which country's national airline is Air Niugini?",
        ),
        Hop(
            "Territory of Papua",
            "until the advent of the Independent State of Papua New Guinea in 1975",
            "Papua New Guinea",
            "In what year did #1 become an independent state?",
        ),
        "whose",
        "national airline -> independence year",
        hard=("PNG Air",),
    ),
    Item(
        "In what year was the director of Saving Private Ryan admitted as a knight of the "
        "Légion d'honneur?",
        "2004",
        [],
        Hop(
            "Saving Private Ryan",
            "directed by Steven Spielberg",
            "Steven Spielberg",
            "Who directed Saving Private Ryan?",
        ),
        Hop(
            "Steven Spielberg",
            "In 2004 he was admitted as knight of the Légion d'honneur",
            "Spielberg",
            "In what year was #1 admitted as a knight of the Légion d'honneur?",
        ),
        "the R of X",
        "director -> honour year",
    ),
    Item(
        "What was the county where Mākaha is located formerly called?",
        "Oahu County",
        [],
        Hop(
            "Mākaha, Hawaii",
            "is a census-designated place (CDP) in Honolulu County",
            "Honolulu County",
            "In which county is Mākaha located?",
        ),
        Hop(
            "Honolulu County, Hawaii",
            "formerly Oahu County",
            "Honolulu County",
            "What was #1 formerly called?",
        ),
        "where",
        "located in -> former name",
    ),
    Item(
        "When is the establishment of the country Simon Ammann is from traditionally dated?",
        "1 August 1291",
        ["1291"],
        Hop(
            "Simon Ammann",
            "is a Swiss ski jumper",
            "Swiss",
            "Which country is Simon Ammann from?",
        ),
        Hop(
            "Switzerland",
            "The establishment of the Swiss Confederation is traditionally dated to 1 August 1291",
            "Swiss Confederation",
            "When is the establishment of #1 traditionally dated?",
        ),
        "bare relative",
        "nationality -> founding date",
        hard=("Hans Bryner",),
        variant="hop 1 gives the country by its adjective (a Swiss ski jumper); hop 2 names it "
        "the Swiss Confederation",
    ),
    Item(
        "Who became chairman in 1936 of the confederation that the Swedish Hotel and "
        "Restaurant Workers' Union is affiliated with?",
        "Arvid Thorberg",
        ["Thorberg"],
        Hop(
            "Swedish Hotel and Restaurant Workers' Union",
            "is affiliated with the Swedish Trade Union Confederation",
            "Swedish Trade Union Confederation",
            "Which confederation is the Swedish Hotel and Restaurant Workers' Union affiliated "
            "with?",
        ),
        Hop(
            "Edvard Johanson",
            "when he was succeeded by Arvid Thorberg",
            "Swedish Trade Union Confederation",
            "Who became chairman of #1 in 1936?",
        ),
        "that/which",
        "affiliated with -> chairman from 1936",
    ),
    Item(
        "On what date did a storm leave an inch of snow in the city where Oshman's Sporting "
        "Goods had its headquarters?",
        "December 24, 2004",
        [],
        Hop(
            "Oshman's Sporting Goods",
            "Headquarters Houston, Texas",
            "Houston",
            "In which city was Oshman's Sporting Goods headquartered?",
        ),
        Hop(
            "Houston",
            "include a storm on December 24, 2004",
            "Houston",
            "On what date did a storm leave an inch of snow in #1?",
        ),
        "where",
        "headquarters -> snowstorm date",
        hard=("Houston Rockets",),
    ),
    Item(
        "What percentage of Spanish Wikipedia edits came from the country José Antonio Ramos "
        "Sucre was from?",
        "5.1%",
        ["5.1"],
        Hop(
            "José Antonio Ramos Sucre",
            "was a Venezuelan poet",
            "Venezuelan",
            "Which country was José Antonio Ramos Sucre from?",
        ),
        Hop(
            "Spanish Wikipedia",
            "Venezuela (5.1%)",
            "Venezuela",
            "What percentage of Spanish Wikipedia edits came from #1?",
        ),
        "bare relative",
        "nationality -> share of Spanish Wikipedia edits",
        hard=("Biblioteca Ayacucho",),
        variant="hop 1 gives the country by its adjective (a Venezuelan poet)",
    ),
    Item(
        "In which state of the country Antonio Pujol was from is the Gila monster native?",
        "Sonora",
        [],
        Hop(
            "Antonio Pujol",
            "was a Mexican painter and printmaker",
            "Mexican",
            "Which country was Antonio Pujol from?",
        ),
        Hop(
            "Gila monster",
            "northwestern Mexican state of Sonora",
            "Mexican",
            "In which state of #1 is the Gila monster native?",
        ),
        "bare relative",
        "nationality -> native state of the Gila monster",
        hard=("Luisa María Calderón",),
        variant="both paragraphs give the country by its adjective (a Mexican painter; the "
        "Mexican state of Sonora)",
    ),
    Item(
        "When was the British skier whom Taron Egerton plays in Dexter Fletcher's 2016 film born?",
        "5 December 1963",
        [],
        Hop(
            "Eddie the Eagle (film)",
            "The film stars Taron Egerton as Eddie Edwards, a British skier",
            "Eddie Edwards",
            "Which British skier does Taron Egerton play in Dexter Fletcher's 2016 film?",
        ),
        Hop(
            "Eddie &quot;The Eagle&quot; Edwards",
            "Michael Edwards (born 5 December 1963)",
            "Edwards",
            "When was #1 born?",
        ),
        "who/whom",
        "portrayed in a film -> date of birth",
        hard=("The Jump",),
        variant='hop 2 gives his given name, Michael Edwards, best known as "Eddie the Eagle"',
    ),
    Item(
        "When did the country that hosted the 2009 CONCACAF U-20 Championship join CARICOM?",
        "1 August 1973",
        [],
        Hop(
            "2009 CONCACAF U-20 Championship",
            "The 2009 edition was held in Trinidad and Tobago",
            "Trinidad and Tobago",
            "Which country hosted the 2009 CONCACAF U-20 Championship?",
        ),
        Hop(
            "Caribbean Community",
            "Trinidad and Tobago 1 August 1973",
            "Trinidad and Tobago",
            "When did #1 join CARICOM?",
        ),
        "that/which",
        "host country -> CARICOM accession",
        hard=("Leston Paul",),
    ),
    Item(
        "According to the club's 2005 research, how large is the worldwide fanbase of the club "
        "Sergio Agüero plays for?",
        "in excess of 4 million",
        ["4 million", "more than 4 million", "over 4 million"],
        Hop(
            "Sergio Agüero",
            "plays as a striker for Premier League club Manchester City",
            "Manchester City",
            "Which club does Sergio Agüero play for?",
        ),
        Hop(
            "Manchester City F.C. supporters",
            "a total in excess of 4 million worldwide",
            "Manchester City",
            "According to its 2005 research, how large is the worldwide fanbase of #1?",
        ),
        "bare relative",
        "plays for -> worldwide fanbase",
        hard=("2007 FIFA U-20 World Cup",),
    ),
    Item(
        "What spelling standard does the publisher of the British Journal of Aesthetics use for "
        "its British publications?",
        "Oxford spelling",
        ["Oxford English spelling", "Oxford style", "Oxford English Dictionary spelling"],
        Hop(
            "British Journal of Aesthetics",
            "is published by Oxford University Press",
            "Oxford University Press",
            "Who publishes the British Journal of Aesthetics?",
        ),
        Hop(
            "Oxford spelling",
            "is the spelling standard used by the Oxford University Press (OUP) for British "
            "publications",
            "Oxford University Press",
            "What spelling standard does #1 use for its British publications?",
        ),
        "the R of X",
        "publisher -> spelling standard",
    ),
    Item(
        "What percentage of Spanish Wikipedia edits came from the country with which Juan Pablo "
        "Arenas took part in the 2007 FIFA U-20 World Cup?",
        "8.8%",
        ["8.8"],
        Hop(
            "Juan Pablo Arenas",
            "he took part in the 2007 FIFA U-20 World Cup tournament with Chile",
            "Chile",
            "With which country did Juan Pablo Arenas take part in the 2007 FIFA U-20 World Cup?",
        ),
        Hop(
            "Spanish Wikipedia",
            "Chile (8.8%)",
            "Chile",
            "What percentage of Spanish Wikipedia edits came from #1?",
        ),
        "prep + which",
        "represented at a tournament -> share of Spanish Wikipedia edits",
        hard=("José Sulantay",),
    ),
]


SPLIT = re.compile(r'(?<=[.!?])\s+(?=[A-Z"\(])')


def tokens(text: str) -> list[str]:
    """Casefolded words without diacritics, hyphens or a trailing parenthesised qualifier:
    to compare how an entity is written in two places."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"\s*\([^)]*\)$", "", text.strip()).casefold()
    words = re.findall(r"[\w.']+", text.replace("-", " "))
    return [w for w in words if w not in {"the", "&quot;"}]


def same_entity(a: str, b: str) -> bool:
    """One name's words are all among the other's ("Audrey Williams" and "Audrey Mae
    Sheppard Williams"; "Samuel Coleridge Taylor" and "Samuel Coleridge-Taylor")."""
    ta, tb = set(tokens(a)), set(tokens(b))
    return bool(ta) and bool(tb) and (ta <= tb or tb <= ta)


def sentences(text: str) -> list[str]:
    """The splitter's pieces, a piece ending in an initial ("James K.") or an abbreviation
    ("b.", "d.", "c.", "Dr.") joined to the next."""
    pieces: list[str] = []
    for piece in SPLIT.split(text.strip()):
        if pieces and re.search(r"\b(?:[A-Z]|[bcd]|Dr|Mr|Mrs|St)\.$", pieces[-1]):
            pieces[-1] += " " + piece
        else:
            pieces.append(piece)
    return pieces


def sentence_with(text: str, quote: str) -> str:
    """The sentence of ``text`` holding ``quote`` (the pieces that overlap it)."""
    start = text.index(quote)
    end = start + len(quote)
    found, pos = [], 0
    for piece in sentences(text):
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
        for title, sents in rec["context"]:
            texts.setdefault(title, []).append(join_sentences(sents))
    for rec in musique:
        records.append([p["title"] for p in rec["paragraphs"]])
        for p in rec["paragraphs"]:
            texts.setdefault(p["title"], []).append(p["paragraph_text"])
    pool = {}
    for title, variants in texts.items():
        want = TEXT_CHOICE.get(title)
        pool[title] = next(t for t in variants if want in t) if want else variants[0]
    return pool, records, hotpot, musique


def earlier_uses(hotpot: list[dict], musique: list[dict]):
    """Supporting pairs a question may not reuse (with where each comes from), and how many
    musique_dev questions each paragraph already supports."""
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
    used: Counter[str] = Counter()
    with open(MUSIQUE_DEV, encoding="utf-8") as f:
        for rec in json.load(f):
            titles = [
                rec["paragraphs"][d["paragraph_support_idx"]]["title"]
                for d in rec["question_decomposition"]
            ]
            refused[frozenset(titles)] = f"musique_dev {rec['id']}"
            used.update(set(titles))
    return refused, used


def bridge_names(item: Item) -> list[str]:
    """How B is written in the two paragraphs (for the distractor check)."""
    return sorted({item.hop1.bridge, item.hop2.bridge})


def states_answer(text: str, item: Item) -> str:
    """A sentence of ``text`` that names B and holds the answer or an alias, if any."""
    names = [n.casefold() for n in bridge_names(item)]
    answers = [a.casefold() for a in [item.answer, *item.aliases]]
    for sentence in sentences(text):
        low = sentence.casefold()
        if any(n in low for n in names) and any(a in low for a in answers):
            return sentence
    return ""


def check(
    n: int, item: Item, pool: dict[str, str], *, title_names_b: bool = False
) -> tuple[str, str]:
    """The two supporting sentences, after the checks on one question. With
    ``title_names_b`` (musique_dev3), hop 2's paragraph may name B by its title alone: a
    paragraph titled B whose sentence's subject is plainly B ("It", "the country")."""
    h1, h2 = item.hop1, item.hop2
    assert h1.title != h2.title, n
    for hop in (h1, h2):
        assert hop.title in pool, (n, hop.title)
        assert hop.quote in pool[hop.title], (n, hop.title, hop.quote)
    s1 = sentence_with(pool[h1.title], h1.quote)
    s2 = sentence_with(pool[h2.title], h2.quote)
    # B is named in hop 1's sentence, and in hop 2's paragraph; the two spellings agree up to
    # diacritics, hyphens and extra words, or the difference is noted (``variant``).
    assert h1.bridge in s1, (n, "bridge not in hop-1 sentence", h1.bridge)
    in_text = h2.bridge in pool[h2.title]
    by_title = title_names_b and same_entity(h2.title, h2.bridge)
    assert in_text or by_title, (n, "bridge not in hop-2 paragraph", h2.bridge)
    agree = same_entity(h1.bridge, h2.bridge)
    assert agree or item.variant, (n, "bridge written differently", h1.bridge, h2.bridge)
    # Hop 2's sentence names B, or the paragraph's title is B (its subject a pronoun or noun).
    named = h2.bridge in s2 or h1.bridge in s2
    assert named or same_entity(h2.title, h2.bridge), (n, "B not in hop-2 sentence", s2)
    # The question never names B; the answer is in hop 2's sentence and not in hop 1's
    # paragraph, nor is an alias (unless the exception is given).
    for name in {h1.bridge, h2.bridge}:
        assert name.casefold() not in item.question.casefold(), (n, "question names B", name)
    assert item.answer in s2, (n, "answer not in hop-2 sentence", item.answer)
    assert item.answer.casefold() not in pool[h1.title].casefold(), (n, "answer in hop 1")
    for alias in item.aliases:
        if alias.casefold() in pool[h1.title].casefold():
            assert item.alias_in_hop1, (n, "alias in hop 1", alias)
    assert "#1" in h2.question and "#1" not in h1.question, n
    return s1, s2


def build(hotpot_path: str = HOTPOT, musique_path: str = MUSIQUE, mode: str = "") -> None:
    assert len(QUESTIONS) == N_RECORDS, len(QUESTIONS)
    write_set(hotpot_path, musique_path, mode, SetSpec(QUESTIONS, SEED, PREFIX, OUT))


class SetSpec(NamedTuple):
    """What makes one MuSiQue-style set: the later sets build theirs with `write_set`."""

    questions: list[Item]
    seed: int
    prefix: str
    out: Path
    uses: Callable[[list[dict], list[dict]], tuple[dict, set]] = earlier_uses
    title_names_b: bool = False  # see `check`


def write_set(hotpot_path: str, musique_path: str, mode: str, spec: SetSpec) -> None:
    """Check a set's questions, choose their distractors and write the set (or a report)."""
    questions, prefix = spec.questions, spec.prefix
    pool, records, hotpot, musique = load(hotpot_path, musique_path)
    refused, used = spec.uses(hotpot, musique)
    rng = random.Random(spec.seed)
    all_titles = sorted(pool)
    out, rows, seen = [], [], set()
    per_paragraph: Counter[str] = Counter(used)
    shapes: Counter[tuple[str, str]] = Counter()
    for n, item in enumerate(questions, 1):
        s1, s2 = check(n, item, pool, title_names_b=spec.title_names_b)
        support = [item.hop1.title, item.hop2.title]
        pair = frozenset(support)
        assert pair not in refused, (n, "pair reused", refused.get(pair), support)
        assert pair not in seen, (n, "pair used twice in this set", support)
        seen.add(pair)
        per_paragraph.update(support)
        shapes[(item.template, item.relation)] += 1
        # Distractors: the hard ones asked for, then other paragraphs of the source records
        # holding a supporting paragraph (shuffled), topped up at random from the pool; none
        # may state the asked relation for B (a sentence naming B that holds the answer).
        n_distract = rng.randint(*DISTRACTORS)
        for t in item.hard:
            assert t in pool and t not in support, (n, t)
            assert not states_answer(pool[t], item), (n, "hard distractor states it", t)
        near = [t for rec in records if set(rec) & set(support) for t in rec]
        near = [t for t in dict.fromkeys(near) if t not in support and t not in item.hard]
        rng.shuffle(near)
        near = [t for t in near if not states_answer(pool[t], item)]
        chosen = list(item.hard) + near[: n_distract - len(item.hard)]
        while len(chosen) < n_distract:
            t = rng.choice(all_titles)
            if t not in support and t not in chosen and not states_answer(pool[t], item):
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
                "id": f"{prefix}-{n:03d}",
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
                text = p["paragraph_text"].casefold()
                if not p["is_supporting"] and item.answer.casefold() in text:
                    rid = f"{prefix}-{n:03d}"
                    print(f"{rid}: answer {item.answer!r} also in distractor {p['title']!r}")
    too_many = {t: c for t, c in per_paragraph.items() if c > 2}
    assert not too_many, too_many
    repeated = {s: c for s, c in shapes.items() if c > 1}
    assert not repeated, repeated
    assert len({q.question for q in questions}) == len(questions)
    for rec, item in zip(out, questions, strict=True):
        paragraphs = rec["paragraphs"]
        assert DISTRACTORS[0] + 2 <= len(paragraphs) <= DISTRACTORS[1] + 2
        assert [p["idx"] for p in paragraphs] == list(range(len(paragraphs)))
        assert len({p["title"] for p in paragraphs}) == len(paragraphs)
        for d in rec["question_decomposition"]:
            assert paragraphs[d["paragraph_support_idx"]]["is_supporting"]
        assert sum(p["is_supporting"] for p in paragraphs) == 2
        for p in paragraphs:
            if not p["is_supporting"]:
                assert not states_answer(p["paragraph_text"], item), (rec["id"], p["title"])
    spec.out.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    if mode == "--table":
        head = ["id", "template", "hop 1: paragraph, sentence", "hop 2: paragraph, sentence"]
        print("| " + " | ".join([*head, "answer"]) + " |")
        print("|" + "|".join("-" * (len(h) + 2) for h in [*head, "answer"]) + "|")
        for n, item, s1, s2 in rows:
            cells = [
                f"{prefix}-{n:03d}",
                item.template,
                f"**{item.hop1.title}**: {s1}",
                f"**{item.hop2.title}**: {s2}",
                item.answer,
            ]
            cells = [c.replace("|", "\\|").replace("`", "\\`") for c in cells]
            print("| " + " | ".join(cells) + " |")
        return
    if mode == "--loose":
        for n, item, _, s2 in rows:
            rid = f"{prefix}-{n:03d}"
            if item.hop2.bridge not in s2 and item.hop1.bridge not in s2:
                print(f"{rid}: hop 2 names B by its title only: {s2}")
            if item.variant:
                print(f"{rid}: spelling: {item.variant}")
            if item.alias_in_hop1:
                print(f"{rid}: alias: {item.alias_in_hop1}")
        return
    counts = Counter(item.template for item in questions)
    print(f"wrote {spec.out} ({len(out)} records); templates: {dict(sorted(counts.items()))}")
    print(f"hard distractors in {sum(bool(item.hard) for item in questions)} records")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    build(*(args + [HOTPOT, MUSIQUE][len(args) :])[:2], mode=flags[0] if flags else "")
