"""Write squad2_style_dev.json: SQuAD 2.0-style questions over HotpotQA records 1-50.

The questions were written by hand by a writer who had not seen the reader, over
paragraphs of records 1-50 (index 0-49) only; records 51-100 are calibration/held-out
data and are never read (the file is sliced before use). This script only joins each
paragraph's sentences, computes every answer's character offset (word-bounded first
occurrence) and checks it, so that the JSON can be rebuilt and reviewed. Kinds of
unanswerable question are in the id: neg, ant, ent, num, exc, cond, other; see README.md.

    python benchmarks/squad_dev/make_squad2_style_dev.py [HOTPOT_JSON]
"""

import collections
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = "/work/shared/data/hotpotqa-train100-distractor.json"
MUSIQUE_SOURCE = "/work/shared/data/musique-ans-train100.json"
Q: dict[tuple[int, str], list[tuple[str, str, object]]] = {}
Q[(0, "Demon Dice")] = [
    ("ans", "Besides Lester Smith, who created Demon Dice?", ["Tim Brown"]),
    ("ans", "How many dice make up the demon each player controls?", ["13"]),
    ("ans", "Which company reissued Chaos Progenitus under a new name?", ["Fast Forward Games"]),
    ("ent", "What better-known game was designed by Tim Brown?", "Dragon Dice"),
    ("exc", "Which version of the game became a great commercial success?", "Demon Dice"),
    ("other", "Who first published the original Chaos Progenitus version?", "Fast Forward Games"),
]
Q[(1, "The Dark Knight Rises")] = [
    (
        "ans",
        "With whom did Christopher Nolan write the screenplay?",
        ["Jonathan Nolan", "his brother Jonathan Nolan"],
    ),
    ("ans", "Which actor portrays Alfred Pennyworth?", ["Michael Caine"]),
    (
        "ans",
        "How long after the events of the previous film does the story take place?",
        ["Eight years"],
    ),
    ("ent", "Who forces an older Selina Kyle to resume her role?", "Bane"),
    (
        "exc",
        "Which role does Christian Bale play for the first time in this film?",
        "Bruce Wayne/Batman",
    ),
    ("num", 'What film was the sequel to "The Dark Knight" (2005)?', "The Dark Knight Rises"),
]
Q[(2, "Haymo of Faversham")] = [
    ("ans", "What nationality was Haymo of Faversham?", ["English"]),
    (
        "ans",
        "At which institution did Haymo become famous as a lecturer?",
        ["the University of Paris", "University of Paris"],
    ),
    (
        "ans",
        "What post did Haymo hold for England between 1239 and 1240?",
        ["Minister Provincial", "the Minister Provincial for England"],
    ),
    ("num", "What post did Haymo hold for England between 1229 and 1230?", "Minister Provincial"),
    (
        "neg",
        "Which Latin epithet was never given to Haymo?",
        "Inter Aristotelicos Aristotelicissimus",
    ),
    ("other", "Where was Haymo of Faversham buried?", "Faversham"),
]
Q[(3, "Terry Sanford")] = [
    (
        "ans",
        "To which political party did Terry Sanford belong?",
        ["Democratic Party", "Democratic"],
    ),
    ("ans", "Which university did Sanford head beginning in 1969?", ["Duke University"]),
    (
        "ans",
        "What fund did Sanford set up while he was governor?",
        ["the North Carolina Fund", "North Carolina Fund"],
    ),
    ("ant", "What did Sanford cut funding for as governor?", "education"),
    ("num", "Which university was Sanford president of from 1961 to 1965?", "Duke University"),
    (
        "cond",
        "Which university did Sanford lead while he was serving in the U.S. Senate?",
        "Duke University",
    ),
]
Q[(4, "Watertown International Airport")] = [
    ("ans", "In which county is Watertown International Airport situated?", ["Jefferson County"]),
    (
        "ans",
        "How far is the airport from the center of Watertown?",
        ["five nautical miles", "five nautical miles (6 mi, 9 km)"],
    ),
    (
        "ans",
        "Which program subsidizes the airport's scheduled passenger service?",
        ["the Essential Air Service program", "Essential Air Service"],
    ),
    ("ans", "What is the ICAO code of the airport?", ["KART"]),
    (
        "exc",
        "Which airline flies scheduled international passenger service out of Watertown?",
        "Essential Air Service program",
    ),
    ("ent", "How much advance notice must commercial airlines give customs?", "two hours"),
    ("other", "How many passengers use the airport each year?", "two"),
]
Q[(5, "Mākaha, Hawaii")] = [
    ("ans", "What does the Hawaiian word Mākaha mean?", ["fierce", "“fierce” or “savage”"]),
    ("ans", "How many people lived in Mākaha according to the 2010 census?", ["8,278"]),
    ("ans", "How far from Honolulu is Mākaha?", ["35 miles"]),
    ("ant", "What is the first of the leeward towns on O'ahu?", "Mākaha"),
    ("neg", "Which mountain range is Mākaha not located in?", "Wai’anae Mountain Range"),
    ("other", "How many restaurants are there in Mākaha?", "no"),
]
Q[(6, "Flute Sonata (Prokofiev)")] = [
    (
        "ans",
        "When did Prokofiev finish the Flute Sonata in D?",
        ["the summer of 1943", "summer of 1943"],
    ),
    ("ans", "Who was the pianist at the flute sonata's premiere?", ["Sviatoslav Richter"]),
    ("ans", "What opus number was given to the violin arrangement?", ["Op. 94a"]),
    (
        "ent",
        "Which violinist helped Prokofiev compose the original flute sonata?",
        "David Oistrakh",
    ),
    (
        "cond",
        "Who played the flute at the first performance of the violin version?",
        "Nicolai Kharkovsky",
    ),
    ("neg", "What work was Prokofiev not working on in the summer of 1943?", "Ivan the terrible"),
]
Q[(7, "Independent Publishing House NOWA")] = [
    ("ans", "In what year did NOWa open?", ["1977"]),
    ("ans", "What new name did the publisher take in 1989?", ["SuperNowa"]),
    ("ans", "Whose books does the house still publish today?", ["Andrzej Sapkowski"]),
    ("num", "What name did the publishing house adopt in 1993?", "SuperNowa"),
    ("ant", "What was the smallest independent publisher in Communist Poland?", "NOWa"),
    ("exc", "In what year did NOWa stop publishing?", "1993"),
]
Q[(8, "Dell Magazines")] = [
    ("ans", "Who started Dell Magazines?", ["George T. Delacorte Jr."]),
    ("ans", "When was Dell sold to Crosstown Publications?", ["March 1996"]),
    ("ans", "Where is Crosstown Publications based?", ["Norwalk, Connecticut"]),
    (
        "cond",
        "Who founded Dell Magazines after selling it to Crosstown Publications?",
        "George T. Delacorte Jr.",
    ),
    ("other", "Who founded Crosstown Publications?", "George T. Delacorte Jr."),
    (
        "ent",
        "Which company did Crosstown Publications sell Dell to in March 1996?",
        "Penny Publications, LLC",
    ),
]
Q[(10, "Liberty Baptist Church (Grooverville, Georgia)")] = [
    ("ans", "Around what year was Liberty Baptist Church constructed?", ["about 1858", "1858"]),
    (
        "ans",
        "When was the church listed on the National Register of Historic Places?",
        ["August 20, 2013"],
    ),
    (
        "ans",
        "What church did former slaves from the area found in Grooverville?",
        ["First Elizabeth Church"],
    ),
    (
        "num",
        "What did the Ocklochnee anti-Missionary Baptist Association rule in 1858?",
        "dismiss members",
    ),
    ("ent", "On what road is First Elizabeth Church located?", "Liberty Church Road"),
    (
        "ant",
        "What did the association decide to do with members who "
        "opposed the new fangled institutions of the day?",
        "dismiss members",
    ),
]
Q[(11, "Morning Raga")] = [
    ("ans", "Who was the director of Morning Raga?", ["Mahesh Dattani"]),
    ("ans", "In what year did Morning Raga come out?", ["2004"]),
    (
        "ans",
        "Which variety of Telugu is sprinkled through the film?",
        ["Godavari Telugu", "Godavari"],
    ),
    ("ent", "Which Telugu actress starred in Morning Raga?", "Prakash Kovelamudi"),
    (
        "ant",
        "Besides its exaggerated acting, what is the film unusual for?",
        "extensive use of English",
    ),
    ("neg", "Which company had no part in producing the film?", "Arka Media Works"),
]
Q[(12, "Houston Rockets")] = [
    ("ans", "Where do the Rockets host their home games?", ["the Toyota Center", "Toyota Center"]),
    ("ans", "In what year did the franchise relocate to Houston?", ["1971"]),
    ("ans", "How many Western Conference titles has the team won?", ["four"]),
    ("num", "Which team was founded as an expansion team in 1971?", "San Diego Rockets"),
    (
        "ent",
        "In which division of the Eastern Conference do the Rockets play?",
        "Southwest Division",
    ),
    (
        "cond",
        "Where would the Rockets play home games if they had stayed in San Diego?",
        "Toyota Center",
    ),
]
Q[(14, "Two Hearts Collide")] = [
    ("ans", 'On which studio album did "Two Hearts Collide" first appear?', ["Staring at the Sun"]),
    ("ans", "Who sings lead on the song?", ["Mark King"]),
    ("ans", "What 1998 compilation includes the song?", ["Turn It On"]),
    ("ent", "Which band had Mark King already left when he co-wrote the song?", "Level 42"),
    (
        "ant",
        'Who disliked "Staring at the Sun" even though critics praised it?',
        "the fans of the band",
    ),
    ("cond", "What compilation did Level 42 release after Mark King left the band?", "Turn It On"),
]
Q[(15, "Denmark in the Eurovision Song Contest 2016")] = [
    ("ans", "Which song did Denmark enter in Eurovision 2016?", ["Soldiers of Love"]),
    (
        "ans",
        "Which broadcaster organised the Danish national selection?",
        ["DR", "The Danish broadcaster DR"],
    ),
    ("ans", "What percentage of the public vote did the winner receive?", ["42%"]),
    ("cond", 'What share of the jury vote did "Soldiers of Love" get in the second round?', "42%"),
    (
        "exc",
        "How much did the jury vote count in the second round?",
        "jury voting and public voting",
    ),
    ("other", "What place did Lighthouse X finish in the Eurovision final?", "Stockholm, Sweden"),
]
Q[(16, "Tornado outbreak sequence of May 2004")] = [
    (
        "ans",
        "Where did a very large and violent tornado strike during "
        "the first Central Plains outbreak?",
        ["Hallam, Nebraska"],
    ),
    ("ans", "Which part of Canada did the outbreak sequence affect?", ["southern Ontario"]),
    (
        "ans",
        "On what dates was the Ohio Valley hit?",
        ["May 29–30", "the Memorial Day weekend on May 29–30"],
    ),
    ("ant", "Which region was the most lightly affected by the outbreaks?", "the central Plains"),
    (
        "num",
        "Where did the May 24 outbreak produce a very large and violent tornado?",
        "Hallam, Nebraska",
    ),
    ("other", "How many people were killed by the Hallam tornado?", "two"),
]
Q[(19, "Forgotten Sins")] = [
    ("ans", "On which network did Forgotten Sins first air?", ["the ABC Network", "ABC"]),
    ("ans", "Which character did William Devane portray?", ["Dr. Richard Ofshe"]),
    (
        "ans",
        "Whose real-life case was the film ultimately based on?",
        ["Paul Ingram", "the actual case of Paul Ingram"],
    ),
    (
        "ent",
        "Which character based on Sandy Ingram did John Shea play?",
        "Roberta 'Bobbie' Bradshaw",
    ),
    ("neg", "Which book by Lawrence Wright was the film not based on?", "Remembering Satan"),
    ("neg", "Which actress did not appear in the film?", "Bess Armstrong"),
]
Q[(22, "Raja Hindustani")] = [
    ("ans", "Who directed Raja Hindustani?", ["Dharmesh Darshan"]),
    ("ans", "Which 1965 film is Raja Hindustani a remake of?", ["Jab Jab Phool Khile"]),
    ("ans", "How many Screen Awards did the film win?", ["seven"]),
    ("neg", "Which awards did Raja Hindustani fail to win?", "Filmfare Awards"),
    ("ent", "Who wrote the lyrics for Jab Jab Phool Khile?", "Sameer"),
    (
        "ant",
        "What kind of young woman does a cab driver from a big city fall in love with?",
        "rich",
    ),
]
Q[(23, "Warren Truss")] = [
    ("ans", "When was Warren Truss born?", ["8 October 1948"]),
    ("ans", "Which seat did Truss hold in the House of Representatives?", ["Wide Bay"]),
    (
        "ans",
        "For which party was Truss re-elected in 2010?",
        ["the Liberal National Party", "Liberal National Party"],
    ),
    (
        "ant",
        "When did Truss announce he would contest the 2016 federal election?",
        "11 February 2016",
    ),
    ("exc", "Which party did Truss lead in the 2016 federal election?", "The Nationals"),
    (
        "neg",
        "Which ministry did Truss not hold in the Abbott Government?",
        "Infrastructure and Regional Development",
    ),
]
Q[(25, "Hamilton Skyhawks")] = [
    ("ans", "In what city were the Skyhawks based?", ["Hamilton, Ontario", "Hamilton"]),
    (
        "ans",
        "Which league did the Skyhawks join as an expansion team?",
        ["the World Basketball League", "World Basketball League", "WBL"],
    ),
    (
        "ans",
        "Where did the Skyhawks relocate before the 1993 NBL playoffs?",
        ["Edmonton, Alberta", "Edmonton"],
    ),
    ("exc", "Which team won the 1992 WBL season?", "Skyhawks"),
    (
        "cond",
        "Which league did the Skyhawks form after winning the WBL title?",
        "National Basketball League",
    ),
    (
        "cond",
        "Where did the Skyhawks move after completing the 1993 NBL season?",
        "Edmonton, Alberta",
    ),
]
Q[(27, "Chicago Tigers")] = [
    ("ans", "What was the Tigers' overall record?", ["2 wins, 5 losses and 1 tie"]),
    ("ans", "What was Wrigley Field called when the Tigers played there?", ["Cubs Park"]),
    ("ans", "In what year did the Tigers play their only season?", ["1920"]),
    ("ant", "Which was the last NFL team to fold?", "Chicago Tigers"),
    ("exc", "In what year did the Tigers formally join the APFA?", "1920"),
    (
        "cond",
        "How many games did the Tigers play after becoming formal members of the APFA?",
        "seven",
    ),
]
Q[(28, "Engelbert Humperdinck (singer)")] = [
    ("ans", "What was Engelbert Humperdinck's name at birth?", ["Arnold George Dorsey"]),
    (
        "ans",
        "How many records has Humperdinck sold around the world?",
        ["more than 150 million", "150 million"],
    ),
    ("ans", 'In what year was "This Moment in Time" a North American hit?', ["1979"]),
    ("num", "Which single topped the UK charts for Humperdinck in 1976?", "Release Me"),
    ("other", "Which of Humperdinck's songs won a Grammy Award?", "Release Me"),
    ("neg", "Which of his singles failed to top the UK charts in 1967?", "The Last Waltz"),
]
Q[(30, "South Dakota")] = [
    ("ans", "What city is the capital of South Dakota?", ["Pierre"]),
    ("ans", "On what date was South Dakota admitted as a state?", ["November 2, 1889"]),
    (
        "ans",
        "Where does South Dakota rank among the states by area?",
        ["17th", "17th most expansive"],
    ),
    ("ant", "What is the smallest city in South Dakota?", "Sioux Falls"),
    ("ent", "After which tribes is North Dakota named?", "Lakota and Dakota Sioux"),
    (
        "cond",
        "What was the population of Sioux Falls while South Dakota "
        "was still part of the Dakota Territory?",
        "about 171,000",
    ),
]
Q[(32, "Guess Who's Coming to Criticize Dinner?")] = [
    (
        "ans",
        "In which season of The Simpsons does the episode appear?",
        ["the eleventh season", "eleventh"],
    ),
    ("ans", "Which actor guest starred as the newspaper editor?", ["Ed Asner"]),
    (
        "ans",
        "What did the restaurant owners use in their attempt to kill Homer?",
        ["a poisoned éclair", "poisoned éclair"],
    ),
    ("ant", "Why does Homer write positive reviews?", "just to be mean"),
    ("num", "On what date did the episode first air in 2000?", "October 24"),
    ("ent", "Who hires Ed Asner as a newspaper editor?", "Homer"),
]
Q[(33, "Asbjørn Ruud")] = [
    ("ans", "When did Asbjørn Ruud die?", ["26 March 1989"]),
    ("ans", "Where were the 1948 Winter Olympics held?", ["St. Moritz"]),
    (
        "ans",
        "Where did Ruud finish in the individual large hill at the 1948 Olympics?",
        ["seventh"],
    ),
    ("exc", "What Olympic medal did Ruud win in St. Moritz?", "gold medal"),
    (
        "cond",
        "What did Ruud win at the Holmenkollen ski festival held during the German occupation?",
        "the ski jumping competition",
    ),
    ("ant", "Which Ruud brother was the last to receive the Holmenkollen medal?", "Asbjørn Ruud"),
]
Q[(34, "Israeli presidential election, 2000")] = [
    (
        "ans",
        "Whose resignation led to the 2000 presidential election?",
        ["Ezer Weizman", "Ezer Weizman's"],
    ),
    ("ans", "How many Knesset votes did Katsav receive?", ["63"]),
    ("ans", "On what date did Katsav become President?", ["1 August 2000"]),
    ("ent", "Which party did Shimon Peres represent?", "Likud"),
    ("cond", "Who was sworn in as president after winning the popular vote?", "Katsav"),
    ("ant", "Whom did Peres defeat in a surprising upset?", "Katsav"),
]
Q[(35, "Brazzaville (US band)")] = [
    ("ans", "Who founded Brazzaville?", ["David Brown"]),
    ("ans", "In what year was Brazzaville formed?", ["1997"]),
    ("ans", "Whose saxophonist was Brown at one time?", ["Beck", "Beck's"]),
    ("num", "On what date in 2010 did Brown announce the band's dissolution?", "May 7"),
    ("exc", "On what date did Brazzaville stop existing?", "May 7, 2009"),
    ("other", 'Which record label released "Odelay"?', "Beck"),
]
Q[(36, "1976 Tampa Bay Buccaneers season")] = [
    ("ans", "How many games did the Buccaneers play in 1976?", ["14"]),
    ("ans", "Who was the head coach of the 1976 Buccaneers?", ["John McKay"]),
    ("ans", "In which game did the team score its first touchdown?", ["their fourth", "fourth"]),
    ("ant", "How many times did the Buccaneers win by more than a touchdown?", "11"),
    ("ent", "Where did Lee Roy Selmon coach before joining the Buccaneers?", "USC"),
    ("exc", "Which game did the 1976 Buccaneers win?", "their third game"),
]
Q[(37, "2012 FFSA season")] = [
    ("ans", "How many divisions made up the competition?", ["three"]),
    ("ans", "How many teams were in the FFSA Super League?", ["ten"]),
    (
        "ans",
        "What league was created at the end of the season?",
        [
            "National Premier Leagues South Australia",
            "the new National Premier Leagues South Australia",
        ],
    ),
    ("num", "How many State League teams joined the remaining four Premier League teams?", "ten"),
    ("ant", "How many of the bottom Premier League teams joined the Super League teams?", "four"),
    ("other", "Which club won the 2012 FFSA Super League?", "FFSA Super League"),
]
Q[(38, "Sorin Hall (University of Notre Dame)")] = [
    ("ans", "How many students does Sorin Hall house?", ["151", "151 undergraduate students"]),
    ("ans", "Which hall lies directly south of Sorin?", ["Walsh Hall"]),
    ("ans", "Which hall occupies a building older than Sorin?", ["St. Edward's Hall"]),
    ("ant", "What is the newest of Notre Dame's 30 residence halls?", "Sorin Hall"),
    ("ent", "How many students live in St. Edward's Hall?", "151"),
    ("num", "How many of the 16 residence halls are male dorms?", "30"),
]
Q[(39, "Adam Tandy")] = [
    ("ans", "With whom is Tandy best known for collaborating?", ["Armando Iannucci"]),
    ("ans", "What film did Tandy produce in 2009?", ["In the Loop"]),
    ("ans", 'For which channel did Tandy produce "Catastrophe"?', ["Channel 4"]),
    ("other", 'Which network broadcast "Time Trumpet"?', "BBC"),
    (
        "cond",
        "What did Tandy produce for Channel 4 after he stopped working with Iannucci?",
        "Catastrophe",
    ),
    ("neg", "Which BBC show did Tandy not produce?", "Detectorists"),
]
Q[(40, "2009 CONCACAF U-20 Championship")] = [
    ("ans", "Which country hosted the 2009 edition?", ["Trinidad and Tobago"]),
    ("ans", "Which stadium in Bacolet staged matches?", ["Dwight Yorke Stadium"]),
    ("ans", "Which nation hosted the 2009 FIFA U-20 World Cup?", ["Egypt"]),
    (
        "cond",
        "Which stadium in Egypt hosted matches of the 2009 CONCACAF U-20 Championship?",
        "Marvin Lee Stadium",
    ),
    ("ent", "In which town of Trinidad is Dwight Yorke Stadium?", "Macoya"),
    ("other", "Which team won the 2009 CONCACAF U-20 Championship?", "Trinidad and Tobago"),
]
Q[(41, "Helen Hunt")] = [
    ("ans", 'For how long did Hunt star in "Mad About You"?', ["seven years"]),
    (
        "ans",
        'Which character did Hunt play in "As Good as It Gets"?',
        ["Carol Connelly", "single mother Carol Connelly"],
    ),
    ("ans", "What was Hunt's first film as a director?", ["Then She Found Me"]),
    (
        "num",
        "For which 1996 film did Hunt win the Academy Award for Best Actress?",
        "As Good as It Gets",
    ),
    (
        "neg",
        "For which 2012 film did Hunt not receive an Academy Award nomination?",
        "The Sessions",
    ),
    ("neg", "How many Golden Globe Awards has Hunt failed to win?", "four"),
]
Q[(42, "Act of War: Direct Action")] = [
    ("ans", "Which studio developed Act of War: Direct Action?", ["Eugen Systems"]),
    ("ans", "Which company published the game?", ["Atari, Inc.", "Atari"]),
    (
        "ans",
        "What game is regarded as the spiritual successor of Act of War?",
        ["Act of Aggression"],
    ),
    ("ent", "Who wrote the story of Act of Aggression?", "Dale Brown"),
    ("other", "When was the Gold Edition released in North America?", "28 September 2007"),
    ("ant", "Which game is considered a spiritual predecessor to Act of War?", "Act of Aggression"),
]
Q[(43, "Deltha O'Neal")] = [
    ("ans", "What position did O'Neal play in the NFL?", ["cornerback"]),
    (
        "ans",
        "For which university did O'Neal play college football?",
        ["the University of California, Berkeley", "University of California, Berkeley"],
    ),
    (
        "ans",
        "Which team selected O'Neal in the 2000 NFL Draft?",
        ["the Denver Broncos", "Denver Broncos"],
    ),
    ("num", "Which team picked O'Neal 15th overall in the 2001 NFL Draft?", "Denver Broncos"),
    ("neg", "Which NFL team did O'Neal never play for?", "New England Patriots"),
    ("cond", "How many Pro Bowls was O'Neal selected for while playing at Berkeley?", "two"),
]
Q[(44, "Twins (group)")] = [
    (
        "ans",
        "Which company formed Twins?",
        ["Emperor Entertainment Group", "Emperor Entertainment Group (EEG)", "EEG"],
    ),
    ("ans", "Who are the two members of Twins?", ["Charlene Choi and Gillian Chung"]),
    ("ans", "In what year did the duo get back together?", ["2010"]),
    ("ant", "Which scandal brought Twins back together in 2008?", "Edison Chen photo scandal"),
    ("neg", "Which country is not part of the Twins fanbase?", "Taiwan"),
    ("exc", "Which scandal caused the duo to split up permanently?", "Edison Chen photo scandal"),
]
Q[(45, "Computer bridge")] = [
    ("ans", "When was the World Computer-Bridge Championship established?", ["1996", "In 1996"]),
    ("ans", "In which city was the first championship held?", ["Albuquerque"]),
    ("ans", "Who initiated the championship?", ["Alvin Levy"]),
    ("exc", "In which city was the championship held in 1996?", "Albuquerque"),
    ("ent", "Who has coordinated the World Bridge Federation since 1999?", "Alvin Levy"),
    (
        "exc",
        "Which organisation has run the event on its own since 1999?",
        "American Contract Bridge League",
    ),
]
Q[(46, "I Won't Be Home No More")] = [
    ("ans", "When did Hank Williams write the song?", ["July 11, 1952"]),
    (
        "ans",
        "At which studio was the song recorded?",
        ["Castle Studio", "Castle Studio in Nashville"],
    ),
    ("ans", "How high did the song go on the country singles chart?", ["#4"]),
    ("ant", "Who divorced Audrey Williams the day after the session?", "Hank"),
    ("ent", "What did Chet Atkins say about the song?", "Hank seems vindictive, even spiteful."),
    ("cond", "On which label was the song released while Hank was still alive?", "MGM Records"),
]
Q[(47, "Shawfield Street")] = [
    (
        "ans",
        "Who owns Shawfield House?",
        ["Charles Saatchi and wife Nigella Lawson", "Charles Saatchi"],
    ),
    ("ans", "How many bedrooms does Shawfield House have?", ["7"]),
    ("ans", "Which 2013 film was shot on the street?", ["Saving Mr. Banks"]),
    (
        "ant",
        "Which house on Shawfield Street was formerly owned by Charles Saatchi?",
        "Shawfield House",
    ),
    ("ent", "What is the name of the Oxfam shop on Shawfield Street?", "Vanilla"),
    ("other", "When did Saatchi and Lawson buy Shawfield House?", "2013"),
]
Q[(48, "Chesapeake Bay Retriever")] = [
    (
        "ans",
        "In what area was the breed developed?",
        ["the United States Chesapeake Bay area", "Chesapeake Bay area"],
    ),
    ("ans", "In which century was the breed developed?", ["the 19th century", "19th century"]),
    ("ans", "What type of coat does the Chesapeake have?", ["a wavy coat", "wavy"]),
    (
        "ent",
        "What were Labrador Retrievers historically used for by market hunters?",
        "retrieve waterfowl",
    ),
    ("exc", "What kind of smooth coat does the Chesapeake have?", "wavy coat"),
    ("other", "What is the average weight of a Chesapeake Bay Retriever?", "large-sized"),
]
Q[(49, "The Best Damn Thing")] = [
    ("ans", "Which label released The Best Damn Thing?", ["RCA Records"]),
    ("ans", "On what date was the album released?", ["17 April 2007"]),
    ("ans", "Who was the album's executive producer?", ["Lavigne herself", "Lavigne"]),
    ("ant", "What is seen by critics as Lavigne's least commercial effort?", "The Best Damn Thing"),
    ("num", "Which post-grunge album did Lavigne release in 2002?", "Under My Skin"),
    ("neg", "Which producer did not work on the album?", "Matt Beckley"),
]


