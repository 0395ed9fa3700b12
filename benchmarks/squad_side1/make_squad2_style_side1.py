"""Write squad2_style_side1.json: SQuAD 2.0-style questions over records 51-75.

The questions were written by hand by a writer who had not seen the reader, over
paragraphs of records 51-75 (index 50-74) of the HotpotQA distractor file (``context``
paragraphs, distractors included) and of the MuSiQue answerable file (``paragraphs``).
Both files are sliced ``[50:75]`` on loading; no other record is read. This script only
takes each paragraph's text, computes every answer's character offset (word-bounded
first occurrence, with ``span`` from ../squad_dev/make_squad2_style_dev.py) and checks
it, so that the JSON can be rebuilt and reviewed. Kinds of unanswerable question are
in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_side1/make_squad2_style_side1.py [HOTPOT_JSON [MUSIQUE_JSON]]
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import Question, paragraph, write_squad2  # noqa: E402

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
FIRST, END = 50, 75  # records 51-75 (0-based index 50-74)

# HotpotQA paragraphs, keyed by (record index in the whole file, paragraph title).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue paragraphs, keyed by (record index in the whole file, paragraph idx, title).
M: dict[tuple[int, int, str], list[Question]] = {}

H[(50, "Paul Cameron")] = [
    ("ans", "Besides sex research, what is Paul Cameron's profession?", ["psychologist"]),
    (
        "ans",
        "Where had the gay rights measure that Cameron fought in 1982 been proposed?",
        ["Lincoln, Nebraska", "Lincoln"],
    ),
    (
        "ans",
        "What is the institute Cameron set up called today?",
        ["Family Research Institute", "the Family Research Institute (FRI)"],
    ),
    ("exc", "In what year did Cameron's campaign against a gay rights proposal fail?", "1982"),
    (
        "num",
        "What did Cameron establish after a 1986 campaign in Lincoln?",
        "Institute for the Scientific Investigation of Sexuality",
    ),
    ("neg", "At which institution was Cameron never employed?", "University of Nebraska"),
]
H[(51, "Days of Wonder")] = [
    ("ans", "Since what year has Days of Wonder belonged to Asmodee Group?", ["2014"]),
    ("ans", "To how many countries does the publisher distribute its games?", ["25"]),
    ("ans", "Who serves as the company's creative director?", ["Cyrille Daujean"]),
    ("num", "Which group acquired Days of Wonder in 2002?", "Asmodee Group"),
    ("ant", "Which group has been owned by Days of Wonder since 2014?", "Asmodee Group"),
    ("neg", "In which language has Days of Wonder not published games?", "Greek"),
]
H[(52, "The Outsider (Wright novel)")] = [
    ("ans", "Which American writer is the author of The Outsider?", ["Richard Wright"]),
    ("ans", "When did the novel first come out?", ["1953"]),
    (
        "ans",
        "What does the novel's master narrative set out to depict harshly?",
        ["American racism", "racism"],
    ),
    (
        "num",
        "Which novel is Richard Wright's first installment in his epic story?",
        "The Outsider",
    ),
    ("ant", "Which political climate had little bearing on the novel's reception?", "McCarthyism"),
    ("other", "Which publishing house first released the novel?", "Richard Wright"),
]
H[(53, "Horny as a Dandy")] = [
    ("ans", "In which year did the mash-up come out as a single?", ["2006"]),
    ("ans", "How high did the track climb on the UK Singles Chart?", ["number 17", "17"]),
    ("ans", "Who produced the original version of the mash-up?", ["Loo & Placido"]),
    (
        "ent",
        "Which song by Mousse T. is combined with 'Horny' in the mash-up?",
        "Bohemian Like You",
    ),
    (
        "ent",
        "Who produced the version on which Hot 'n' Juicy re-recorded the sample?",
        "Mousse T.",
    ),
    ("exc", "Which chart did the mash-up top?", "UK Singles Chart"),
]
H[(54, "You Don't Love Me (No, No, No)")] = [
    ("ans", "Which debut studio album did the song come from?", ["No, No, No"]),
    ("ans", "Who handled the song's production?", ["Steely and Clevie"]),
    (
        "ans",
        "Which 1955 Bo Diddley song was the Cobbs song based on?",
        ["She's Fine, She's Mine"],
    ),
    ("neg", "Which songwriter is not credited on Penn's recording?", "Bo Diddley"),
    ("ent", "What is the title of Willie Cobbs' debut studio album?", "No, No, No"),
    ("other", "Who produced the version Penn recorded in 1967?", "Steely and Clevie"),
]
H[(55, "King Vidor")] = [
    ("ans", "On what date was King Vidor born?", ["February 8, 1894"]),
    ("ans", "How often was Vidor nominated for the Best Director Oscar?", ["five", "five times"]),
    ("ans", "In what year was Vidor given an Honorary Academy Award?", ["1979"]),
    ("exc", "Which fellow director was Vidor related to?", "Charles Vidor"),
    ("num", "Which of Vidor's best known films came out in 1935?", "Stella Dallas"),
    ("ant", "How many times did Vidor win the Oscar for Best Director?", "five"),
]
H[(56, "Benton Fraser")] = [
    (
        "ans",
        "Which police force is Benton Fraser a constable of?",
        ["Royal Canadian Mounted Police", "the Royal Canadian Mounted Police"],
    ),
    ("ans", "Which actor portrays Fraser?", ["Paul Gross"]),
    ("ans", "In which American city does Fraser work?", ["Chicago", "Chicago, Illinois"]),
    ("ant", "Where did Fraser live before moving to 221 East Racine?", "the consulate itself"),
    ("cond", "Which apartment did Fraser live in after his building burnt down?", "3J"),
    ("other", "Who created the character of Benton Fraser?", "Paul Gross"),
]
H[(57, "Marlboro Man")] = [
    ("ans", "Who first came up with the Marlboro Man?", ["Leo Burnett"]),
    ("ans", "Until what year was the figure used in American advertising?", ["1999"]),
    (
        "ans",
        "What kind of cigarettes were the advertisements meant to make popular?",
        ["filtered cigarettes", "filtered"],
    ),
    ("ant", "Which cigarettes were regarded as masculine at the time?", "filtered cigarettes"),
    ("cond", "Which figure did Leo Burnett conceive after the campaign ended?", "The Marlboro Man"),
    ("other", "Which actor posed as the first Marlboro Man?", "Leo Burnett"),
]
H[(58, "Worksop College Preparatory School")] = [
    ("ans", "Who established the preparatory school?", ["Nathaniel Woodard"]),
    ("ans", "How far from the school is Worksop College?", ["some 5 miles", "5 miles"]),
    ("ans", "Who is the school's head master?", ["Christian Pritchard"]),
    ("ant", "Which school sends its pupils on to Ranby House?", "Worksop College"),
    ("ent", "Into how many houses is the 'Pre-Prep' divided?", "four"),
    ("neg", "Which house is not part of the 'Preparatory School'?", "St Dunstan"),
]
H[(59, "Big Hero 6 (film)")] = [
    ("ans", "Which studio made Big Hero 6?", ["Walt Disney Animation Studios"]),
    (
        "ans",
        "Where does Big Hero 6 rank among Disney's animated features?",
        ["54th", "the 54th"],
    ),
    ("ans", "Who is the young robotics prodigy in the story?", ["Hiro Hamada"]),
    ("other", "Who provides the voice of Hiro Hamada?", "Scott Adsit"),
    ("exc", "Who does Hiro fight on his own, without a team?", "a masked villain"),
    ("ant", "Who forms a team of supervillains to fight a masked hero?", "Hiro Hamada"),
]
H[(60, "Freeloaders (film)")] = [
    ("ans", "Who was the director of Freeloaders?", ["Dan Rosen"]),
    (
        "ans",
        "Which comedy group produced the film?",
        ["Broken Lizard", "the Broken Lizard comedy troupe"],
    ),
    ("ans", "Who co-wrote the screenplay with Rosen?", ["Dave Gibbs", "singer Dave Gibbs"]),
    ("exc", "Which major studio put up the money for the film?", "Broken Lizard"),
    ("ent", "Which band is Dave Gibbs the lead singer of?", "Counting Crows"),
    ("neg", "Which actor is not among the film's stars?", "Jane Seymour"),
]
H[(61, "Douche and Turd")] = [
    ("ans", "Who wrote the episode?", ["Trey Parker"]),
    ("ans", "On which channel was the episode first shown?", ["Comedy Central"]),
    ("ans", "What organization made the school replace its mascot?", ["PETA"]),
    (
        "num",
        "Which South Park episode first aired just before the 2008 presidential election?",
        "Douche and Turd",
    ),
    ("cond", "Who is exiled from South Park after casting his vote?", "Stan"),
    ("ant", "What does PETA force the school to keep?", "their school mascot"),
]
H[(62, "Joel White")] = [
    ("ans", "Who was Joel White's father?", ["E. B. White"]),
    ("ans", "What disease killed White?", ["lung cancer"]),
    ("ans", "Who is the author of 'A Unit of Water, A Unit of Time'?", ["Douglass Whynott"]),
    ("ent", "Which magazine did E. B. White edit?", "New Yorker Magazine"),
    ("num", "At what age did White die in 1979?", "66"),
    ("cond", "Which yard built the W boats while White supervised the work?", "Rockport Marine"),
]
H[(63, "Guitar World")] = [
    ("ans", "Since when has Guitar World been published?", ["July 1980"]),
    ("ans", "How many issues of the magazine appear each year?", ["13", "13 times"]),
    ("ans", "Which company purchased the magazine in 2003?", ["Future US"]),
    ("num", "Who bought the Music division of Future US in 2002?", "NewBay Media"),
    ("ant", "Which company bought the magazine from Future US?", "Harris Publications"),
    ("other", "Who is the editor-in-chief of Guitar World?", "Harris Publications"),
]
H[(64, "Roger Livesey")] = [
    ("ans", "When did Roger Livesey die?", ["4 February 1976"]),
    ("ans", "What color was Livesey's hair?", ["chestnut"]),
    (
        "ans",
        "Which filmmaking partnership is Livesey best remembered for working with?",
        ["Powell & Pressburger"],
    ),
    (
        "neg",
        "In which Powell & Pressburger film did Livesey not star?",
        "A Matter of Life and Death",
    ),
    ("ant", "Which actor was short and slight with a mop of chestnut hair?", "Roger Livesey"),
    ("other", "Which award did Livesey win for his role as Colonel Blimp?", "Powell & Pressburger"),
]
H[(65, "Atlantis: The Lost Empire")] = [
    ("ans", "Who wrote the film?", ["Tab Murphy"]),
    ("ans", "Who was the film's producer?", ["Don Hahn"]),
    ("ans", "In which year does the story take place?", ["1914"]),
    ("other", "How much did the film earn at the box office?", "41st"),
    (
        "ant",
        "What was the last science fiction film in Disney's animated features canon?",
        "Atlantis: The Lost Empire",
    ),
    ("ent", "Who directed the film together with Tab Murphy?", "Gary Trousdale"),
]
H[(66, "Bruce Lindsey")] = [
    ("ans", "Under which president did Lindsey serve in the White House?", ["Bill Clinton"]),
    (
        "ans",
        "Where is Lindsey's law firm based?",
        ["Little Rock, Arkansas", "Little Rock"],
    ),
    ("ans", "What position does Lindsey hold at the Clinton Foundation?", ["chairman"]),
    ("neg", "In which controversy was Lindsey not named in a lawsuit?", "Whitewater controversy"),
    ("other", "Who founded the law firm Wright, Lindsey & Jennings?", "Bruce R. Lindsey"),
    ("ent", "Who is the chairman of Wright, Lindsey & Jennings?", "Bruce R. Lindsey"),
]
H[(67, "Bob Starr (wrestler)")] = [
    ("ans", "When did Starr make his debut?", ["1988"]),
    (
        "ans",
        "In which region is Starr especially well known?",
        ["Mid-Atlantic", "the Mid-Atlantic"],
    ),
    (
        "ans",
        "Besides WCW, in which national promotion was Starr a preliminary wrestler?",
        ["World Wrestling Federation", "the World Wrestling Federation"],
    ),
    (
        "exc",
        "In which national promotion did Starr wrestle in main events?",
        "World Championship Wrestling",
    ),
    (
        "cond",
        "Which federation did Starr compete for before his debut?",
        "Eastern Wrestling Federation",
    ),
    ("other", "Who trained Bob Starr as a wrestler?", "The Bad Crew"),
]
H[(68, "Tassie Cameron")] = [
    ("ans", "What award has Tassie Cameron won?", ["Gemini Award", "Gemini"]),
    ("ans", "On which series was Cameron the head writer?", ["Rookie Blue"]),
    ("ans", "Which Margaret Atwood novel did she adapt in 2007?", ["The Robber Bride"]),
    ("ent", "Which Atwood novel did Esta Spalding adapt for television?", "The Robber Bride"),
    ("num", "Which novel did Cameron turn into a television movie in 2009?", "The Robber Bride"),
    ("ant", "For which mini-series did Cameron and Spalding win a Gemini?", "Would Be Kings"),
]
H[(69, "Irwin Shaw")] = [
    ("ans", "How many copies have Shaw's works sold?", ["more than 14 million", "14 million"]),
    ("ans", "Who starred in the miniseries made from 'Rich Man, Poor Man'?", ["Nick Nolte"]),
    (
        "ans",
        "What is the subject of 'The Young Lions'?",
        ["the fate of three soldiers during World War II", "three soldiers"],
    ),
    ("ant", "What enhanced Shaw's literary reputation?", "the success of his commercial fiction"),
    (
        "ent",
        "Which novel about three siblings became a film starring Marlon Brando?",
        "Rich Man, Poor Man",
    ),
    ("num", "Which Shaw novel from 1958 follows three soldiers?", "The Young Lions"),
]
H[(70, "Duckett baronets")] = [
    ("ans", "Of which house was the baronetcy?", ["Hartham House"]),
    ("ans", "For whom was the title created?", ["George Jackson"]),
    (
        "ans",
        "Whose will required Jackson to take the surname Duckett?",
        ["Thomas Duckett", "Grace's uncle, Thomas Duckett"],
    ),
    ("cond", "Which surname did Jackson take before he married Grace?", "Duckett"),
    ("ent", "Which constituencies did George Jackson represent in Parliament?", "Lymington"),
    ("ant", "Who was George Jackson's first wife?", "Grace Duckett"),
]
H[(71, "Rantanplan")] = [
    ("ans", "Which Belgian comics artist helped create Rantanplan?", ["Morris"]),
    (
        "ans",
        "In which series was Rantanplan at first a supporting character?",
        ["Lucky Luke"],
    ),
    ("ans", "What is Rantanplan called in the Turkish translations?", ["Rin Tin Tin"]),
    ("ant", "Which dog is as idiotic as Rantanplan is clever?", "Rin Tin Tin"),
    ("ent", "Which Belgian writer co-created Rantanplan?", "René Goscinny"),
    ("neg", "Which name is the dog not given in English versions?", "Rin Tin Can"),
]
H[(72, "Henry Nethercote")] = [
    ("ans", "In which part of London was Nethercote born?", ["Mayfair"]),
    (
        "ans",
        "What office did Nethercote hold in 1872?",
        ["High Sheriff of Northamptonshire", "the High Sheriff of Northamptonshire"],
    ),
    (
        "ans",
        "By what margin did Oxford win his debut match?",
        ["two-wicket", "a narrow two-wicket victory"],
    ),
    ("num", "What office did Nethercote hold in 1827?", "High Sheriff of Northamptonshire"),
    ("cond", "Which team did Nethercote face on his debut after leaving Oxford?", "the MCC"),
    ("exc", "How many runs did Nethercote score in his debut's only innings?", "one"),
]
H[(73, "Alphaville (band)")] = [
    ("ans", "What is Marian Gold's real name?", ["Hartwig Schierbaum"]),
    ("ans", "What was the band called at first?", ["Forever Young"]),
    ("ans", "Where was Bernhard Lloyd born?", ["Enger"]),
    ("ent", "Which founding member was born on 2 June 1960 in Herford?", "Bernhard Lloyd"),
    ("num", "Which founding member was born in 1964?", "Marian Gold"),
    (
        "cond",
        "Which hit single did the band release before renaming itself Alphaville?",
        "Forever Young",
    ),
]
H[(74, "Madge Bishop")] = [
    ("ans", "Which actress plays Madge Bishop?", ["Anne Charleston"]),
    ("ans", "Where did Madge get a job?", ["the Waterhole", "Waterhole"]),
    (
        "ans",
        "What illness caused Madge's death?",
        ["terminal pancreatic cancer", "pancreatic cancer"],
    ),
    ("cond", "Where did Madge work before she arrived on Ramsay Street?", "the Waterhole"),
    ("num", "On what date in 2011 did Madge die?", "6 April 2001"),
    ("neg", "Which family was Madge not the matriarch of?", "the Ramsay family"),
]

M[(50, 19, "Tennessee")] = [
    (
        "ans",
        "What is the usual summer high across most of Tennessee?",
        ["around 90 °F (32 °C)", "90 °F"],
    ),
    ("ans", "Where was the state's hottest temperature on record measured?", ["Perryville"]),
    ("ans", "On what date was the coldest temperature recorded?", ["December 30, 1917"]),
    ("ent", "Where was the lowest temperature recorded on August 9, 1930?", "Perryville"),
    ("num", "What was the highest temperature recorded in 1917?", "113 °F (45 °C)"),
    ("other", "What is the average winter low in the highest mountains?", "near freezing"),
]
M[(51, 18, "Economy of Greece")] = [
    ("ans", "How long is Greece's rail network thought to be?", ["2,548 km"]),
    ("ans", "Which company operates the country's rail transport?", ["TrainOSE"]),
    ("ans", "How much of the network has been electrified?", ["764 km"]),
    ("ant", "Of which company is the Hellenic Railways Organization a subsidiary?", "TrainOSE"),
    ("neg", "Which country does Greece not have rail links with?", "Turkey"),
    ("exc", "In which city is Greece's second metro system in operation?", "Athens"),
]
M[(52, 19, "Punjab, Pakistan")] = [
    ("ans", "What is the capital of the province?", ["Lahore"]),
    ("ans", "What share of Pakistan's people live in the Punjab?", ["Nearly 60%", "60%"]),
    ("ans", "Which capital city does the province encircle?", ["Islamabad"]),
    ("ant", "What is the smallest city in the province?", "Lahore"),
    ("exc", "Which other province does the Punjab not border?", "Islamabad"),
    ("other", "How many people live in Lahore?", "60%"),
]
M[(53, 19, "Alain Poher")] = [
    ("ans", "Which department did Poher represent in the Senate?", ["Val-de-Marne"]),
    ("ans", "How many times did Poher act as interim president?", ["twice"]),
    ("ans", "Who beat Poher in the 1969 presidential election?", ["Georges Pompidou"]),
    ("cond", "Who defeated Poher in the first round of the 1969 election?", "Georges Pompidou"),
    ("num", "Which department did Poher represent as a senator from 1936?", "Val-de-Marne"),
    ("exc", "In which year was Poher elected President of France?", "1969"),
]
M[(54, 19, "My Country My Life")] = [
    ("ans", "Who is the author of My Country My Life?", ["L.K. Advani"]),
    ("ans", "Who released the book?", ["Abdul Kalam"]),
    ("ans", "When was the book launched?", ["19 March 2008"]),
    ("ent", "Who was the eleventh Deputy Prime Minister of India?", "L.K. Advani"),
    ("num", "How many copies had the book sold by 2004?", "1,000,000"),
    ("neg", "In which category did the book not become a best seller?", "non-fiction"),
]
M[(56, 15, "Amphitheater High School")] = [
    ("ans", "In which city is Amphi?", ["Tucson", "central Tucson, Arizona"]),
    ("ans", "What animal is the school's mascot?", ["the panther", "panther"]),
    ("ans", "In what year did the school open?", ["1939"]),
    ("neg", "Which grades does Amphi not serve?", "9–12"),
    ("ant", "Amphi was the first high school in which city?", "Tucson"),
    ("other", "Who is the principal of Amphi?", "Amphitheater Public Schools"),
]
M[(57, 19, "Crimean War")] = [
    ("ans", "When did the Ottomans declare war on Russia?", ["October 1853"]),
    ("ans", "Which country tried to mediate?", ["Britain"]),
    (
        "ans",
        "Which ruler demanded to protect the Empire's Orthodox subjects?",
        ["Nicholas", "Nicholas I of Russia"],
    ),
    ("cond", "What did Nicholas agree to after the Ottomans demanded changes?", "a compromise"),
    ("ant", "Which country declared war on the Ottomans in October 1853?", "Russia"),
    ("other", "Who commanded the Ottoman army in the war?", "Napoleon III"),
]
M[(59, 3, "Penticton Regional Airport")] = [
    ("ans", "Who runs Penticton Airport?", ["Transport Canada"]),
    ("ans", "When did studies for building the airport start?", ["1937"]),
    (
        "ans",
        "Who owned the proposed sites at the time?",
        ["the Penticton Indian Band", "Penticton Indian Band"],
    ),
    ("ant", "Who expropriated the proposed locations in 1949?", "Penticton Indian Band"),
    ("neg", "Which area does the airport not serve?", "West Kootenay"),
    ("other", "How many passengers does the airport handle each year?", "South Okanagan"),
]
M[(60, 6, "Greeley Park")] = [
    ("ans", "In what city is Greeley Park?", ["Nashua", "Nashua, New Hampshire"]),
    ("ans", "When did Joseph Greeley buy the property?", ["1801"]),
    ("ans", "How much money did John E. Cotton give?", ["$5000"]),
    ("ant", "Who was the grandson of Joseph Thornton Greeley?", "Joseph Greeley"),
    ("exc", "How much did the city pay the Greeleys for the land?", "$5000"),
    (
        "cond",
        "Who bought the property after the original Joseph Greeley died?",
        "Joseph Thornton Greeley",
    ),
]
M[(61, 15, "Wonder Woman (TV series)")] = [
    ("ans", "Who plays the title character?", ["Lynda Carter"]),
    ("ans", "Which network broadcast the first season?", ["ABC"]),
    (
        "ans",
        "What was the show called from the second season on?",
        ["The New Adventures of Wonder Woman"],
    ),
    ("num", "Which network aired the show in 1965?", "ABC"),
    (
        "ent",
        "To which character was Lynda Carter's role changed in later seasons?",
        "Steve Trevor Jr.",
    ),
    ("exc", "Who replaced Lynda Carter in the cast change of the second season?", "Lyle Waggoner"),
]
M[(63, 19, "2018 Winter Olympics")] = [
    (
        "ans",
        "Where was the IOC session that picked Pyeongchang held?",
        ["Durban", "Durban, South Africa"],
    ),
    ("ans", "When was Pyeongchang chosen as host?", ["July 2011"]),
    ("ans", "Which city hosted South Korea's previous Olympics?", ["Seoul"]),
    ("cond", "Which city hosted South Korea's first Winter Olympics before Pyeongchang?", "Seoul"),
    ("ant", "When was Pyeongchang turned down as host city?", "July 2011"),
    ("ent", "Which Korean city hosts the 2020 Summer Olympics?", "Tokyo"),
]
M[(64, 19, "Polio vaccine")] = [
    ("ans", "Who developed the inactivated polio vaccine?", ["Jonas Salk"]),
    ("ans", "When did the oral vaccine go into commercial use?", ["1961"]),
    (
        "ans",
        "What did a dose of the oral form cost wholesale in developing countries in 2014?",
        ["about US $0.25", "US $0.25"],
    ),
    (
        "ent",
        "What does the inactivated form cost per dose in the developing world?",
        "US $0.25",
    ),
    ("num", "Which polio vaccine came into use in 1965?", "inactivated polio vaccine"),
    (
        "exc",
        "Which polio vaccine is left off the WHO's List of Essential Medicines?",
        "oral polio vaccine",
    ),
]
M[(68, 17, "Egypt")] = [
    (
        "ans",
        "How much military assistance did the US give Egypt in 2015?",
        ["US$1.3 billion"],
    ),
    ("ans", "When was Egypt named a major non-NATO ally?", ["1989"]),
    (
        "ans",
        "Who was removed from power in the July 2013 coup?",
        ["Mohamed Morsi", "Islamist president Mohamed Morsi"],
    ),
    ("neg", "Which group did Egypt not crack down on?", "Muslim Brotherhood"),
    ("ent", "Which president did the Muslim Brotherhood depose?", "Mohamed Morsi"),
    ("ant", "What event made ties between the two countries improve?", "July 2013 military coup"),
]
M[(71, 18, "Portugal")] = [
    ("ans", "Who was Prince Henry the Navigator's father?", ["King João I", "João I"]),
    ("ans", "Which coast did Portugal explore?", ["the African coast", "African coast"]),
    (
        "ans",
        "By what route did Portugal reach India?",
        ["via the Cape of Good Hope", "the Cape of Good Hope"],
    ),
    ("neg", "Which Atlantic archipelago did Portugal not discover?", "Madeira"),
    ("ant", "Who was the son of Prince Henry the Navigator?", "King João I"),
    ("cond", "Which ocean did Portugal explore before the Age of Discovery?", "Atlantic Ocean"),
]
M[(74, 19, "Darpana Academy of Performing Arts")] = [
    ("ans", "In which city is the academy?", ["Ahmedabad"]),
    ("ans", "When was the academy founded?", ["1949"]),
    ("ans", "Who has run the school for the past thirty years?", ["Mallika Sarabhai"]),
    ("num", "When did the academy celebrate its golden jubilee in 1989?", "28 December 1998"),
    (
        "ent",
        "Which award is named after Vikram Sarabhai?",
        "Mrinalini Sarabhai Award for Classical Excellence",
    ),
    ("other", "Who received the first Mrinalini Sarabhai Award?", "Mallika Sarabhai"),
]


def musique_paragraph(records: list[dict], index: int, idx: int, title: str) -> str:
    """The ``paragraph_text`` of paragraph ``idx`` (titled ``title``) of record ``index``."""
    for item in records[index]["paragraphs"]:
        if item["idx"] == idx and item["title"] == title:
            return item["paragraph_text"]
    raise KeyError((index, idx, title))


def main() -> None:
    hotpot = sys.argv[1] if len(sys.argv) > 1 else HOTPOT
    musique = sys.argv[2] if len(sys.argv) > 2 else MUSIQUE
    with open(hotpot, encoding="utf-8") as handle:
        # keep the file's indices: records before FIRST are None, never read
        hotpot_records = [None] * FIRST + json.load(handle)[FIRST:END]
    with open(musique, encoding="utf-8") as handle:
        musique_records = [None] * FIRST + json.load(handle)[FIRST:END]
    items: list[tuple[str, str, list[Question]]] = []
    for (index, title), questions in H.items():
        items.append((title, paragraph(hotpot_records, index, title), questions))
    for (index, idx, title), questions in M.items():
        items.append((title, musique_paragraph(musique_records, index, idx, title), questions))
    assert len({title for title, _, _ in items}) == len(items), "duplicate title"
    write_squad2(items, "sqside1", HERE / "squad2_style_side1.json")


if __name__ == "__main__":
    main()
