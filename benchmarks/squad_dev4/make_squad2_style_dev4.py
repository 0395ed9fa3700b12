"""Write squad2_style_dev4.json: SQuAD 2.0-style questions over HotpotQA and MuSiQue.

A fourth development set. The questions were written by hand by a writer who had not
seen the reader, over 20 paragraphs of records 1-50 (index 0-49) of
``hotpotqa-train100-distractor.json`` and 20 paragraphs of records 1-50 of
``musique-ans-train100.json``; records 51-100 are calibration/held-out data and are never
read (both files are sliced before use). No paragraph (title or text) is one already used
by ``squad_dev``, ``squad_dev2`` or ``squad_dev3``; this script checks that. It only
joins each HotpotQA paragraph's sentences (MuSiQue text is taken as it is), computes
every answer's character offset (word-bounded first occurrence) and checks it, so that
the JSON can be rebuilt and reviewed. Kinds of unanswerable question are in the id:
neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev4/make_squad2_style_dev4.py [HOTPOT_JSON MUSIQUE_JSON]
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "squad_dev"))
from make_squad2_style_dev import build_hotpot_musique_set, dev_sets_before, sources  # noqa: E402

EARLIER = dev_sets_before(4)
Question = tuple[str, str, object]
# HotpotQA: (record index 0-49, paragraph title) -> questions:
# (kind, question, accepted answers for "ans", else the plausible answer).
H: dict[tuple[int, str], list[Question]] = {}
# MuSiQue: (record index 0-49, paragraph ``idx`` in the record, paragraph title) -> questions.
M: dict[tuple[int, int, str], list[Question]] = {}
H[(0, "Demon algorithm")] = [
    (
        "ans",
        "To which family of sampling techniques does the demon algorithm belong?",
        ["Monte Carlo method", "a Monte Carlo method", "Monte Carlo"],
    ),
    (
        "ans",
        "What is handed to the demon when a drawn state holds less energy than the original?",
        ["the excess energy", "excess energy"],
    ),
    ("ans", "What nickname is given to the added degree of freedom?", ["the demon"]),
    (
        "ant",
        "What does the demon take away when a sampled state has more energy than desired?",
        "the missing energy",
    ),
    ("exc", "How much negative energy is the demon able to hold?", "negative energy"),
    ("other", "Who devised the demon algorithm?", "Monte Carlo"),
]
H[(4, "New York State Route 12F")] = [
    (
        "ans",
        "Which county is the highway located in?",
        ["Jefferson County", "Jefferson County, New York"],
    ),
    ("ans", "How long is the route from end to end?", ["6.89 mi"]),
    (
        "ans",
        "Which airport does the road serve a short way past its junction with NY 180?",
        ["Watertown International Airport"],
    ),
    (
        "ant",
        "Which route keeps to the southern bank of the Black River while NY 12F runs on the "
        "north side?",
        "NY\u00a012E",
    ),
    ("ent", "How long is NY 12E?", "6.89 mi"),
    ("neg", "In which town does NY 12F not begin?", "Hounsfield"),
]
H[(6, "Violin Sonata No. 3 (Hill)")] = [
    ("ans", "Who composed the work?", ["Alfred Hill"]),
    (
        "ans",
        "From which earlier piece of Hill's was the sonata's music taken?",
        ["Piano Trio in A minor, Stiles 1.2.2.1 TrA", "Piano Trio in A minor"],
    ),
    (
        "ans",
        "Besides Constance Brandon Usher, who gave the 1908 Sydney performance?",
        ["Cyril Monk"],
    ),
    ("num", "In which hall was the sonata played on 6 July 1907?", "YMCA Hall"),
    ("ent", "To whom did Hill dedicate his third violin sonata?", "Cyril Monk"),
    ("other", "Who published the version for flute and piano?", "Alfred Hill"),
]
H[(8, "William Henry Oliphant Smeaton")] = [
    ("ans", "Under what shorter name did Smeaton sometimes publish?", ["Oliphant Smeaton"]),
    (
        "ans",
        "Which of his books was the most famous?",
        ["The Life and Works of William Shakespeare"],
    ),
    (
        "ans",
        "For which collection did he supply several life stories?",
        ["Famous Scots Series"],
    ),
    (
        "num",
        "Which of Smeaton's books appeared in 1901?",
        "The Life and Works of William Shakespeare",
    ),
    (
        "neg",
        "On what subject did Smeaton not write for British publications?",
        "Australian life and literature",
    ),
    ("other", "At which university did Smeaton teach?", "Oliphant, Anderson and Ferrier"),
]
H[(10, "Harris, Forbes &amp; Co.")] = [
    ("ans", "Harris, Forbes & Co. was an offshoot of which bank?", ["Harris Bank"]),
    ("ans", "Who bought the firm in 1930?", ["Chase Manhattan Bank"]),
    (
        "ans",
        "How long after the takeover was the firm wound up?",
        ["two years", "Just two years"],
    ),
    ("ant", "The repeal of which law led to the firm being dissolved?", "Glass–Steagall Act"),
    (
        "ent",
        "To which firm did Harris Bank hand over what was left of its securities business?",
        "First Boston Corporation",
    ),
    (
        "cond",
        "What did the firm form together with Chase after it was dissolved in 1932?",
        "Chase Harris, Forbes",
    ),
]
H[(12, "Savannah Spirits")] = [
    ("ans", "Which league did the team play in?", ["Continental Basketball Association"]),
    (
        "ans",
        "Under what name did the team start out?",
        ["the Detroit Spirits", "Detroit Spirits"],
    ),
    ("ans", "How many regular-season games did the Spirits lose?", ["60", "60 losses"]),
    (
        "exc",
        "Which team did the Spirits beat in the playoffs in their first season in Savannah?",
        "Albany Patroons",
    ),
    (
        "neg",
        "Which team did the Spirits not meet in the playoffs?",
        "Albany Patroons",
    ),
    (
        "cond",
        "In which round were the Spirits knocked out in their first year in Savannah?",
        "first round",
    ),
]
H[(14, "All Mixed Up (311 song)")] = [
    ("ans", "By what other name is the album 311 known?", ["The Blue Album"]),
    (
        "ans",
        "How many copies of the album have been sold around the world?",
        ["over 3 million", "3 million"],
    ),
    ("ans", "Whose interview gave Hexum the song's title?", ["Elvis Presley", "Elvis"]),
    (
        "cond",
        "Which tour were the band on when Martinez wrote the lyrics?",
        "Grassroots",
    ),
    ("ent", "Which song did Elvis Presley write with Nick Hexum?", "All Mixed Up"),
    ("exc", "Which Elvis Presley song gave Hexum the title?", "all mixed up"),
]
H[(16, "Tornado outbreak of March 2–3, 2012")] = [
    ("ans", "How many people were killed by the tornadoes?", ["41"]),
    ("ans", "In which state did the most victims die?", ["Kentucky"]),
    (
        "ans",
        "Which storm killed more people than this outbreak in an early-March system?",
        ["the 1966 Candlestick Park tornado", "1966 Candlestick Park tornado"],
    ),
    ("cond", "How many people died in Indiana, the state with the most deaths?", "22"),
    ("neg", "In which states did no one die from the tornadoes?", "Alabama, Indiana, and Ohio"),
    ("num", "How many people died in Kentucky in the outbreak of March 2002?", "22"),
]
H[(18, "Cryptantha pterocarya")] = [
    ("ans", "What is the plant commonly called?", ["wingnut cryptantha"]),
    (
        "ans",
        "At most, about how tall does the plant grow?",
        ["about 40 centimeters", "40 centimeters"],
    ),
    ("ans", "What colour is the plant's corolla?", ["white"]),
    ("ant", "What is the shortest length of the plant's leaves?", "5 centimeters"),
    ("exc", "In which eastern states does the plant grow wild?", "western United States"),
    ("cond", "How tall does the plant's woody trunk grow?", "about 40 centimeters"),
]
H[(20, "Nest ferch Rhys")] = [
    ("ans", "Who was Nest's father?", ["Rhys ap Tewdwr"]),
    (
        "ans",
        "To which royal house did her family belong?",
        ["House of Dinefwr", "the House of Dinefwr"],
    ),
    ("ans", "Whom did Nest marry?", ["Gerald de Windsor"]),
    ("neg", "Of which castle was Gerald de Windsor not the constable?", "Windsor Castle"),
    ("ent", "Who was the last king of Powys?", "Rhys ap Tewdwr"),
    ("cond", "What was Nest popularly called after she married Rhys ap Tewdwr?", "Princess Nesta"),
]
H[(22, "Happy Bhag Jayegi")] = [
    ("ans", "Who was the film's director?", ["Mudassar Aziz"]),
    ("ans", "Apart from Anand L. Rai, who was the film's other producer?", ["Krishika Lulla"]),
    (
        "ans",
        "Which of the two earlier Rai and Eros films came out first, Raanjhanaa or Tanu Weds "
        "Manu Returns?",
        ["Raanjhanaa"],
    ),
    (
        "ant",
        "With which company did Rai work for the first time on this film?",
        "Eros International",
    ),
    ("ent", "Who directed Raanjhanaa?", "Mudassar Aziz"),
    ("other", "Who wrote the music for the film?", "Anand L. Rai"),
]
H[(26, "I Am a Good Person/I Am a Bad Person")] = [
    ("ans", "Who both wrote and directed the film?", ["Ingrid Veninger"]),
    ("ans", "What title does the film inside the film have?", ["Modra"]),
    ("ans", "Who plays Sara, the filmmaker's daughter?", ["Hallie Switzer"]),
    ("cond", "Which film did Veninger take to Europe after finishing this one?", "Modra"),
    ("ent", "Who plays the filmmaker's son?", "Hallie Switzer"),
    ("exc", "Who plays the filmmaker's daughter in place of Veninger's own daughter?", "Sara"),
]
H[(28, "More Malice")] = [
    ("ans", "More Malice re-releases an album by which artist?", ["Snoop Dogg"]),
    ("ans", "How many fresh songs were added for the reissue?", ["five"]),
    ("ans", "Which rapper is featured on the first single?", ["Jay-Z"]),
    ("cond", "Which song featuring Kid Cudi came out after the reissue was released?", "That Tree"),
    ("neg", "Who is not featured on the remix of Pronto?", "Soulja Boy Tell 'Em"),
    ("other", "Who directed the movie released with the album?", "Jamie Foxx"),
]
H[(32, "Tracy Does Conan")] = [
    ("ans", "Which show is this an episode of?", ["30 Rock"]),
    ("ans", "Who was the episode's director?", ["Adam Bernstein"]),
    ("ans", "When was the episode first shown in the UK?", ["November 29, 2007"]),
    (
        "ant",
        "In this episode, whose final appearance as Dr. Leo Spaceman is seen?",
        "Chris Parnell",
    ),
    (
        "ent",
        "Which of the season's supervising producers wrote the episode?",
        "Adam Bernstein",
    ),
    ("neg", "Which guest star did not appear in the episode?", "Katrina Bowden"),
]
H[(34, "Malam Bacai Sanhá")] = [
    (
        "ans",
        "To which political party did Sanhá belong?",
        ["African Party for the Independence of Guinea and Cape Verde", "PAIGC"],
    ),
    (
        "ans",
        "Whose removal from power made Sanhá acting president?",
        ["João Bernardo Vieira", "President João Bernardo Vieira"],
    ),
    (
        "ans",
        "Which did Sanhá lead first, the National People's Assembly or the country as "
        "elected president?",
        ["the National People's Assembly", "National People's Assembly"],
    ),
    (
        "cond",
        "Who replaced Sanhá as acting president when Sanhá was ousted in 1999?",
        "João Bernardo Vieira",
    ),
    ("exc", "Which presidential election did Sanhá win in 2005?", "2005 presidential election"),
    (
        "cond",
        "When did Sanhá take office after winning the 1999–2000 election?",
        "17 February 2000",
    ),
]
H[(36, "Tom McEwen (sportswriter)")] = [
    ("ans", "Which paper employed McEwen as sports editor?", ["The Tampa Tribune"]),
    ("ans", "Until what year did he go on writing his column?", ["2001"]),
    (
        "ans",
        "Besides the Buccaneers and the Rays, which professional team did he help bring to "
        "Tampa Bay?",
        ["the Tampa Bay Lightning", "Tampa Bay Lightning"],
    ),
    ("neg", "Which team did McEwen not help to establish in Tampa Bay?", "Tampa Bay Rays"),
    ("cond", "For which website did McEwen write after his death?", "Tampa Bay Online"),
    ("other", "What award did McEwen win for his sportswriting?", "The Tampa Tribune"),
]
H[(38, "Mere Mehboob")] = [
    ("ans", "Who made the film as director?", ["Harnam Singh Rawail"]),
    (
        "ans",
        "Which university provides the film's backdrop?",
        ["Aligarh Muslim University"],
    ),
    ("ans", "What is the clock tower in the opening scene called?", ["Victoria Gate"]),
    ("ant", "Which song was filmed outside the University Hall?", "Mere Mehboob Tujhe Mere"),
    ("num", "Which film was top of the box office in 1965?", "Mere Mehboob"),
    ("other", "Who composed the film's songs?", "Harnam Singh Rawail"),
]
H[(40, "Leston Paul")] = [
    ("ans", "For which club does Paul currently play?", ["C.D. Pasaquina"]),
    ("ans", "How many full caps has Paul won?", ["13"]),
    ("ans", "What nickname do Central F.C. go by?", ["Sharks"]),
    (
        "exc",
        "Which Salvadoran Premier Division club did Paul play for before Pasaquina?",
        "Central F.C.",
    ),
    (
        "num",
        "Which side did Paul captain at the 2011 FIFA U-17 World Cup?",
        "Trinidad and Tobago National U-17",
    ),
    (
        "cond",
        "In which position did Paul play for his country at the 2018 World Cup finals?",
        "central midfield",
    ),
]
H[(42, "Women's Action Coalition")] = [
    ("ans", "In which city was the coalition started?", ["New York City"]),
    ("ans", "In what year was WAC set up?", ["1992"]),
    (
        "ans",
        "Besides ACT UP, which group served as WAC's model?",
        ["Women's Health Action and Mobilization", "WHAM"],
    ),
    ("neg", "In which places did WAC not inspire chapters?", "various other US cities"),
    ("ent", "What did ACT UP regard as a mode of direct action?", "civil disobedience"),
    ("other", "Where was WHAM founded?", "New York City"),
]
H[(44, "Edison Chen photo scandal")] = [
    ("ans", "In what year were the photos spread online?", ["2008"]),
    (
        "ans",
        "Besides Gillian Chung and Bobo Chan, name an actress who appeared in the photos.",
        ["Rachel Ngan", "Cecilia Cheung"],
    ),
    (
        "ans",
        "Which news story was pushed into second place by the scandal?",
        ["the 2008 Chinese winter storms", "2008 Chinese winter storms"],
    ),
    ("neg", "Which actress was not among the women in the photographs?", "Gillian Chung"),
    ("exc", "How were the photographs lawfully distributed?", "over the Internet"),
    ("other", "Who leaked the photographs onto the Internet?", "Edison Chen"),
]
M[(9, 0, "Treaties of the European Union")] = [
    ("ans", "How many core treaties set out the way the EU works?", ["Two"]),
    (
        "ans",
        "Under what name was the Treaty on the Functioning of the European Union first signed?",
        [
            "the Treaty establishing the European Economic Community",
            "Treaty establishing the European Economic Community",
        ],
    ),
    (
        "ans",
        "Which body regularly puts out the consolidated text of the two main treaties?",
        ["the European Commission", "European Commission"],
    ),
    (
        "num",
        "Which treaty was originally signed in Rome in 1992?",
        "Treaty on the Functioning of the European Union",
    ),
    ("exc", "In which year were the two core treaties merged into a single treaty?", "1957"),
    ("neg", "Which treaties are not connected with the two core treaties?", "satellite treaties"),
]
M[(11, 0, "Imperialism")] = [
    ("ans", "When did Germany set about building a colonial empire?", ["1883–84"]),
    (
        "ans",
        "Which people, Bismarck's neighbours at Friedrichsruh, swayed him?",
        ["Hamburg merchants and traders", "Hamburg merchants"],
    ),
    ("ans", "With which colony did the German empire begin?", ["German New Guinea"]),
    ("ant", "For what reason did public opinion reject colonies?", "German prestige"),
    ("other", "What made Germany lose interest in imperialism?", "public opinion"),
    ("num", "Which colony did Germany establish in 1894?", "German New Guinea"),
]
M[(13, 0, "Billionaire")] = [
    ("ans", "Which magazine compiles a yearly list of the world's billionaires?", ["Forbes"]),
    (
        "ans",
        "Who was the first person confirmed to be a dollar billionaire?",
        ["John D. Rockefeller"],
    ),
    (
        "ans",
        "How much were the world's dollar billionaires worth together in 2017?",
        ["over US $7.6 trillion", "US $7.6 trillion"],
    ),
    ("ant", "The poorest eight billionaires hold as much wealth as what?", "half the human race"),
    (
        "neg",
        "Which currency is not usually used to count billionaires?",
        "the euro",
    ),
    (
        "exc",
        "In countries using the long scale, what net worth makes a person a billionaire?",
        "at least one billion",
    ),
]
M[(15, 1, "Tug of war at the Summer Olympics")] = [
    (
        "ans",
        "Over which span of years was tug of war part of the Olympics?",
        ["from 1900 to 1920", "1900 to 1920"],
    ),
    ("ans", "Which nation took all three medals in 1904?", ["the United States", "United States"]),
    ("ans", "How many medals did Sweden win?", ["two"]),
    ("num", "Whose three teams filled the podium in 1904?", "three British teams"),
    ("exc", "In which year was tug of war held at the Winter Olympics?", "1900"),
    ("other", "Which country won the gold medal in 1900?", "Sweden"),
]
M[(17, 1, "Mr. Flip")] = [
    ("ans", "Which studio produced the film?", ["Essanay Studios"]),
    ("ans", "Who has the leading role?", ["Ben Turpin"]),
    (
        "ans",
        "By what name did the gag of a comedian being struck with a pie later become known?",
        ["the Pie in the Face", "Pie in the Face"],
    ),
    ("exc", "Who threw the pie that hit Turpin?", "the women"),
    ("ant", "How do the women reward the man for flirting with them?", "revenge"),
    ("ent", "For which studio did Ben Turpin direct Mr. Flip?", "Essanay Studios"),
]
M[(19, 2, "Black Lake (Michigan)")] = [
    (
        "ans",
        "In which counties does the lake lie?",
        ["Cheboygan and Presque Isle counties", "Cheboygan and Presque Isle"],
    ),
    ("ans", "Into which lake does Black Lake finally drain?", ["Lake Huron"]),
    (
        "ans",
        "Where does it rank by size among Michigan's inland lakes?",
        ["seventh largest", "seventh"],
    ),
    ("exc", "What is the largest inland lake in Michigan?", "Black Lake"),
    (
        "neg",
        "From which suburban area do families not come to the lake in summer?",
        "suburban Detroit area",
    ),
    ("other", "How deep is Black Lake?", "seventh largest"),
]
M[(21, 5, "Mr. Jones (Counting Crows song)")] = [
    ("ans", "Whom is the song named after?", ["Marty Jones"]),
    ("ans", "Who is the song really about?", ["Duritz himself", "Duritz"]),
    (
        "ans",
        "For which musician did the drummer spotted at the bar play?",
        ["Chris Isaak", "the musician Chris Isaak"],
    ),
    ("ent", "Who was the longtime drummer for Counting Crows?", "Kenney Dale Johnson"),
    ("num", "Who explained the song's meaning in a 2003 interview?", "Duritz"),
    ("cond", "Whom did Duritz and Jones talk to once they had become rock stars?", "three women"),
]
M[(23, 1, "Territory of Papua")] = [
    ("ans", "In what year were the two territories joined administratively?", ["1949"]),
    ("ans", "What name did the union take in 1971?", ["Papua New Guinea"]),
    (
        "ans",
        "What was New Guinea's status at first?",
        ["a League of Nations mandate territory", "League of Nations mandate territory"],
    ),
    (
        "ant",
        "Which territory was a Possession of the Crown while Papua was a mandate?",
        "Territory of New Guinea",
    ),
    ("cond", "What was the union renamed after independence came in 1975?", "Papua New Guinea"),
    (
        "exc",
        "What did the Territory of Papua give up on entering the union?",
        "distinct legal status",
    ),
]
M[(27, 2, "Kim Jong-nam")] = [
    ("ans", "In which city was Kim Jong-nam born?", ["Pyongyang"]),
    (
        "ans",
        "Who gave him his home schooling?",
        ["Song Hye-rang", "Song's older sister Song Hye-rang"],
    ),
    (
        "ans",
        "Whose disapproval made Kim Jong-il hide the affair?",
        ["Kim Il-sung", "his father Kim Il-sung"],
    ),
    ("neg", "In which country did he not go to international schools?", "Switzerland"),
    ("ant", "Whom did he leave Moscow to visit in North Korea?", "his grandmother"),
    ("exc", "Which school did he attend in North Korea as a small boy?", "at home"),
]
M[(29, 0, "Josip Broz Tito")] = [
    (
        "ans",
        "Yugoslavia was a founding member of which movement?",
        ["the Non-Aligned Movement", "Non-Aligned Movement"],
    ),
    ("ans", "Besides Tito, Nasser, Nehru and Nkrumah, who co-founded the movement?", ["Sukarno"]),
    (
        "ans",
        "What was the founders' joint action called?",
        ["The Initiative of Five", "Initiative of Five"],
    ),
    (
        "ent",
        "Which Indian leader became the first Secretary-General of the movement?",
        "Jawaharlal Nehru",
    ),
    (
        "num",
        "Who became Secretary-General of the Non-Aligned Movement on 1 September 1966?",
        "Josip Broz Tito",
    ),
    ("ant", "With which countries did the move weaken Yugoslavia's ties?", "third world countries"),
]
M[(31, 1, "Planet of the Apes (2001 film)")] = [
    ("ans", "Who was the film's director?", ["Tim Burton"]),
    ("ans", "Whose novel was the film loosely based on?", ["Pierre Boulle's", "Pierre Boulle"]),
    ("ans", "Which ape helps Leo start a revolt?", ["Ari"]),
    ("num", "Who wrote the 1968 novel the film was adapted from?", "Pierre Boulle"),
    ("ant", "How do the humans treat the apes?", "as slaves"),
    ("other", "Who plays Ari?", "Helena Bonham Carter"),
]
M[(33, 0, "Samoa")] = [
    ("ans", "By what nickname is Samoa's national side known?", ["the Manu Samoa", "Manu Samoa"]),
    ("ans", "Since what year has Samoa taken part in every Rugby World Cup?", ["1991"]),
    ("ans", "Which side nearly lost to Samoa at the 2003 world cup?", ["England"]),
    ("exc", "In which year did Samoa win the Rugby World Cup?", "1991"),
    ("ent", "Who governs the Pacific Islands Rugby Alliance?", "Samoa Rugby Football Union"),
    ("num", "How far did Samoa get at the 1997 world cup?", "quarter finals"),
]
M[(35, 10, "Friedrich Hayek")] = [
    ("ans", "In what year did Hayek gain his doctorate in political science?", ["1923"]),
    (
        "ans",
        "Whose institute did Hayek work in while the university was shut?",
        ["Constantin von Monakow's", "Constantin von Monakow"],
    ),
    (
        "ans",
        "Under what title did Hayek's first intellectual project finally appear?",
        ["The Sensory Order"],
    ),
    (
        "ant",
        "Whose sense data associationism did The Sensory Order accept?",
        "empiricists and logical positivists",
    ),
    ("ent", "With whom did Hayek found the Institute of Brain Anatomy?", "Herbert Furth"),
    ("other", "What did Herbert Furth study in Vienna?", "law and political science"),
]
M[(37, 0, "WNOK")] = [
    ("ans", "Which company owns the station?", ["iHeartMedia, Inc.", "iHeartMedia"]),
    ("ans", "On what frequency does WNOK broadcast?", ["104.7\u00a0MHz"]),
    ("ans", "How much effective radiated power does it use?", ["90\u00a0kW"]),
    ("ent", "In which county are the station's studios?", "Richland County"),
    ("other", "What was WNOK's slogan before All The Hits?", "All The Hits"),
    ("neg", "Which market does WNOK not serve?", "Columbia, South Carolina"),
]
M[(39, 12, "Robert Byrne (chess player)")] = [
    (
        "ans",
        "Which came first for Byrne, winning the U.S. Championship or being a World Chess "
        "Championship Candidate?",
        ["the U.S. Championship", "U.S. Championship"],
    ),
    ("ans", "How many medals did he win at Chess Olympiads?", ["seven"]),
    ("ans", "Which paper carried his chess column?", ["The New York Times"]),
    ("num", "Which title did Byrne win in 1974?", "U.S. Championship"),
    ("ant", "To whom did Byrne lose in 1952?", "David Bronstein"),
    (
        "cond",
        "What did Byrne work as after becoming a chess professional?",
        "university professor",
    ),
]
M[(41, 7, "Stockholm Arlanda Airport")] = [
    ("ans", "Which city is nearer to the airport, Stockholm or Uppsala?", ["Stockholm"]),
    (
        "ans",
        "What distance separates the airport from Stockholm?",
        ["37 kilometres (23 mi)", "37 kilometres"],
    ),
    ("ans", "How many domestic passengers passed through Arlanda in 2017?", ["5.5 million"]),
    ("ent", "Which is the largest airport in the Nordic countries?", "Stockholm Arlanda Airport"),
    ("num", "How many passengers used Arlanda in 2007?", "close to 27 million"),
    ("other", "Which airline has its base at Arlanda?", "Stockholm Arlanda Airport"),
]
M[(43, 8, "The Jewel of the Nile")] = [
    (
        "ans",
        "Which came out first, The Jewel of the Nile or Romancing the Stone?",
        ["Romancing the Stone"],
    ),
    ("ans", "Who was behind the camera on the film?", ["Lewis Teague"]),
    ("ans", "Which of the film's stars also produced it?", ["Michael Douglas"]),
    ("neg", "Which actor did not reprise his role?", "Danny DeVito"),
    ("cond", "Who attacks Joan and Jack's ship after their wedding?", "pirates"),
    ("other", "Who directed Romancing the Stone?", "Lewis Teague"),
]
M[(45, 12, "EMC EA/EB")] = [
    ("ans", "Which company built the EA/EB?", ["Electro-Motive Corporation"]),
    (
        "ans",
        "For which railroad were the locomotives made?",
        ["the Baltimore and Ohio Railroad", "Baltimore and Ohio Railroad"],
    ),
    ("ans", "How many two-unit locomotives were made in all?", ["Six"]),
    ("cond", "How many three-axle trucks did each cabless A unit ride on?", "two"),
    ("num", "Which railroad had the locomotives built in 1947?", "Baltimore and Ohio Railroad"),
    ("exc", "Which steam engines drove the wheels?", "Winton 201-A diesel engines"),
]
M[(45, 13, "History of rail transport in India")] = [
    ("ans", "Who inaugurated India's first passenger train?", ["Lord Dalhousie"]),
    ("ans", "How many carriages did the train pull?", ["14"]),
    (
        "ans",
        "How far did the train travel?",
        ["34 kilometres (21 mi)", "34 kilometres"],
    ),
    (
        "ent",
        "Which company dedicated the country's first passenger train?",
        "Great Indian Peninsula Railway",
    ),
    ("num", "How many people did the train carry on 16 April 1863?", "400"),
    ("other", "Who drove the first passenger train?", "Lord Dalhousie"),
]
M[(47, 17, "Northern Territory")] = [
    (
        "ans",
        "How much land does the territory cover?",
        ["over 1,349,129 square kilometres (520,902 sq mi)", "1,349,129 square kilometres"],
    ),
    (
        "ans",
        "Besides the Timor Sea and the Arafura Sea, what borders the territory to the north?",
        ["the Gulf of Carpentaria", "Gulf of Carpentaria"],
    ),
    ("ans", "How many people lived in the territory in 2016?", ["244,000"]),
    (
        "ant",
        "Which of Australia's eight major states and territories has the most people?",
        "Northern Territory",
    ),
    ("neg", "Which state does not share a border with the territory?", "Queensland"),
    ("num", "What was the territory's population in 2006?", "244,000"),
]


def main() -> None:
    build_hotpot_musique_set(
        H,
        M,
        EARLIER,
        "sqdev4",
        HERE / "squad2_style_dev4.json",
        *sources(sys.argv),
    )


if __name__ == "__main__":
    main()