def paragraph(records: list[dict], index: int, title: str) -> str:
    """The paragraph ``title`` of record ``index``, its sentences joined by single spaces."""
    for name, sentences in records[index]["context"]:
        if name == title:
            return " ".join(sentences)
    raise KeyError((index, title))


def span(context: str, text: str) -> dict[str, object]:
    """``text`` at its first word-bounded occurrence in ``context``, checked."""
    found = re.search(r"(?<!\w)" + re.escape(text) + r"(?!\w)", context)
    if found is None:
        raise ValueError(f"{text!r} is not in {context[:60]!r}")
    start = found.start()
    assert context[start : start + len(text)] == text
    return {"text": text, "answer_start": start}


Question = tuple[str, str, object]  # (kind, question, its answers, or the plausible one)
KINDS = ("ans", "neg", "ant", "ent", "num", "exc", "cond", "other")


def qa(qid: str, kind: str, question: str, answer: object, context: str) -> dict[str, object]:
    """One SQuAD 2.0 question; answers (or the plausible answer) checked in ``context``."""
    assert kind in KINDS, kind
    if kind == "ans":
        assert isinstance(answer, list) and 1 <= len(answer) <= 3
        answers = [span(context, text) for text in answer]
        return {"id": qid, "question": question, "answers": answers, "is_impossible": False}
    assert isinstance(answer, str)
    return {
        "id": qid,
        "question": question,
        "answers": [],
        "is_impossible": True,
        "plausible_answers": [span(context, answer)],
    }


