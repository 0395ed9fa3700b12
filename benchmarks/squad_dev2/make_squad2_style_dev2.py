"""Write squad2_style_dev2.json: SQuAD 2.0-style questions over MuSiQue records 1-50.

The questions were written by hand by a writer who had not seen the reader, over
paragraphs of records 1-50 (index 0-49) of MuSiQue-Ans train only; records 51-100 are
calibration/held-out data and are never read (the file is sliced before use). This
script only takes each paragraph's text as it is, computes every answer's character
offset (word-bounded first occurrence) and checks it, so that the JSON can be rebuilt
and reviewed. Kinds of unanswerable question are in the id: neg, ant, ent, num, exc,
cond, other; see README.md.

    python benchmarks/squad_dev2/make_squad2_style_dev2.py [MUSIQUE_JSON]
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import write_squad2  # noqa: E402

SOURCE = "/work/shared/data/musique-ans-train100.json"
# (record index 0-49, paragraph ``idx`` in the record, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
Q: dict[tuple[int, int, str], list[tuple[str, str, object]]] = {}
Q[(0, 15, "Freedom's Journal")] = [
    (
        "ans",
        "Who, with other free black men, founded Freedom's Journal?",
        ["Rev. Peter Williams, Jr.", "Peter Williams, Jr."],
    ),
    ("ans", "What publication replaced Freedom's Journal in 1829?", ["The Rights of All"]),
    (
        "ans",
        "What position had Samuel Cornish previously held at the Journal?",
        ["senior editor", "the former senior editor"],
    ),
    ("neg", "Who did not help to found Freedom's Journal?", "Rev. Peter Williams, Jr."),
    (
        "ent",
        "Who, with other free black men in New York City, founded The Rights of All?",
        "Rev. Peter Williams, Jr.",
    ),
    (
        "ant",
        "What was the last African-American owned newspaper published in the United States?",
        "Freedom's Journal",
    ),
]
Q[(1, 9, "Peter Appleyard")] = [
    ("ans", "In which city did Appleyard live and perform for most of his life?", ["Toronto"]),
    (
        "ans",
        "Whose jazz sextet did Appleyard tour the world with?",
        ["Benny Goodman's", "Benny Goodman"],
    ),
    (
        "ans",
        "When did his performances with the sextet earn him broad praise?",
        ["the early 1970s", "early 1970s"],
    ),
    ("neg", "In which city did Appleyard never live or perform?", "Toronto"),
    ("exc", "Which honour did Appleyard turn down in 1992?", "Officer of the Order of Canada"),
    (
        "other",
        "Which of Toronto's orchestras did Appleyard record with first?",
        "the city's orchestras",
    ),
]
Q[(3, 7, "Itiquira Falls")] = [
    ("ans", "In which Brazilian state are the Itiquira Falls?", ["Goiás"]),
    ("ans", "How tall are the falls?", ["168 meters"]),
    (
        "ans",
        "Into what valley does the Itiquira River fall?",
        ["the deep Paranã River valley", "Paranã River valley"],
    ),
    ("exc", "What makes the Itiquira Falls inaccessible to visitors?", "168 meters"),
    ("ent", "How far is Formosa from Brasília by paved road?", "115 kilometers"),
    ("exc", "What has polluted the waters of the falls?", "a bottling plant"),
]
Q[(4, 13, "Tudor's Biscuit World")] = [
    (
        "ans",
        "In which city is Tudor's Biscuit World based?",
        ["Huntington, West Virginia", "Huntington"],
    ),
    (
        "ans",
        "Which restaurant often shares a building with Tudor's in West Virginia?",
        ["Gino's Pizza and Spaghetti", "Gino's"],
    ),
    ("ans", "Where did a Tudor's franchise open in 2016?", ["Panama City, Florida", "Panama City"]),
    (
        "exc",
        "In which region outside West Virginia does Gino's Pizza and Spaghetti operate?",
        "southern Ohio",
    ),
    (
        "cond",
        "Which restaurant does Tudor's share buildings with in southern Ohio?",
        "Gino's Pizza and Spaghetti",
    ),
    ("num", "In which city was a Tudor's franchise opened in 2006?", "Panama City, Florida"),
]
Q[(5, 12, "Folk Songs (Berio)")] = [
    ("ans", "Who composed Folk Songs?", ["Luciano Berio"]),
    ("ans", "To which singer's artistry did the cycle pay tribute?", ["Cathy Berberian"]),
    ("ans", "When did Berio rework the cycle for a large orchestra?", ["1973"]),
    (
        "exc",
        "From which single country does all of the cycle's folk music come?",
        "various countries",
    ),
    ("ent", "How many players does the flute part need?", "two"),
    ("other", "Who sang at the premiere of the orchestral version?", "Cathy Berberian"),
]
Q[(6, 6, "Half Bad")] = [
    ("ans", "When did Sally Green send Half Bad to an agent?", ["January 2013"]),
    ("ans", "For which children's imprint was the manuscript bought?", ["Puffin Books"]),
    ("ans", "Into how many languages had the book been translated by publication day?", ["45"]),
    ("num", "In how many territories had the book sold within 31 weeks of acquisition?", "25"),
    (
        "cond",
        "Which record did Half Bad break as a translated book by an established author?",
        "Most Translated Book by a Debut Author, Pre-publication",
    ),
    ("other", "When was Half Bad published in the United States?", "3 March 2014"),
]
Q[(7, 2, "Brother (Pearl Jam song)")] = [
    ("ans", "Who composed the music of Brother?", ["Stone Gossard"]),
    ("ans", "Which 2003 rarities compilation included an instrumental Brother?", ["Lost Dogs"]),
    (
        "ans",
        "For how long did the song stay at number one on the Modern Rock Tracks chart?",
        ["two weeks", "two"],
    ),
    ("neg", "Who did not write the lyrics of Brother?", "Eddie Vedder"),
    ("exc", "When was Brother released as a commercial single?", "2009"),
    ("ent", "Which guitarist wrote the words to Brother?", "Stone Gossard"),
]
Q[(10, 0, "The Blitz")] = [
    (
        "ans",
        "According to German sources, how many bombs were dropped in October?",
        ["9,000 short tons", "9,000 short tons (8,200 t)"],
    ),
    (
        "ans",
        "Roughly what share of October's bombs fell by day?",
        ["about 10 percent", "10 percent"],
    ),
    (
        "ans",
        "Which Manchester factory was a target?",
        ["The Metropolitan-Vickers works", "Metropolitan-Vickers"],
    ),
    (
        "ant",
        "How many tons of bombs were aimed at London during daylight?",
        "Over 6,000 short tons",
    ),
    ("ent", "How many tons of bombs fell on Hull?", "200 short tons"),
    ("neg", "Which works in Manchester was not targeted?", "The Metropolitan-Vickers works"),
]
Q[(11, 2, "Atbarah River")] = [
    (
        "ans",
        "In which country does the Atbarah River have its source?",
        ["Ethiopia", "northwest Ethiopia"],
    ),
    ("ans", "How far does the river flow to reach the Nile?", ["about 805\u00a0km", "805\u00a0km"]),
    ("ans", "At which city does the Atbarah meet the Nile?", ["the city of Atbarah", "Atbarah"]),
    (
        "ant",
        "What is the first tributary of the Nile on its way to the Mediterranean?",
        "The Atbarah River",
    ),
    ("neg", "Near which lake does the Atbarah not rise?", "Lake Tana"),
    ("other", "How much water does the Atbarah carry into the Nile?", "805\u00a0km"),
]
Q[(12, 6, "Zipp Newman")] = [
    ("ans", "Which paper made Newman its sports editor in 1919?", ["Birmingham News"]),
    ("ans", "How long did Newman serve as the Southern League's official scorer?", ["44 years"]),
    ("ans", "When did Newman first become connected with the Birmingham News?", ["1912"]),
    (
        "ant",
        "In 1919 Newman became the South's oldest sports editor at which paper?",
        "Birmingham News",
    ),
    ("num", "What title did Newman take on in 1969?", "sports editor emeritus"),
    ("exc", "What did Newman give up writing when he became sports editor emeritus?", "his column"),
]
Q[(13, 4, "Finnish markka")] = [
    ("ans", "What is the Finnish markka's currency code?", ["FIM"]),
    ("ans", "What currency took the markka's place?", ["the euro", "euro"]),
    ("ans", "How long did the transitional period last?", ["three years"]),
    (
        "cond",
        "When did the markka stop being legal tender, before the euro was introduced in cash?",
        "28 February 2002",
    ),
    ("num", "On what date in 2001 was the euro introduced in cash form?", "1 January 2002"),
    ("other", "How many markka were exchanged for one euro?", "three"),
]
Q[(14, 3, "Wardville, Oklahoma")] = [
    ("ans", "In which county is Wardville?", ["Atoka County", "northern Atoka County"]),
    (
        "ans",
        "Under what name was the post office opened in 1902?",
        ["Herbert, Oklahoma", "Herbert"],
    ),
    ("ans", "When was the town renamed Wardville?", ["July 18, 1907"]),
    ("ant", "Who was the eldest son of the town's first postmaster?", "Herbert Ward"),
    ("exc", "When did the Wardville Post Office reopen?", "2007"),
    ("cond", "When did the post office close after the town took back the name Herbert?", "2007"),
]
Q[(15, 6, "Ron Laird")] = [
    ("ans", "Where was Ron Laird born?", ["Louisville, Kentucky"]),
    ("ans", "At how many Olympic Games did Laird represent the United States?", ["four"]),
    (
        "ans",
        "Which event did Laird win at the 1967 Pan American Games?",
        ["the 20\u00a0km event", "20\u00a0km"],
    ),
    ("ant", "What was Laird's worst Olympic result, in the 50 km walk at Rome?", "19th place"),
    ("exc", "Where did Laird finish in the 1964 Olympic event in Tokyo?", "25th"),
    ("num", "What place did Laird take at the Montreal Olympics of 1980?", "20th"),
]
Q[(16, 12, "Augsburg Airways")] = [
    (
        "ans",
        "On what date did Lufthansa announce the end of its contract with Augsburg Airways?",
        ["26 October 2012"],
    ),
    ("ans", "How many aircraft did the Augsburg Airways fleet have?", ["15"]),
    ("ans", "How many employees did the company have when it was shut down?", ["450"]),
    ("ent", "How many destinations did Contact Air serve from Munich Airport?", "35"),
    (
        "num",
        "When did Augsburg Airways fly its last Lufthansa Regional flight in 2012?",
        "26 October 2013",
    ),
    (
        "cond",
        "How many destinations did Augsburg Airways serve from Munich after it was shut down?",
        "35",
    ),
]
Q[(17, 3, "Kenton Cool")] = [
    ("ans", "In which town was Kenton Cool born?", ["Slough", "Slough, Berkshire"]),
    ("ans", "What did Cool's mother do for a living?", ["a florist", "florist"]),
    (
        "ans",
        "What degree did Cool take at Leeds?",
        ["BSc Geological Sciences", "Geological Sciences"],
    ),
    (
        "num",
        "Who changed the family surname during the First World War?",
        "his half-German grandfather",
    ),
    (
        "cond",
        "Which grammar school did Cool attend after graduating from Leeds?",
        "John Hampden Grammar School",
    ),
    ("other", "Where was Cool's half-German grandfather born?", "Slough"),
]
Q[(19, 8, "Susqueda Reservoir")] = [
    ("ans", "In what year was the dam finished?", ["1968"]),
    ("ans", "How much water can the reservoir hold?", ["233 hm³"]),
    ("ans", "Which old villages were submerged by the reservoir?", ["Susqueda and Querós"]),
    ("ent", "In which town does the main body of water lie?", "Osor"),
    (
        "exc",
        "Which villages were saved from flooding when the reservoir was created?",
        "Susqueda and Querós",
    ),
    ("other", "How much electricity does the dam generate?", "233 hm³"),
]
Q[(20, 4, "Kung Fu Tai Chi")] = [
    ("ans", "By what other name is Kung Fu Tai Chi commonly known?", ["Kung Fu Magazine"]),
    ("ans", "Which company owns the magazine?", ["TC Media, Inc.", "TC Media"]),
    (
        "ans",
        "How often did the magazine appear when it was launched?",
        ["quarterly", "a quarterly"],
    ),
    ("ant", "In what year did the magazine cease publication?", "1992"),
    ("neg", "Which company does not own Kung Fu Tai Chi?", "TC Media, Inc."),
    ("cond", "How often was the magazine published before it became a quarterly?", "bimonthly"),
]
Q[(21, 7, "Killer (Kiss song)")] = [
    ("ans", "On which album was Killer featured?", ["Creatures of the Night"]),
    ("ans", "With whom did Vinnie Vincent write the song?", ["Gene Simmons"]),
    ("ans", "Which song traded places with Killer on the 1985 reissue?", ["Saint and Sinner"]),
    ("exc", "At which concert did Kiss first play Killer live?", "Creatures of the Night"),
    (
        "ant",
        "Which song was the A-side in the UK but only the B-side in the United States?",
        "I Love It Loud",
    ),
    ("neg", "With whom did Vinnie Vincent not write Killer?", "Gene Simmons"),
]
Q[(22, 14, "Benjamín Gutiérrez")] = [
    ("ans", "Where was Gutiérrez born?", ["Guadalupe, Costa Rica", "Guadalupe"]),
    (
        "ans",
        "Who gave Gutiérrez his first music lessons?",
        ["his grandmother, Rosa Jiménez Nuñez", "Rosa Jiménez Nuñez", "his grandmother"],
    ),
    (
        "ans",
        "Whose daughter was Rosa Jiménez Nuñez?",
        ["the composer Pilar Jiménez", "Pilar Jiménez"],
    ),
    ("neg", "In which city did Gutiérrez not study music?", "Guatemala City"),
    ("ant", "Whose mother was Rosa Jiménez Nuñez?", "Pilar Jiménez"),
    ("other", "At which university in Ann Arbor did Gutiérrez study?", "Ann Arbor"),
]
Q[(23, 8, "Queen Elizabeth Land")] = [
    (
        "ans",
        "What is the largest of the British Overseas Territories?",
        ["the British Antarctic Territory", "British Antarctic Territory"],
    ),
    ("ans", "Which sea lies to the north of Queen Elizabeth Land?", ["Weddell Sea"]),
    (
        "ans",
        "What was most of the territory informally called from 1947 to 1968?",
        ["Edith Ronne Land"],
    ),
    (
        "neg",
        "Which British territory is Queen Elizabeth Land not claimed as part of?",
        "the British Antarctic Territory",
    ),
    ("num", "What was most of the land unofficially known as in 1927-48?", "Edith Ronne Land"),
    ("other", "When did Chile first claim part of the area?", "1947"),
]
Q[(25, 7, "Rittman High School")] = [
    (
        "ans",
        "Of which district is Rittman the only high school?",
        ["the Rittman Exempted Village Schools district", "Rittman Exempted Village Schools"],
    ),
    ("ans", "What is the Rittman Chippewa Salt Company called today?", ["Morton Salt Company"]),
    ("ans", "Which colour joined the school colours in 1940?", ["black"]),
    (
        "exc",
        "Which other high school belongs to the Rittman Exempted Village Schools district?",
        "Rittman High School",
    ),
    ("ent", "Until what year were red and black the only school colors?", "1940"),
    (
        "num",
        "Since which school year have seventh graders been part of the high school?",
        "2005-2006",
    ),
]
Q[(26, 11, "Orodruin (band)")] = [
    ("ans", "Which city does Orodruin come from?", ["Rochester, New York", "Rochester"]),
    (
        "ans",
        "What kind of band is Blizaro?",
        ["a horror-themed progressive doom metal band", "horror-themed progressive doom metal"],
    ),
    ("ans", "Who came up with the idea for Blizaro?", ["John Gallo"]),
    ("ent", "Which band is the brainchild of Dan Lilker?", "Blizaro"),
    ("neg", "Which bands did Orodruin never play alongside?", "Reverend Bizarre"),
    ("other", "When was Orodruin formed?", "early-2000s"),
]
Q[(27, 9, "Kim Il-chol")] = [
    ("ans", "In which city was Kim Il-chol born?", ["Pyongyang"]),
    ("ans", "Whose death left the vacancy Kim filled in 1998?", ["Choe Kwang"]),
    ("ans", "When was the first inter-Korean defence ministers' meeting held?", ["September 2000"]),
    (
        "ant",
        "As a junior delegate, which meeting did Kim attend in 2000?",
        "the inter-Korean Defense Minister’s meeting",
    ),
    ("neg", "From which school did Kim not graduate?", "Mangyongdae Revolutionary School"),
    ("other", "Who succeeded Kim Il-chol as Minister of the People's Armed Forces?", "Choe Kwang"),
]
Q[(28, 11, "Altamont Pass wind farm")] = [
    ("ans", "In which mountain range is the Altamont Pass?", ["the Diablo Range", "Diablo Range"]),
    (
        "ans",
        "Who set up the first turbines on the Altamont?",
        ["Fayette Manufacturing Corporation"],
    ),
    (
        "ans",
        "How much energy does the wind farm produce each year?",
        ["1.1 terawatt-hours", "1.1 terawatt-hours (TWh)"],
    ),
    (
        "exc",
        "Which tax policies discouraged investors from installing the turbines?",
        "favorable tax policies",
    ),
    (
        "ant",
        "Which is one of the most recent wind farms in the United States?",
        "The Altamont Pass wind farm",
    ),
    ("other", "How much does the wind farm cost to run each year?", "125 MW"),
]
Q[(29, 8, "Kate Sheppard")] = [
    ("ans", "Where was Kate Sheppard born?", ["Liverpool, England", "Liverpool"]),
    ("ans", "In which year did Sheppard emigrate to New Zealand?", ["1868"]),
    (
        "ans",
        "What post did the WCTU give Sheppard in 1887?",
        ["National Superintendent for Franchise and Legislation"],
    ),
    (
        "neg",
        "Which organisation was Sheppard never a member of?",
        "the Woman's Christian Temperance Union",
    ),
    (
        "num",
        "To what post was Sheppard appointed in 1878?",
        "National Superintendent for Franchise and Legislation",
    ),
    (
        "cond",
        "Which organisation did Sheppard join in England before she emigrated?",
        "Woman's Christian Temperance Union",
    ),
]
Q[(30, 17, "Battle of Fort Duquesne")] = [
    ("ans", "How many troops made up the British expedition?", ["6,000", "6,000 troops"]),
    ("ans", "Who led the expedition?", ["General John Forbes", "John Forbes"]),
    ("ans", "Where did the British survivors fall back to?", ["Fort Ligonier"]),
    ("ant", "Whose force outmaneuvered and surrounded the French?", "Grant"),
    ("num", "Whom did Forbes order to scout the area with 580 men?", "Major James Grant"),
    (
        "ent",
        "Who led the British and their native allies?",
        "François - Marie Le Marchand de Lignery",
    ),
]
Q[(31, 9, "Big Eyes")] = [
    ("ans", "Who directed Big Eyes?", ["Tim Burton"]),
    ("ans", "The life of which artist does the film depict?", ["Margaret Keane"]),
    (
        "ans",
        "Who claimed Margaret's paintings as his own?",
        ["Walter Keane", "her husband, Walter Keane"],
    ),
    ("other", "Which actor plays Walter Keane?", "Christoph Waltz"),
    ("ent", "Who did Walter reveal to be the true artist behind the paintings?", "Margaret"),
    ("neg", "Who did not direct Big Eyes?", "Tim Burton"),
]
Q[(32, 2, "Gila monster")] = [
    ("ans", "How long can a Gila monster grow?", ["up to 60 cm", "60 cm (2.0 ft)", "60 cm"]),
    (
        "ans",
        "What is the other venomous lizard species of North America?",
        ["the Mexican beaded lizard", "Mexican beaded lizard"],
    ),
    (
        "ans",
        "Which state adopted the Gila monster as its official reptile?",
        ["Utah", "the state of Utah"],
    ),
    ("ant", "Why is the Gila monster a great danger to humans?", "its sluggish nature"),
    ("cond", "In which state is the Gila monster killed because no law protects it?", "Arizona"),
    ("num", "Which state made the Gila monster its state reptile in 2009?", "Utah"),
]
Q[(33, 14, "Kozue Ando")] = [
    ("ans", "Against which team did Ando make her debut?", ["Norway"]),
    (
        "ans",
        "How did Japan beat the United States in the 2011 World Cup final?",
        ["in a penalty shootout", "penalty shootout"],
    ),
    ("ans", "How many goals did Ando score for Japan?", ["19"]),
    ("neg", "Which team did Japan not defeat in the 2011 World Cup final?", "the United States"),
    ("num", "Which medal did Japan win at the 2016 Summer Olympics?", "the silver medal"),
    ("cond", "Against which team did Ando make her debut at the 2015 World Cup?", "Switzerland"),
]
Q[(35, 9, "Ballarat Botanical Gardens")] = [
    ("ans", "On the shore of which lake are the Gardens?", ["Lake Wendouree"]),
    ("ans", "How large is the reserve?", ["40 hectares"]),
    (
        "ans",
        "What are the open parkland buffers on either side called?",
        ["the North and South Gardens", "North and South Gardens"],
    ),
    (
        "cond",
        "How old were the Gardens when they celebrated their centenary in 2007?",
        "150 years old",
    ),
    ("ent", "In what style are the open parkland buffers laid out?", "gardenesque"),
    ("other", "Who designed the Ballarat Botanical Gardens?", "Victorian"),
]
Q[(37, 17, "WTQR")] = [
    ("ans", "What kind of music does WTQR play?", ["country music", "country"]),
    ("ans", "Which company owns and operates WTQR?", ["iHeartMedia"]),
    (
        "ans",
        "Where is the station's transmitter?",
        ["atop Sauratown Mountains near Pinnacle, North Carolina", "Sauratown Mountains"],
    ),
    ("ent", "Where are WPAW's studios and offices?", "Pai Park in Greensboro"),
    ("num", "Which country music station broadcasts at 101.4 MHz?", "WTQR"),
    (
        "cond",
        "To which city is WTQR licensed, given that its studios are in Winston-Salem?",
        "Winston-Salem, North Carolina",
    ),
]
Q[(38, 3, "Sri Lankan independence movement")] = [
    ("ans", "Who mostly led the movement?", ["the educated middle class", "educated middle class"]),
    ("ans", "On what date did Ceylon become independent?", ["February 4, 1948"]),
    ("ans", "For how long did Ceylon keep its dominion status?", ["24 years", "the next 24 years"]),
    (
        "exc",
        "Which armed uprising won Ceylon its independence?",
        "The Sri Lankan independence movement",
    ),
    ("num", "What was Ceylon renamed on May 22, 1962?", "the Republic of Sri Lanka"),
    (
        "cond",
        "What was the country called when it became a republic within the Commonwealth in 1948?",
        "the Dominion of Ceylon",
    ),
]
Q[(39, 14, "Transcendental Chess")] = [
    ("ans", "Who invented Transcendental Chess?", ["Maxwell Lawrence"]),
    ("ans", "In what year was the variant invented?", ["1978"]),
    ("ans", "How many starting positions are there in all?", ["8294400"]),
    ("exc", "When may a player castle in Transcendental Chess?", "On the first turn"),
    ("ant", "Which variant has more starting positions than Transcendental Chess?", "Chess960"),
    ("ent", "Who invented Chess960?", "Maxwell Lawrence"),
]
Q[(42, 7, "Morse code")] = [
    (
        "ans",
        "What took over from Morse code as the maritime distress standard?",
        ["the Global Maritime Distress Safety System", "Global Maritime Distress Safety System"],
    ),
    ("ans", "When did the French Navy stop using Morse code?", ["January 31, 1997"]),
    (
        "ans",
        "When was the last commercial Morse transmission in the United States?",
        ["July 12, 1999"],
    ),
    (
        "cond",
        "When did the French Navy send its last message over the new maritime distress system?",
        "January 31, 1997",
    ),
    (
        "ent",
        "With which message did the French Navy's final transmission sign off?",
        "What hath God wrought",
    ),
    ("other", "Who wrote the words of the French Navy's final Morse message?", "French Navy"),
]
Q[(43, 9, "Glory (1989 film)")] = [
    ("ans", "Who directed Glory?", ["Edward Zwick"]),
    ("ans", "Who is the author of One Gallant Rush?", ["Peter Burchard"]),
    (
        "ans",
        "Where does the monument to the 54th Massachusetts stand?",
        ["Boston Common", "on Boston Common"],
    ),
    (
        "ent",
        "Besides One Gallant Rush, which book by Peter Burchard was the screenplay based on?",
        "Lay This Laurel",
    ),
    ("neg", "Which actor did not star in Glory?", "Matthew Broderick"),
    ("other", "Who played Colonel Robert Gould Shaw?", "Matthew Broderick"),
]
Q[(45, 9, "ALCO PA")] = [
    ("ans", "What were the ALCO PA locomotives built to pull?", ["passenger trains"]),
    (
        "ans",
        "In which city were the locomotives manufactured?",
        ["Schenectady, New York", "Schenectady"],
    ),
    (
        "ans",
        "Which company built them together with ALCO?",
        ["General Electric", "General Electric (GE)"],
    ),
    ("cond", "What was the booster unit with a cab called?", "PB"),
    (
        "exc",
        "Which steam locomotives of the PA family did ALCO build in Schenectady?",
        "A1A-A1A diesel locomotives",
    ),
    ("other", "How many PA locomotives were built?", "A1A-A1A"),
]
Q[(46, 18, "Northern Hotel")] = [
    ("ans", "When did the Northern Hotel close?", ["September 2006"]),
    ("ans", "When did the remodeled hotel have its grand opening?", ["16 March 2013"]),
    ("ans", "How many guest rooms does the hotel have?", ["160"]),
    (
        "ant",
        "What did the city build directly north of the Northern Hotel?",
        "a new six level, block long, mixed use parking structure",
    ),
    (
        "cond",
        "How many guest rooms did the hotel have before it was stripped back to the beams?",
        "160",
    ),
    ("num", "When was the Northern Hotel sold at auction in 2006?", "January 2009"),
]
Q[(47, 12, "Tatra County")] = [
    (
        "ans",
        "In which voivodeship is Tatra County?",
        ["Lesser Poland Voivodeship", "Lesser Poland"],
    ),
    ("ans", "What is the county's only town?", ["Zakopane"]),
    (
        "ans",
        "From what does the county take its name?",
        ["the Tatra mountain range", "Tatra mountain range"],
    ),
    ("ant", "Which town lies north of Kraków?", "Zakopane"),
    (
        "cond",
        "When did the county come into being, before the reforms that created it were passed?",
        "January 1, 1999",
    ),
    ("exc", "Which other town besides Zakopane is in Tatra County?", "Kraków"),
]
Q[(48, 12, "Pizza delivery")] = [
    (
        "ans",
        "Which company made free pizza delivery popular in the United States?",
        ["Domino's Pizza", "Domino's"],
    ),
    (
        "ans",
        "What delivery fee did Pizza Hut try out in 1999?",
        ["a 50 - cent delivery charge", "50 - cent"],
    ),
    ("ans", "How many company-owned restaurants did Pizza Hut have in the US?", ["1,749"]),
    (
        "neg",
        "Which company is not credited with making free pizza delivery popular in the US?",
        "Domino's Pizza",
    ),
    ("num", "What share of its company-owned restaurants had the fee by mid-2011?", "95%"),
    (
        "ent",
        "What did Little Caesar's introduce in most of its company-owned stores in 2005?",
        "delivery charges",
    ),
]
Q[(49, 11, "Anglican Diocese of Rockhampton")] = [
    ("ans", "In which province is the diocese?", ["the Province of Queensland", "Queensland"]),
    (
        "ans",
        "Roughly how many people in the diocese say they are Anglicans?",
        ["approximately 48,000", "48,000"],
    ),
    ("ans", "When did Godfrey Fryar retire?", ["December 2013"]),
    ("ant", "The diocese is about half the size of which country?", "New Zealand"),
    ("neg", "Which regions of Queensland does the diocese not cover?", "central regions"),
    ("other", "Who succeeded Godfrey Fryar as Bishop of Rockhampton?", "Godfrey Fryar"),
]


def paragraph(records: list[dict], index: int, idx: int, title: str) -> str:
    """The text of paragraph ``idx`` (titled ``title``) of record ``index``."""
    for par in records[index]["paragraphs"]:
        if par["idx"] == idx:
            assert par["title"] == title, (index, idx, par["title"])
            return str(par["paragraph_text"])
    raise KeyError((index, idx, title))


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    with open(source, encoding="utf-8") as handle:
        records = json.load(handle)[:50]
    items = [
        (title, paragraph(records, index, idx, title), qs) for (index, idx, title), qs in Q.items()
    ]
    write_squad2(items, "sqdev2", HERE / "squad2_style_dev2.json")


if __name__ == "__main__":
    main()
