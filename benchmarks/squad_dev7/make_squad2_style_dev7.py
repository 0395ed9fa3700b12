"""Write squad2_style_dev7.json: SQuAD 2.0-style questions over HotpotQA and MuSiQue.

A seventh development set. The questions were written by hand by a writer who had not
seen the reader, over 20 paragraphs of records 1-50 (index 0-49) of
``hotpotqa-train100-distractor.json`` and 20 paragraphs of records 1-50 of
``musique-ans-train100.json``; records 51-100 are never read (both files are blanked
outside the record range on loading). No paragraph (title or text) is one already used by
``squad_dev``, ``squad_dev2``, ``squad_dev3``, ``squad_dev4``, ``squad_dev5`` or
``squad_dev6``; this script checks that. It only joins each HotpotQA paragraph's sentences
(MuSiQue text is taken as it is), computes every answer's character offset (word-bounded
first occurrence) and checks it, so that the JSON can be rebuilt and reviewed. Kinds of
unanswerable question are in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev7/make_squad2_style_dev7.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, dev_sets_before, sources  # noqa: E402

RECORDS = range(0, 50)  # records 1-50
EARLIER = dev_sets_before(7)
# Unanswerable kinds, assigned three per paragraph in paragraph order by this rotation.
ROTATION = ("other", "neg", "ant", "ent", "num", "exc", "cond")
Question = tuple[str, str, object]
# HotpotQA: (record index 0-49, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 0-49, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(17, "Boxing in Armenia")] = [
    ("ans", "What is the literal meaning of the Armenian name for the sport?", ["fist fight"]),
    ("ans", "In which year did Yengibaryan take an Olympic title for the Soviets?", ["1956"]),
    (
        "ans",
        "Besides Arthur Abraham, which Armenian boxer won several professional world titles?",
        ["Vic Darchinyan"],
    ),
    (
        "other",
        "Where did the first amateur boxing schools in Armenia open?",
        "the Armenian Highland",
    ),
    ("neg", "In what period did boxing not exist in the Armenian Highland?", "ancient times"),
    ("ant", "Who was the last man to open boxing schools in Armenia?", "Vladimir Yengibarian"),
]
H[(24, "John William Waterhouse")] = [
    ("ans", "On what date was the painter born?", ["6 April 1849"]),
    (
        "ans",
        "What nickname did his late work in the style earn him?",
        ["the modern Pre-Raphaelite", "modern Pre-Raphaelite"],
    ),
    (
        "ans",
        "Besides the earlier Pre-Raphaelites, from whom did he borrow elements of style?",
        ["the Impressionists", "Impressionists", "his contemporaries, the Impressionists"],
    ),
    (
        "ent",
        "In what style was John Everett Millais known for working?",
        "the Pre-Raphaelite style",
    ),
    (
        "num",
        "Which group had its heyday in the mid-eighteenth century?",
        "the Pre-Raphaelite Brotherhood",
    ),
    (
        "exc",
        "From which single source did he take all of his depictions of women?",
        "ancient Greek mythology",
    ),
]
H[(28, "The Terror (album)")] = [
    (
        "ans",
        "Which of the two labels put the record out in Britain, Warner Bros or Bella Union?",
        ["Bella Union"],
    ),
    (
        "ans",
        "Who was let go by the group a year after the record came out?",
        ["Kliph Scurlock", "drummer Kliph Scurlock"],
    ),
    (
        "ans",
        "Which musician reworked the whole record?",
        ["Dan Deacon", "Experimental composer Dan Deacon"],
    ),
    ("cond", "Which album did Scurlock drum on after he was fired from the band?", "The Terror"),
    ("other", "Who produced The Terror?", "Wayne Coyne"),
    ("neg", "Which Flaming Lips album did Kliph Scurlock not play on?", "The Terror"),
]
H[(31, "Logan Bartholomew")] = [
    ("ans", "In which town was the actor born?", ["Galion, Ohio", "Galion"]),
    ("ans", "How many of the Love Comes Softly films featured him as Willie LaHaye?", ["3"]),
    ("ans", "Who had played Jason Stevens before him?", ["Drew Fuller"]),
    ("ant", "Who took over the part of Jason Stevens from Bartholomew?", "Drew Fuller"),
    ("ent", "Whom did Drew Fuller play in the Ghost Whisperer episode Speed Demon?", "Ray Peters"),
    ("num", "Whom did he play in the 2010 sequel to The Ultimate Gift?", "Jason Stevens"),
]
H[(32, "When Flanders Failed")] = [
    ("ans", "When was the episode first broadcast?", ["October 3, 1991"]),
    (
        "ans",
        "What kind of shop has Ned just opened?",
        ["left-handed store", "new left-handed store"],
    ),
    ("ans", "Which martial art does Bart study?", ["karate"]),
    ("exc", "Which network was the only one ever to air the episode?", "the Fox network"),
    ("cond", "What happened to Ned's house after Homer bought it?", "repossessed"),
    ("other", "Who wrote the episode?", "Ned Flanders"),
]
H[(33, "Sven Hannawald")] = [
    ("ans", "Over which years did he take part in ski jumping?", ["1992 to 2004"]),
    ("ans", "How many times did he end a World Cup season in second place?", ["twice"]),
    (
        "ans",
        "For which amateur side did he play football?",
        ["TSV Burgau", "Kreisliga club TSV Burgau"],
    ),
    (
        "neg",
        "Which event of the 2002 Four Hills Tournament did Hannawald not win?",
        "Four Hills Tournament",
    ),
    ("ant", "Which club did he play football for before his ski jumping career?", "TSV Burgau"),
    ("ent", "In what year did Martin Schmitt win the Four Hills Tournament?", "2002"),
]
H[(34, "United States presidential election, 1792")] = [
    ("ans", "How many votes went to Adams?", ["77", "77 votes"]),
    (
        "ans",
        "Which of the two got more votes, Washington or Adams?",
        ["George Washington", "Washington"],
    ),
    ("ans", "What did the rules of the day make each elector cast?", ["two votes"]),
    ("num", "Who was re-elected president in the election of 1796?", "George Washington"),
    ("exc", "Who was the sole candidate to receive electoral votes?", "George Washington"),
    ("cond", "Who became vice president after Adams was defeated in 1792?", "John Adams"),
]
H[(35, "Aisa Senda")] = [
    (
        "ans",
        "With which group did she make her debut?",
        ["Sunday Girls", "the girls group Sunday Girls"],
    ),
    ("ans", "Besides Japanese, which language can she speak?", ["Mandarin"]),
    ("ans", "In what month and year was her band put together?", ["November 2007"]),
    ("other", "Who founded Da Mouth?", "Aisa Senda"),
    ("neg", "In which country has she not been active since 2000?", "Taiwan"),
    ("ant", "When did Da Mouth break up?", "November 2007"),
]
H[(36, "Lee Roy Selmon's")] = [
    ("ans", "Who started the chain?", ["Lee Roy Selmon", "former NFL player Lee Roy Selmon"]),
    (
        "ans",
        "Which company owned the concept before 2008?",
        ["OSI Restaurant Partners, LLC", "OSI Restaurant Partners"],
    ),
    ("ans", "How many restaurants does the chain have?", ["eight"]),
    ("ent", "Which chain did Chris T. Sullivan found with Lee Roy Selmon?", "Outback Steakhouse"),
    ("num", "To whom was the chain sold in 2011?", "Mvp Holdings Tampa, Inc."),
    ("exc", "In which one Florida city are all the restaurants?", "west-central Florida"),
]
H[(37, "William Copley (South Australian politician)")] = [
    ("ans", "Which electorate did he represent in the upper house?", ["Northern District"]),
    ("ans", "During which years did he sit for Frome?", ["1884 to 1887", "from 1884 to 1887"]),
    ("ans", "Under which premier did he serve as Chief Secretary?", ["John Downer"]),
    (
        "cond",
        "Which seat did he represent after returning to the Legislative Council in 1896?",
        "Yorke Peninsula",
    ),
    ("other", "Which party did Copley belong to?", "the Opposition"),
    ("neg", "Which electorate did Copley never represent?", "Frome"),
]
H[(38, "University College, Otago")] = [
    ("ans", "How many people live in the college during term?", ["approximately 501", "501"]),
    ("ans", "Besides North Tower, name one of the towers it first had.", ["South Tower"]),
    (
        "ans",
        "Next to what does the college stand?",
        ["the university's original buildings", "university's original buildings"],
    ),
    (
        "ant",
        "Which is the smallest residential hall at the University of Otago?",
        "University College",
    ),
    ("ent", "When was the University of Otago founded?", "1969"),
    ("num", "What did the college acquire in 2008?", "the Northern and Southern Annexes"),
]
H[(40, "2007 FIFA U-20 World Cup")] = [
    ("ans", "What was the final score?", ["2–1"]),
    (
        "ans",
        "Under what name was the tournament formerly known?",
        ["FIFA World Youth Championship"],
    ),
    ("ans", "How many times did Agüero find the net?", ["six goals", "six"]),
    ("exc", "What was the only award Agüero received?", "FIFA U-20 Golden Shoe"),
    ("cond", "Which team took the title after Argentina lost the final?", "Czech Republic"),
    ("other", "Who coached the Argentine side?", "Sergio Agüero"),
]
H[(41, "Whistling in Dixie")] = [
    ("ans", "Who plays the writer's bride-to-be?", ["Ann Rutherford"]),
    ("ans", "By what nickname is Benton also known?", ["The Fox"]),
    (
        "ans",
        "In what part of the country is the crime set?",
        ["the American South", "American South"],
    ),
    ("neg", "Which of the three films did Red Skelton not star in?", "Whistling in Dixie"),
    (
        "ant",
        "Which film was the last of the three starring Skelton as Benton?",
        "Whistling in Dixie",
    ),
    ("ent", "Which dual role does Red Skelton play?", "twins"),
]
H[(42, "Direct Action Everywhere")] = [
    (
        "ans",
        "Where was the network started?",
        ["the San Francisco Bay Area", "San Francisco Bay Area"],
    ),
    (
        "ans",
        "Besides disruptive protests, name a tactic its members use.",
        [
            "open rescue of animals from farms and other facilities",
            "open rescue",
            "community building",
        ],
    ),
    ("ans", "What would the law that DxE wants require?", ["species equality"]),
    ("num", "Where was DxE founded in 2003?", "San Francisco Bay Area"),
    ("exc", "What violent tactics does DxE use?", "disruptive protests"),
    ("cond", "Which law did DxE pass after becoming a political party?", "species equality"),
]
H[(43, "Texas vs The Nation")] = [
    ("ans", "How many seniors made up each squad?", ["50"]),
    ("ans", "What share of the first game's players signed with NFL teams?", ["73%"]),
    (
        "ans",
        "Which body sponsored the game from 2011?",
        [
            "the National Football League Players Association",
            "National Football League Players Association",
            "NFLPA",
        ],
    ),
    ("other", "Which side won the first game?", "Texas"),
    ("neg", "Which city never hosted the game?", "El Paso"),
    ("ant", "To which city did the game move from San Antonio in 2011?", "El Paso"),
]
H[(44, "The Twins Effect II")] = [
    ("ans", "Who shared directing duties with Corey Yuen?", ["Patrick Leung"]),
    ("ans", "Under what title was it released on DVD in the US?", ["Blade of Kings"]),
    (
        "ans",
        "Which of the two Chans makes his first screen appearance, Jackie or Jaycee?",
        ["Jaycee Chan", "Jaycee"],
    ),
    ("ent", "Which Cantopop duo did Donnie Yen belong to?", "Twins"),
    (
        "num",
        "Which Hong Kong action fantasy film did Corey Yuen direct in 2003?",
        "The Twins Effect II",
    ),
    ("exc", "What was the film's only English title?", "Blade of Kings"),
]
H[(45, "Milwaukee crime family")] = [
    ("ans", "By what other name is the Milwaukee family known?", ["Balistrieri crime family"]),
    ("ans", "Of which group was it seen as an offshoot?", ["the Chicago Outfit", "Chicago Outfit"]),
    ("ans", "In what year did its most powerful boss die?", ["1993"]),
    (
        "cond",
        "Who led the family after the Chicago Outfit absorbed it in 1993?",
        'Frank "Mr. Big" Balistrieri',
    ),
    ("other", "Who founded the Milwaukee crime family?", 'Frank "Mr. Big" Balistrieri'),
    ("neg", "What was Balistrieri never involved in?", "the Las Vegas skimming casinos"),
]
H[(46, "Death of Hank Williams")] = [
    ("ans", "When did the singer pass away?", ["January 1, 1953"]),
    (
        "ans",
        "What undiagnosed condition did he have from birth?",
        ["spina bifida occulta", "a mild undiagnosed case of spina bifida occulta"],
    ),
    (
        "ans",
        "From which institution was he dismissed because of his addiction?",
        ["the Grand Ole Opry", "Grand Ole Opry"],
    ),
    ("ant", "What cured his old back pains in 1951?", "a hunting trip"),
    ("ent", "What condition was Audrey Williams born with?", "spina bifida occulta"),
    ("num", "Where did Williams fall during a hunting trip in 1953?", "Tennessee"),
]
H[(48, "Blue Lacy")] = [
    ("ans", "Which body first recognized the breed?", ["the Texas Senate", "Texas Senate"]),
    ("ans", "Who signed the law making it the state dog?", ["Rick Perry", "Governor Rick Perry"]),
    ("ans", "Under what other name is the Blue Lacy known?", ["The Lacy Dog", "Lacy Dog"]),
    ("exc", "In which single country are all Lacy dogs found?", "the United States"),
    (
        "cond",
        "When did the Texas Senate recognize the breed after Rick Perry vetoed the bill?",
        "2001",
    ),
    ("other", "How many Lacy dogs live in Texas?", "the vast majority"),
]
H[(49, "Fionn Regan")] = [
    ("ans", "Where did Regan grow up?", ["Bray"]),
    ("ans", "How long had he been putting out EPs before his first album?", ["six years"]),
    ("ans", "Which of his albums came out in 2011?", ["100 Acres of Sycamore"]),
    ("neg", "Which of his albums was not well received?", "The Shadow of an Empire"),
    ("ant", "What was his final studio album, released in 2006?", "The End of History"),
    ("ent", "Where was Glen Hansard born and raised?", "Bray"),
]
M[(24, 9, "Urbis")] = [
    ("ans", "Who was the building's architect?", ["Ian Simpson"]),
    (
        "ans",
        "Why was the 'Museum of the City' idea given up?",
        ["visitor numbers were lower than expected"],
    ),
    (
        "ans",
        "What has the building housed since 2012?",
        ["the permanent National Football Museum", "National Football Museum"],
    ),
    (
        "num",
        "What did Urbis switch to presenting in 2008?",
        "changing exhibitions on popular-culture",
    ),
    ("exc", "Who alone designed the redevelopment of Exchange Square?", "Ian Simpson"),
    (
        "cond",
        "When did Urbis re-open after Manchester turned down the National Football Museum?",
        "2012",
    ),
]
M[(25, 5, "Indian English literature")] = [
    ("ans", "What is Indian English Literature abbreviated to?", ["IEL"]),
    ("ans", "Whose works mark the start of its early history?", ["Michael Madhusudan Dutt"]),
    (
        "ans",
        "In which decade did Narayan, Anand and Rao add to Indian fiction?",
        ["the 1930s", "1930s"],
    ),
    ("other", "Which Indian English writer won the Booker Prize?", "Salman Rushdie"),
    ("neg", "Which of the diaspora writers named is not of Indian descent?", "V.S. Naipaul"),
    ("ant", "Whose works marked the end of its early history?", "Michael Madhusudan Dutt"),
]
M[(26, 12, "Saving Private Ryan")] = [
    ("ans", "Who wrote the film's script?", ["Robert Rodat"]),
    ("ans", "How long is the intense opening sequence?", ["27 minutes"]),
    ("ans", "Who plays the paratrooper the squad is looking for?", ["Matt Damon"]),
    ("ent", "Which character does Tom Sizemore play?", "Captain John H. Miller"),
    ("num", "Which 1988 war film did Spielberg direct?", "Saving Private Ryan"),
    ("exc", "Which beach assault is the only battle shown in the film?", "Omaha Beach"),
]
M[(27, 18, "Kim Young-chul (footballer)")] = [
    ("ans", "Which women's team does he now coach?", ["Goyang Daekyo WFC"]),
    (
        "ans",
        "How many games has he played for Seongnam Ilhwa Chunma?",
        ["over 150 appearances", "over 150", "150"],
    ),
    ("ans", "How long was his compulsory military service?", ["two-year", "two-year period"]),
    (
        "cond",
        "Which club did he go back to after leaving Bucheon FC in July 2010?",
        "Seongnam Ilhwa Chunma",
    ),
    ("other", "How many goals did he score for Seongnam Ilhwa Chunma?", "150"),
    ("neg", "In which league has he never played?", "Challengers League"),
]
M[(28, 8, "Wind power in the United States")] = [
    (
        "ans",
        "How much wind capacity did Texas have at the end of 2016?",
        ["over 20,000 MW", "20,000 MW"],
    ),
    (
        "ans",
        "What is the biggest wind farm in the country?",
        ["The Alta Wind Energy Center", "Alta Wind Energy Center"],
    ),
    (
        "ans",
        "Which of the two generates more wind power per person, Iowa or North Dakota?",
        ["North Dakota"],
    ),
    ("ant", "Which state gets the lowest share of its energy from wind?", "Iowa"),
    ("ent", "What is the capacity of the Alta Wind Energy Center in Texas?", "1548 MW"),
    (
        "num",
        "Which state became the eighteenth to pass 1,000 MW of wind capacity in 2014?",
        "Nebraska",
    ),
]
M[(29, 15, "League of Nations")] = [
    ("ans", "Who campaigned for Germany to join?", ["Werner Dankwort"]),
    ("ans", "How many sessions did the Council hold in all?", ["107"]),
    ("ans", "How often did the Council usually meet?", ["five times a year"]),
    ("exc", "Which country was the only one made a permanent member of the Council?", "Germany"),
    ("cond", "When did Germany rejoin the League after leaving it?", "1926"),
    ("other", "Who was the League's first Secretary-General?", "Werner Dankwort"),
]
M[(30, 18, "United Nations Security Council veto power")] = [
    ("ans", "What kind of resolution may a permanent member veto?", ["substantive"]),
    (
        "ans",
        "Who decides whether a vote is procedural?",
        ["the permanent members themselves", "permanent members themselves"],
    ),
    (
        "ans",
        "Why is no formal veto needed to block a Secretary-General pick?",
        ["the vote is taken behind closed doors"],
    ),
    (
        "neg",
        "What does not prevent a Secretary-General from being selected?",
        "A permanent member's abstention or absence",
    ),
    ("ant", "To which votes is the veto power limited?", "procedural"),
    ("ent", "Who can block the selection of the Council's president?", "A permanent member"),
]
M[(31, 17, "Soledad Román de Núñez")] = [
    ("ans", "Whose wife was she?", ["Rafael Núñez", "president Rafael Núñez"]),
    (
        "ans",
        "Besides the government's victory in 1885, what is she credited with?",
        ["the concordat of 1887", "concordat of 1887"],
    ),
    ("ans", "What kind of ceremony was her wedding?", ["civil"]),
    ("num", "Who was the first lady of Colombia in 1890?", "Soledad Román de Núñez"),
    ("exc", "Who was Rafael Núñez's only wife?", "Soledad Román de Núñez"),
    (
        "cond",
        "When did the Catholic church recognize her marriage after Núñez's first wife died?",
        "1892",
    ),
]
M[(32, 16, "51st state")] = [
    (
        "ans",
        "What was the Progressive Party called at the time?",
        ["the Federalista Party", "Federalista Party"],
    ),
    ("ans", "When did the party drop statehood from its platform?", ["1907"]),
    ("ans", "What do supporters think there would be less of under statehood?", ["poverty"]),
    ("other", "How many Filipinos support statehood?", "small grassroots movements"),
    ("neg", "Which party has never included statehood in its platform?", "Federalista Party"),
    ("ant", "Which party added statehood to its platform in 1907?", "Federalista Party"),
]
M[(33, 1, "Tampa Bay Rays")] = [
    (
        "ans",
        "In which season of their first decade did they avoid finishing last?",
        ["2004", "the 2004 season"],
    ),
    ("ans", "From whom did Sternberg buy control of the team?", ["Vince Naimoli"]),
    (
        "ans",
        "What is the new name meant to call to mind?",
        ["a burst of sunshine", "burst of sunshine"],
    ),
    ("ent", "Which team did the Philadelphia Phillies beat in the ALCS?", "Boston Red Sox"),
    ("num", "Who renamed the team after the 2005 season?", "Stuart Sternberg"),
    ("exc", "What is the only logo on the team's uniforms?", "a manta ray logo"),
]
M[(35, 11, "Botany")] = [
    ("ans", "What did botany begin as?", ["herbalism"]),
    ("ans", "To what were medieval physic gardens often attached?", ["monasteries"]),
    ("ans", "Whose naming system, introduced in 1753, is still used?", ["Carl Linnaeus"]),
    (
        "cond",
        "Which system replaced Linnaeus's binomial system after it fell out of use?",
        "plant taxonomy",
    ),
    ("other", "When was the Padua botanical garden founded?", "the 1540s"),
    ("neg", "Which kind of plant did early humans not try to identify?", "poisonous"),
]
M[(36, 3, "Liberty Island")] = [
    ("ans", "What was the island formerly called?", ["Bedloe's Island"]),
    ("ans", "Of which city is the island an exclave?", ["Jersey City"]),
    (
        "ans",
        "Which president's proclamation made it part of the national monument?",
        ["Franklin D. Roosevelt", "President Franklin D. Roosevelt"],
    ),
    ("ant", "Which island in Upper New York Bay is privately owned?", "Liberty Island"),
    ("ent", "What was Ellis Island formerly known as?", "Bedloe's Island"),
    (
        "num",
        "By which proclamation did the island join the national monument in 1966?",
        "Presidential Proclamation 2250",
    ),
]
M[(38, 18, "Ornamentalism")] = [
    ("ans", "Who is the book's author?", ["David Cannadine"]),
    (
        "ans",
        "What does the author hold mattered more than race to the Empire?",
        ["class, rank and status"],
    ),
    (
        "ans",
        "Besides Said's, whose title has the book been argued to echo?",
        ["Joseph Schumpeter's", "Joseph Schumpeter"],
    ),
    (
        "exc",
        "What insider interpretations of the East does Orientalism describe?",
        "prejudiced outsider interpretations of the East",
    ),
    ("cond", "What did Cannadine retitle the book after Said objected to it?", "Ornamentalism"),
    ("other", "When was Ornamentalism published?", "the 18th and 19th centuries"),
]
M[(40, 19, "Dallol (woreda)")] = [
    ("ans", "Which Ethiopian region contains the woreda?", ["the Afar Region", "Afar Region"]),
    ("ans", "How hot was the former settlement on average?", ["34° C"]),
    ("ans", "What lies to the north of the woreda?", ["Eritrea"]),
    ("neg", "Which woreda does not border Dallol on the south?", "Koneba"),
    ("ant", "Which woreda is bordered on the north by Dallol?", "Eritrea"),
    ("ent", "What is the average temperature of Berhale?", "34° C"),
]
M[(42, 19, "Electrical telegraph")] = [
    ("ans", "Who built the register that recorded incoming messages?", ["Alfred Vail"]),
    ("ans", "What marked the dots and dashes on the paper tape?", ["a stylus", "stylus"]),
    (
        "ans",
        "How far did the 1844 message travel?",
        ["44 miles", "44 miles (71 km)", "the 44 miles (71 km)"],
    ),
    ("num", "Where was the first US telegram sent on 11 January 1844?", "Speedwell Ironworks"),
    ("exc", "Who alone developed the Morse code alphabet?", "Samuel Morse"),
    (
        "cond",
        "What message did Vail send after Morse's patent was refused?",
        "WHAT HATH GOD WROUGHT?",
    ),
]
M[(43, 18, "The Irishman")] = [
    ("ans", "On which book is the film based?", ["I Heard You Paint Houses"]),
    ("ans", "Who plays Jimmy Hoffa?", ["Al Pacino"]),
    ("ans", "Which company is expected to distribute the film?", ["Netflix"]),
    ("other", "Who plays Russell Bufalino?", "Joe Pesci"),
    ("neg", "Which of the named co-stars does not appear in the film?", "Ray Romano"),
    ("ant", "Whom did the Bufalino crime family hire to kill Frank Sheeran?", "Jimmy Hoffa"),
]
M[(44, 17, "Endangered Species Act of 1973")] = [
    ("ans", "How many times had the exemption process been started as of 2009?", ["six"]),
    ("ans", "How many of the exemption requests were withdrawn?", ["three"]),
    ("ans", "Who called the exemption provision basically a nonfactor?", ["Donald Baur"]),
    (
        "ent",
        "In which book did John Kostyack call the exemption provision a nonfactor?",
        "The Endangered Species Act: law, policy, and perspectives",
    ),
    ("num", "How many exemptions had been granted as of 2019?", "one"),
    ("exc", "What single outcome did all six exemption cases have?", "withdrawn"),
]
M[(45, 7, "Steam engine")] = [
    (
        "ans",
        "How long after the Catch Me Who Can was the Salamanca in use?",
        ["four years", "Only four years"],
    ),
    (
        "ans",
        "Which railway ran Murray's Salamanca?",
        ["Middleton Railway", "the edge railed rack and pinion Middleton Railway"],
    ),
    ("ans", "Which locomotive won the Rainhill Trials?", ["The Rocket"]),
    (
        "cond",
        "Which locomotive won the Rainhill Trials after The Rocket was withdrawn?",
        "The Rocket",
    ),
    ("other", "How fast could The Rocket travel?", "1829"),
    (
        "neg",
        "Which trains did the Liverpool and Manchester Railway not run by steam?",
        "freight trains",
    ),
]
M[(46, 11, "Atlantic City, New Jersey")] = [
    (
        "ans",
        "Which second railway was built to carry tourists to the city?",
        ["the Philadelphia and Atlantic City Railway", "Philadelphia and Atlantic City Railway"],
    ),
    (
        "ans",
        "How much land did the United States Hotel occupy?",
        ["a full city block", "full city block"],
    ),
    (
        "ans",
        "Besides The United States, name one of the huge hotels that appeared.",
        ["Surf House"],
    ),
    (
        "ant",
        "Why did the one railroad line have too few passengers by 1878?",
        "the growing popularity of the city",
    ),
    (
        "ent",
        "Between which avenues did the Surf House take up a full block?",
        "Atlantic, Pacific, Delaware, and Maryland Avenues",
    ),
    ("num", "How many railroad lines served the city in 1868?", "one"),
]
M[(48, 16, "Tesla Supercharger")] = [
    ("ans", "How many chargers were there worldwide in December 2017?", ["7,496"]),
    ("ans", "How long does a full charge take?", ["around 75 minutes", "75 minutes"]),
    (
        "ans",
        "What kind of current does the Supercharger use?",
        ["direct current", "direct current (DC)", "DC"],
    ),
    ("exc", "What alternating current technology is the Supercharger?", "direct current"),
    (
        "cond",
        "How many stations were there after Tesla stopped building the network in 2012?",
        "1,045",
    ),
    ("other", "How much does a Supercharger charge cost?", "90 kWh"),
]


def check_rotation() -> None:
    """Each paragraph's three unanswerable kinds follow ``ROTATION`` in paragraph order."""
    kinds = [kind for qs in [*H.values(), *M.values()] for kind, _, _ in qs if kind != "ans"]
    assert kinds == [ROTATION[i % len(ROTATION)] for i in range(len(kinds))], kinds


def main() -> None:
    check_rotation()
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqdev7",
        HERE / "squad2_style_dev7.json",
        *sources(sys.argv),
        records=RECORDS,
    )


if __name__ == "__main__":
    main()