def write_squad2(items: list[tuple[str, str, list[Question]]], prefix: str, out: Path) -> None:
    """Write ``items`` (title, context, questions), one article each, as SQuAD 2.0 JSON
    to ``out``, the questions numbered ``PREFIX-NNNN-KIND`` in order; print the counts.
    Shared by the other written sets' scripts (`benchmarks/squad_side1`, `squad_side2`,
    `squad_dev2`, `squad_dev3`)."""
    data = []
    number = 0
    counts: collections.Counter[str] = collections.Counter()
    for title, context, questions in items:
        qas = []
        for kind, question, answer in questions:
            number += 1
            counts[kind] += 1
            qas.append(qa(f"{prefix}-{number:04d}-{kind}", kind, question, answer, context))
        data.append({"title": title, "paragraphs": [{"context": context, "qas": qas}]})
    text = json.dumps({"version": "v2.0", "data": data}, ensure_ascii=False, indent=1)
    out.write_text(text + "\n", encoding="utf-8")
    print(len(data), "paragraphs,", number, "questions:", dict(sorted(counts.items())))


def musique_paragraph(records: list[dict], index: int, idx: int, title: str) -> str:
    """The text of paragraph ``idx`` (titled ``title``) of MuSiQue record ``index``."""
    for par in records[index]["paragraphs"]:
        if par["idx"] == idx:
            assert par["title"] == title, (index, idx, par["title"])
            return str(par["paragraph_text"])
    raise KeyError((index, idx, title))


