"""Write squad2_style_side2.json: SQuAD 2.0-style questions over records 76-100.

The questions were written by hand by a writer who had not seen the reader, over
paragraphs of records 76-100 (index 75-99) only of the HotpotQA train-100 distractor
file (its ``context`` paragraphs, distractors included) and of the MuSiQue-Ans
train-100 file (its ``paragraphs``); both files are sliced ``[75:100]`` on loading
and no other record is read. This script only takes each paragraph's text, computes
every answer's character offset (word-bounded first occurrence, with the helpers of
benchmarks/squad_dev/make_squad2_style_dev.py) and checks it, so that the JSON can be
rebuilt and reviewed. Kinds of unanswerable question are in the id: neg, ant, ent,
num, exc, cond, other; see README.md.

    python benchmarks/squad_side2/make_squad2_style_side2.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import paragraph, write_squad2  # noqa: E402

HOTPOT = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE = "/work/shared/data/musique-ans-train100.json"
FIRST, LAST = 75, 100  # records 76-100, 0-based 75-99
# (source, 0-based record index in the whole file, paragraph title) -> questions:
# (kind, question, accepted answers) for "ans", (kind, question, plausible answer) else.
Q: dict[tuple[str, int, str], list[tuple[str, str, object]]] = {}

# ---------------------------------------------------------------- HotpotQA
Q[("hotpot", 75, "Monogram (company)")] = [
    ("ans", "Since when has Monogram been making plastic scale models?", ["the early 1950s"]),
    ("ans", "Which company had Monogram's two founders previously worked for?", ["Comet Kits"]),
    ("ans", "Which firm said in 2007 that it would buy Revell-Monogram?", ["Hobbico"]),
    ("ent", "Which company did Jack Besser and Bob Reder start after leaving Hobbico?", "Monogram"),
    ("num", "Which company announced in 2017 that it was buying Revell-Monogram?", "Hobbico"),
    ("other", "Who designed Monogram's first model aircraft kit?", "Jack Besser"),
]
Q[("hotpot", 76, "Buster Crabbe")] = [
    ("ans", "What was Buster Crabbe's birth name?", ["Clarence Linden Crabbe II"]),
    (
        "ans",
        "In which swimming event did Crabbe take the Olympic gold in 1932?",
        ["400-meter freestyle", "400-meter freestyle swimming event"],
    ),
    (
        "ans",
        "Besides Tarzan and Flash Gordon, which comic strip hero did Crabbe portray?",
        ["Buck Rogers"],
    ),
    (
        "neg",
        "Which of the three top syndicated comic strip heroes of the 1930s did Crabbe never play?",
        "Buck Rogers",
    ),
    (
        "cond",
        "Which Olympic event did Crabbe win once his film career had already begun?",
        "400-meter freestyle",
    ),
    ("ant", "What career had Crabbe broken into before he became an Olympic champion?", "acting"),
]
Q[("hotpot", 76, "BroadwayHD")] = [
    ("ans", "Who co-founded BroadwayHD along with Bonnie Comley?", ["Stewart F. Lane"]),
    ("ans", "What was the first show that BroadwayHD filmed?", ["Romeo and Juliet"]),
    ("ans", "When did the recording first play in American cinemas?", ["February 2014"]),
    ("ent", "Which film actor co-founded BroadwayHD?", "Orlando Bloom"),
    ("ant", "When did the recording stop being screened internationally?", "April 2014"),
    (
        "cond",
        "Which show did BroadwayHD record after its Broadway run was extended indefinitely?",
        "Romeo and Juliet",
    ),
]
Q[("hotpot", 76, "Manasse Herbst")] = [
    ("ans", "Where did Manasse Herbst die?", ["Hallandale, Florida", "Hallandale"]),
    ("ans", "In how many sold-out stagings of White Horse Inn did Herbst appear?", ["416"]),
    ("ans", "In what year was Herbst forced to escape from Germany?", ["1936"]),
    (
        "ent",
        "Who was convicted in a Nazi show trial because of his relationship with "
        "Gottfried von Cramm?",
        "Herbst",
    ),
    ("neg", "Which operetta did Herbst never perform in Berlin?", "White Horse Inn"),
    (
        "other",
        "In which American city did Herbst first settle after fleeing Germany?",
        "Hallandale",
    ),
]
Q[("hotpot", 77, "William Winter (politician)")] = [
    ("ans", "Which political party does William Winter belong to?", ["Democrat"]),
    (
        "ans",
        "Which law's passage is Winter chiefly remembered for?",
        ["the Mississippi Education Reform Act", "Mississippi Education Reform Act"],
    ),
    ("ans", "What did the education law set up across the state?", ["public kindergartens"]),
    (
        "num",
        "Who was the 58th Governor of Mississippi from 1984 to 1988?",
        "William Forrest Winter",
    ),
    ("ant", "Which cause is Winter known for strongly opposing?", "public education"),
    (
        "cond",
        "Which law did Winter get passed after the legislature rejected his utilities reform?",
        "Mississippi Education Reform Act",
    ),
]
Q[("hotpot", 78, "Hunt Valley, Maryland")] = [
    ("ans", "In which county of Maryland does Hunt Valley lie?", ["Baltimore County"]),
    ("ans", "When was the Maryland Hunt Cup first held?", ["1894"]),
    ("ans", "What is the old York Road designated today?", ["Maryland Route 45"]),
    ("ant", "Hunt Valley lies just south of which city?", "Baltimore"),
    ("exc", "In what year was Hunt Valley incorporated?", "1894"),
    (
        "neg",
        "Which nearby reservoir was not one of the three established for Baltimore?",
        "Loch Raven",
    ),
]
Q[("hotpot", 78, "BRD Trilogy")] = [
    ("ans", "Who directed the films of the BRD Trilogy?", ["Rainer Werner Fassbinder"]),
    ("ans", "Which film of the trilogy came out in 1981?", ["Lola"]),
    ("ans", "What does the abbreviation BRD stand for?", ["Bundesrepublik Deutschland"]),
    ("ant", "Apart from thematically, in what sense are the three films linked?", "narrative"),
    ("num", "Which film in the trilogy was released in 1980?", "Lola"),
    ("exc", "Which character appears in all three films of the trilogy?", "Lola"),
]
Q[("hotpot", 79, "Drug Restaurant")] = [
    (
        "ans",
        "Under what name was Drug Restaurant previously known?",
        ["the Jung Joon Young Band", "Jung Joon Young Band", "JJY Band"],
    ),
    ("ans", "Who plays bass in the band?", ["Jung Seok-won"]),
    ("ans", "On what date did the group put out its first album?", ["May 27, 2015"]),
    ("ant", "A year before his solo debut, who formed the band?", "Jung Joon-young"),
    (
        "cond",
        "What was the first album the band released under the name Drug Restaurant?",
        "Escape to Hangover",
    ),
    ("ent", "What is the nickname of bassist Jung Seok-won?", "Dammit"),
]
Q[("hotpot", 80, "Chiang Kai-shek rifle")] = [
    ("ans", "Which German rifle was the Type Zhongzheng a copy of?", ["Mauser M1924"]),
    ("ans", "When did pre-production of the rifle start?", ["August 1935"]),
    ("ans", "What designation did the Chinese Communists give the rifle?", ["Type 79"]),
    ("ent", "Which rifle was the forerunner of the Hanyang 88?", "Mauser M1924"),
    (
        "num",
        "Which weapon was called the Type 24 because pre-production began in August 1936?",
        "Chiang Kai-shek rifle",
    ),
    ("other", "Which arsenal manufactured the Type Zhongzheng rifle?", "Hanyang"),
]
Q[("hotpot", 80, "Cihu Mausoleum")] = [
    (
        "ans",
        "Whose temporary resting place is the Cihu Mausoleum?",
        ["President Chiang Kai-shek", "Chiang Kai-shek"],
    ),
    ("ans", "In which district of Taoyuan City is the mausoleum?", ["Daxi District", "Daxi"]),
    (
        "ans",
        "In what was Chiang's body entombed?",
        ["a black marble sarcophagus", "black marble sarcophagus"],
    ),
    ("exc", "In what year was Chiang Kai-shek buried in Fenghua?", "1975"),
    (
        "cond",
        "Where was Chiang's body moved after the Kuomintang recovered mainland China?",
        "Fenghua",
    ),
    ("other", "Who designed the Cihu Mausoleum?", "President Chiang Kai-shek"),
]
Q[("hotpot", 81, "Mama Told Me")] = [
    ("ans", "Which singer is featured on Big Boi's song?", ["Kelly Rowland"]),
    ("ans", "To whom is the record a tribute?", ["Big Boi's mother"]),
    ("ans", "Who handled the production of the song?", ["The Flush"]),
    ("ent", "Which Swedish synth-pop group co-produced the song?", "Little Dragon"),
    ("exc", "How high did the lead single climb on the US charts?", "number eight"),
    ("neg", "Which Swedish act did not appear on the original version?", "Little Dragon"),
]
Q[("hotpot", 81, "Celestine and Etta Tavernier")] = [
    ("ans", "Who played Celestine?", ["Leroy Golding"]),
    ("ans", "In which BBC soap opera do the Taverniers appear?", ["EastEnders"]),
    ("ans", "In what year did Etta come back for a guest appearance?", ["1994"]),
    (
        "ent",
        "What are Celestine's most prominent storylines about?",
        "marital problems and crises of faith",
    ),
    ("neg", "Which of the two characters is not religious?", "Etta"),
    ("exc", "In what year did Celestine and Etta divorce?", "1992"),
]
Q[("hotpot", 82, "Mercyful Fate")] = [
    ("ans", "From which city does Mercyful Fate come?", ["Copenhagen"]),
    ("ans", "Who founded the band together with King Diamond?", ["Hank Shermann"]),
    ("ans", "How many studio albums has the band put out?", ["seven"]),
    ("ent", "With which guitarist did Hank Shermann start the band?", "King Diamond"),
    ("other", "Who replaced Hank Shermann as the band's guitarist?", "King Diamond"),
    ("ant", "Which country's 1990s black metal bands influenced Mercyful Fate?", "Norway"),
]
Q[("hotpot", 83, "Paraguay")] = [
    ("ans", "Which country borders Paraguay to the south and southwest?", ["Argentina"]),
    (
        "ans",
        "Which river runs north to south through the middle of the country?",
        ["the Paraguay River", "Paraguay River"],
    ),
    (
        "ans",
        "Because of its central position, what is the country sometimes nicknamed?",
        ["Heart of South America", "Corazón de Sudamérica"],
    ),
    ("ant", "What is the largest landlocked country in the Americas?", "Paraguay"),
    ("other", "What is the capital of Paraguay?", "Paraguay River"),
    (
        "cond",
        "What nickname was Paraguay given because of its long Atlantic coastline?",
        "Heart of South America",
    ),
]
Q[("hotpot", 83, "Botswana")] = [
    ("ans", "What do the people of Botswana call themselves?", ["Batswana"]),
    ("ans", "Under what name was Botswana a British protectorate?", ["Bechuanaland"]),
    ("ans", "On what date did Botswana gain independence?", ["30 September 1966"]),
    ("ant", "Where does Botswana have the worst perceived corruption ranking?", "Africa"),
    ("exc", "When did Botswana leave the Commonwealth?", "30 September 1966"),
    (
        "cond",
        "What did the citizens call themselves while the country was still ruled by Britain?",
        "Batswana",
    ),
]
Q[("hotpot", 84, "Tarquin's Seaweed Farm")] = [
    ("ans", "What is the subtitle of the album?", ["Words from a Hessian Sack"]),
    ("ans", "With whom did Steven Wilson form his joke band?", ["Malcom Stocks"]),
    ("ans", "Which underground magazine took notice of the cassette?", ["Freakbeat"]),
    ("other", "Who designed the cover of the original cassette?", "Malcom Stocks"),
    (
        "ant",
        "What was the last album Wilson released under the name Porcupine Tree?",
        "Tarquin's Seaweed Farm",
    ),
    ("ent", "Which magazine released the album in a limited edition in 1991?", "Freakbeat"),
]
Q[("hotpot", 85, "Baku")] = [
    ("ans", "Of which country is Baku the capital?", ["Azerbaijan"]),
    ("ans", "How far below sea level does Baku lie?", ["28 m"]),
    ("ans", "On which peninsula is the city located?", ["the Absheron Peninsula"]),
    ("ant", "What is the highest lying national capital in the world?", "Baku"),
    ("num", "What was Baku's urban population at the start of 2019?", "just over two million"),
    ("neg", "Baku is not the largest city of which region?", "Caucasus region"),
]
Q[("hotpot", 85, "Ostrava")] = [
    (
        "ans",
        "Of which region is Ostrava the capital?",
        ["the Moravian-Silesian Region", "Moravian-Silesian Region"],
    ),
    ("ans", "How far is Ostrava from the Polish border?", ["15 km"]),
    ("ans", "About how many people lived in Ostrava in 2013?", ["around 300,000", "300,000"]),
    ("ant", "What is the smallest city in Czech Silesia?", "Ostrava"),
    ("neg", "Which of the four rivers does not meet at Ostrava?", "Lučina"),
    ("ent", "Of which region is Prague the capital?", "Moravian-Silesian Region"),
]
Q[("hotpot", 86, "Enterprise Holdings")] = [
    ("ans", "Where is Enterprise Holdings headquartered?", ["Clayton, Missouri"]),
    ("ans", "In what year was the holding company created?", ["2009"]),
    (
        "ans",
        "Which company did Enterprise Rent-A-Car acquire in 2007?",
        ["Vanguard Automotive Group"],
    ),
    ("ent", "Which company owned Enterprise Rent-A-Car before 2007?", "Vanguard Automotive Group"),
    ("num", "Which company did Enterprise Rent-A-Car buy in 2009?", "Vanguard Automotive Group"),
    ("exc", "In what year did the Taylor family sell the company?", "2009"),
]
Q[("hotpot", 87, "Colin Patterson (ice hockey)")] = [
    ("ans", "What nationality is Colin Patterson?", ["Canadian"]),
    ("ans", "Which NHL team signed Patterson in 1983?", ["the Calgary Flames", "Calgary Flames"]),
    (
        "ans",
        "What made Patterson miss almost all of the 1990–91 season?",
        ["a knee injury", "knee injury"],
    ),
    ("exc", "Which team drafted Patterson?", "Calgary Flames"),
    ("other", "Which team did the Flames beat in the 1989 Stanley Cup final?", "Buffalo Sabres"),
    (
        "cond",
        "After leaving the NHL because of his knee injury, which team did Patterson join?",
        "Buffalo Sabres",
    ),
]
Q[("hotpot", 87, "1997–98 Orlando Magic season")] = [
    ("ans", "Whom did the Magic hire as head coach for this season?", ["Chuck Daly"]),
    (
        "ans",
        "From which team did Orlando acquire Mark Price?",
        ["the Golden State Warriors", "Golden State Warriors"],
    ),
    ("ans", "To which team was Rony Seikaly traded?", ["the New Jersey Nets", "New Jersey Nets"]),
    ("ent", "From which team did Orlando acquire Bo Outlaw?", "Dallas Mavericks"),
    ("num", "In which place did the Magic finish the Atlantic Division at 42–40?", "fifth"),
    ("exc", "Which team did the Magic face in the playoffs?", "New Jersey Nets"),
]
Q[("hotpot", 90, "Hyperkalemic periodic paralysis")] = [
    ("ans", "What kind of disorder is HYPP?", ["a genetic disorder", "genetic"]),
    ("ans", "What is the condition called in horses?", ["Impressive syndrome"]),
    (
        "ans",
        "Which channels in muscle cells does the disease affect?",
        ["sodium channels", "sodium"],
    ),
    ("ant", "With which species is the disorder least commonly associated?", "horses"),
    ("neg", "Which factor does not make the muscle weakness worse?", "potassium"),
    ("other", "Which drug is used to treat HYPP?", "potassium"),
]
Q[("hotpot", 94, "Carry On Spying")] = [
    ("ans", "In which year was Carry On Spying made?", ["1964"]),
    ("ans", "Which actress first appeared in the series in this film?", ["Barbara Windsor"]),
    ("ans", "In which film did Bernard Cribbins come back 28 years later?", ["Carry On Columbus"]),
    ("neg", "Which was the first Carry On film not shot in black and white?", "Carry On Spying"),
    ("ent", "In which film did Barbara Windsor make her final appearance?", "Carry On Emmannuelle"),
    ("num", "Which film was the tenth in the Carry On series?", "Carry On Spying"),
]
Q[("hotpot", 95, "Todd Hoffner")] = [
    (
        "ans",
        "At which university is Todd Hoffner the head football coach?",
        ["the Minnesota State University, Mankato", "Minnesota State University, Mankato"],
    ),
    (
        "ans",
        "Which school did Hoffner coach from 1999 to 2005?",
        ["the University of Wisconsin–Eau Claire", "University of Wisconsin–Eau Claire"],
    ),
    (
        "ans",
        "What role did Hoffner hold at the University of South Dakota?",
        ["offensive coordinator", "the offensive coordinator"],
    ),
    (
        "cond",
        "Where was Hoffner offensive coordinator while he was head coach at Eau Claire?",
        "University of South Dakota",
    ),
    ("neg", "Besides football, which sport did Hoffner not take part in at college?", "track"),
    (
        "other",
        "Where did Hoffner coach between leaving Mankato in 2011 and returning in 2014?",
        "University of Wisconsin–Eau Claire",
    ),
]
Q[("hotpot", 96, "Lars Ulrich")] = [
    ("ans", "When was Lars Ulrich born?", ["December 26, 1963"]),
    ("ans", "Which tennis player was Ulrich's grandfather?", ["Einer Ulrich"]),
    ("ans", "To which city did Ulrich move at 16 to train?", ["Los Angeles"]),
    ("ent", "Who was the father of tennis player Einer Ulrich?", "Torben Ulrich"),
    ("exc", "At what age did Ulrich turn professional in tennis?", "16"),
    ("neg", "Which sport did Ulrich not play when he was young?", "tennis"),
]

# ---------------------------------------------------------------- MuSiQue
Q[("musique", 75, "Alps")] = [
    (
        "ans",
        "By what year had the Third Reich taken over many of the Alpine countries?",
        ["1940"],
    ),
    ("ans", "Which country alone managed to avoid an invasion?", ["Switzerland"]),
    ("ans", "Which doctrine does Switzerland follow?", ["armed neutrality"]),
    (
        "cond",
        "How many troops did Eisenhower estimate the Swiss had mobilized after the Nazis "
        "invaded the country?",
        "about 850,000",
    ),
    (
        "ant",
        "Which Alpine country underwent a coup that made it independent of the Third Reich?",
        "Austria",
    ),
    ("ent", "Which Alpine country had been invaded and was also a fascist regime?", "France"),
]
Q[("musique", 75, "Nanjing")] = [
    ("ans", "When did Japan begin its full invasion of China?", ["1937"]),
    ("ans", "Which region had Japan invaded in 1931?", ["Manchuria"]),
    ("ans", "In which month did Japanese forces occupy the city?", ["December"]),
    ("num", "Which region had Japan invaded in 1921?", "Manchuria"),
    (
        "neg",
        "What was the death toll according to estimates other than those of the two tribunals?",
        "between 300,000 and 350,000",
    ),
    ("other", "Who commanded the Japanese troops that occupied Nanjing?", "Imperial Japanese Army"),
]
Q[("musique", 76, "Running mate")] = [
    (
        "ans",
        "During which war did the running mate practice become established?",
        ["the American Civil War", "American Civil War"],
    ),
    (
        "ans",
        "As candidates of which party did Lincoln and Johnson run together?",
        ["the National Union Party", "National Union Party"],
    ),
    ("ans", "Who succeeded Lincoln?", ["Democrat Johnson", "Johnson"]),
    ("ant", "Which party was formed after the war ended?", "National Union Party"),
    ("ent", "Which Republican succeeded Democrat Johnson?", "Lincoln"),
    (
        "cond",
        "On which party's ticket did Lincoln and Johnson run again after the National Union "
        "Party disbanded?",
        "Republican Party",
    ),
]
Q[("musique", 77, "Eastern Columbia Building")] = [
    ("ans", "Who designed the Eastern Columbia Building?", ["Claud Beelman"]),
    ("ans", "How many stories does the building have?", ["thirteen"]),
    ("ans", "How long did it take to build?", ["nine months", "just nine months"]),
    ("ent", "Who designed the Eastern and Columbia stores?", "Adolph Sieroty"),
    (
        "neg",
        "Which part of the building was not granted an exemption from the height limit?",
        "the decorative clock tower",
    ),
    (
        "num",
        "When did the building open after eighteen months of construction?",
        "September 12, 1930",
    ),
]
Q[("musique", 77, "Vyšehrad")] = [
    ("ans", "What does the Czech name Vyšehrad mean?", ["upper castle"]),
    ("ans", "On which bank of the Vltava does the fort stand?", ["the right bank"]),
    ("ans", "Which is the oldest rotunda in Prague?", ["Rotunda of St. Martin"]),
    ("ant", "How far northwest of Prague Castle is Vyšehrad?", "just over 3\u00a0km"),
    ("ent", "Which composer is buried in Prague Castle?", "Antonín Dvořák"),
    ("other", "Who designed the Basilica of St. Peter and St. Paul?", "Alphonse Mucha"),
]
Q[("musique", 78, "Blue Mountains (New South Wales)")] = [
    ("ans", "In which Australian state are the Blue Mountains?", ["New South Wales"]),
    (
        "ans",
        "About how far west of the state capital do the foothills begin?",
        ["about 50 kilometres", "50 kilometres"],
    ),
    (
        "ans",
        "Which rivers mark the region's northern boundary?",
        ["the Wolgan and Colo rivers", "Wolgan and Colo rivers"],
    ),
    ("ant", "How far east of Sydney do the foothills start?", "about 50 kilometres"),
    ("other", "What is the highest peak of the Blue Mountains?", "Great Dividing Range"),
    (
        "cond",
        "In which part of the Sydney Basin does the region lie where it extends beyond "
        "New South Wales?",
        "central parts",
    ),
]
Q[("musique", 79, "Cherrapunji")] = [
    (
        "ans",
        "What kind of climate does Cherrapunji have?",
        ["a mild subtropical highland climate", "mild subtropical highland"],
    ),
    ("ans", "What is the city's yearly rainfall on average?", ["11,777 millimetres"]),
    ("ans", "On the windward side of which hills does it lie?", ["the Khasi Hills", "Khasi Hills"]),
    ("ant", "Which nearby place's annual rainfall trails Cherrapunji's?", "Mawsynram"),
    (
        "cond",
        "How much rain does Cherrapunji receive in its second monsoon season?",
        "11,777 millimetres",
    ),
    ("neg", "Which monsoonal winds does Cherrapunji not receive?", "northeast"),
]
Q[("musique", 82, "Red River of the South")] = [
    ("ans", "Where does the Red River rise?", ["the Texas Panhandle", "Texas Panhandle"]),
    ("ans", "The river forms the border between which two states?", ["Texas and Oklahoma"]),
    (
        "ans",
        "Into which river does the Red River empty in Louisiana?",
        ["the Atchafalaya River", "Atchafalaya River"],
    ),
    ("ant", "What is the largest river basin in the southern Great Plains?", "Red River"),
    (
        "cond",
        "Near which town does the river turn south once it has entered Louisiana?",
        "Fulton, Arkansas",
    ),
    ("exc", "Where does the Red River flow directly into the Gulf of Mexico?", "Louisiana"),
]
Q[("musique", 83, "Wellington")] = [
    ("ans", "What is Wellington's Māori name?", ["Te Whanganui - a-Tara"]),
    ("ans", "How many residents does Wellington have?", ["405,000"]),
    ("ans", "Next to which strait is Wellington situated?", ["Cook Strait"]),
    ("ant", "Which is the world's calmest city?", "Wellington"),
    ("other", "What is the most populous urban area of New Zealand?", "Wellington"),
    ("ent", "Which coast is the administrative centre of the Wellington Region?", "Kapiti Coast"),
]
Q[("musique", 86, "Johann Strauss III")] = [
    ("ans", "As what was Strauss III better remembered?", ["a conductor", "conductor"]),
    ("ans", "What was his only stage work?", ["Katze und Maus"]),
    (
        "ans",
        "In which theatre did the operetta premiere?",
        ["the Theater an der Wien", "Theater an der Wien"],
    ),
    ("neg", "Which of his waltzes did not survive obscurity?", "Sylvanien"),
    ("num", "Where did the operetta premiere on 23 December 1899?", "Theater an der Wien"),
    ("exc", "What was the title of Strauss III's second stage work?", "Katze und Maus"),
]
Q[("musique", 87, "David Jack")] = [
    ("ans", "What position did David Jack play?", ["inside forward", "An inside forward"]),
    ("ans", "With which club did Jack begin his senior career?", ["Plymouth Argyle"]),
    ("ans", "How much did Bolton pay for Jack?", ["£3,500"]),
    (
        "cond",
        "Which club did Jack sign for on returning to Plymouth, the town of his birth?",
        "Bolton Wanderers",
    ),
    ("num", "Which team won the 1925 FA Cup Final 2–0?", "Bolton"),
    ("other", "Which team did Bolton beat in the 1923 FA Cup Final?", "Plymouth Argyle"),
]
# ("musique", 89, "Wardville, Oklahoma") was written too and taken out: the same MuSiQue
# paragraph is in records of R (1-50) and side 1 (51-75), so its questions would have put
# one paragraph on two sides.
Q[("musique", 91, "Deane Waldo Malott")] = [
    ("ans", "What did Malott's father do for a living?", ["a banker", "banker"]),
    ("ans", "Where was Malott born?", ["Abilene, Kansas"]),
    (
        "ans",
        "Which company hired Malott in 1929?",
        ["the Hawaiian Pineapple Company", "Hawaiian Pineapple Company"],
    ),
    ("ent", "In which fraternity was Malott a brother at Harvard?", "Beta Theta Pi"),
    ("num", "Which company hired Malott in 1933?", "Hawaiian Pineapple Company"),
    (
        "cond",
        "Of which university was Malott chancellor while he was a professor at Harvard?",
        "University of Kansas",
    ),
]
Q[("musique", 92, "2010 Nobel Peace Prize")] = [
    ("ans", "Who won the 2010 Nobel Peace Prize?", ["Liu Xiaobo"]),
    ("ans", "Why was the laureate little known in China?", ["due to official censorship"]),
    ("ans", "Which manifesto did Liu co-write?", ["the Charter 08 manifesto", "Charter 08"]),
    ("num", "On what date in 2008 was Liu sentenced to prison?", "25 December 2009"),
    ("ent", "Which former Czech president was also a Nobel Peace Prize winner?", "Václav Havel"),
    ("exc", "On what date was Liu released from prison?", "25 December 2009"),
]
Q[("musique", 94, "Knott")] = [
    ("ans", "In which part of the Lake District is Knott?", ["the northern part"]),
    ("ans", "Of which region is Knott the highest point?", ["Back o'Skiddaw"]),
    ("ans", "What covers most of the fell's slopes?", ["grass"]),
    ("ant", "What is the lowest point of the Back o'Skiddaw region?", "Knott"),
    ("exc", "Which road leads up to the top of Knott?", "Mungrisdale"),
    ("other", "How high is Knott in metres?", "Great Sca Fell"),
]


def musique_paragraph(records: list[dict], index: int, title: str) -> str:
    """The text of the one paragraph titled ``title`` in MuSiQue record ``index``."""
    texts = [p["paragraph_text"] for p in records[index]["paragraphs"] if p["title"] == title]
    if len(texts) != 1:
        raise KeyError((index, title, len(texts)))
    return texts[0]


def main() -> None:
    hotpot = sys.argv[1] if len(sys.argv) > 2 else HOTPOT
    musique = sys.argv[2] if len(sys.argv) > 2 else MUSIQUE
    with open(hotpot, encoding="utf-8") as handle:
        hotpot_records = json.load(handle)[FIRST:LAST]
    with open(musique, encoding="utf-8") as handle:
        musique_records = json.load(handle)[FIRST:LAST]
    titles = [title for _, _, title in Q]
    assert len(titles) == len(set(titles)), "a title is used twice"
    items = []
    for (source, index, title), questions in Q.items():
        assert FIRST <= index < LAST, (source, index, title)
        if source == "hotpot":
            context = paragraph(hotpot_records, index - FIRST, title)
        else:
            context = musique_paragraph(musique_records, index - FIRST, title)
        items.append((title, context, questions))
    write_squad2(items, "sqside2", HERE / "squad2_style_side2.json")


if __name__ == "__main__":
    main()
