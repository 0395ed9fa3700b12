"""Write squad2_style_side1b.json: SQuAD 2.0-style questions over records 51-75.

A second written set for calibration side 1. The questions were written by hand by a
writer who had not seen the reader, over 20 paragraphs of records 51-75 (index 50-74) of
``hotpotqa-train100-distractor.json`` and 20 paragraphs of records 51-75 of
``musique-ans-train100.json``; every other record is blanked on loading and never read.
No paragraph (title or text) is one already used by ``squad_side1``; the build checks
that. This script only joins each HotpotQA paragraph's sentences (MuSiQue text is taken
as it is), computes every answer's character offset (word-bounded first occurrence) and
checks it, so that the JSON can be rebuilt and reviewed. Kinds of unanswerable question
are in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_side1b/make_squad2_style_side1b.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, sources  # noqa: E402

RECORDS = range(50, 75)  # records 51-75 (0-based index 50-74): calibration side 1
EARLIER = [HERE.parent / "squad_side1" / "squad2_style_side1.json"]
Question = tuple[str, str, object]
# HotpotQA: (record index 50-74, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 50-74, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(50, "Female condom")] = [
    ("ans", "Who came up with the device?", ["Lasse Hessel", "Danish MD Lasse Hessel"]),
    ("ans", "Besides femidom, what else is the device called?", ["internal condom"]),
    ("ans", "What gives better protection against STIs than the female condom?", ["male condoms"]),
    ("other", "In what year was the female condom invented?", "Danish MD Lasse Hessel"),
    ("neg", "Which infection is the female condom not meant to guard against?", "HIV"),
    ("ant", "What does using a female condom increase the risk of?", "unintended pregnancy"),
]
H[(51, "David Parlett")] = [
    (
        "ans",
        "Besides a historian and a translator, what is Parlett described as?",
        ["a games scholar", "games scholar"],
    ),
    ("ans", "Which of the games he devised has done best?", ["Hare and Tortoise"]),
    (
        "ans",
        "What prize went to the German version of that game?",
        ["Spiel des Jahres", "Spiel des Jahres (Game of the Year)"],
    ),
    (
        "ent",
        "Which award did the English edition of Hare and Tortoise win in 1979?",
        "Spiel des Jahres",
    ),
    ("num", "Which board game did Parlett invent in 1979?", "Hare and Tortoise"),
    ("exc", "What is the only book Parlett has published?", "The Oxford Guide to Card Games"),
]
H[(52, "Jonathan Livingston Seagull")] = [
    ("ans", "Who drew the pictures for the book?", ["Russell Munson"]),
    (
        "ans",
        "For how long did it stay at number one on the New York Times list?",
        ["38 weeks"],
    ),
    ("ans", "How many pages long is the part added to the story in 2014?", ["17"]),
    (
        "cond",
        "How many copies of The Complete Edition were in print by the end of 1972?",
        "over a million",
    ),
    ("other", "Which publisher first brought the book out in 1970?", "Reader's Digest"),
    ("neg", "Which bestseller list did the book fail to top?", "Publishers Weekly"),
]
H[(53, "La Luna (Portland, Oregon)")] = [
    ("ans", "What other spelling of the club's name is given?", ["LaLuna"]),
    ("ans", "In what year did the nightclub shut its doors?", ["1999"]),
    (
        "ans",
        "The rise of which kind of music lifted Portland's profile in those years?",
        ["grunge"],
    ),
    ("ant", "Which kind of music declined in Portland while La Luna was open?", "grunge"),
    ("ent", "In which years was La Luna a rock nightclub in Seattle, Washington?", "1992 to 1999"),
    ("num", "Which Portland nightclub opened its doors in 1989?", "La Luna"),
]
H[(54, "Teacha Dee")] = [
    ("ans", "What is Teacha Dee's real name?", ["Damion Darrel Warren"]),
    (
        "ans",
        "Which government department employed him when he cut his hits?",
        ["the Ministry of Education Youth and Culture", "Ministry of Education Youth and Culture"],
    ),
    (
        "ans",
        'Besides "Smoke and Fly", name one of his hit singles.',
        ["Reggae Souljahs", "Smuggling Weed"],
    ),
    (
        "exc",
        "What was the only hit he recorded while working for the ministry?",
        "Smoke and Fly",
    ),
    ("cond", "Which single did he record after he left his ministry job?", "Smuggling Weed"),
    ("other", "In which Jamaican town was Teacha Dee born?", "Jamaica"),
]
H[(56, "Paul Haggis")] = [
    ("ans", "Which of the two Best Picture winners did Haggis also direct?", ["Crash"]),
    ("ans", "How many Gemini Awards has he won?", ["seven", "seven-time"]),
    ("ans", "Which TV series did he create together with others?", ["Walker, Texas Ranger"]),
    (
        "neg",
        "Which of the two Best Picture winners did Haggis not write?",
        "Million Dollar Baby",
    ),
    (
        "ant",
        "Which Best Picture loser did Haggis write and produce in 2004?",
        "Million Dollar Baby",
    ),
    ("ent", "Which Best Picture winner of 2005 did Clint Eastwood direct?", "Crash"),
]
H[(57, "Grotesque (architecture)")] = [
    ("ans", "By what other name is a grotesque known in architecture?", ["a chimera", "chimera"]),
    (
        "ans",
        "What medieval word covered both gargoyles and chimerae?",
        ["babewyn"],
    ),
    ("ans", "What do the spouts that end in gargoyles carry off a building?", ["water"]),
    ("num", "What word was used for gargoyles in the 19th century?", "babewyn"),
    (
        "exc",
        "What practical job is a grotesque built to do?",
        "convey water away from the sides of buildings",
    ),
    ("cond", 'Which word replaced "babewyn" after the Middle Ages?', "gargoyles"),
]
H[(58, "Marissa Academy")] = [
    (
        "ans",
        "Which college took the academy's graduates without an entrance exam?",
        ["Monmouth College"],
    ),
    (
        "ans",
        "The opening of what led to the academy's closure?",
        ["a public high school", "public high school"],
    ),
    (
        "ans",
        "How long before the building went up had the first class graduated?",
        ["two years", "two years prior"],
    ),
    (
        "other",
        "Who founded the Marissa Academy?",
        "Marissa Historical and Genealogical Society",
    ),
    (
        "neg",
        "What has the building not been used for since the academy closed?",
        "a meeting hall for community groups",
    ),
    ("ant", "Which school was the last college preparatory school in the area?", "Marissa Academy"),
]
H[(59, "Never Cry Wolf (film)")] = [
    ("ans", "Whose memoir was the film adapted from?", ["Farley Mowat", "Farley Mowat's"]),
    (
        "ans",
        "What animal's numbers is the biologist sent out to study?",
        ["caribou", "the caribou population"],
    ),
    (
        "ans",
        "Besides Brian Dennehy, which other supporting actor is named?",
        ["Zachary Ittimangnaq"],
    ),
    (
        "ent",
        "What was the first film Disney released under the Touchstone Pictures label?",
        "Never Cry Wolf",
    ),
    ("num", "Which Farley Mowat book of 1983 did the film adapt?", "Never Cry Wolf"),
    ("exc", "Who is the only actor in the film?", "Charles Martin Smith"),
]
H[(60, "Saturday Nights &amp; Sunday Mornings")] = [
    ("ans", "Which band made the record?", ["Counting Crows"]),
    (
        "ans",
        "Which of the two halves leans toward country?",
        ["Sunday Mornings"],
    ),
    ("ans", "Who writes the band's words?", ["Adam Duritz"]),
    (
        "cond",
        "When did the album come out in the US after its European release?",
        "March 25, 2008",
    ),
    ("other", "Who produced the album?", "Adam Duritz"),
    (
        "neg",
        "In which country was the album not released on March 25, 2008?",
        "the United States",
    ),
]
H[(62, "Twinkie defense")] = [
    (
        "ans",
        "What did White's lawyers say his depression had left him with?",
        ["diminished capacity"],
    ),
    (
        "ans",
        "Which of the two men White was tried for killing was the mayor?",
        ["George Moscone", "Mayor George Moscone"],
    ),
    ("ans", "Of what crime was White found guilty?", ["voluntary manslaughter"]),
    ("ant", "What did White's attorneys say had caused his depression?", "Twinkies"),
    ("ent", "Which city supervisor did Dan White kill in Los Angeles?", "Harvey Milk"),
    ("num", "Who was the third person White was tried for murdering?", "George Moscone"),
]
H[(63, "Science News")] = [
    ("ans", "How often does the magazine come out?", ["bi-weekly"]),
    ("ans", "Under what name did it appear until 1966?", ["Science News Letter"]),
    ("ans", "Who set up the body that publishes it?", ["E. W. Scripps"]),
    ("exc", "Who has been the magazine's only editor?", "Edwin Slosson"),
    (
        "cond",
        "Who published the magazine before Society for Science & the Public was founded?",
        "E. W. Scripps",
    ),
    ("other", "Who edits Science News today?", "Edwin Slosson"),
]
H[(65, "Frozen (2013 film)")] = [
    ("ans", "Which fairy tale gave rise to the film?", ["The Snow Queen"]),
    ("ans", "Where does Frozen rank among Disney's animated features?", ["53rd"]),
    (
        "ans",
        "Besides the iceman and the snowman, who goes along with the princess?",
        ["his loyal pet reindeer", "reindeer", "loyal pet reindeer"],
    ),
    ("neg", "Which companion does the princess not travel with?", "a naïve snowman"),
    ("ant", "Whose icy powers free the kingdom from eternal winter?", "her estranged sister"),
    ("ent", "Which Brothers Grimm fairy tale inspired Frozen?", "The Snow Queen"),
]
H[(66, "Little Rock Film Festival")] = [
    ("ans", "In which season does the festival take place?", ["spring", "each spring"]),
    (
        "ans",
        "Which publication ranked it among festivals worth entering?",
        ["MovieMaker Magazine"],
    ),
    ("ans", "How many festivals make up that yearly list?", ["25", "Top 25"]),
    ("num", "Which magazine named the festival one of the top 25 in 2005?", "MovieMaker Magazine"),
    ("exc", "What is the only kind of film the festival screens?", "Documentary"),
    ("cond", "Where has the festival been held since it left Arkansas?", "Downtown Little Rock"),
]
H[(67, "WWF Prime Time Wrestling")] = [
    ("ans", "Which channel carried the program?", ["the USA Network", "USA Network"]),
    ("ans", "How long was each episode?", ["two-hour", "two-hour long"]),
    ("ans", "Which later show did it pave the way for?", ["Monday Night Raw"]),
    ("other", "Who hosted Prime Time Wrestling?", "World Wrestling Federation"),
    (
        "neg",
        "Which other WWF program's matches did Prime Time Wrestling never air?",
        "Superstars of Wrestling",
    ),
    ("ant", "Which show was a successor to Monday Night Raw?", "Prime Time Wrestling"),
]
H[(69, "The Wasp Factory")] = [
    ("ans", "What is the main character called?", ["Frank"]),
    (
        "ans",
        "Where does the teenager in the novel live?",
        ["a remote Scottish island", "remote Scottish island"],
    ),
    (
        "ans",
        "Which well-received science fiction books did Banks later write?",
        ["the Culture series", "Culture series"],
    ),
    ("ent", "What was the first novel by Scottish writer Irvine Welsh?", "The Wasp Factory"),
    ("num", "Which Iain Banks novel came out in 1987?", "The Wasp Factory"),
    (
        "exc",
        "What was the only genre Banks wrote in after The Wasp Factory?",
        "science fiction",
    ),
]
H[(70, "Andriantsitakatrandriana")] = [
    ("ans", "Whom did he succeed on the throne?", ["Andrianjaka", "his father, Andrianjaka"]),
    ("ans", "How many wives did the king have?", ["two"]),
    (
        "ans",
        "What did his dikes turn the Betsimitatatra swamps into?",
        ["vast rice paddies", "rice paddies"],
    ),
    (
        "cond",
        "Who succeeded Andriamanjakatokana as king of Imerina?",
        "Andriantsimitoviaminandriandehibe",
    ),
    ("other", "Where was Andriantsitakatrandriana buried?", "Antananarivo"),
    ("neg", "Which swamps did the king not drain?", "Betsimitatatra"),
]
H[(71, "Wait Till Your Father Gets Home")] = [
    ("ans", "Who starred in the live-action version of the pilot?", ["Van Johnson"]),
    ("ans", "Which show inspired the series?", ["All in the Family"]),
    (
        "ans",
        "How long was it until the next such sitcom, The Simpsons?",
        ["fifteen years", "fifteen years later"],
    ),
    ("ant", "Which show was inspired by Wait Till Your Father Gets Home?", "All in the Family"),
    (
        "ent",
        'On which segment of "The Love Boat" did the show originate?',
        "Love and the Old-Fashioned Father",
    ),
    ("num", "On which network's stations did the show air at 9:30 on Sunday nights?", "NBC"),
]
H[(72, "Nathan Astle")] = [
    ("ans", "How many runs did Astle make in Tests?", ["4,702"]),
    ("ans", "Where in the order did he bat in Test matches?", ["the middle order", "middle order"]),
    ("ans", "How long did his career last?", ["12 years"]),
    (
        "exc",
        "What is the only record Astle holds?",
        "the fastest double century in Test cricket",
    ),
    ("cond", "How many ODIs did Astle play as a middle-order batsman?", "223"),
    ("other", "Who was New Zealand's most prolific run scorer as of 2013?", "Nathan John Astle"),
]
H[(74, "Max Ramsay")] = [
    ("ans", "After whom is Ramsay Street named?", ["his grandfather", "grandfather"]),
    ("ans", "In how many episodes did Max appear?", ["190"]),
    ("ans", "Who played Max's wife?", ["Dasha Bláhová"]),
    ("neg", "Which of Max's sons did not live at number 24?", "Danny"),
    ("ant", "Which street is named after Max's grandson?", "Ramsay Street"),
    ("ent", "Who played Max Ramsay in Home and Away?", "Francis Bell"),
]
M[(50, 6, "Continental drift")] = [
    (
        "ans",
        "Which of the two put the idea forward first, Ortelius or Wegener?",
        ["Abraham Ortelius", "Ortelius"],
    ),
    ("ans", "Who later provided the missing mechanism?", ["Arthur Holmes"]),
    (
        "ans",
        "Into which theory has the idea been absorbed?",
        ["the theory of plate tectonics", "plate tectonics"],
    ),
    ("num", "Who developed the concept of continental drift more fully in 1596?", "Alfred Wegener"),
    ("exc", "Who alone developed the concept of continental drift?", "Alfred Wegener"),
    ("cond", "In what year did Ortelius build on Wegener's 1912 theory?", "1596"),
]
M[(51, 1, "Southampton")] = [
    ("ans", "What is the city's principal railway station?", ["Southampton Central"]),
    (
        "ans",
        "Which company followed the London and South Western Railway?",
        ["the Southern Railway (UK)", "Southern Railway (UK)", "Southern Railway"],
    ),
    (
        "ans",
        "Besides Winchester, name a place the northbound routes go to.",
        ["London", "the Midlands", "Midlands"],
    ),
    ("other", "How many passengers use Southampton Central each year?", "Southampton Central"),
    ("neg", "Which city do rail routes from Southampton not reach?", "Cardiff"),
    (
        "ant",
        "Which company sold the town's docks to the railway?",
        "London and South Western Railway Company",
    ),
]
M[(52, 9, "RIS Delitti Imperfetti")] = [
    ("ans", "Who devised the series?", ["Pietro Valsecchi"]),
    ("ans", "On which channel has it been shown?", ["Canale 5"]),
    ("ans", "Of which force is the RIS a real unit?", ["the Carabinieri", "Carabinieri"]),
    ("ent", "Which network has broadcast the Spanish version since January 2005?", "Canale 5"),
    ("num", "Which channel began airing the series in January 2004?", "Canale 5"),
    (
        "exc",
        "Which aspects of crime investigation does the comedy series poke fun at?",
        "the scientific aspects",
    ),
]
M[(53, 3, "President of Trinidad and Tobago")] = [
    ("ans", "Who was the country's head of state before 1976?", ["Queen Elizabeth II"]),
    (
        "ans",
        "Which date is now marked as Republic Day?",
        ["24 September 1976", "24 September"],
    ),
    (
        "ans",
        "What office did the first president hold just before?",
        ["Governor - General", "last Governor - General"],
    ),
    (
        "cond",
        "Who was sworn in as Governor-General after the country became a republic?",
        "Sir Ellis Clarke",
    ),
    ("other", "Who is the current President of Trinidad and Tobago?", "Sir Ellis Clarke"),
    (
        "neg",
        "Which house of Parliament took no part in the electoral college?",
        "both houses of Parliament",
    ),
]
M[(54, 12, "Leader of Opposition (Uganda)")] = [
    (
        "ans",
        "Who is the first woman to lead Uganda's opposition?",
        ["Winnie Kiiza", "Hon. Winnie Kiiza"],
    ),
    (
        "ans",
        "What body does the opposition leader name and head?",
        ["an alternative Shadow Cabinet", "alternative Shadow Cabinet", "Shadow Cabinet"],
    ),
    (
        "ans",
        "Besides the Democratic Party and JEEMA, name a party in the Ugandan opposition.",
        ["Forum for Democratic Change", "Uganda People's Congress", "Congress Party"],
    ),
    ("ant", "Who leads the smallest party outside the ruling government?", "Winnie Kiiza"),
    ("ent", "Who is the current Leader of Opposition in Kenya?", "Winnie Kiiza"),
    ("num", "Who was the second Ugandan woman to be Leader of Opposition?", "Winnie Kiiza"),
]
M[(56, 5, "Alcohol laws of Utah")] = [
    (
        "ans",
        "How strong may the packaged beer sold in Utah supermarkets be, by volume?",
        ["up to 4.0% ABV", "4.0% ABV", "4.0%"],
    ),
    (
        "ans",
        "Where must stronger beer be bought?",
        ["state - controlled liquor stores", "at state - controlled liquor stores"],
    ),
    ("ans", "What must restaurant diners also order if they want a drink?", ["food"]),
    ("neg", "Which drink is not sold at state-controlled liquor stores?", "wine"),
    ("ant", "What is the weakest beer Utah supermarkets are allowed to sell?", "4.0% ABV"),
    ("ent", "Until what time may bars in Idaho sell alcohol?", "1: 00am"),
]
M[(57, 2, "Gordius of Cappadocia")] = [
    (
        "ans",
        "Which king did Mithridates hire Gordius to kill?",
        ["Ariarathes VI", "Ariarathes VI, king of Cappadocia"],
    ),
    ("ans", "Which Armenian ruler was Gordius sent to win over?", ["Tigranes"]),
    (
        "ans",
        "Under what name did the son Gordius tutored rule Cappadocia?",
        ["Ariarathes IX"],
    ),
    ("num", "Whom did Gordius murder on Mithridates' orders in 93 BC?", "Ariarathes VI"),
    ("exc", "In which Pontic town was Gordius born?", "Pontus"),
    ("cond", "Who drove Gordius out of Cappadocia after Sulla's death?", "Sulla"),
]
M[(58, 7, "Saw Kill")] = [
    ("ans", "How many bodies of water bear the name Saw Kill?", ["three"]),
    ("ans", "What is the northern Saw Kill usually called now?", ["Mill Creek"]),
    ("ans", "Into what does the stream on the west bank flow?", ["Esopus Creek"]),
    ("other", "Which town does the Saw Kill on the west bank run through?", "Town of Stuyvesant"),
    ("neg", "Which of the three Saw Kills is not a tributary?", "Saw Kill (west)"),
    ("ant", "What is the southern Saw Kill commonly known as today?", "Mill Creek"),
]
M[(60, 13, "Meramec River")] = [
    ("ans", "How long is the river's course?", ["218 miles", "218 miles (351 km)"]),
    (
        "ans",
        "How far does the river drop from source to mouth?",
        ["1,025 feet", "1,025 feet (312 m)"],
    ),
    (
        "ans",
        "Where does the river grow bigger?",
        ["at the confluence of the Dry Fork", "the confluence of the Dry Fork", "Dry Fork"],
    ),
    ("ent", "How many Ozark Highland counties does the Gasconade River's watershed cover?", "six"),
    ("num", "How many square miles does the river drain over its 351 miles?", "3,980 square miles"),
    ("exc", "Which is the only county the Meramec watershed covers?", "Dent"),
]
M[(63, 13, "Sikhounxay Ounkhamphanyavong")] = [
    (
        "ans",
        "In which event did he swim in Sydney?",
        ["the men's 50 metre freestyle", "men's 50 metre freestyle", "50 metre freestyle"],
    ),
    ("ans", "How long is the biggest pool in his country?", ["25 meters", "25 meters long"]),
    ("ans", "What time did he record in his heat?", ["27.03"]),
    ("cond", "What was his time in the semi-final?", "27.03"),
    ("other", "How old was Ounkhamphanyavong at the Sydney Games?", "25"),
    ("neg", "At which Olympics did he not compete for Laos?", "2000 Summer Olympics"),
]
M[(64, 1, "Joust 2: Survival of the Fittest")] = [
    ("ans", "Besides a joystick, what does the player use?", ["a button", "button"]),
    ("ans", "What can the player's mount be turned into?", ["a flying horse", "flying horse"]),
    ("ans", "What creates the mutant buzzards?", ["eggs falling into lava"]),
    ("ant", "What does the player's flying horse transform into?", "an ostrich"),
    ("ent", "Who developed the 1986 arcade game Joust 3?", "Williams Electronics"),
    ("num", "Which Williams arcade game came out in 1984?", "Joust"),
]
M[(66, 3, "Puthiya Paravai")] = [
    ("ans", "What name did Sivaji Films take later?", ["Sivaji Productions"]),
    ("ans", "Besides Singapore and England, where did the costumes come from?", ["Japan"]),
    ("ans", "Who wrote the words to the songs?", ["Kannadasan"]),
    ("exc", "Who composed the film's score on his own?", "Viswanathan–Ramamoorthy"),
    ("cond", "Which Hindi film did Sivaji Films make before Amar Deep?", "Rakhi"),
    ("other", "Who directed Puthiya Paravai?", "Kannadasan"),
]
M[(67, 13, "Climate of South Carolina")] = [
    ("ans", "In which month do tornadoes have a second peak?", ["November"]),
    (
        "ans",
        "At the top end, how much precipitation falls in a year across the state?",
        ["80 inches", "80 inches (2,000 mm)"],
    ),
    ("ans", "What brings the state its winter precipitation?", ["extratropical cyclones"]),
    ("neg", "What kind of severe weather do summer thunderstorms not bring?", "Hail"),
    ("ant", "What reduces precipitation in the summer months?", "Tropical cyclones"),
    ("ent", "How much precipitation falls each year in North Carolina?", "40 inches"),
]
M[(68, 0, "Burgo de Osma Cathedral")] = [
    (
        "ans",
        "What stood on the site before the cathedral?",
        ["a Romanesque church", "Romanesque church"],
    ),
    ("ans", "In what year was the church finished?", ["1784"]),
    ("ans", "Which is older, the cloister or the tower?", ["The cloister", "cloister"]),
    ("num", "Which part of the cathedral dates from 1612?", "The cloister"),
    (
        "exc",
        "What is the only church that has ever stood on the site?",
        "The Cathedral of Burgo de Osma",
    ),
    ("cond", "When was the tower rebuilt after the cathedral was completed?", "1739"),
]
M[(69, 10, "Emil Fischer (cartographer)")] = [
    ("ans", "How many maps did Fischer publish?", ["six"]),
    ("ans", "What did Fischer's father do for a living?", ["surveyor", "A surveyor"]),
    ("ans", "Where did he settle in 1880?", ["Durango"]),
    ("other", "Who printed Fischer's maps?", "Denver & Rio Grande Railway"),
    ("neg", "Which group of people did Fischer's maps not help?", "tourists"),
    ("ant", "Where did Fischer move from Silverton?", "Durango"),
]
M[(71, 4, "George Glacier")] = [
    ("ans", "Where on the coast does the glacier end?", ["Lillie Glacier Tongue"]),
    ("ans", "In which direction does it flow past Mount Kelly?", ["northwest"]),
    ("ans", "What was Robert Y. George's line of work?", ["a zoologist", "zoologist"]),
    (
        "ent",
        "For whom did the UK Antarctic Place-Names Committee name the glacier?",
        "Robert Y. George",
    ),
    ("num", "Who was a zoologist at McMurdo Station in 1957?", "Robert Y. George"),
    ("exc", "What was the only source used to map the glacier?", "U.S. Navy air photos"),
]
M[(72, 6, "Africa")] = [
    ("ans", "Which continent is bigger than Africa?", ["Asia"]),
    ("ans", "How many people lived in Africa in 2016?", ["1.2 billion"]),
    (
        "ans",
        "Which body of water lies off Africa's southeast?",
        ["the Indian Ocean", "Indian Ocean"],
    ),
    (
        "cond",
        "What share of Earth's land would Africa cover without its adjacent islands?",
        "20.4%",
    ),
    ("other", "What is Africa's largest country?", "Madagascar"),
    ("neg", "Which sea does not border Africa?", "Red Sea"),
]
M[(73, 9, "Grand Army of the Republic")] = [
    ("ans", "In which town was the GAR set up?", ["Decatur, Illinois", "Decatur"]),
    ("ans", "Besides fraternity and charity, what principle was it founded on?", ["Loyalty"]),
    ("ans", "What did the groups later band together for, after camaraderie?", ["political power"]),
    (
        "ant",
        "Which organization was the least influential in the first post-war years?",
        "Grand Army of the Republic",
    ),
    ("ent", "Who founded the United Confederate Veterans?", "Dr. Benjamin F. Stephenson"),
    ("num", "On what date in 1886 was the Grand Army of the Republic founded?", "April 6, 1866"),
]
M[(74, 18, "Marga Faulstich")] = [
    ("ans", "How many brothers and sisters did Faulstich have?", ["two"]),
    (
        "ans",
        "What did she work on in her first years at Schott?",
        ["thin films", "the development of thin films"],
    ),
    (
        "ans",
        "Besides sunglasses and glass facades, what is still made using that research?",
        ["anti-reflective lenses"],
    ),
    ("exc", "Which was the only product her early research was used for?", "sunglasses"),
    ("cond", "What did she develop at Schott before she finished high school?", "thin films"),
    ("other", "When did Marga Faulstich die?", "1935"),
]


def main() -> None:
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqside1b",
        HERE / "squad2_style_side1b.json",
        *sources(sys.argv),
        records=RECORDS,
        counts=(20, 19),
        exclusive=True,
    )


if __name__ == "__main__":
    main()