def check(out: Path, questions: int = 240) -> None:
    """Reload ``out`` (a written set: one paragraph an article, six questions a paragraph,
    three of them unanswerable) and check every answer's offset and each article's shape."""
    with open(out, encoding="utf-8") as handle:
        loaded = json.load(handle)
    assert loaded["version"] == "v2.0"
    ids = set()
    for article in loaded["data"]:
        (par,) = article["paragraphs"]
        context = par["context"]
        assert len(par["qas"]) == 6, article["title"]
        assert sum(q["is_impossible"] for q in par["qas"]) == 3, article["title"]
        for q in par["qas"]:
            assert q["id"] not in ids, q["id"]
            ids.add(q["id"])
            spans = q["plausible_answers"] if q["is_impossible"] else q["answers"]
            assert spans and (not q["is_impossible"] or not q["answers"]), q["id"]
            for a in spans:
                start = a["answer_start"]
                assert context[start : start + len(a["text"])] == a["text"], q["id"]
    assert len(ids) == questions, len(ids)


def _only(loaded: list[dict], records: range) -> list[dict]:
    """The loaded records with every record outside ``records`` blanked (so indices keep)."""
    return [record if index in records else {} for index, record in enumerate(loaded)]


def _texts_outside(hotpot: list[dict], musique: list[dict], records: range) -> set[str]:
    """Every paragraph of the records outside ``records``, whitespace removed (a HotpotQA
    paragraph's sentences are joined here with spaces, there without)."""
    out = {
        "".join("".join(sentences).split())
        for index, record in enumerate(hotpot)
        if index not in records
        for _, sentences in record["context"]
    }
    out |= {
        "".join(par["paragraph_text"].split())
        for index, record in enumerate(musique)
        if index not in records
        for par in record["paragraphs"]
    }
    return out


