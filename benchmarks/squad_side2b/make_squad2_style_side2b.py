"""Write squad2_style_side2b.json: SQuAD 2.0-style questions over HotpotQA and MuSiQue.

A second written set over calibration side 2 (records 76-100, index 75-99): the offline
reader's confidence model is fitted on it in one fold and it is held out in the other; it is
never used for developing rules. The questions were written by hand by a writer who had not
seen the reader, over 20 paragraphs of records 76-100 of ``hotpotqa-train100-distractor.json``
and 20 paragraphs of records 76-100 of ``musique-ans-train100.json``; records outside that
range are never kept (both files are blanked outside it on loading). No paragraph (title or
text) is one already used by ``squad_side2``; this script checks that. It only joins each
HotpotQA paragraph's sentences (MuSiQue text is taken as it is), computes every answer's
character offset (word-bounded first occurrence) and checks it, so that the JSON can be
rebuilt and reviewed. Kinds of unanswerable question are in the id: neg, ant, ent, num, exc,
cond, other; see README.md.

    python benchmarks/squad_side2b/make_squad2_style_side2b.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, sources  # noqa: E402

RECORDS = range(75, 100)
EARLIER = [HERE.parent / "squad_side2" / "squad2_style_side2.json"]
Question = tuple[str, str, object]
# HotpotQA: (record index 75-99, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 75-99, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(75, "Grover Musical Products, Inc.")] = [
    ("ans", "By what other name are the tuners the firm makes known?", ["machine heads"]),
    ("ans", "How many divisions does the company have?", ["four"]),
    ("ans", "Which business did the company buy in 1952?", ["A.\u00a0D. Grover & Son"]),
    ("other", "In which city is Grover Musical Products headquartered?", "American"),
    ("neg", "For which banjos does Grover not import bridges?", "five-string and tenor banjos"),
    ("ant", "Which company took over Grover in 1952?", "A.\u00a0D. Grover & Son"),
]
H[(76, "Steve Braun")] = [
    ("ans", "Which city does the actor come from?", ["Winnipeg, Manitoba", "Winnipeg"]),
    ("ans", "Who hunted demons alongside him on television?", ["Lorenzo Lamas"]),
    ("ans", "What part did he take in the 2005 horror film?", ["Willis Bradbury"]),
    ("ent", "Whom did Lorenzo Lamas play in The Skulls III?", "Brian Kelly"),
    ("num", "Which horror movie did Braun co-star in in 2007?", "Pterodactyl"),
    ("exc", "Which hero does Braun play in Harold & Kumar Go to White Castle?", "lead villain"),
]
H[(77, "Penny Williams")] = [
    ("ans", "Which district did she represent in the state House?", ["District 70"]),
    ("ans", "During which years did she sit in the Oklahoma Senate?", ["1989-2004"]),
    (
        "ans",
        "Which school was set up by a bill she wrote?",
        [
            "the Oklahoma School of Science and Mathematics",
            "Oklahoma School of Science and Mathematics",
        ],
    ),
    (
        "cond",
        "Which district did Williams represent in the Senate before she entered the House?",
        "District 33",
    ),
    (
        "other",
        "At which university did Penny Williams study?",
        "Oklahoma School of Science and Mathematics",
    ),
    ("neg", "Which party does Williams not belong to?", "Democratic Party"),
]
H[(78, "O'Donovan Rossa (Skibbereen) GAA")] = [
    (
        "ans",
        "In which of its two sports has the club historically done better?",
        ["Gaelic football"],
    ),
    ("ans", "Whom did the club defeat in the All-Ireland final?", ["Éire Óg of Carlow", "Éire Óg"]),
    (
        "ans",
        "To which part of Cork GAA is the club attached?",
        ["the Carbery division", "Carbery"],
    ),
    ("ant", "Which club beat Skibbereen in the All-Ireland final?", "Éire Óg of Carlow"),
    ("ent", "In which year did the club win its only Cork Senior Hurling Championship?", "1992"),
    ("num", "Which county title did the club win in 1982?", "Cork Senior Football Championship"),
]
H[(79, "Jung Joon-young")] = [
    ("ans", "What place did he take on Superstar K4?", ["third place", "third"]),
    ("ans", "What was his band called before it became Drug Restaurant?", ["JJY Band"]),
    ("ans", "In which film did he first appear on the big screen?", ["Love Forecast"]),
    ("exc", "Which talent show did Jung win in 2012?", "Superstar K4"),
    (
        "cond",
        "What was Drug Restaurant's first album after Jung left the band?",
        "Escape to Hangover",
    ),
    ("other", "Which label put out the band's first album?", "Drug Restaurant"),
]
H[(80, "Demos Chiang")] = [
    ("ans", "When did he set up his design firm?", ["July 2003"]),
    ("ans", "Which former ROC president was his grandfather?", ["Chiang Ching-kuo"]),
    ("ans", "By what Chinese name was his grandmother also known?", ["Chiang Fang-liang"]),
    ("neg", "Which post at DEM Inc. has Chiang never held?", "chairman"),
    ("ant", "Who is Chiang Kai-shek's great-grandfather?", "Demos Yu-bou Chiang"),
    ("ent", "When did Chiang Kai-shek found DEM Inc.?", "July 2003"),
]
H[(82, "Capricorn One: Singles &amp; Rarities")] = [
    ("ans", "How long after Good Riddance split up did the album come out?", ["three years"]),
    (
        "ans",
        "Besides Reliance, name a band Good Riddance shared a split release with.",
        ["Ignite", "Ill Repute", "Ensign"],
    ),
    ("ans", "Who remastered the songs?", ["Jason Livermore"]),
    ("num", "Which 1987 film gave the compilation its name?", "Capricorn One"),
    ("exc", "From which single year do all of the album's tracks come?", "1993"),
    (
        "cond",
        "What did the band call the compilation it put out while it was still together?",
        "Capricorn One: Singles & Rarities",
    ),
]
H[(83, "Zimbabwe")] = [
    ("ans", "Which country lies on Zimbabwe's eastern side?", ["Mozambique"]),
    (
        "ans",
        "How narrow is the stretch of the Zambezi between Zimbabwe and Namibia?",
        ["less than 200 metres", "200 metres"],
    ),
    ("ans", "How many people live in Zimbabwe?", ["roughly 16 million", "16 million"]),
    ("other", "Which language is used in Zimbabwe's courts?", "English"),
    ("neg", "Which of Zimbabwe's languages is not widely spoken?", "Ndebele"),
    ("ant", "What is the smallest city in Zimbabwe?", "Harare"),
]
H[(85, "Lisbon")] = [
    ("ans", "How many people live within the city's official boundaries?", ["552,700"]),
    (
        "ans",
        "What share of Portugal's people live in the metropolitan area?",
        ["approximately 27%", "27%"],
    ),
    ("ans", "Which river is Lisbon on?", ["the River Tagus", "River Tagus", "Tagus"]),
    (
        "ent",
        "What rank does Porto's urban area hold among the EU's most populous?",
        "11th-most populous urban area",
    ),
    ("num", "Which city has the 12th-most populous urban area in the EU?", "Lisbon"),
    ("exc", "Which other continental European capital lies on the Atlantic coast?", "Lisbon"),
]
H[(86, "Ameris Bancorp")] = [
    ("ans", "Under what name was the company first incorporated?", ["ABC Holding Company"]),
    ("ans", "How much did Ameris hold in deposits at the end of 2015?", ["$4.88 billion"]),
    (
        "ans",
        "Besides Georgia and Florida, name a state where Ameris serves customers.",
        ["Alabama", "South Carolina", "Tennessee"],
    ),
    (
        "cond",
        "Which company was the parent of ABC Holding Company when it was set up in 1980?",
        "American Banking Company",
    ),
    ("other", "How many people did Ameris employ in 2015?", "$514.8 million"),
    ("neg", "In which state does Ameris not offer banking services?", "Tennessee"),
]
H[(87, "John Bonney")] = [
    ("ans", "What position did Bonney play?", ["wingman"]),
    ("ans", "How many times did he break his nose?", ["9 times", "9"]),
    ("ans", "Which club rejected him when he called asking for a game?", ["Collingwood"]),
    ("ant", "Which club did Bonney turn away when it rang him?", "Collingwood"),
    ("ent", "Which season did Bonney miss because of a shoulder injury?", "1972 season"),
    ("num", "In which club's 1976 grand final team did Bonney play?", "St Kilda"),
]
H[(88, "Evangelical counsels")] = [
    ("ans", "By what other name are the evangelical counsels known?", ["counsels of perfection"]),
    ("ans", "What alternative term is given for poverty?", ["perfect charity"]),
    (
        "ans",
        "Catholics who take a public vow to live by the counsels belong to what?",
        ["the consecrated life", "consecrated life"],
    ),
    ("exc", "Which single counsel is binding upon all Christians?", "chastity"),
    (
        "cond",
        "What are the counsels called when they are required to attain eternal life?",
        "acts of supererogation",
    ),
    ("other", "Which pope defined the three evangelical counsels?", "Jesus of Nazareth"),
]
H[(89, "Oregon Nursery Company")] = [
    ("ans", "In which city did the company start out?", ["Salem, Oregon", "Salem"]),
    ("ans", "In what year did the firm go under?", ["1927"]),
    ("ans", "Which town did the company establish?", ["Orenco", "the town of Orenco"]),
    ("neg", "To which county did the company never move?", "Washington County"),
    ("ant", "East of which city was the Washington County site?", "Portland"),
    ("ent", "In which year did the town of Orenco go bankrupt?", "1927"),
]
H[(90, "Qvwm")] = [
    ("ans", "The look of which operating system does Qvwm copy?", ["Windows 95"]),
    (
        "ans",
        "Under which licence was it put out?",
        ["the GNU General Public License", "GNU General Public License", "GNU GPL"],
    ),
    (
        "ans",
        "What did a magazine call it in 2000?",
        ["an unusually impressive imposter", "unusually impressive imposter"],
    ),
    ("num", "What did Linux Format call Qvwm in 2010?", "an unusually impressive imposter"),
    (
        "exc",
        "Which Windows feature does Qvwm lack, the start menu or the taskbar?",
        "start menu",
    ),
    (
        "cond",
        "Under which licence was Qvwm re-released after it left the GNU GPL?",
        "GNU General Public License",
    ),
]
H[(92, "Aa Okkati Adakku")] = [
    ("ans", "What does the title mean in English?", ["Don't Ask That One"]),
    ("ans", "Who wrote the film's music?", ["Ilayaraja"]),
    ("ans", "What was the Kannada remake called?", ["Bal Nan Maga"]),
    ("other", "How much did the film earn at the box office?", "Blockbuster"),
    ("neg", "In which language was the film never remade?", "Kannada"),
    ("ant", "Which Telugu film was a remake of Mr. and Mrs. Khiladi?", "Aa Okkati Adakku"),
]
H[(93, "Donita Sparks")] = [
    ("ans", "With whom did she start L7?", ["Suzi Gardner"]),
    ("ans", "What was her first solo album?", ["Transmiticate"]),
    ("ans", "What is her role in the Lou Reed tribute band?", ["the drummer", "drummer"]),
    ("ent", "In which David Bowie tribute band does Sparks play drums?", "Lou Man Group"),
    ("num", "What solo record did Sparks put out in February 2018?", "Transmiticate"),
    ("exc", "What is the only instrument Sparks plays?", "guitarist"),
]
H[(95, "Bob Nielson")] = [
    (
        "ans",
        "Where does Nielson coach now?",
        ["the University of South Dakota", "University of South Dakota"],
    ),
    ("ans", "Which college did he lead immediately before Wartburg?", ["Ripon College"]),
    (
        "ans",
        "Which of the two did he coach first, Western Illinois or Wisconsin–Eau Claire?",
        [
            "the University of Wisconsin–Eau Claire",
            "University of Wisconsin–Eau Claire",
            "Wisconsin–Eau Claire",
        ],
    ),
    (
        "cond",
        "Which title did his Western Illinois team win in 2008?",
        "NCAA Division II National Football Championship",
    ),
    ("other", "What was Nielson's win-loss record at Western Illinois?", "2013–2015"),
    (
        "neg",
        "Which national title did the Bulldogs fail to win in 2010?",
        "NCAA Division II National Football Championship",
    ),
]
H[(96, "Metallica")] = [
    ("ans", "Where did the band come together?", ["Los Angeles"]),
    (
        "ans",
        "Who placed the newspaper ad that led to the band's founding?",
        ["Lars Ulrich", "drummer Lars Ulrich"],
    ),
    ("ans", "Which group did a former Metallica guitarist go on to found?", ["Megadeth"]),
    ("ant", "Whose advertisement did Lars Ulrich answer?", "James Hetfield"),
    ("ent", "Which band did Cliff Burton go on to form?", "Megadeth"),
    ("num", "In what city was the band formed in 1991?", "Los Angeles"),
]
H[(97, "Pilsworth")] = [
    ("ans", "What was the leisure park called?", ["Park 66"]),
    ("ans", "When did Pizza Hut shut?", ["December 2014"]),
    ("ans", "Besides Asda, which business is still open?", ["McDonald's"]),
    ("exc", "Which was the sole business that remained at the leisure park?", "Asda"),
    (
        "cond",
        "Which venue took the cinema's place after the Asda superstore shut?",
        "ten-pin bowling alley",
    ),
    ("other", "How many screens did the cinema have?", "66"),
]
H[(98, "Jingdezhen Ceramic Institute")] = [
    ("ans", "In which province is the institute?", ["Jiangxi province", "Jiangxi"]),
    (
        "ans",
        "What does the institute specialise in teaching?",
        ["ceramic arts", "the study of ceramic arts"],
    ),
    ("ans", "Name a well-known artist who graduated from it.", ["Jackson Li"]),
    ("neg", "Which subject does the institute not teach?", "ceramic arts"),
    ("ant", "At which institute did Jackson Li teach?", "Jingdezhen Ceramic Institute"),
    (
        "ent",
        "Which city in Guangdong province is historically important for ceramics?",
        "Jingdezhen",
    ),
]
M[(76, 0, "Montana")] = [
    ("ans", "When did Montana last back a Democratic presidential candidate?", ["1992"]),
    (
        "ans",
        "By how much did McCain carry the state?",
        ["two percent", "a narrow margin of two percent"],
    ),
    (
        "ans",
        "How often has Montana elected Democratic governors since 1889?",
        ["60 percent of the time", "60 percent"],
    ),
    ("num", "Who won Montana in the 1996 presidential election?", "Bill Clinton"),
    (
        "exc",
        "Which party has Montana backed in every presidential election since 1952?",
        "Republican",
    ),
    ("cond", "Who won Montana in 2008 after it stopped being a swing state?", "John McCain"),
]
M[(77, 1, "History of science")] = [
    (
        "ans",
        "Who measured the Earth's circumference correctly?",
        ["Eratosthenes", "the geographer Eratosthenes"],
    ),
    ("ans", "Who compiled the earliest systematic catalogue of stars?", ["Hipparchus"]),
    (
        "ans",
        "When did devices of comparable complexity show up again?",
        ["the 14th century", "14th century"],
    ),
    ("other", "Where was the Antikythera mechanism found?", "Europe"),
    ("neg", "What could the Antikythera mechanism not calculate?", "the position of planets"),
    (
        "ant",
        "Who was the last known person to propose a heliocentric model?",
        "Aristarchus of Samos",
    ),
]
M[(78, 4, "Eagle Mountain, Utah")] = [
    ("ans", "When was the municipality formally established?", ["December 3, 1996"]),
    ("ans", "How many residents did it have in 2010?", ["21,415"]),
    (
        "ans",
        "What class of city does state law now make it?",
        ["fourth-class city", "a fourth-class city", "fourth-class"],
    ),
    ("ent", "What was the population of Provo at the 2010 census?", "21,415"),
    ("num", "What was Eagle Mountain's legal status in 1990?", "town"),
    ("exc", "In which one direction from the Lake Mountains does the city lie?", "west"),
]
M[(79, 8, "Irrigation in India")] = [
    (
        "ans",
        "Which kind of irrigation system is the biggest in India?",
        ["groundwater system", "groundwater"],
    ),
    (
        "ans",
        "What share of India's farmland had dependable irrigation in 2010?",
        ["about 35%", "35%"],
    ),
    (
        "ans",
        "How much of India's cultivated land relies on the monsoon?",
        ["About 2 / 3rd", "2 / 3rd"],
    ),
    (
        "cond",
        "Which irrigation system became the largest after groundwater wells were phased out?",
        "canals",
    ),
    ("other", "How many dams are used for irrigation in India?", "35%"),
    ("neg", "What do irrigation dams not help produce?", "electricity"),
]
M[(80, 0, "Can Mr. Smith Get to Washington Anymore?")] = [
    ("ans", "Who made the documentary?", ["Frank Popper"]),
    ("ans", "Whose departure left the House seat open?", ["Dick Gephardt"]),
    ("ans", "Who was favoured to win the primary?", ["Russ Carnahan"]),
    ("ant", "Who challenged Jeff Smith as the underdog in the primary?", "Russ Carnahan"),
    (
        "ent",
        "Which documentary did Frank Capra direct in 2006?",
        "Can Mr. Smith Get to Washington Anymore?",
    ),
    ("num", "Whose 2008 primary campaign does the film follow?", "Jeff Smith"),
]
M[(82, 0, "Oklahoma City")] = [
    (
        "ans",
        "What is the river now called within the city?",
        ["the Oklahoma River", "Oklahoma River"],
    ),
    ("ans", "When was a flood-control dam put on the river?", ["the 1940s", "1940s"]),
    ("ans", "Which is the biggest of the city's large lakes?", ["Lake Stanley Draper"]),
    ("exc", "Which lake lies alone in the northwestern quarter of the city?", "Lake Hefner"),
    (
        "cond",
        "What did the river destroy in its yearly floods after the 1940s dam was built?",
        "original Oklahoma City Zoo",
    ),
    ("other", "What is the surface area of Lake Stanley Draper?", "largest"),
]
M[(83, 1, "Metropolis Coffee Company")] = [
    ("ans", "Besides the US and Canada, where does the company supply coffee?", ["Korea"]),
    ("ans", "How much did it give to Oxfam per pound sold?", ["$2"]),
    ("ans", "Which publication rated it Chicago's top place to purchase beans?", ["Newcity"]),
    ("neg", "In which country does Metropolis not supply cafes?", "Korea"),
    (
        "ant",
        "Which company named Newcity the best place in Chicago to buy beans?",
        "Metropolis Coffee Company",
    ),
    ("ent", "What did Metropolis donate to the Red Cross for each pound sold?", "$2"),
]
M[(84, 3, "Institute of technology")] = [
    ("ans", "What is the Swedish word for a Finnish polytechnic?", ["yrkeshögskola"]),
    (
        "ans",
        "What English name did some polytechnics take up after 2006?",
        ["university of applied sciences"],
    ),
    (
        "ans",
        "What is the German-speaking counterpart of the ammattikorkeakoulu?",
        ["the Fachhochschule", "Fachhochschule"],
    ),
    ("num", "What higher degree have Finnish polytechnics offered since 1996?", "master's degrees"),
    ("exc", "Which single country's hogeschool resembles the ammattikorkeakoulu?", "Belgium"),
    (
        "cond",
        "Which degree did the polytechnics award after they merged with academic universities?",
        "Bachelor of Engineering",
    ),
]
M[(85, 3, "Henry Worrall (artist)")] = [
    ("ans", "Which instrument did he teach at a women's college?", ["guitar"]),
    ("ans", "In which Kansas city did he make his home?", ["Topeka"]),
    ("ans", "Besides Oliver Ditson, who published some of his music?", ["J.L. Peters & Bros."]),
    ("other", "Which magazine did Worrall draw cartoons for?", "Punch"),
    ("neg", "In which state did Worrall never work?", "Ohio"),
    ("ant", "Which club did Worrall break up in Cincinnati?", "Cincinnati Sketch Club"),
]
M[(86, 6, "Tarski's circle-squaring problem")] = [
    (
        "ans",
        "Who proved that the disc can be cut up and rearranged into the square?",
        ["Miklós Laczkovich"],
    ),
    (
        "ans",
        "Which principle does Laczkovich's proof lean on heavily?",
        ["the axiom of choice", "axiom of choice"],
    ),
    ("ans", "What kind of pieces did the 2017 solution use?", ["Borel pieces", "Borel"]),
    ("ent", "What problem did Andrew Marks pose in 1925?", "Tarski's circle-squaring problem"),
    ("num", "Who gave a constructive solution in 2007?", "Andrew Marks and Spencer Unger"),
    ("exc", "Who alone produced the constructive solution in 2017?", "Andrew Marks"),
]
M[(87, 2, "List of goaltenders who have scored a goal in an NHL game")] = [
    ("ans", "Who was the first goalie to actually shoot the puck into the net?", ["Ron Hextall"]),
    ("ans", "How many of Brodeur's goals came in the regular season?", ["two"]),
    ("ans", "On what date was Billy Smith credited with his goal?", ["November 28, 1979"]),
    ("cond", "Who scored the first goalie goal after Mike Smith's in 2013?", "Martin Brodeur"),
    ("other", "Against which team did Billy Smith score?", "Philadelphia Flyers"),
    ("neg", "For which team has Martin Brodeur never played?", "New York Islanders"),
]
M[(90, 11, "Naomie Harris")] = [
    ("ans", "On which children's show did she first appear?", ["Simon and the Witch"]),
    ("ans", "Whom did she portray in the Nelson Mandela biopic?", ["Winnie Mandela"]),
    ("ans", "Besides Skyfall, in which Bond film did she appear?", ["Spectre"]),
    ("neg", "For which award was her Moonlight role not nominated?", "BAFTA"),
    ("ant", "Which award did Harris win for Moonlight?", "the Academy Award"),
    ("ent", "Which role did Harris play in 28 Weeks Later?", "Selena"),
]
M[(93, 2, "Unhitched")] = [
    ("ans", "What was the show's earlier title?", ["The Rules for Starting Over"]),
    (
        "ans",
        "How much later than planned did the premiere air?",
        ["30 minutes", "30 minutes later"],
    ),
    (
        "ans",
        "Besides Kevin Barnett, who created the show?",
        ["Mike Bernier", "Chris Pappas"],
    ),
    ("num", "Which network aired the show in March 2009?", "Fox"),
    ("exc", "Who alone directed the pilot?", "Bobby Farrelly"),
    (
        "cond",
        "Who directed the first episode of the show's second season?",
        "Bobby and Peter Farrelly",
    ),
]
M[(95, 3, "Eswatini")] = [
    ("ans", "What share of the people follow traditional beliefs?", ["15%"]),
    ("ans", "Who became Africa's first female bishop?", ["Ellinah Wamukoya"]),
    ("ans", "How many Jewish families live in the country?", ["14"]),
    ("other", "Who was Anglican Bishop of Swaziland before Wamukoya?", "Ellinah Wamukoya"),
    ("neg", "Which religion is not practised in Swaziland?", "Hinduism"),
    ("ant", "When was Ellinah Wamukoya removed as Anglican Bishop of Swaziland?", "18 July 2012"),
]
M[(96, 9, "Privilege (Ivor Cutler album)")] = [
    ("ans", "Which label first issued the record?", ["Rough Trade Records", "Rough Trade"]),
    ("ans", "Who shares the credit on the LP with Cutler?", ["Linda Hirst"]),
    ("ans", "Besides Jim O'Rourke, who has covered the closing track?", ["YACHT"]),
    ("ent", "For what kind of music is Linda Hirst better known?", "improvisational music"),
    (
        "num",
        "On which 2003 album did YACHT cover the song?",
        "I Believe In You. Your Magic Is Real.",
    ),
    ("exc", "Which single instrument accompanies Cutler's vocals on the album?", "keyboards"),
]
M[(97, 4, "The Monster (novella)")] = [
    (
        "ans",
        "In what imaginary town is the story set?",
        ["Whilomville", "Whilomville, New York"],
    ),
    ("ans", "Whom does Henry rescue from the fire?", ["Trescott's son"]),
    (
        "ans",
        "What happens to the doctor's family because he protects Henry?",
        ["exclusion from the community", "his family's exclusion from the community"],
    ),
    ("cond", "Whom did Henry save from a fire after he was disfigured?", "Trescott's son"),
    ("other", "Which publisher first issued The Monster?", "Stephen Crane"),
    ("neg", "What job does Henry Johnson not do for Dr. Trescott?", "coachman"),
]
M[(98, 8, "John Aaron Rawlins")] = [
    ("ans", "What rank did Rawlins reach during the war?", ["brevet major general"]),
    ("ans", "Which cabinet post was he given?", ["Secretary of War"]),
    (
        "ans",
        "Against what charges did he defend Grant?",
        ["allegations of insobriety", "insobriety"],
    ),
    ("ant", "Of whom was Rawlins the chief accuser?", "Ulysses S. Grant"),
    ("ent", "Which post was Rawlins given when Lincoln was elected president?", "Secretary of War"),
    ("num", "In which army did Rawlins serve as a general in 1831?", "Union Army"),
]
M[(99, 5, "Nacoochee Mound")] = [
    (
        "ans",
        "On which river does the site stand?",
        ["the Chattahoochee River", "Chattahoochee River", "Chattahoochee"],
    ),
    ("ans", "How many human remains did the dig uncover?", ["a total of 75", "75"]),
    (
        "ans",
        "During which period did Mississippian peoples live there most intensively?",
        ["from 1350 to 1600 CE", "1350 to 1600 CE"],
    ),
    ("exc", "Which culture was the only one to occupy the site?", "Mississippian culture"),
    (
        "cond",
        "Which peoples built the platform mound before the site was first occupied?",
        "South Appalachian Mississippian culture",
    ),
    ("other", "Who led the professional excavation?", "Smithsonian"),
]


def main() -> None:
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqside2b",
        HERE / "squad2_style_side2b.json",
        *sources(sys.argv),
        records=RECORDS,
        counts=(20, 18),
        exclusive=True,
    )


if __name__ == "__main__":
    main()
