"""Write squad2_style_dev3.json: SQuAD 2.0-style questions over HotpotQA records 1-50.

A third development set. The questions were written by hand by a writer who had not
seen the reader, over paragraphs of records 1-50 (index 0-49) of
``hotpotqa-train100-distractor.json`` only, none of them a paragraph (title) already
used by ``benchmarks/squad_dev/squad2_style_dev.json``; records 51-100 are
calibration/held-out data and are never read (the file is sliced before use). This
script only joins each paragraph's sentences, computes every answer's character offset
(word-bounded first occurrence) and checks it, checks that no title is shared with
squad_dev, so that the JSON can be rebuilt and reviewed. Kinds of unanswerable
question are in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev3/make_squad2_style_dev3.py [HOTPOT_JSON]
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import check, paragraph, write_squad2  # noqa: E402

SOURCE = "/work/shared/data/hotpotqa-train100-distractor.json"
SQUAD_DEV = HERE.parent / "squad_dev" / "squad2_style_dev.json"
# (record index 0-49, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
Q: dict[tuple[int, str], list[tuple[str, str, object]]] = {}
Q[(0, "Maha Sona")] = [
    ("ans", "Which giant beheaded Maha Sona in a duel?", ["Gotaimbara"]),
    (
        "ans",
        "The head of which animal now sits on Maha Sona's body?",
        ["a bear or tiger", "bear or tiger"],
    ),
    (
        "ans",
        "By what popular name are the army's long-range scouting units known?",
        ["Maha Sohon Brigade"],
    ),
    ("neg", "How is Maha Sona not believed to kill people?", "by crushing their shoulders"),
    ("other", "What is Maha Sona called in Tamil?", "Maha Sohona"),
    ("cond", "Which giant killed Maha Sona after Maha Sona had beheaded him?", "Gotaimbara"),
]
Q[(1, "Zeitgeist Films")] = [
    ("ans", "In what year was Zeitgeist Films set up?", ["1988"]),
    ("ans", "Who started the distributor together with Emily Russo?", ["Nancy Gerstman"]),
    ("ans", "How long did the MoMA's tribute to the distributor run?", ["month-long"]),
    ("ent", "Which museum did Nancy Gerstman and Emily Russo found in 1988?", "MoMA"),
    (
        "cond",
        "How many films were in the MoMA retrospective marking Zeitgeist's first decade?",
        "twenty",
    ),
    ("other", "Which title in the Zeitgeist library did Christopher Nolan direct?", "Jellyfish"),
]
Q[(3, "Myrtle Beach metropolitan area")] = [
    (
        "ans",
        "Which county from outside South Carolina belongs to the metro area?",
        ["Brunswick County", "Brunswick County in North Carolina"],
    ),
    (
        "ans",
        "Which is the second most populous of the region's main cities?",
        ["Conway, South Carolina", "Conway"],
    ),
    (
        "ans",
        "Roughly how many people are in Oak Island in the summer months?",
        ["about 50,000", "50,000"],
    ),
    ("ant", "What does Oak Island's population fall to in the summer?", "6,783"),
    ("ent", "How many permanent residents did Leland have at the 2010 census?", "6,783"),
    ("exc", "Which Georgia county is part of the metropolitan area?", "Georgetown County"),
]
Q[(4, "Chiang Rai International Airport")] = [
    (
        "ans",
        "What was the airport called before it took the name Mae Fah Luang?",
        ["Chiang Rai International Airport"],
    ),
    (
        "ans",
        "How far does the airport lie from the center of town?",
        ["about 8\u00a0km", "8\u00a0km"],
    ),
    (
        "exc",
        "Which European city does the airport have an international route to?",
        "Hong Kong International Airport",
    ),
    (
        "ans",
        "Besides Hong Kong and Haikou, which airport does Chiang Rai have an international "
        "route to?",
        ["Kunming Changshui International Airport"],
    ),
    ("num", "How many passengers passed through the airport in 2003?", "over 1,000,000"),
    (
        "ent",
        "Who announced in 2014 a plan to enlarge Hong Kong International Airport?",
        "Airports of Thailand",
    ),
]
Q[(5, "Honolulu Rail Transit")] = [
    ("ans", "On which island is the rail system being built?", ["Oahu"]),
    (
        "ans",
        "Between which two places will the first section of the line run?",
        ["East Kapolei and Aloha Stadium"],
    ),
    (
        "ans",
        "When should the extension through urban Honolulu to Ala Moana Center open?",
        ["December 2025"],
    ),
    (
        "ant",
        "The system will be the last large-scale public metro in the US to have what?",
        "platform screen doors",
    ),
    (
        "cond",
        "When is the second phase, linking East Kapolei and Aloha Stadium, due to open?",
        "December 2025",
    ),
    ("other", "Which company is building the Honolulu rail system?", "Honolulu County"),
]
Q[(6, "Toccata, Adagio and Fugue in C major, BWV 564")] = [
    ("ans", "For which instrument did Bach write this piece?", ["organ"]),
    ("ans", "Within which span of years was the work probably written?", ["1710–1717"]),
    ("ans", "Besides BWV 540, which toccata of the period is named as similar?", ["BWV 538"]),
    (
        "ant",
        "Which Bach piece is a late work of his Weimar years?",
        "Toccata, Adagio, and Fugue in C major",
    ),
    ("exc", "In which city is Bach's autograph score of the piece kept today?", "Weimar"),
    ("other", "Who made the earliest manuscript copies?", "Johann Sebastian Bach"),
]
Q[(7, "Gyldendal")] = [
    ("ans", "By whom was the firm established?", ["Søren Gyldendal"]),
    (
        "ans",
        "The complete works of which playwright were brought out by Gyldendal?",
        ["Henrik Ibsen's", "Henrik Ibsen"],
    ),
    ("ans", "Until 1925, where else was Gyldendal the top publisher?", ["Norway"]),
    (
        "exc",
        "The rights to which Swedish authors did Gyldendal Norsk Forlag buy?",
        "Norwegian authors",
    ),
    ("ent", "Who founded Gyldendal Norsk Forlag in 1770?", "Søren Gyldendal"),
    (
        "cond",
        "Whose works did Gyldendal publish after becoming Norway's leading publisher in 1925?",
        "Henrik Ibsen's",
    ),
]
Q[(8, "Penny Publications")] = [
    ("ans", "Who set up Dell Magazines?", ["George T. Delacorte, Jr.", "George T. Delacorte"]),
    (
        "ans",
        "In which city does the publisher have its head office?",
        ["Norwalk, Connecticut", "Norwalk"],
    ),
    ("ans", "How many books of puzzles does Penny put out?", ["at least 60", "60"]),
    ("num", "Which puzzle magazine did Dell launch in 1921?", "Dell Crossword Puzzles"),
    ("ent", "Who founded Penny Press in 1973?", "George T. Delacorte, Jr."),
    ("other", "How many copies of its magazines does Penny sell each year?", "85"),
]
Q[(9, "Formula 1 97")] = [
    ("ans", "Under what title was the game sold in America?", ["Formula 1 Championship Edition"]),
    (
        "exc",
        "Which driver appears on the cover of every edition of the game?",
        "Michael Schumacher",
    ),
    ("ans", "Whose picture is on the cover of the Japanese release?", ["Jean Alesi"]),
    (
        "ans",
        "Which of the two, Panis or Alesi, is on the box of the French version?",
        ["Olivier Panis", "Panis"],
    ),
    ("ent", "Which driver is shown in his Ferrari on the French edition?", "Olivier Panis"),
    ("ant", "Which was the first game in the Formula One series?", "Formula 1 97"),
]
Q[(10, "Konstantin Vakulovsky")] = [
    (
        "ans",
        "How long after finishing university did he volunteer for aviation?",
        ["six days"],
    ),
    (
        "ans",
        "Which unit was Vakulovsky put in charge of?",
        ["the newly formed First Fighter Detachment", "First Fighter Detachment"],
    ),
    ("ans", "What rank did Vakulovsky's father hold?", ["major general"]),
    (
        "cond",
        "What did Vakulovsky volunteer for after becoming one of Russia's first military pilots?",
        "aviation duty",
    ),
    ("exc", "Where was Vakulovsky shot down and killed in 1918?", "Novogeorgievsk Fortress"),
    ("neg", "Which fortress did Vakulovsky not escape from?", "Novogeorgievsk Fortress"),
]
Q[(12, "Three Horses Beer")] = [
    ("neg", "Which ingredient is not used to make THB Pilsener?", "barley"),
    ("ans", "In which northern city does the second brewery stand?", ["Antsiranana"]),
    ("ans", "How strong is THB Special?", ["6.2% alcohol", "6.2%"]),
    (
        "ans",
        "Besides France, Comoros and Mayotte, where is THB sold abroad?",
        ["Reunion Island"],
    ),
    ("ant", "Which is the worst-selling beer in Madagascar?", "Three Horses Beer"),
    ("num", "By how much has production grown since 2005?", "20%"),
]
Q[(13, "Orleans, Ontario")] = [
    ("ans", "How far is Orléans from the centre of Ottawa?", ["about 16 km", "16 km"]),
    ("ans", "Beside which river does Orléans lie?", ["the Ottawa River", "Ottawa River"]),
    (
        "ans",
        "Which of the two former cities held the eastern part of Orléans?",
        ["the pre-amalgamation City of Cumberland", "City of Cumberland", "Cumberland"],
    ),
    ("num", "What population did the 2001 census find for Orléans?", "107,823"),
    (
        "cond",
        "Which two municipalities did Orléans straddle after its 2001 merger into Ottawa?",
        "City of Cumberland",
    ),
    (
        "other",
        "What share of Orléans' residents speak French?",
        "a significant francophone population",
    ),
]
Q[(14, "Amber (song)")] = [
    ("ans", "Which 311 record is Amber taken from?", ["From Chaos"]),
    (
        "ans",
        "Which singer, engaged to Hexum at the time, is the song written about?",
        ["Nicole Scherzinger"],
    ),
    ("ans", "How high did the song climb on the Modern Rock chart?", ["number 13", "13"]),
    ("exc", "Which other 311 single besides Amber has an RIAA certification?", "Down"),
    (
        "ent",
        "Which Eden's Crush member plays in the ocean with Scherzinger in the video?",
        "Hexum",
    ),
    ("other", "Who directed the music video for Amber?", "Nicole Scherzinger"),
]
Q[(16, "Tornado outbreak sequence of May 1896")] = [
    ("ans", "How long did the sequence of outbreaks last?", ["the two-week period", "two-week"]),
    ("ans", "What was the death toll of the whole sequence?", ["484"]),
    ("ans", "How many tornadoes of F5 strength occurred?", ["three"]),
    (
        "num",
        "Which week of May 1886 did Grazulis call the most violent in US history?",
        "May 24–28",
    ),
    (
        "ant",
        "Which expert called May 24–28 the calmest week of tornado activity in US history?",
        "Tom Grazulis",
    ),
    ("other", "In which state did the deadliest tornado of the sequence strike?", "Michigan"),
]
Q[(17, "Sid Haig")] = [
    (
        "ans",
        "In whose horror pictures did Haig play Captain Spaulding?",
        ["Rob Zombie's", "Rob Zombie"],
    ),
    ("ans", "What villain did Haig portray in Jason of Star Command?", ["Dragos"]),
    (
        "ans",
        "Whose 1970s blaxploitation movies featured Haig?",
        ["Jack Hill's", "Jack Hill"],
    ),
    ("ent", "Which character did Jack Hill play in House of 1000 Corpses?", "Captain Spaulding"),
    ("neg", "Which series did Haig never appear in?", "MacGyver"),
    ("num", "Whose blaxploitation films of the 1980s did Haig act in?", "Jack Hill's"),
]
Q[(18, "Anthemis cotula")] = [
    ("ans", "By what everyday name is Anthemis cotula known?", ["stinking chamomile"]),
    (
        "ans",
        "What tendency makes the plant regarded as a weed?",
        [
            "its propensity for invading cultivated areas",
            "propensity for invading cultivated areas",
        ],
    ),
    ("neg", "Where in the New Europes does the plant not grow?", "waste ground"),
    (
        "ans",
        "Besides Finland and Ireland, where was the plant absent in pre-colonial times?",
        ["the Northernmost Scotland", "Northernmost Scotland"],
    ),
    ("cond", "Where did the plant grow in Finland before colonial times?", "waste ground"),
    ("ant", "Which annual plant has a faint, barely noticeable smell?", "Anthemis cotula"),
]
Q[(19, "The Aristocats")] = [
    ("ans", "Where does the film rank among Disney's animated features?", ["20th", "The 20th"]),
    ("ans", "On whose story is the film based?", ["Tom McGowan and Tom Rowe"]),
    ("ans", "Who abducts the cat family?", ["a butler", "butler"]),
    (
        "ent",
        "Who released the film that Buena Vista Distribution produced?",
        "Walt Disney Productions",
    ),
    ("other", "Who directed The Aristocats?", "Walt Disney Productions"),
    ("neg", "Whose voice is not heard in the film?", "Eva Gabor"),
]
Q[(20, "Battle of Stamford Bridge")] = [
    ("ans", "On what date was the battle fought?", ["25 September 1066"]),
    ("cond", "Who led the Norwegian force after Hardrada survived the battle?", "Tostig Godwinson"),
    (
        "ans",
        "How long after the battle was Harold's army beaten at Hastings?",
        ["less than three weeks later", "less than three weeks"],
    ),
    (
        "ans",
        "Which of the two kings, Sweyn Estrithson or Magnus Barefoot, campaigned in Britain "
        "in 1098?",
        ["King Magnus Barefoot", "Magnus Barefoot"],
    ),
    ("ant", "The battle is traditionally seen as marking the start of what?", "the Viking Age"),
    ("ent", "By whom was Harold Godwinson's army defeated at Stamford Bridge?", "the Normans"),
]
Q[(21, "Howell School")] = [
    ("ans", "Where does the school building stand?", ["Dothan, Alabama", "Dothan"]),
    (
        "cond",
        "Who was mayor of Dothan when the school was named, in 1916?",
        "Dr. Robert Graves Howell",
    ),
    ("ans", "What was the building turned into in 1947?", ["a textile mill", "textile mill"]),
    ("ans", "Which school took over from Howell in 1942?", ["Minnie T. Heard Elementary School"]),
    ("num", "Who took over the property in 1962?", "the Dothan Manufacturing Company"),
    ("cond", "When did the city sell the building after re-acquiring it?", "2003"),
]
Q[(22, "Pyar Ki Kahani")] = [
    ("neg", "Who did not star in Pyar Ki Kahani?", "Amitabh Bachchan"),
    ("ans", "Which Tamil picture was remade in Hindi as this film?", ["Kai Koduttha Dheivam"]),
    ("ans", "Which actor was first offered the leading part?", ["Jeetendra"]),
    (
        "ans",
        "How many lead roles could an actor take on at most, under the industry's cap?",
        ["maximum of 6 films", "6 films", "6"],
    ),
    ("ent", "Which actress starred opposite Sivaji Ganesan in Pyar Ki Kahani?", "Tanuja"),
    ("ant", "In which language was the film a big hit?", "Hindi"),
]
Q[(23, "Sergei Ivanov")] = [
    ("ans", "When was Ivanov born?", ["31 January 1953"]),
    (
        "ans",
        "For what period did Ivanov head Russia's defence ministry?",
        ["March 2001 to February 2007"],
    ),
    (
        "ans",
        "What post did Ivanov take up in December 2011?",
        ["Chief of Staff of the Presidential Executive Office", "Chief of Staff"],
    ),
    (
        "num",
        "Which post did Ivanov hold from February 2017 to May 2018?",
        "the First Deputy Prime Minister",
    ),
    (
        "neg",
        "In whose government did Ivanov not serve as a Deputy Prime Minister?",
        "Vladimir Putin's",
    ),
    ("other", "What post did Ivanov take after August 2016?", "Chief of Staff"),
]
Q[(24, "Elsie Driggs")] = [
    ("ans", "In which city did Driggs die?", ["New York City"]),
    ("ans", "To which abstract painter was Driggs married?", ["Lee Gatch"]),
    (
        "ans",
        "Which Pennsylvania museum holds some of her works?",
        ["the James A. Michener Art Museum", "James A. Michener Art Museum"],
    ),
    (
        "neg",
        "What was not America's one indigenous modern-art movement before Abstract Expressionism?",
        "Precisionism",
    ),
    ("ant", "Who was the only male member of the Precisionist movement?", "Elsie Driggs"),
    ("exc", "Which other woman took part in the Precisionist movement?", "Lee Gatch"),
]
Q[(25, "American Basketball League (1996–98)")] = [
    ("ans", "When did the league start playing?", ["the Fall of 1996", "Fall of 1996"]),
    (
        "ans",
        "Which body set up the WNBA?",
        ["the National Basketball Association", "National Basketball Association", "NBA"],
    ),
    (
        "ans",
        "Which of the two leagues began play earlier, the ABL or the WNBA?",
        ["ABL", "the ABL"],
    ),
    ("num", "What was the Connecticut Huskies' record in their 1996 title season?", "35–0"),
    (
        "ant",
        "What was the last independent professional women's basketball league in the US?",
        "The American Basketball League",
    ),
    ("exc", "Which medal did the US women's team miss at the 1996 Summer Olympics?", "gold"),
]
Q[(26, "In Love and War (1987 film)")] = [
    ("ans", "Who was the director of the 1987 TV film?", ["Paul Aaron"]),
    ("ans", "Who adapted the book for the screen?", ["Carol Schreder"]),
    (
        "ans",
        "Which organization did Sybil Stockdale help found?",
        ["the National League of Families", "National League of Families"],
    ),
    ("other", "Which actor played James Stockdale?", "James Woods"),
    (
        "ent",
        "Which naval officer became national coordinator of the National League of Families?",
        "James Stockdale",
    ),
    ("neg", "Who was not one of the film's producers?", "Carol Schreder"),
]
Q[(27, "Kansas City Chiefs")] = [
    (
        "ans",
        "What was the team called before it moved to Kansas City?",
        ["the Dallas Texans", "Dallas Texans"],
    ),
    ("ans", "Which businessman established the franchise?", ["Lamar Hunt"]),
    ("ans", "How much is the team worth?", ["just under $1 billion", "$1 billion"]),
    ("exc", "Which earlier NFL team are the Chiefs associated with?", "Dallas Texans"),
    ("cond", "To which city did the team move after joining the NFL?", "Kansas City"),
    ("ent", "In which division of the NFC do the Chiefs play?", "West"),
]
Q[(28, "Wonderland by Night")] = [
    ("ans", "Who composed the song?", ["Klaus-Günter Neumann"]),
    ("ans", "How long did it stay at number one on the Billboard chart?", ["three weeks"]),
    ("neg", "Who did not write the English lyrics of the song?", "Lincoln Chase"),
    (
        "ans",
        "Which of the two covers charted higher, Louis Prima's or Anita Bryant's?",
        ["Louis Prima"],
    ),
    ("ent", "Who wrote the orchestrations for Louis Prima's version?", "Lew Douglas"),
    (
        "num",
        "On which 1961 album did Engelbert Humperdinck record a vocal version?",
        "A Man Without Love",
    ),
]
Q[(29, "Heinkel HD 36")] = [
    (
        "ans",
        "Which air force asked for the trainer?",
        ["the Swedish Air Force", "Swedish Air Force"],
    ),
    (
        "exc",
        "In what year did the Air Force accept Heinkel's single HD 36 as fully satisfactory?",
        "1928",
    ),
    ("ans", "How many aircraft were in each of CFM's batches?", ["10"]),
    ("ans", "Under what designation were CFM's aircraft delivered?", ["the Sk 6", "Sk 6"]),
    ("ant", "What did the HD 36 add that the HD 35 lacked?", "the third cockpit"),
    ("other", "Which engineer designed the HD 36 at Heinkel?", "Heinkel"),
]
Q[(30, "1944 Appalachians tornado outbreak")] = [
    ("ans", "When did the outbreak happen?", ["June 22–23, 1944"]),
    ("ans", "Which town did a violent F4 tornado wipe out?", ["Shinnston"]),
    ("ans", "Which county is Shinnston in?", ["Harrison County"]),
    (
        "ant",
        "What was the least deadly tornado outbreak to hit West Virginia?",
        "The 1944 Appalachians tornado outbreak",
    ),
    ("num", "How many people did the 1974 tornadoes kill in West Virginia?", "at least 104"),
    ("exc", "Which violent tornado hit West Virginia after 1944?", "The Shinnston tornado"),
]
Q[(31, "Marco Polo (miniseries)")] = [
    ("neg", "On which network was the miniseries not broadcast?", "NBC"),
    ("ans", "Who had the title role?", ["Kenneth Marshall"]),
    (
        "ans",
        "How much longer than episodes 2 and 3 were the first and last episodes?",
        ["twice as long"],
    ),
    ("ans", "In how many parts was the series first shown?", ["four"]),
    ("cond", "In how many equally long episodes was it first broadcast?", "six"),
    ("other", "Which character did Burt Lancaster play?", "Marco Polo"),
]
Q[(32, "Good Night (The Simpsons short)")] = [
    ("ans", "How many Simpsons shorts were shown on The Tracey Ullman Show?", ["forty-eight"]),
    ("ans", "When was Good Night first broadcast?", ["April 19, 1987"]),
    (
        "ans",
        "On which DVD release can the short be found?",
        ["the Season 1 DVD set", "Season 1 DVD set", "Season 1"],
    ),
    ("ant", "Which was the last of the Simpsons shorts?", "Good Night"),
    (
        "cond",
        "Which short was the first to air after The Simpsons became a show of its own?",
        "Good Night",
    ),
    ("neg", "Which member of the Simpson family does not appear in Good Night?", "Maggie"),
]
Q[(33, "Sigmund Ruud")] = [
    ("cond", "What medal did Ruud win at the first Holmenkollen ski festival, in 1928?", "silver"),
    ("ans", "Which medal did Sigmund take in 1928?", ["silver", "a silver medal"]),
    ("ans", "What illness kept him to seventh place in 1932?", ["appendicitis"]),
    ("ans", "Name one of Sigmund's ski-jumping brothers.", ["Birger", "Asbjørn"]),
    ("exc", "Where did Ruud finish in the alpine skiing at the 1936 Olympics?", "seventh"),
    ("num", "What did Ruud win at the 1930 World Championships?", "the ski jumping competition"),
]
Q[(34, "United States presidential election, 1824")] = [
    ("ans", "Who was chosen President?", ["John Quincy Adams"]),
    (
        "ans",
        "Which body settled the election?",
        ["the House of Representatives", "House of Representatives"],
    ),
    ("ans", "Who won the most electoral votes?", ["Andrew Jackson"]),
    ("neg", "Who did not receive a plurality of the electoral votes?", "Andrew Jackson"),
    ("num", "Who was elected President on February 9, 1824?", "John Quincy Adams"),
    ("other", "How many electoral votes did Jackson receive?", "a plurality"),
]
Q[(36, "Clearwater Memorial Causeway")] = [
    (
        "ans",
        "Which waterway does the causeway's bridge span?",
        ["the Intracoastal Waterway", "Intracoastal Waterway"],
    ),
    ("ans", "Which state road runs along the causeway?", ["State Road 60"]),
    (
        "ans",
        "How late was the bridge in opening to traffic?",
        ["over a year behind schedule", "over a year"],
    ),
    ("exc", "Which state road does the causeway carry besides State Road 60?", "State Road 60"),
    ("ant", "Which bridge opened to traffic ahead of schedule?", "the Memorial Causeway Bridge"),
    (
        "other",
        "In what year was the causeway added to the Great Florida Birding Trail?",
        "several years ago",
    ),
]
Q[(37, "Governor of South Australia")] = [
    ("ans", "Whose representative in the state is the Governor?", ["Elizabeth II"]),
    (
        "ans",
        "On whose advice does the Governor almost always act?",
        ["the Premier of South Australia", "the Premier"],
    ),
    ("ans", "What title were governors given for life?", ["The Honourable"]),
    ("ant", "Who has the right to dismiss the Governor?", "the Premier"),
    (
        "cond",
        "What title did the Queen give governors against the Premier's recommendation?",
        "The Honourable",
    ),
    (
        "ent",
        "Who does at the national level what the Premier does at the state level?",
        "the Governor-General of Australia",
    ),
]
Q[(40, "Juan Pablo Arenas")] = [
    ("ans", "In which position does Arenas play?", ["midfield"]),
    ("ans", "Which rival club was he up against on his debut?", ["Universidad de Chile"]),
    ("ans", "How old was Arenas when he made his professional debut?", ["seventeen"]),
    ("exc", "How many goals did Arenas score at the 2007 FIFA U-20 World Cup?", "two goals"),
    ("neg", "Which club is Arenas not on loan to at the moment?", "Deportes Melipilla"),
    ("ent", "Which team did Colombia beat 5-0?", "Chile"),
]
Q[(43, "George Wilson (American football coach)")] = [
    ("ans", "At which university did Wilson play football?", ["Northwestern University"]),
    ("ans", "How long did he play for the Bears?", ["10 seasons"]),
    (
        "ans",
        "Which basketball team did he play a season for?",
        ["the Chicago Bruins", "Chicago Bruins"],
    ),
    ("neg", "Which NFL team did Wilson never coach?", "Detroit Lions"),
    ("num", "Which team signed Wilson after he went undrafted in 1939?", "Chicago Bears"),
    ("exc", "For which AFL team did Wilson play?", "Miami Dolphins"),
]
Q[(45, "William Grasso")] = [
    ("ans", "Which town did Grasso come from?", ["East Haven, Connecticut", "East Haven"]),
    ("ans", "Whose second-in-command was Grasso?", ["Raymond Patriarca, Jr.", "Junior"]),
    ("neg", "Which crime family did not back Junior?", "the Gambino crime family"),
    ("ans", "How long was Zannino sentenced to prison for?", ["thirty years"]),
    ("cond", "Who replaced Zannino as underboss after Zannino was acquitted?", "Grasso"),
    ("num", "Who was sentenced to thirty years in prison in 1984?", "Zannino"),
]
Q[(46, "The Pale Horse and His Rider")] = [
    ("ans", "In what year was the hymn recorded?", ["1951"]),
    ("exc", "Who sang the hymn alone on the 1951 recording?", "Hank Williams"),
    ("ans", "Who played steel guitar on the session?", ["Don Helms"]),
    ("ans", "Which musician played the fiddle for Hank and Audrey?", ["Jerry Rivers"]),
    ("num", "Where did Williams work with the Bailes Brothers in 1939?", "Shreveport"),
    ("other", "Who produced the recording session?", "Jerry Rivers"),
]
Q[(47, "Nigella Lawson")] = [
    ("ans", "Which former Chancellor of the Exchequer is her father?", ["Nigel Lawson"]),
    ("ans", "Which Oxford college did she graduate from?", ["Lady Margaret Hall"]),
    ("ans", "How many copies did How to Eat sell?", ["300,000"]),
    ("ent", "What award did How to Eat win?", "the British Book Award for Author of the Year"),
    (
        "cond",
        "What was her first cookery book, published after How to Be a Domestic Goddess?",
        "How to Eat",
    ),
    (
        "num",
        "Of which newspaper did she become deputy literary editor in 1996?",
        "The Sunday Times",
    ),
]
Q[(48, "Vulnerable Native Breeds")] = [
    (
        "ans",
        "At most how many puppies a year may a breed register to be on the list?",
        ["300 puppies or fewer", "300"],
    ),
    (
        "ans",
        "What was the Native Dog Breeds Trust formerly called?",
        ["the British and Irish Native Breeds Trust", "British and Irish Native Breeds Trust"],
    ),
    ("other", "Who founded the Native Dog Breeds Trust?", "The Kennel Club"),
    ("ans", "At which show have these breeds been promoted besides Discover Dogs?", ["Crufts"]),
    ("ant", "What are owners asked to have done to their dogs instead of mating them?", "spayed"),
    ("other", "Which of the breeds has the fewest registrations?", "300 puppies or fewer"),
]


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    with open(source, encoding="utf-8") as handle:
        records = json.load(handle)[:50]
    with open(SQUAD_DEV, encoding="utf-8") as handle:
        used = {article["title"] for article in json.load(handle)["data"]}
    titles = [title for _, title in Q]
    assert len(set(titles)) == len(titles), "a paragraph is used twice"
    assert not used & set(titles), sorted(used & set(titles))
    assert all(0 <= index < 50 for index, _ in Q)
    items = [(title, paragraph(records, index, title), qs) for (index, title), qs in Q.items()]
    out = HERE / "squad2_style_dev3.json"
    write_squad2(items, "sqdev3", out)
    check(out)


if __name__ == "__main__":
    main()