def sources(argv: list[str]) -> tuple[str, str]:
    """The HotpotQA and MuSiQue files a written set's script reads: its first and second
    arguments, else the shared data's."""
    return (argv[1] if len(argv) > 1 else SOURCE, argv[2] if len(argv) > 2 else MUSIQUE_SOURCE)


def dev_sets_before(n: int) -> list[Path]:
    """The JSON files of ``squad_dev`` to ``squad_dev{n-1}``: the development sets a new
    one must not reuse a paragraph of."""
    names = ["squad_dev", *(f"squad_dev{k}" for k in range(2, n))]
    return [
        HERE.parent / name / f"{name.replace('squad_', 'squad2_style_')}.json" for name in names
    ]


def build_hotpot_musique_set(
    hotpot_paragraphs: dict[tuple[int, str], list[Question]],
    musique_paragraphs: dict[tuple[int, int, str], list[Question]],
    earlier: list[Path],
    prefix: str,
    out: Path,
    hotpot: str,
    musique: str,
    records: range = range(0, 50),
    counts: tuple[int, int] = (20, 20),
    exclusive: bool = False,
) -> None:
    """Build a written set of 20 HotpotQA and 20 MuSiQue paragraphs of the ``records`` (0-based
    record indices; records 1-50 unless told) keyed by (record, title) and (record, paragraph
    idx, title), six questions each, none of its paragraphs used by an ``earlier`` set; write
    it to ``out`` with ids ``prefix-NNNN-KIND`` and reload it to check it (`check`). Records
    outside ``records`` are never kept: both files are blanked outside it on loading.
    ``exclusive`` (a calibration side's set) refuses a paragraph that a record outside the
    range holds too (a distractor shared between records), so that no paragraph is on two
    sides of a split. ``counts``: the HotpotQA and MuSiQue paragraphs (20 each unless
    told)."""
    H, M = hotpot_paragraphs, musique_paragraphs
    with open(hotpot, encoding="utf-8") as handle:
        hotpot_all = json.load(handle)
    with open(musique, encoding="utf-8") as handle:
        musique_all = json.load(handle)
    hotpot_records, musique_records = _only(hotpot_all, records), _only(musique_all, records)
    elsewhere = _texts_outside(hotpot_all, musique_all, records)
    used_titles: set[str] = set()
    used_texts: set[str] = set()
    for path in earlier:
        with open(path, encoding="utf-8") as handle:
            for article in json.load(handle)["data"]:
                used_titles.add(article["title"])
                used_texts.update(par["context"] for par in article["paragraphs"])
    assert (len(H), len(M)) == counts, (len(H), len(M))
    assert all(index in records for index, _ in H)
    assert all(index in records for index, _, _ in M)
    items = [
        (title, paragraph(hotpot_records, index, title), qs) for (index, title), qs in H.items()
    ]
    items += [
        (title, musique_paragraph(musique_records, index, idx, title), qs)
        for (index, idx, title), qs in M.items()
    ]
    titles = [title for title, _, _ in items]
    texts = [text for _, text, _ in items]
    assert len(set(titles)) == len(titles), "a title is used twice"
    assert len(set(texts)) == len(texts), "a paragraph is used twice"
    assert not used_titles & set(titles), sorted(used_titles & set(titles))
    assert not used_texts & set(texts), "a paragraph of an earlier set is reused"
    shared = [
        t for t, text in zip(titles, texts, strict=True) if "".join(text.split()) in elsewhere
    ]
    assert not (exclusive and shared), f"paragraphs also in records outside the range: {shared}"
    for title, text, qs in items:
        assert 450 <= len(text) <= 900, (title, len(text))
        assert len(qs) == 6 and sum(kind == "ans" for kind, _, _ in qs) == 3, title
    write_squad2(items, prefix, out)
    check(out, 6 * len(items))


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else SOURCE
    with open(source, encoding="utf-8") as handle:
        records = json.load(handle)[:50]
    items = [(title, paragraph(records, index, title), qs) for (index, title), qs in Q.items()]
    write_squad2(items, "sqdev", HERE / "squad2_style_dev.json")


if __name__ == "__main__":
    main()
