"""Write squad2_style_dev6.json: SQuAD 2.0-style questions over HotpotQA and MuSiQue.

A sixth development set. The questions were written by hand by a writer who had not
seen the reader, over 20 paragraphs of records 1-50 (index 0-49) of
``hotpotqa-train100-distractor.json`` and 20 paragraphs of records 1-50 of
``musique-ans-train100.json``; records 51-100 are calibration/held-out data and are never
read (both files are sliced before use). No paragraph (title or text) is one already used
by ``squad_dev``, ``squad_dev2``, ``squad_dev3``, ``squad_dev4`` or ``squad_dev5``; this
script checks that. It only joins each HotpotQA paragraph's sentences (MuSiQue text is
taken as it is), computes every answer's character offset (word-bounded first
occurrence) and checks it, so that the JSON can be rebuilt and reviewed. Kinds of
unanswerable question are in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev6/make_squad2_style_dev6.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, dev_sets_before, sources  # noqa: E402

EARLIER = dev_sets_before(6)
Question = tuple[str, str, object]
# HotpotQA: (record index 0-49, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 0-49, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(1, "Sathish Kalathil")] = [
    ("ans", "What was the title of Kalathil's first feature?", ["Jalachhayam"]),
    ("ans", "In what year did he make his very first venture?", ["2008"]),
    ("ans", "What problem did his 2012 documentary deal with?", ["Municipal solid waste"]),
    ("other", "Which award did Jalachhayam win?", "Jalachhayam"),
    (
        "neg",
        "Which of these jobs does Kalathil not do: director, producer or lyricist?",
        "Lyricist",
    ),
    ("ant", "What was his last venture, made in 2008?", "Veena Vaadanam"),
]
H[(3, "Bill Myers (musician)")] = [
    ("ans", "Who started The Monitors together with Myers?", ["Cleveland Flow"]),
    ("ans", "Which town does the band call home?", ["Wilson, North Carolina", "Wilson"]),
    (
        "ans",
        "Which came first for Myers, the Smithsonian festival or the Heritage Award?",
        ["the Smithsonian Folklife Festival", "Smithsonian Folklife Festival"],
    ),
    ("ent", "Which award did the Smithsonian give Myers in 2012?", "Brown-Hudson Folklore Award"),
    ("num", "Which band did Myers co-found in 1975?", "The Monitors"),
    ("exc", "In what year did the Monitors stop performing?", "2011"),
]
H[(4, "Alexandria International Airport (Louisiana)")] = [
    (
        "ans",
        "How far does the airport lie from Alexandria's downtown?",
        ["four nautical miles", "four nautical miles (5 mi, 7 km)"],
    ),
    ("ans", "In which parish is the airfield?", ["Rapides Parish"]),
    (
        "ans",
        "Under what other name is the body that runs the airport known?",
        [
            "the England Economic and Industrial Development District",
            "England Economic and Industrial Development District",
        ],
    ),
    (
        "cond",
        "Which kind of flight took over at the airport after the military charters ended?",
        "international commercial flight operations",
    ),
    ("other", "How many passengers use the airport each year?", "four"),
    ("neg", "To which destinations are charter flights not flown?", "international destinations"),
]
H[(6, "Flute sonata in G major (HWV 363b)")] = [
    ("ans", "Under what other name is the work known?", ["Opus 1 No. 5"]),
    ("ans", "For which instrument was the piece first written?", ["the oboe", "oboe"]),
    ("ans", "Which London firm first printed the work?", ["Walsh"]),
    ("ant", "Into which key was the sonata transposed from G major?", "F major"),
    ("ent", "In which key did Bach write the sonata?", "F major"),
    ("num", "Which London publisher first issued the work in 1716?", "Walsh"),
]
H[(7, "Onufri Publishing House")] = [
    ("ans", "Besides English, in which foreign language does the house publish?", ["Italian"]),
    ("ans", "Who set up the publisher?", ["Bujar Hudhri"]),
    (
        "ans",
        "After whom is the house named?",
        ["the 16th century painter Onufri", "16th century painter Onufri"],
    ),
    ("exc", "Who succeeded Bujar Hudhri as chief executive?", "Bujar Hudhri"),
    (
        "cond",
        "In which city did the house set up its head office after leaving Tirana?",
        "Pristina",
    ),
    ("other", "How many books does Onufri bring out each year?", "1992"),
]
H[(10, "SV St. Georg")] = [
    ("ans", "On what date was the club set up?", ["3 June 1895"]),
    ("ans", "On which side of the Alster did St. Georg form?", ["the left bank", "left bank"]),
    ("ans", "Which of the two sides appeared first, St. Georg or Hammonia?", ["St. Georg"]),
    (
        "neg",
        "Which club did not grow out of Seminarvereinigung Frisch-Auf?",
        "FC Hammonia Hamburg",
    ),
    ("ant", "Which side still plays, though St. Georg folded?", "Hammonia"),
    ("ent", "In which city was the Austrian Football Association founded in 1900?", "Leipzig"),
]
H[(11, "Jagat Murari")] = [
    ("ans", "On what date did Murari pass away?", ["13 April 2007"]),
    ("ans", "In which city was the film school he headed?", ["Pune"]),
    (
        "ans",
        "Besides Shabana Azmi, name an actress he nurtured.",
        ["Jaya Bhaduri"],
    ),
    ("num", "Which institute did Murari head between 1952 and 1961?", "FTII"),
    (
        "exc",
        "Which was the only film institution Murari helped to pioneer?",
        "the Film & Television Institute of India (FTII)",
    ),
    ("cond", "Whom did Murari teach at FTII after he left it in 1971?", "Jaya Bhaduri"),
]
H[(13, "Blennerville")] = [
    ("ans", "How far is the village from the centre of Tralee?", ["approximately 1 mi", "1 mi"]),
    ("ans", "What does the Irish name signify?", ["the seat/home of the Morans"]),
    ("ans", "How many people lived in the rural part of the division in 2011?", ["556"]),
    ("other", "What is the population of Tralee?", "141"),
    ("neg", "By which waterway is the village not linked to the town centre?", "Tralee Ship Canal"),
    ("ant", "Of which town is the village now the port?", "Tralee"),
]
H[(14, "Freak the Freak Out")] = [
    (
        "ans",
        "Besides the Hexum brothers, name a co-writer of the song.",
        ["C.J. Abraham", "Dan Schneider"],
    ),
    ("ans", "Which label put the single out?", ["Columbia Records"]),
    ("ans", "What do the words describe?", ["getting the attention of a distant boyfriend"]),
    ("ent", "Which Disney series was the soundtrack made for?", "Victorious"),
    ("num", "On what date was the single released in 2011?", "November 19, 2010"),
    ("exc", "Which single came out before it as the album's first?", "Freak the Freak Out"),
]
H[(16, "2012 Leap Day tornado outbreak")] = [
    (
        "ans",
        "Which area was hit hardest?",
        ["the Ohio Valley region", "Ohio Valley region", "Ohio Valley"],
    ),
    ("ans", "How many people lost their lives in all?", ["15", "15 people"]),
    (
        "ans",
        "Where did the most damaging twister strike?",
        ["Harrisburg, Illinois", "Harrisburg"],
    ),
    (
        "cond",
        "Which town did the worst tornado of the larger outbreak two days earlier hit?",
        "Harrisburg, Illinois",
    ),
    ("other", "How many tornadoes touched down in the outbreak?", "15"),
    ("neg", "In which region did the outbreak cause no tornadoes?", "Central Plains"),
]
H[(17, "The No Mercy Man")] = [
    (
        "ans",
        "Under what other title has the film been released?",
        ["Bad Man", "Trained to Kill", "Trained to Kill USA"],
    ),
    ("ans", "Who photographed the picture?", ["Dean Cundey"]),
    ("ans", "Who coordinated the stunts?", ["Buddy Joe Hooker"]),
    ("ant", "Who acted as the film's first unit director?", "Buddy Joe Hooker"),
    ("ent", "Which film did Dean Cundey direct in 1973?", "The No Mercy Man"),
    ("num", "Which action film with Western elements came out in 1978?", "The No Mercy Man"),
]
H[(22, "Do Lafzon Ki Kahani (film)")] = [
    ("ans", "Who was the film's director?", ["Deepak Tijori"]),
    ("ans", "Which 2011 Korean picture does it remake?", ["Always"]),
    (
        "ans",
        "Besides India, where did the shoot take place?",
        ["Kuala Lumpur, Malaysia", "Kuala Lumpur"],
    ),
    ("exc", "To which country was the film's release limited?", "India"),
    ("cond", "What was the Kannada version made after the Hindi film called?", "Boxer"),
    ("other", "How much did the film take at the box office?", "Pen India Limited"),
]
H[(23, "Scott Buchholz")] = [
    ("ans", "Which seat has Buchholz represented since 2010?", ["Wright"]),
    ("ans", "For which senator did he run the office?", ["Barnaby Joyce"]),
    ("ans", "How long was he a director of CQX?", ["18 years"]),
    ("neg", "Which party has Buchholz never belonged to?", "Liberal National Party of Queensland"),
    ("ant", "Who was chief of staff to Buchholz?", "Barnaby Joyce"),
    ("ent", "Which seat has Barnaby Joyce held since the 2010 federal election?", "Wright"),
]
H[(24, "Ken Marlow")] = [
    ("ans", "Where did he take his degree?", ["Yale University", "Yale"]),
    ("ans", "In which state was the painter born?", ["Texas"]),
    (
        "ans",
        "Which museum has his paintings in its collection?",
        ["the Mississippi Museum of Art", "Mississippi Museum of Art"],
    ),
    ("num", "Which honour did Marlow receive in 1996?", "the award in art"),
    ("exc", "For which abstract style is Marlow known?", "precisionist"),
    ("cond", "Where was Marlow raised after his family left the Air Force?", "Mississippi"),
]
H[(25, "Lindsay Taylor")] = [
    ("ans", "How many seasons has she spent playing abroad?", ["13", "13 basketball seasons"]),
    ("ans", "For which club does she play now?", ["Primeiro de Agosto"]),
    ("ans", "In which country's league is she currently playing?", ["Angola"]),
    ("other", "Which college did Taylor play for?", "Women's National Basketball Association"),
    ("neg", "In which league has Taylor never played?", "Polish Women's League"),
    ("ant", "For which Angolan club did she formerly play?", "Primeiro de Agosto"),
]
H[(26, "Killer: A Journal of Murder (film)")] = [
    ("ans", "Whose life does the film tell?", ["Carl Panzram", "serial killer Carl Panzram"]),
    ("ans", "Who plays Henry Lesser?", ["Robert Sean Leonard"]),
    ("ans", "How is Michael Jeffrey Woods related to the lead?", ["young brother"]),
    ("ent", "Who wrote and directed the 1995 film Heat?", "Tim Metcalfe"),
    ("num", "Who wrote and directed the 1985 drama about Carl Panzram?", "Tim Metcalfe"),
    ("exc", "Which other actor also plays Panzram in the film?", "Michael Jeffrey Woods"),
]
H[(27, "Dallas Texans (NFL)")] = [
    ("ans", "How long did the team last in the NFL?", ["one season"]),
    (
        "ans",
        "Which new franchise took many of the players in 1953?",
        ["the new Baltimore Colts franchise", "Baltimore Colts"],
    ),
    (
        "ans",
        "What did the later AFL Texans become?",
        ["the Kansas City Chiefs", "Kansas City Chiefs"],
    ),
    ("cond", "What was the team's record in its second season?", "1–11"),
    ("other", "Who coached the Dallas Texans?", "Hershey"),
    ("neg", "In which city was the team never based?", "Akron, Ohio"),
]
H[(28, "Iván (singer)")] = [
    ("ans", "What is the singer's real name?", ["Juan Carlos Ramos Vaquero"]),
    ("ans", "Which producer spotted him?", ["Oscar Gómez", "CBS producer Oscar Gómez"]),
    ("ans", "How many albums did he sell in the 1980s?", ["over 5 million", "5 million"]),
    ("ant", "What cut short Iván's compulsory military service?", "his career"),
    ("ent", "Who discovered José Luis Perales?", "Oscar Gómez"),
    ("num", "Which album did he release in 2002?", "Fotonovela"),
]
H[(29, "Heinkel HD 40")] = [
    ("ans", "Which paper was the aircraft built to deliver?", ["B.Z."]),
    (
        "ans",
        "Which earlier Heinkel design for the same client did it follow?",
        ["the HD 39", "HD 39"],
    ),
    (
        "ans",
        "What was the body of the plane made of?",
        ["welded steel tube skinned in plywood", "welded steel tube"],
    ),
    ("exc", "What kind of retractable undercarriage did it have?", "tailskid type"),
    ("cond", "Which design did Heinkel offer after the failure of the HD 39?", "Heinkel HD 40"),
    ("other", "How many HD 40s were built?", "1920s"),
]
H[(30, "1998 Eastern tornado outbreak")] = [
    ("ans", "How many tornadoes did the June 2 storms produce?", ["47"]),
    (
        "ans",
        "How much damage was it thought to cause?",
        ["an estimated $42 million", "$42 million"],
    ),
    (
        "ans",
        "Which of the two outbreaks injured more people, the June one or the late-May one?",
        ["the Late-May 1998 Tornado Outbreak and Derecho", "Late-May 1998 Tornado Outbreak"],
    ),
    ("neg", "Which state did the June outbreak not reach?", "Vermont"),
    (
        "ant",
        "Which outbreak came immediately after the June 2 one in Pennsylvania?",
        "Late-May 1998 Tornado Outbreak and Derecho",
    ),
    ("ent", "How much damage did the 1998 Western tornado outbreak cause?", "$42 million"),
]
M[(0, 8, "IEEE Transactions on Microwave Theory and Techniques")] = [
    ("ans", "How often does the journal come out?", ["monthly"]),
    (
        "ans",
        "Which body puts out the journal?",
        [
            "the IEEE Microwave Theory and Techniques Society",
            "IEEE Microwave Theory and Techniques Society",
        ],
    ),
    ("ans", "Besides José Carlos Pedro, who is chief editor?", ["Luca Perregrini"]),
    ("num", "What was the journal's 2008 impact factor?", "3.756"),
    ("exc", "Who is the journal's sole editor-in-chief?", "Luca Perregrini"),
    ("cond", "Who took over as editor after Luca Perregrini stepped down?", "José Carlos Pedro"),
]
M[(1, 0, "Publix")] = [
    ("ans", "Where is the chain's most westerly store?", ["Mobile, Alabama", "Mobile"]),
    ("ans", "How many staff did Publix have in August 2018?", ["about 193,000", "193,000"]),
    ("ans", "How many of its shops are in Florida?", ["787"]),
    ("other", "Where does Publix have its headquarters?", "Key West, Florida"),
    ("neg", "Which foods do the company's factories not make?", "dairy"),
    ("ant", "Which state has the fewest Publix stores?", "Florida"),
]
M[(2, 0, "Catholic Church")] = [
    (
        "ans",
        "How many followers does the church have?",
        ["more than 1.299 billion", "1.299 billion"],
    ),
    ("ans", "Under what title is the Pope also known?", ["the Bishop of Rome", "Bishop of Rome"]),
    ("ans", "What is the church's central government called?", ["the Holy See", "Holy See"]),
    ("ent", "Where is the Patriarch of Constantinople's central administration?", "Vatican City"),
    ("num", "How many members did the church have in 1299?", "1.299 billion"),
    (
        "exc",
        "Which is the one Christian church larger than the Catholic Church?",
        "Roman Catholic Church",
    ),
]
M[(3, 9, "Cascade Falls (Kettle River)")] = [
    ("ans", "On which river is the waterfall?", ["the Kettle River", "Kettle River"]),
    ("ans", "How long is the gorge?", ["200-300 yards long", "200-300 yards"]),
    ("ans", "When were the falls officially named?", ["1977"]),
    (
        "cond",
        "What was the ghost town named after the falls got their name in 1977?",
        "Cascade City",
    ),
    ("other", "How high are the falls?", "200-300 yards"),
    ("neg", "Which lake lies nowhere near the falls?", "Christina Lake"),
]
M[(4, 0, "Belebeyevsky District")] = [
    ("ans", "How many districts does the republic have?", ["fifty-four"]),
    ("ans", "Where is the district administered from?", ["the town of Belebey", "Belebey"]),
    ("ans", "Which district borders it to the southeast?", ["Alsheyevsky District"]),
    ("ant", "Which town is administratively part of the district?", "Belebey"),
    ("ent", "What was the population of Buzdyaksky District in 2010?", "41,708"),
    ("num", "What was the district's population at the 2002 Census?", "41,708"),
]
M[(5, 7, "The Legend of Zelda: Twilight Princess")] = [
    ("ans", "Who oversaw the game's sound?", ["Koji Kondo"]),
    ("ans", "Who wrote the field and dungeon music?", ["Toru Minegishi", "Minegishi"]),
    ("ans", "Who led the ensemble that played the arrangements?", ["Yasuzo Takemoto"]),
    ("exc", "Who composed all three trailer pieces?", "Mahito Yokota"),
    (
        "cond",
        "Which piece was used for the E3 2005 trailer after Kondo's was turned down?",
        "Kondo",
    ),
    ("other", "Who composed the third trailer piece?", "Michiru Ōshima"),
]
M[(6, 1, "Judith Viorst")] = [
    ("ans", "In what year did Viorst graduate?", ["1952"]),
    ("ans", "Which war was she protesting?", ["the Vietnam War", "Vietnam War"]),
    ("ans", "How long did she study before becoming a research graduate?", ["six years"]),
    (
        "neg",
        "Which pledge did Viorst refuse to sign in 1968?",
        "Writers and Editors War Tax Protest",
    ),
    ("ant", "What did Viorst promise to pay in 1968?", "tax payments"),
    (
        "ent",
        "At which institute did Sigmund Freud become a research graduate in 1981?",
        "Washington Psychoanalytic Institute",
    ),
]
M[(7, 5, "Geography of the United States")] = [
    (
        "ans",
        "Where does the most snow fall each year?",
        ["Mount Rainier", "Mount Rainier in Washington"],
    ),
    (
        "ans",
        "How much snow did Mt. Baker report for 1998-99?",
        ["1,140 inches", "1,140 inches (2,896 cm)"],
    ),
    (
        "ans",
        "Besides the Wasatch Mountains, name a snowy range outside the Cascades.",
        ["the San Juan Mountains", "San Juan Mountains", "the Sierra Nevada"],
    ),
    ("num", "How much snow fell at Mount Rainier in the winter of 1981–82?", "1,122 inches"),
    ("exc", "Which mountains of the eastern states get the most snow on Earth?", "Mount Rainier"),
    ("cond", "What record did Mount Rainier set after Mt. Baker had broken it?", "1,122 inches"),
]
M[(9, 4, "Tuvalu")] = [
    ("ans", "When did Tuvalu sign the memorandum?", ["July 2013"]),
    ("ans", "In what year did the Facility begin?", ["2006"]),
    (
        "ans",
        "Which accord with the EU have the Pacific ACP States signed?",
        ["the Cotonou Agreement", "Cotonou Agreement"],
    ),
    ("other", "Which country was the first to sign the MOU?", "Tuvalu"),
    ("neg", "Which Pacific countries have not signed the Cotonou Agreement?", "Pacific ACP States"),
    ("ant", "What was the Facility meant to make worse?", "the delivery of aid"),
]
M[(10, 12, "United States Navy in Vieques, Puerto Rico")] = [
    (
        "ans",
        "To which department did the Navy hand over its land?",
        ["the U.S. Department of the Interior", "U.S. Department of the Interior"],
    ),
    ("ans", "How large was the Navy's eastern part of the island?", ["14,573 acres"]),
    ("ans", "How many bombs fell on the island in 1998?", ["23,000", "23,000 bombs"]),
    (
        "ent",
        "To which department did the Air Force turn over its lands in 2003?",
        "U.S. Department of the Interior",
    ),
    ("num", "How many bombs did the Navy drop on the island in 1989?", "23,000"),
    ("exc", "Who cites Navy data showing that Vieques was never bombed?", "McCaffrey"),
]
M[(11, 3, "Water conflicts between Malaysia and Singapore")] = [
    (
        "ans",
        "How much water a day could Singapore take under the 1961 deal?",
        ["up to 86 million imperial gallons", "86 million imperial gallons"],
    ),
    ("ans", "Until what year does the 1962 deal run?", ["2061"]),
    (
        "ans",
        "What price did both deals fix?",
        ["3 Malaysian cents per 1,000 imperial gallons", "3 Malaysian cents"],
    ),
    (
        "cond",
        "From which river did Singapore draw water after the 1962 agreement ran out in 2011?",
        "Johor River",
    ),
    ("other", "Who signed the 1962 agreement for Singapore?", "Federation of Malaya"),
    ("neg", "Which source was left out of the 1961 agreement?", "Pontian Reservoir"),
]
M[(12, 4, "Lancashire")] = [
    ("ans", "How long did the Lancashire League competition run?", ["from 1895 to 1970"]),
    (
        "ans",
        "Which ended earlier, the Lancashire League or the County Cup?",
        ["the Lancashire League competition", "Lancashire League"],
    ),
    ("ans", "How many times have Lancashire and Yorkshire met?", ["89 times", "89"]),
    ("ant", "When was the Lancashire County Cup introduced?", "1993"),
    ("ent", "Which competition ran in Yorkshire from 1895 to 1970?", "Lancashire League"),
    ("num", "Which competition was abandoned in 1983?", "Lancashire County Cup"),
]
M[(13, 2, "Greece")] = [
    ("ans", "On what date was Greece admitted to the monetary union?", ["19 June 2000"]),
    ("ans", "What currency did the euro replace?", ["the Greek drachma", "Greek drachma"]),
    (
        "ans",
        "At what rate was the old money exchanged?",
        ["340.75 drachma to the Euro", "340.75 drachma"],
    ),
    ("exc", "Which currency did Greece keep beside the Euro after 2001?", "Greek drachma"),
    ("cond", "In what year was the accession signed after it was completed in 1982?", "1979"),
    ("other", "Who signed Greece's accession to the European Communities?", "Greece"),
]
M[(15, 4, "Queen Elisabeth Medical Foundation")] = [
    ("ans", "Who was the founder's husband?", ["Albert I"]),
    ("ans", "On which field does the foundation especially concentrate?", ["neurosciences"]),
    ("ans", "How many university teams does it back?", ["seventeen"]),
    ("neg", "Which field does the QEMF not focus on?", "neurosciences"),
    (
        "ant",
        "Between whom does the foundation discourage contacts?",
        "researchers and clinical practitioners",
    ),
    ("ent", "Who founded the Belgian Red Cross in 1926?", "Elisabeth of Bavaria"),
]
M[(16, 5, "First Choice Airways")] = [
    ("ans", "Where did the airline have its base?", ["Crawley, England", "Crawley"]),
    ("ans", "How many destinations did it serve?", ["more than 60", "60"]),
    ("ans", "What share of its flights were for its parent in summer?", ["85%"]),
    ("num", "With which airline did it merge in 2018?", "Thomsonfly"),
    ("exc", "Which was the only tour operator the airline flew for?", "TUI Travel PLC"),
    ("cond", "Where was the airline based after its merger with Thomsonfly?", "Crawley, England"),
]
M[(18, 7, "Translation")] = [
    ("ans", "Who was the Roman who adapted Greek comedies?", ["Terence"]),
    ("ans", "In whose writing is the idea of parallel creation found?", ["Cicero"]),
    ("ans", "On what instrument did Johnson say Pope played Homer?", ["a flageolet", "flageolet"]),
    ("other", "In what century did Cicero live?", "2nd-century-BCE"),
    ("neg", "To whom has the translator's role not been compared?", "an artist"),
    ("ant", "Who remarked that translation is unlike drawing after life?", "Dryden"),
]
M[(19, 3, "Richmond, Virginia")] = [
    (
        "ans",
        "How much of the city's area is water?",
        ["2.7 square miles", "2.7 square miles (7.0 km2)", "4.3%"],
    ),
    (
        "ans",
        "In which part of Virginia does Richmond lie?",
        ["the Piedmont region", "Piedmont region", "Piedmont"],
    ),
    (
        "ans",
        "Which mountains border the Piedmont on the side away from the Tidewater?",
        ["the Blue Ridge Mountains", "Blue Ridge Mountains"],
    ),
    ("ent", "What is the total area of Norfolk, Virginia?", "62 square miles"),
    ("num", "How much of the city's 82 square miles is land?", "60 square miles"),
    ("exc", "What high, rugged hills mark the Piedmont region?", "relatively low, rolling hills"),
]
M[(20, 7, "National debt of the United States")] = [
    ("ans", "What was the whole national debt on July 31, 2018?", ["$21.4 trillion"]),
    ("ans", "Which holds more of the debt, China or Japan?", ["China"]),
    ("ans", "Where did the public debt rank among 207 countries?", ["43rd highest", "43rd"]),
    ("cond", "Which country held the most US debt after China sold all its holdings?", "Japan"),
    ("other", "How much debt was held by the public in 2010?", "$15.6 trillion"),
    ("neg", "Which country owns none of the US debt?", "Japan"),
]
M[(21, 6, "Weight of the World (Evanescence song)")] = [
    ("ans", "On which record does the song appear?", ["The Open Door"]),
    ("ans", "Who was the song's producer?", ["Dave Fortman"]),
    (
        "ans",
        "Where was it put out as a promotional single?",
        ["Colombia", "the country of Colombia"],
    ),
    ("ant", "What did critics fault the song for?", "its heaviness"),
    ("ent", "Who wrote the Evanescence song Bring Me to Life about fan pressure?", "Amy Lee"),
    ("num", "In what month of 2008 was it released in Colombia?", "October"),
]
M[(23, 13, "Missouri City, Texas")] = [
    (
        "ans",
        "In which county is most of the city?",
        ["Fort Bend County", "eastern Fort Bend County"],
    ),
    ("ans", "How far away is downtown Houston?", ["17 miles", "17 miles (27 km)"]),
    ("ans", "Which city lies to its west?", ["Sugar Land"]),
    ("exc", "Which incorporated city borders Missouri City on the south?", "Sienna Plantation"),
    ("cond", "Which city bordered it to the west after Houston absorbed Sugar Land?", "Sugar Land"),
    ("other", "What is the population of Missouri City?", "Missouri City"),
]


def main() -> None:
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqdev6",
        HERE / "squad2_style_dev6.json",
        *sources(sys.argv),
    )


if __name__ == "__main__":
    main()
