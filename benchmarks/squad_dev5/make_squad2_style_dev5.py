"""Write squad2_style_dev5.json: SQuAD 2.0-style questions over HotpotQA and MuSiQue.

A fifth development set. The questions were written by hand by a writer who had not
seen the reader, over 20 paragraphs of records 1-50 (index 0-49) of
``hotpotqa-train100-distractor.json`` and 20 paragraphs of records 1-50 of
``musique-ans-train100.json``; records 51-100 are calibration/held-out data and are never
read (both files are sliced before use). No paragraph (title or text) is one already used
by ``squad_dev``, ``squad_dev2``, ``squad_dev3`` or ``squad_dev4``; this script checks
that. It only joins each HotpotQA paragraph's sentences (MuSiQue text is taken as it is),
computes every answer's character offset (word-bounded first occurrence) and checks it,
so that the JSON can be rebuilt and reviewed. Kinds of unanswerable question are in the
id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev5/make_squad2_style_dev5.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, dev_sets_before, sources  # noqa: E402

EARLIER = dev_sets_before(5)
Question = tuple[str, str, object]
# HotpotQA: (record index 0-49, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 0-49, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(1, "The Prestige (film)")] = [
    ("ans", "Whose book did the Nolan brothers adapt for the screen?", ["Christopher Priest"]),
    ("ans", "Which rock star took the part of Nikola Tesla?", ["David Bowie"]),
    (
        "ans",
        "Besides Scarlett Johansson, name an actress in the supporting cast.",
        ["Piper Perabo", "Rebecca Hall"],
    ),
    ("ent", "Who wrote the 1995 novel Batman Begins?", "Christopher Priest"),
    ("cond", "Which actor played Nikola Tesla after Bowie left the production?", "David Bowie"),
    ("neg", "Which actor from Batman Begins does not return in the film?", "Bale"),
]
H[(3, "List of North Carolina hurricanes (1980–99)")] = [
    (
        "ans",
        "Roughly how many storms struck North Carolina in the period?",
        ["approximately 68", "68"],
    ),
    ("ans", "Which year saw the most cyclones strike the state?", ["1985", "the 1985 season"]),
    (
        "ans",
        "How much harm, in dollars, did the period's storms do altogether?",
        ["around $10\u00a0billion", "$10\u00a0billion"],
    ),
    ("exc", "In which year of the period did no tropical cyclone affect the state?", "1985"),
    ("num", "How many cyclones affected the state in the 1986 season?", "Eight"),
    ("ant", "Which hurricanes caused the least damage in the state?", "Fran and Floyd"),
]
H[(5, "Hawaii's 2nd congressional district")] = [
    ("ans", "How far does the district stretch?", ["331 miles"]),
    ("ans", "What is the biggest town lying wholly inside the district?", ["Hilo"]),
    (
        "ans",
        "Besides tourism and ranching, what is a major part of the local economy?",
        ["agriculture"],
    ),
    ("neg", "Which county is not part of the district?", "Kauai"),
    ("other", "Who represents the district in Congress?", "Hilo"),
    ("ant", "What is the least populous community in the district?", "Hilo"),
]
H[(7, "Two Dollar Radio")] = [
    ("ans", "In which city is the publisher located?", ["Columbus, Ohio", "Columbus"]),
    ("ans", "What sort of writing does the house concentrate on?", ["literary fiction"]),
    ("ans", "What is its low-cost movie arm called?", ["Moving Pictures"]),
    ("neg", "Which kind of fiction does the press not publish?", "literary fiction"),
    (
        "cond",
        "With whom did Eliza Jane Wood-Obenauf run the press after her divorce?",
        "Brian Obenauf",
    ),
    ("other", "Who manages the Two Dollar Radio Headquarters bookstore?", "Eric Obenauf"),
]
H[(9, "NASCAR Kart Racing")] = [
    ("ans", "On which console did the game come out?", ["Wii", "the Wii console"]),
    ("ans", "How many made-up racers does the game include?", ["ten"]),
    ("ans", "Besides Joey Logano, which racer has to be unlocked?", ["Richard Petty"]),
    ("num", "On what date was the game released for the Wii in 2008?", "February 10, 2009"),
    ("exc", "Which fictional driver appears on the cover?", "Carl Edwards"),
    ("neg", "Which cover driver is not a real NASCAR driver?", "Carl Edwards"),
]
H[(17, "Vic Darchinyan")] = [
    ("ans", "What is the boxer's nationality?", ["Armenian"]),
    ("ans", "Until what year was he the IBF flyweight champion?", ["2007"]),
    ("ans", "How many IBO belts has he held?", ["four", "a record four"]),
    (
        "cond",
        "Which title did Darchinyan win after he retired in 2010?",
        "lineal super-flyweight titles",
    ),
    ("ant", "Which title did Darchinyan lose in 2004?", "IBF flyweight title"),
    ("other", "Whom did Darchinyan beat to win the IBF flyweight title?", "Darchinyan"),
]
H[(19, "The Most Dangerous Game (film)")] = [
    ("ans", "Who wrote the tale the picture was based on?", ["Richard Connell"]),
    (
        "ans",
        "Whose sets were used for the night filming?",
        ['the "King Kong" jungle sets', '"King Kong" jungle sets'],
    ),
    ("ans", "What prey does the island's hunter go after for fun?", ["humans"]),
    ("ent", "Who wrote the 1933 film King Kong?", "Richard Connell"),
    ("cond", "Who played the big game hunter after Joel McCrea was fired?", "Leslie Banks"),
    ("neg", "Which King Kong lead did not appear in the film?", "Robert Armstrong"),
]
H[(21, "David Cruz Thayne")] = [
    ("ans", "To which party does Thayne belong?", ["Democratic"]),
    ("ans", "Whose election campaign did he once run?", ["Scott Howell"]),
    ("ans", "In what region is his business based?", ["Southern California"]),
    (
        "cond",
        "Which district did Thayne represent after winning in 2012?",
        "California’s 26th Congressional District",
    ),
    ("ant", "Who served as chief of staff to David Cruz Thayne?", "Scott Howell"),
    (
        "other",
        "What are the titles of Thayne's tennis documentaries?",
        "two tennis oriented documentaries",
    ),
]
H[(23, "Julia Gillard")] = [
    ("ans", "Gillard was the country's prime minister by what number?", ["27th", "the 27th"]),
    ("ans", "Which party did she lead?", ["the Australian Labor Party", "Australian Labor Party"]),
    ("ans", "On what date was she born?", ["29 September 1961"]),
    (
        "neg",
        "Which cabinet post did Gillard not hold between 2007 and 2010?",
        "Minister for Education",
    ),
    ("num", "Who was the 13th Prime Minister of Australia?", "Julia Eileen Gillard"),
    ("exc", "Who was the last woman to lead Australia before Gillard?", "Julia Eileen Gillard"),
]
H[(25, "Malaysia National Basketball League")] = [
    (
        "ans",
        "Which body runs the league?",
        ["the Malaysia Basketball Association", "Malaysia Basketball Association", "MABA"],
    ),
    (
        "ans",
        "Under what name did the competition begin?",
        ["Malaysian Basketball League", "Malaysian Basketball League (MBL)"],
    ),
    ("ans", "In what year was the league given its present name?", ["2002"]),
    ("ent", "Whom did the MBL put in charge of the competition in 2002?", "Tan Kee Hian"),
    ("num", "Who was appointed to run the competition in 1981?", "Tan Kee Hian"),
    ("other", "Which team has won the most MNBL titles?", "Petronas-Molten"),
]
H[(27, "Buffalo Bills")] = [
    ("ans", "In which stadium do the Bills host opponents?", ["New Era Field"]),
    (
        "ans",
        "At which school do the Bills hold their summer practice?",
        ["St. John Fisher College"],
    ),
    (
        "ans",
        "Which of the two plays its home games inside New York State, the Bills or the Giants?",
        ["The Bills", "Bills"],
    ),
    (
        "exc",
        "Which other NFL team plays its home games in the state of New York?",
        "New York Giants",
    ),
    ("ant", "Which town is a western suburb of Rochester?", "Pittsford, New York"),
    (
        "cond",
        "Where did the Bills play their home games after moving to New Jersey?",
        "MetLife Stadium",
    ),
]
H[(29, "Aircraft carrier")] = [
    ("ans", "What is a carrier, in essence?", ["a seagoing airbase", "seagoing airbase"]),
    ("ans", "What did the first wooden carriers send aloft?", ["balloons"]),
    (
        "ans",
        "Which heavy planes can take off from a carrier but almost never land on one?",
        ["fixed-wing gunships and bombers"],
    ),
    (
        "ant",
        "What kind of aircraft is it virtually impossible to launch from a carrier?",
        "heavier aircraft",
    ),
    (
        "cond",
        "For what do carriers depend on local bases when they project air power?",
        "staging aircraft operations",
    ),
    ("other", "Which navy operates the most aircraft carriers?", "fleet"),
]
H[(31, "Amazing Radio")] = [
    ("ans", "On what kind of radio was the station first heard?", ["digital radio"]),
    ("ans", "How long had the Birdsong test been on air?", ["a year and a half"]),
    ("ans", "In which two cities can it again be heard on DAB?", ["London and Dublin"]),
    ("neg", "Which genre does the station not play?", "jazz"),
    ("exc", "In which year did the station leave DAB for good?", "2012"),
    ("other", "Who founded Amazing Radio?", "Digital One"),
]
H[(33, "Jim Denney (ski jumper born 1957)")] = [
    (
        "ans",
        "Which did Denney win first, the national title or the World Cup event in Finland?",
        ["the US ski jumping championship", "US ski jumping championship"],
    ),
    ("ans", "Where did he win a World Cup normal hill event?", ["Lahti, Finland", "Lahti"]),
    ("ans", "How far was his record jump at Papoose Peak?", ["97.5 m.", "97.5 m"]),
    ("neg", "Which Winter Olympics did Denney not take part in?", "1980 Winter Olympics"),
    ("num", "Where did Denney win the World Cup normal hill event in 1980?", "Lahti, Finland"),
    ("exc", "Who broke Denney's hill record at Papoose Peak?", "Jim Denney"),
]
H[(35, "Pookey Bleum")] = [
    ("ans", "In what town did the band get together?", ["Ames, Iowa", "Ames"]),
    ("ans", "Who stayed in the band longer, Dan Thayer or Patrick Fleming?", ["Patrick Fleming"]),
    ("ans", "Which label did members of the band set up?", ["BiFi Records"]),
    ("ant", "Who joined the band shortly after it was formed?", "Dan Thayer"),
    ("num", "Who played lead guitar from 1996 to 2001?", "Patrick Fleming"),
    ("cond", "Which album did the band release after reuniting in 2001?", "Lo-Fi Rainbow"),
]
H[(39, "Armando Iannucci's Charm Offensive")] = [
    ("ans", "On which station was the programme heard?", ["BBC Radio 4"]),
    ("ans", "Who does the show's voice-over work?", ["Vaughan Savidge"]),
    (
        "ans",
        "Besides The News Quiz, which programme shared its Friday evening slot?",
        ["The Now Show"],
    ),
    (
        "cond",
        "To which slot did the show move after its first series was cancelled?",
        "Friday evening slot",
    ),
    ("ent", "Who hosts The News Quiz?", "Armando Iannucci"),
    ("cond", "What did the panel talk about after the show moved to television?", "current events"),
]
H[(41, "Pawn Shop Chronicles")] = [
    ("ans", "Under what other title is the film known?", ["Hustlers"]),
    ("ans", "Who penned the film?", ["Adam Minarovich"]),
    ("ans", "How many intertwined tales does it tell?", ["three"]),
    ("ent", "Which 2013 film did Adam Minarovich direct?", "Pawn Shop Chronicles"),
    ("exc", "Which of Walker's films came out after his death?", "Pawn Shop Chronicles"),
    ("neg", "Which of the lead actors does not appear in the film?", "Chi McBride"),
]
H[(43, "Indonesia Super League All-Star Game")] = [
    ("ans", "What is the game called in Indonesian?", ["ISL Perang Bintang"]),
    (
        "ans",
        "At what point in the season is the game normally staged?",
        ["during the half season break", "the half season break"],
    ),
    ("ans", "How many all-star games had been played since 1994?", ["3"]),
    ("neg", "Which model was not used in the three all-star games?", "the true all-star game"),
    ("exc", "Who picks the players instead of the fans?", "Football fans"),
    ("other", "Which team won the 1995 all-star game?", "both participating teams"),
]
H[(45, "Genovese crime family New Jersey faction")] = [
    (
        "ans",
        "Since what period has the faction been strong in the north of the state?",
        ["the prohibition era", "prohibition era"],
    ),
    ("ans", "What rank did Willie Moretti hold in the family?", ["underboss"]),
    (
        "ans",
        "Who led the New Jersey group up to his death?",
        ['Tino "the Greek" Fiumara', "Fiumara"],
    ),
    (
        "ant",
        "In which activities has the faction lost power over the years?",
        "labor racketeering, loansharking, extortion, and illegal gambling",
    ),
    (
        "cond",
        "Who took control of the faction after Moretti died in 2010?",
        'Tino "the Greek" Fiumara',
    ),
    ("other", "Who took over the faction after Fiumara died?", 'Guarino "Willie" Moretti'),
]
H[(49, "Build Me Up from Bones")] = [
    ("ans", "Besides Brandon Bell, who did extra engineering on the record?", ["Shani Gandhi"]),
    ("ans", "At which Nashville studio was it made?", ["Minutia Studios"]),
    ("ans", "For which Grammy was the album up?", ["Best Folk Album"]),
    (
        "ent",
        "Which album did Gary Paczosa release on Sugar Hill Records in 2013?",
        "Build Me Up From Bones",
    ),
    ("num", "Where was Jarosz's fourth studio album recorded?", "Minutia Studios"),
    ("exc", "Which Grammy did the title track win?", "Best American Roots Song"),
]
M[(0, 4, "Riemann integral")] = [
    ("ans", "Which mathematician devised the first rigorous integral?", ["Bernhard Riemann"]),
    (
        "ans",
        "To the faculty of which university was the definition first put?",
        ["the University of Göttingen", "University of Göttingen"],
    ),
    ("ans", "In what year did it finally appear in a journal?", ["1868"]),
    ("num", "To which faculty was the integral presented in 1868?", "University of Göttingen"),
    ("ant", "What was the last rigorous definition of the integral?", "the Riemann integral"),
    ("other", "Which journal published Riemann's definition?", "University of Göttingen"),
]
M[(6, 0, "Taubenklippe")] = [
    (
        "ans",
        "In which mountain range is the crag found?",
        ["the Harz mountains", "Harz mountains", "Harz"],
    ),
    ("ans", "Between which two towns does it sit about midway?", ["Bad Harzburg and Ilsenburg"]),
    ("ans", "How long is the walk up from Ilsenburg?", ["some 6\u00a0km", "6\u00a0km"]),
    ("other", "At what height does the Taubenklippe stand?", "eastern slopes of the Ecker valley"),
    ("ant", "What is the lowest mountain in the Harz?", "the Brocken"),
    ("ent", "In which town does the footpath to the Brocken start?", "Ilsenburg"),
]
M[(8, 17, "Nora Ibsen")] = [
    (
        "ans",
        "What does Nora Ibsen do for a living?",
        ["theatrical producer", "a Norwegian theatrical producer"],
    ),
    ("ans", "How many separate happenings made up the Ibsen Year?", ["8213"]),
    ("ans", "How many nations joined in the commemoration?", ["83"]),
    ("num", "How many countries took part in the 1906 commemoration?", "83"),
    ("ent", "In what year was Henrik Ibsen born?", "1951"),
    ("other", "Which country hosted the most Ibsen Year events?", "Norway"),
]
M[(10, 5, "Nuclear arms race")] = [
    (
        "ans",
        "What had held back Soviet work on the bomb during the war?",
        ["a lack of uranium", "lack of uranium"],
    ),
    ("ans", "Which was built first, Fat Man or the first Soviet bomb?", ["Fat Man"]),
    ("ans", "What did the West call the device?", ["First Lightning"]),
    ("ant", "Of which Soviet bomb was Fat Man a copy?", "First Lightning"),
    ("neg", "Which of its bombs did the United States not drop on Japan?", "Fat Man"),
    ("other", "Who led the Soviet atomic bomb project?", "the Soviet government"),
]
M[(12, 2, "David Bowie")] = [
    ("ans", "After which 19th-century figure did Bowie rename himself?", ["James Bowie"]),
    ("ans", "Which Monkees member shared the singer's earlier stage name?", ["Davy Jones"]),
    (
        "ans",
        "How long after The Laughing Gnome did his first album come out?",
        ["six weeks", "six weeks later"],
    ),
    ("ent", "Which Monkees single failed to chart in April 1967?", "The Laughing Gnome"),
    ("exc", "How high did The Laughing Gnome climb in the charts?", "failed to chart"),
    ("neg", "Which style was not part of the album's mix?", "music hall"),
]
M[(14, 0, "Pleasant Plains, New Jersey")] = [
    ("ans", "In which township does the place lie?", ["Franklin Township"]),
    ("ans", "How many people lived in the CDP at the 2010 count?", ["922"]),
    (
        "ans",
        "By what route number is South Middlebush Road also known?",
        ["County Route 615", "615"],
    ),
    ("neg", "Which road does not meet South Middlebush Road in Pleasant Plains?", "Suydam Roads"),
    ("num", "What was the CDP's population in 2000?", "922"),
    ("exc", "Which road marks the northern boundary of Pleasant Plains?", "South Middlebush Road"),
]
M[(16, 1, "Futura International Airways")] = [
    (
        "ans",
        "On the grounds of which airport was the airline's head office?",
        ["Palma de Mallorca Airport"],
    ),
    ("ans", "When did the company stop trading?", ["the 8 September 2008", "8 September 2008"]),
    ("ans", "What failure made the company shut down?", ["failing to re-finance itself"]),
    ("ant", "When did the company start trading?", "8 September 2008"),
    ("exc", "In which country outside Europe did Futura fly scheduled services?", "Spain"),
    ("cond", "Where did the airline fly after it re-financed itself in 2008?", "Europe"),
]
M[(18, 1, "Madonna (book)")] = [
    ("ans", "Who wrote the biography?", ["Andrew Morton"]),
    ("ans", "Which firm brought the book out in Britain?", ["Michael O'Mara Books"]),
    (
        "ans",
        "Which came out first, the American or the British edition?",
        ["the United States", "United States"],
    ),
    (
        "exc",
        "Which publisher brought out both the American and the British editions?",
        "St. Martin's Press",
    ),
    ("ent", "Who is the president of Michael O'Mara Books?", "Sally Richardson"),
    ("other", "How many copies of the biography were sold?", "November 2001"),
]
M[(20, 0, "Christopher Dow (author)")] = [
    ("ans", "How many novels has Dow written?", ["four"]),
    ("ans", "For how long has he practised t'ai chi?", ["more than 30 years", "30 years"]),
    (
        "ans",
        "Besides Tai Chi Magazine and Inside Kung Fu, where have his articles appeared?",
        ["Yoga Journal"],
    ),
    (
        "ant",
        "What was the last nationally sanctioned kung fu tournament in the United States?",
        "the U.S. National Chinese Martial Arts Competition",
    ),
    ("ent", "Who founded the U.S. National Chinese Martial Arts Competition?", "Christopher Dow"),
    (
        "cond",
        "Which tournament did Dow win as a t'ai chi competitor?",
        "U.S. National Chinese Martial Arts Competition",
    ),
]
M[(24, 1, "Craft and Folk Art Museum")] = [
    ("ans", "What is the museum called today?", ["The Craft Contemporary", "Craft Contemporary"]),
    ("ans", "Which commercial gallery came before the museum?", ["The Egg and The Eye"]),
    (
        "ans",
        "What dishes was the mezzanine restaurant known for?",
        ["ethnically inspired omelettes", "omelettes"],
    ),
    ("num", "On what date did the restaurant close in 1999?", "June 30, 1989"),
    ("exc", "When did the renovated museum close for good?", "February 11, 1999"),
    ("other", "Who founded The Egg and The Eye?", "the commercial gallery"),
]
M[(26, 0, "Steven Spielberg")] = [
    (
        "ans",
        "Who made Spielberg a knight of the Légion d'honneur?",
        ["Jacques Chirac", "president Jacques Chirac"],
    ),
    ("ans", "Who narrated the filmed life story?", ["Tom Hanks"]),
    ("ans", "Which composer often works with Spielberg?", ["John Williams"]),
    ("ent", "Who narrated Saving Private Ryan?", "Tom Hanks"),
    ("num", "Which honour did Spielberg receive in 2005?", "Légion d'honneur"),
    (
        "ant",
        "Which award did Spielberg get at the Chicago festival's Winter Gala?",
        "Gold Hugo Lifetime Achievement Award",
    ),
]
M[(28, 3, "ReNew Power")] = [
    ("ans", "In which city does ReNew have its headquarters?", ["Gurgaon", "Gurgaon, Haryana"]),
    (
        "ans",
        "How much generating capacity has the company installed?",
        ["more than 1000 MegaWatt", "1000 MegaWatt"],
    ),
    ("ans", "Who opened the wind farm at Jasdan?", ["Narendra Modi", "Shri. Narendra Modi"]),
    (
        "num",
        "In which district did ReNew commission its first wind farm in 2015?",
        "Rajkot district",
    ),
    ("exc", "Which state holds both ReNew's headquarters and its first wind farm?", "Gujarat"),
    ("neg", "In which state does ReNew not have installed capacity?", "Rajasthan"),
]
M[(30, 1, "Lord Kitchener Wants You")] = [
    ("ans", "Who created the original advertisement?", ["Alfred Leete"]),
    (
        "ans",
        "What government post did Kitchener have?",
        ["Secretary of State for War", "British Secretary of State for War"],
    ),
    (
        "ans",
        "Besides the United States, where was the poster imitated?",
        ["the Soviet Union", "Soviet Union"],
    ),
    ("ant", "Who turned the recruitment poster into a 1914 advertisement?", "Alfred Leete"),
    ("num", "What did Alfred Leete create in 1941?", "advertisement"),
    ("other", "Which American poster imitated the image?", "the United States"),
]
M[(32, 0, "Poland Comes First")] = [
    ("ans", "From which party did PJN split off?", ["Law and Justice", "Law and Justice (PiS)"]),
    ("ans", "How many seats in the Sejm did the party hold by early 2011?", ["eighteen"]),
    ("ans", "By what other name is the party known in English?", ["Poland is the Most Important"]),
    ("ent", "Who led Law and Justice?", "Jarosław Gowin"),
    (
        "cond",
        "How many Sejm members did the party keep after it joined Poland Together?",
        "eighteen",
    ),
    ("neg", "In which body did the party have no members by early 2011?", "the Senate"),
]
M[(34, 1, "Namibia")] = [
    ("ans", "What place did Namibia reach on the index in 2010?", ["21", "position 21"]),
    ("ans", "Which organisation compiles the Press Freedom Index?", ["Reporters without Borders"]),
    ("ans", "Where was Namibia ranked in 2013?", ["19th"]),
    ("num", "What position did Namibia hold in 2011?", "21"),
    ("ant", "Which was the worst-placed African country in 2010?", "Namibia"),
    ("exc", "Which African country ranked above Namibia in 2010?", "Canada"),
]
M[(36, 0, "Petroleum refining in the United States")] = [
    (
        "ans",
        "How much refined product did US plants turn out each day in 2013?",
        ["18.9 million barrels per day", "18.9 million barrels"],
    ),
    ("ans", "In what year did the country start exporting more than it imported?", ["2010"]),
    ("ans", "How many refineries were working in January 2015?", ["137"]),
    ("num", "In how many states were there refineries in 2008?", "30"),
    ("neg", "In which year after 2010 was the US not a net exporter?", "2008"),
    ("other", "Which state has the most refineries?", "30 states"),
]
M[(38, 0, "History of South Africa")] = [
    (
        "ans",
        "Under which law was the Union set up?",
        ["the South Africa Act 1909", "South Africa Act 1909"],
    ),
    ("ans", "How many colonies were joined together?", ["four"]),
    ("ans", "On what date did the dominion come to an end?", ["31 May 1961"]),
    ("neg", "Which colony was not merged into the Union?", "Natal Colony"),
    (
        "num",
        "What name did the country take after the 1934 referendum?",
        "Republic of South Africa",
    ),
    (
        "ent",
        "Which colonies did the Status of the Union Act amalgamate?",
        "Cape Colony, Natal Colony, Transvaal Colony, and Orange River Colony",
    ),
]
M[(40, 2, "Samuel Coleridge-Taylor")] = [
    ("ans", "In which district was the composer born?", ["Holborn, London", "Holborn"]),
    ("ans", "Where was his father from?", ["Sierra Leone"]),
    (
        "ans",
        "After whom did his mother name him?",
        ["the poet Samuel Taylor Coleridge", "Samuel Taylor Coleridge"],
    ),
    ("ent", "Whose parents were not married when Daniel Taylor was born?", "Alice Hare Martin"),
    ("ent", "Where did Alice Martin study medicine?", "the capital"),
    ("cond", "Where did Daniel Taylor go after learning that Alice was pregnant?", "Africa"),
]
M[(42, 0, "Bogotá")] = [
    ("ans", "What was the city called between 1991 and 2000?", ["Santafé de Bogotá"]),
    ("ans", "Of which country is Bogotá the capital?", ["Colombia"]),
    ("ans", "Which department is it often wrongly taken to belong to?", ["Cundinamarca"]),
    ("ant", "What is the smallest city of Colombia?", "Bogotá"),
    (
        "cond",
        "What was the city called after it stopped being Colombia's capital?",
        "Santafé de Bogotá",
    ),
    ("exc", "As part of which department is Bogotá administered?", "Cundinamarca"),
]
M[(44, 7, "Nigeria")] = [
    ("ans", "Which river gave the country its name?", ["the Niger River", "Niger River"]),
    ("ans", "Which journalist came up with the name?", ["Flora Shaw"]),
    ("ans", "Whom did she later marry?", ["Lord Lugard"]),
    ("ent", "Which British journalist did Flora Shaw marry?", "Lord Lugard"),
    ("cond", "Whom had Flora Shaw married before she coined the name?", "Lord Lugard"),
    ("other", "What does the Tuareg name egerew n-igerewen mean?", "river"),
]


def main() -> None:
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqdev5",
        HERE / "squad2_style_dev5.json",
        *sources(sys.argv),
    )


if __name__ == "__main__":
    main()
