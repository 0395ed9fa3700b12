"""Evidence that says the contrary of the question (`sleuth.policies.contrary`), checked by
`verify.check`: SQuAD 2.0's one-word traps beside the answerable question over the same
sentence. The sentences are the shared "Rhine" article's, from its rule-development
paragraphs (paragraph numbers 0 and 2 modulo 4, where these rules were written; see
`benchmarks/fit_offline_confidence.py`), and the "Normans" article's; none is from the
paragraphs the confidence is fitted or reported on."""

from __future__ import annotations

import pytest

from sleuth.policies import contrary
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading
from sleuth.policies.verify import check

FLOWS = (
    'Three more flows carry significant amounts of water: the Nieuwe Merwede ("New '
    'Merwede"), which branches off from the southern branch where it changes from Boven to '
    'Beneden Merwede; the Oude Maas ("Old Meuse"), which branches off from the southern '
    "branch where it changes from Beneden Merwede into Noord, and Dordtse Kil, which "
    "branches off from Oude Maas."
)
WAAL = (
    "Two thirds of the water flow volume of the Rhine flows farther west, through the Waal "
    "and then, via the Merwede and Nieuwe Merwede (De Biesbosch), merging with the Meuse, "
    "through the Hollands Diep and Haringvliet estuaries, into the North Sea."
)
THAW = (
    "As northwest Europe slowly began to warm up from 22,000 years ago onward, frozen "
    "subsoil and expanded alpine glaciers began to thaw and fall-winter snow covers melted "
    "in spring."
)
CONSTANCE = (
    'Lake Constance consists of three bodies of water: the Obersee ("upper lake"), the '
    'Untersee ("lower lake"), and a connecting stretch of the Rhine, called the Seerhein '
    '("Lake Rhine").'
)
PLIOCENE = (
    "By the Pliocene period, the Rhine had captured streams down to the Vosges Mountains, "
    "including the Mosel, the Main and the Neckar."
)
GORGE = (
    "The Rhine Gorge between Rüdesheim am Rhein and Koblenz is listed as a UNESCO World "
    "Heritage Site."
)
UPPER = (
    "The Upper Rhine region was changed significantly by a Rhine straightening program in "
    "the 19th Century."
)

DYRRACHIUM = (
    "Some time later, Dyrrachium—one of the most important naval bases of the Adriatic—fell "
    "again to Byzantine hands."
)
DUCHY = (
    "The Duchy of Normandy, which they formed by treaty with the French crown, was a great "
    "fief of medieval France, and under Richard I of Normandy was forged into a cohesive and "
    "formidable principality in feudal tenure."
)
DELTA = (
    "The Rhine-Meuse Delta, the most important natural region of the Netherlands begins near "
    "Millingen aan de Rijn, close to the Dutch-German border with the division of the Rhine "
    "into Waal and Nederrijn."
)


def _rule(question: str, sentence: str, value: str, title: str = "Rhine") -> str | None:
    assert value in sentence
    reading = Reading("u", 0, len(sentence), sentence, value, 1.0)
    result = check(frame_question(question), reading, title=title, question=question)
    return None if result.ok else result.rule


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # an antonym by prefix
        ("How many more flows carry significant amounts of water?", FLOWS, "Three", None),
        ("How many more flows carry insignificant amounts of water?", FLOWS, "Three", "polarity"),
        # an opposite direction
        ("What sea does the Rhine flow into?", WAAL, "North Sea", None),
        ("What sea does the Rhine flow out of?", WAAL, "North Sea", "polarity"),
        # a point in time is no amount
        (
            "How many years ago did northwest Europe begin to warm up?",
            THAW,
            "22,000 years",
            None,
        ),
        (
            "How many years did it take for the frozen subsoil to warm up?",
            THAW,
            "22,000 years",
            "type",
        ),
        # a member is not the whole the answer counts
        ("How many bodies of water make up Lake Constance?", CONSTANCE, "three", None),
        ("How many bodies of water make up the Obersee?", CONSTANCE, "three", "entity"),
        # "What VERBed X?" asks for the doer, not for what was done to
        ("What captured the Vosges Mountains?", PLIOCENE, "the Rhine", None),
        (
            "What captured the Vosges Mountains?",
            PLIOCENE,
            "including the Mosel, the Main and the Neckar",
            "role",
        ),
        # a place question wants a name, not a clause or a time
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            GORGE,
            "Rüdesheim am Rhein",
            None,
        ),
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            GORGE,
            "listed as a UNESCO World Heritage Site",
            "type",
        ),
        (
            "What region of the Rhine was changed by the Rhine Straightening program?",
            UPPER,
            "The Upper Rhine region",
            None,
        ),
        (
            "What region of the Rhine was changed by the Rhine Straightening program?",
            UPPER,
            "in the 19th Century",
            "type",
        ),
        # a place is not the adjective of a people ("to Byzantine hands")
        ("Where was Dyrrachium located?", DYRRACHIUM, "the Adriatic", None),
        ("Where was Dyrrachium located?", DYRRACHIUM, "Byzantine", "type"),
        # "what principality": a name, not how it was held
        ("What principality did William the conquerer found?", DUCHY, "in feudal tenure", "type"),
        ("What principality was forged under Richard I?", DUCHY, "The Duchy of Normandy", None),
        # "the Dutch name for": a name, not a phrase about one
        ("What is the Dutch name for the Rhine?", DELTA, "into Waal and Nederrijn", "type"),
        ("What is the Dutch name for the Rhine?", DELTA, "Rijn", None),
    ],
)
def test_contrary_evidence(question: str, sentence: str, value: str, rule: str | None) -> None:
    assert _rule(question, sentence, value) == rule


def test_a_word_both_say_is_no_contrast() -> None:
    # "independent" in both: no antonym; "significant" against "insignificant" is one,
    # either way round
    assert not contrary.prefix_antonym("Which independent states?", "independent states")
    assert contrary.prefix_antonym("significant amounts?", "insignificant amounts")
    assert not contrary.prefix_antonym("How many flows carry water?", FLOWS)


def test_a_doer_after_by_is_a_doer() -> None:
    passive = "The Vosges streams were captured by the Rhine in the Pliocene."
    assert not contrary.object_for_doer("What captured the Vosges streams?", passive, "the Rhine")
    assert not contrary.object_for_doer("What happened to the Rhine?", PLIOCENE, "streams")


def test_a_counted_list_that_also_names_the_whole() -> None:
    # the whole stands before the colon: the count is of it
    assert not contrary.only_listed(
        "How many bodies of water make up Lake Constance?", CONSTANCE, "three"
    )
    # no colon after the answer: nothing is a member
    assert not contrary.only_listed("How many flows make up the Waal?", WAAL, "Two thirds")


PIETY = (
    "The Normans were famed for their martial spirit and eventually for their Christian "
    "piety, becoming exponents of the Catholic orthodoxy into which they assimilated."
)
GARRISON = (
    "The city's garrison resisted until February 1082, when Dyrrachium was betrayed to the "
    "Normans by the Venetian and Amalfitan merchants who had settled there."
)
MONKS = (
    "Under the Norman abbot Robert de Grantmesnil, several monks of Saint-Evroul fled to "
    "southern Italy, where they were patronised by Robert Guiscard and established a Latin "
    "monastery at Sant'Eufemia."
)
ATTACK = (
    "The further decline of Byzantine state-of-affairs paved the road to a third attack in "
    "1185, when a large Norman army invaded Dyrrachium, owing to the betrayal of high "
    "Byzantine officials."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # the question's adjective qualifies another noun, the noun another adjective
        ("Who was famed for their martial spirit?", PIETY, "The Normans", None),
        ("Who was famed for their Christian spirit?", PIETY, "The Normans", "entity"),
        # the same verb, to the same place, the other way
        ("Where did the monks of Saint-Evroul flee to?", MONKS, "southern Italy", None),
        ("Who fled from southern Italy?", MONKS, "Robert de Grantmesnil", "polarity"),
        # "betrayed to the Normans": the Normans are who it was betrayed to
        (
            "Who betrayed Dyrrachium?",
            GARRISON,
            "the Venetian and Amalfitan merchants",
            None,
        ),
        ("Who betrayed the Normans?", GARRISON, "the Venetian and Amalfitan merchants", "role"),
        # not a swap: a plural subject ("the Normans attack"), a name before a verb
        ("When did the Normans attack Dyrrachium?", ATTACK, "1185", None),
        (
            "What monastery did the Saint-Evroul monks establish in Italy?",
            MONKS,
            "a Latin monastery at Sant'Eufemia",
            None,
        ),
    ],
)
def test_normans_traps(question: str, sentence: str, value: str, rule: str | None) -> None:
    assert _rule(question, sentence, value) == rule


# from the development questions written over HotpotQA's records 1-50 paragraphs
# (benchmarks/squad_dev)
ASNER = (
    "American actor Ed Asner guest starred in the episode as the newspaper editor that hires Homer."
)
MORITZ = (
    "At the 1948 Winter Olympics in St. Moritz, Ruud finished seventh in the individual "
    "large hill competition."
)


def test_a_person_is_not_the_adjective_of_a_people() -> None:
    assert _rule("Who hires Ed Asner as a newspaper editor?", ASNER, "American") == "type"
    assert _rule("Who guest starred as the newspaper editor?", ASNER, "Ed Asner") is None
    # a first name may end as a people's adjective does
    song = "Brian wrote the song in a single night."
    assert _rule("Who wrote the song in a single night?", song, "Brian", "") is None


def test_a_name_goes_on_after_an_abbreviation() -> None:
    from sleuth.policies.extraction import candidates
    from sleuth.policies.frames import AnswerType

    places = [MORITZ[s:e] for s, e in candidates(AnswerType.PLACE, MORITZ)]
    assert "St. Moritz" in places and "St" not in places


def test_a_rank_is_not_a_place() -> None:
    question = "Where did Ruud finish in the individual large hill at the 1948 Olympics?"
    assert _rule(question, MORITZ, "St. Moritz") == "type"
    assert _rule("Where were the 1948 Winter Olympics held?", MORITZ, "St. Moritz") is None
    # places, whatever verb asks them
    for question in (
        "Where did the 1948 Winter Olympics take place?",
        "Where did Ruud come from?",
        "Where did the competition end up?",
    ):
        assert not contrary.asks_rank(question)
    assert contrary.asks_rank("Where was Ruud ranked after the large hill?")


def test_a_noun_that_may_ask_no_place_refuses_only_a_time() -> None:
    question = "What region of the brain stores these memories?"
    assert not contrary.not_a_place(question, "the prefrontal cortex")
    assert contrary.not_a_place(question, "in the 19th century")
    assert contrary.not_a_place("Which other city hosts the fair?", "the prefrontal cortex")


def test_an_area_is_a_name_not_a_time() -> None:
    breed = "The breed was developed in the Yorkshire Dales during the 19th century."
    question = "In what area was the breed developed?"
    assert _rule(question, breed, "during the 19th century") == "type"
    assert _rule(question, breed, "the Yorkshire Dales") is None


DELL = (
    "Dell Magazines was a company founded by George T. Delacorte Jr. in 1921 as part of his "
    "Dell Publishing Co."
)


@pytest.mark.parametrize(
    ("question", "title", "sentence", "answer"),
    [
        # a plain synonym of the question's verb (`synonyms.GROUPS`), and a name that goes
        # on after its initial
        ("Who started Dell Magazines?", "Dell Magazines", DELL, "George T. Delacorte Jr"),
        (
            "Who was the head coach of the 1976 Buccaneers?",
            "1976 Tampa Bay Buccaneers season",
            "Colorful, maverick former USC coach John McKay, whose wisecracking remarks "
            "occasionally agitated fans and the league, led the team.",
            "John McKay",
        ),
        # "which actor" asks a person, and the sentence need not say "actor" (a sentence
        # written for this test: the development paragraph lists its cast without a verb)
        (
            "Which actor portrays Alfred Pennyworth?",
            "The Dark Knight Rises",
            "Michael Caine plays Alfred Pennyworth, Bruce Wayne's butler.",
            "Michael Caine",
        ),
    ],
)
def test_a_plain_synonym_states_the_question_word(
    question: str, title: str, sentence: str, answer: str
) -> None:
    from sleuth.policies.reading import read_page

    readings = read_page(frame_question(question), "u", title, [(0, sentence)])
    assert [r.value for r in readings][:1] == [answer]
    assert _rule(question, sentence, answer, title) is None


def test_a_synonym_group_holds_no_antonym() -> None:
    from sleuth.policies.synonyms import GROUPS, canon

    assert canon("found") == canon("start") == canon("begin")
    assert canon("portray") == canon("play") and canon("member") == canon("belong")
    stems = [set(group.split()) for group in GROUPS]
    for a, b in (("start", "end"), ("larg", "small"), ("enabl", "disabl"), ("oldest", "newest")):
        assert not any(a in g and b in g for g in stems)


def test_a_sentence_opening_with_but_says_the_other_case() -> None:
    """FastAPI's request-forms.md: the sentence after "But" is the case with files, so the
    sentence before it does not lend it a "no" it would lend an ordinary next sentence."""
    before = "Data from forms with no files is encoded as `application/x-www-form-urlencoded`."
    but = "But when the form includes files, it is encoded as `multipart/form-data`."
    plain = "When the form includes files, it is encoded as `multipart/form-data`."
    question = "Which media type is form data normally encoded with when it has no files?"
    frame = frame_question(question)
    for sentence, rule in ((but, "polarity"), (plain, None)):
        reading = Reading("u", 0, len(sentence), sentence, "multipart/form-data", 1.0)
        result = check(frame, reading, previous=before, question=question)
        assert (None if result.ok else result.rule) == rule


LEAGUE = (
    "The remaining six FFSA Premier League teams were joined by the ten FFSA State League "
    "teams to create the new second tier of South Australian football."
)
SORIN = (
    "Sorin Hall, also known as Sorin College, is the oldest of the 30 Residence Halls on the "
    "campus of the University of Notre Dame and one of the 16 male dorms."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        ("How many State League teams joined the six Premier League teams?", LEAGUE, "ten", None),
        (
            "How many State League teams joined the remaining four Premier League teams?",
            LEAGUE,
            "six",
            "number",
        ),
        ("How many of the Residence Halls are male dorms?", SORIN, "16", None),
        ("How many of the 16 residence halls are male dorms?", SORIN, "30", "number"),
    ],
)
def test_a_thing_counted_by_another_number(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "") == rule


AWARDS = (
    "It went on to win five Filmfare Awards including the awards for Best film and Best "
    "Actors, and seven Screen Awards."
)
STADIUMS = (
    "All matches were played at Dwight Yorke Stadium in Bacolet, Tobago and Marvin Lee "
    "Stadium in Macoya, Trinidad."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # a number counts what follows it
        ("How many Screen Awards did the film win?", AWARDS, "seven", None),
        ("How many Screen Awards did the film win?", AWARDS, "five", "entity"),
        ("How many Filmfare Awards did the film win?", AWARDS, "five", None),
        # a place is where the name before it is
        ("Where is Marvin Lee Stadium?", STADIUMS, "Macoya", None),
        ("In which town of Trinidad is Dwight Yorke Stadium?", STADIUMS, "Macoya", "entity"),
        ("In which town is Dwight Yorke Stadium?", STADIUMS, "Bacolet", None),
    ],
)
def test_a_value_belongs_to_the_name_beside_it(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "") == rule


def test_a_year_counts_nothing() -> None:
    sentence = "In 1948, 12 teams played in the league."
    assert not contrary.number_swapped("In 1948, how many teams played in the league?", sentence)
    assert _rule("In 1948, how many teams played in the league?", sentence, "12", "") is None


# a paragraph of HotpotQA record 1-50's context (the written rule-development set,
# `benchmarks/squad_dev`), where both rules below were found
AIRPORT = (
    "The airport is mostly used for general aviation, but has scheduled passenger service "
    "provided by one commercial airline and subsidized by the Essential Air Service program."
)
SHAWFIELD = (
    'On the corner is "Shawfield House", a 7-bedroom mansion currently owned by Charles '
    "Saatchi and wife Nigella Lawson, which was redeveloped by them from a former gas "
    "engineering works."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # the number counts an airline, not passengers
        ("How many passengers use the airport each year?", AIRPORT, "one", "entity"),
        ("How many commercial airlines provide passenger service?", AIRPORT, "one", None),
        # a count in a unit, or of people by another name, is left alone
        ("How many bedrooms does Shawfield House have?", SHAWFIELD, "7", None),
    ],
)
def test_a_number_counts_what_follows_it(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "") == rule


def test_a_count_in_a_unit_or_of_people_is_no_other_thing() -> None:
    sentence = "The river is 1,230 km long and about 58 million people live in its basin."
    assert not contrary.counts_other("How many kilometres long is the river?", sentence, "1,230")
    assert not contrary.counts_other("How many residents live in the basin?", sentence, "58")
    assert contrary.counts_other("How many bridges cross the river?", sentence, "1,230")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("Which house on Shawfield Street was formerly owned by Charles Saatchi?", "polarity"),
        ("Which house on Shawfield Street was previously owned by Charles Saatchi?", "polarity"),
        ("Which house on Shawfield Street is owned by Charles Saatchi?", None),
    ],
)
def test_a_state_that_ended_is_not_one_that_holds_now(question: str, rule: str | None) -> None:
    assert _rule(question, SHAWFIELD, "Shawfield House", "") == rule


def test_a_sentence_that_says_the_end_too_answers_the_past() -> None:
    sentence = (
        "The estate, currently owned by the National Trust, was formerly owned by the "
        "Grenville family."
    )
    question = "Which family formerly owned the estate?"
    assert _rule(question, sentence, "Grenville family", "") is None


def test_a_count_of_what_another_question_word_says() -> None:
    # written rule-development set two (`benchmarks/squad_dev2`, MuSiQue records 1-50)
    sentence = (
        "Upon publication day, it broke the Guinness World Record for 'Most Translated Book "
        "by a Debut Author, Pre-publication' with 45 different translations."
    )
    question = "Into how many languages had the book been translated by publication day?"
    assert not contrary.counts_other(question, sentence, "45")


# written rule-development set two (`benchmarks/squad_dev2`, MuSiQue records 1-50)
BROTHER = (
    "The version of the song with vocals was released to radio in 2009, however a "
    "commercial single was not released."
)
LUFTHANSA = (
    "On 26 October 2012, Lufthansa announced that it would terminate its contract with "
    "Augsburg Airways (which by then served 35 destinations from Munich Airport with its "
    "fleet of 15 aircraft) at the end of the 2013 summer season."
)
NORTHERN = (
    "In September 2006, the Northern Hotel was closed and in January 2009, was sold at auction."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # a later clause negates what the answer's clause leaves unsaid
        ("When was Brother released as a commercial single?", BROTHER, "2009", "polarity"),
        ("When was the version with vocals released to radio?", BROTHER, "2009", None),
        # "what date" asks for a day
        (
            "On what date did Lufthansa announce the end of its contract with Augsburg Airways?",
            LUFTHANSA,
            "2013",
            "type",
        ),
        (
            "On what date did Lufthansa announce the end of its contract with Augsburg Airways?",
            LUFTHANSA,
            "26 October 2012",
            None,
        ),
        # the date nearest the question's verb is its date
        (
            "When was the Northern Hotel sold at auction in 2006?",
            NORTHERN,
            "September 2006",
            "role",
        ),
        ("When was the Northern Hotel sold at auction?", NORTHERN, "January 2009", None),
        ("When was the Northern Hotel closed?", NORTHERN, "September 2006", None),
        ("When was the Northern Hotel closed?", NORTHERN, "January 2009", "role"),
    ],
)
def test_dates_and_clauses_of_another_event(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "Brother (Pearl Jam song)") == rule


HERVE = (
    "One of the first Norman mercenaries to serve as a Byzantine general was Hervé in the 1050s."
)
DUQUESNE = (
    "When Grant proceeded to attack the French position, his force was out maneuvered, "
    "surrounded, and largely destroyed by the French and their native allies led by "
    "François - Marie Le Marchand de Lignery."
)
HOLLAND = (
    "The mouths of the Rhine, in the county of Holland, fell to the Burgundian Netherlands "
    "in the 15th century; Holland remained contentious territory throughout the European "
    "wars of religion and the eventual collapse of the Holy Roman Empire, when the length "
    "of the Rhine fell to the First French Empire and its client states."
)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # a shared phrase beside another name in each (Normans; squad_dev2)
        (
            "Who was the first Byzantine mercenary to serve with the Normans?",
            HERVE,
            "Hervé",
            "entity",
        ),
        (
            "Who was the first Norman mercenary to serve as a Byzantine general?",
            HERVE,
            "Hervé",
            None,
        ),
        ("Who led the British and their native allies?", DUQUESNE, "François", "entity"),
        ("Who led the French and their native allies?", DUQUESNE, "François", None),
        # the question's names only in another clause of a semicolon (Rhine, paragraph 39)
        ("When did the Roman empire fall?", HOLLAND, "15th century", "entity"),
        (
            "When did the mouths of the Rhine fall to the Burgundian Netherlands?",
            HOLLAND,
            "15th century",
            None,
        ),
    ],
)
def test_names_beside_a_shared_phrase_or_in_another_clause(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "") == rule


def test_a_clause_opening_with_a_pronoun_speaks_of_the_names_before_it() -> None:
    sentence = "The museum opened in Bonn in 1901; it moved to Cologne in 1950."
    question = "When did the museum move to Cologne?"
    assert _rule(question, sentence, "1950", "") is None


def test_an_answer_said_twice_is_read_in_the_clause_that_names_the_question() -> None:
    sentence = (
        "That engineer was Ellen Marsh; the Merrow Canal was designed by Ellen Marsh in 1801."
    )
    assert _rule("Who designed the Merrow Canal?", sentence, "Ellen Marsh", "") is None


# written rule-development set three (`benchmarks/squad_dev3`, HotpotQA records 1-50)
RAIL = (
    "The first phase of the project, linking East Kapolei and Aloha Stadium, is scheduled to "
    "open in late 2020, while the second phase of the project continuing the line to Ala "
    "Moana Center across urban Honolulu is due to open in December 2025."
)
ADAMS = "John Quincy Adams was elected President on February 9, 1825."


@pytest.mark.parametrize(
    ("question", "sentence", "value", "rule"),
    [
        # the question's names only in the clause a contrast sets apart
        (
            "When is the second phase, linking East Kapolei and Aloha Stadium, due to open?",
            RAIL,
            "December 2025",
            "entity",
        ),
        (
            "When is the phase continuing the line to Ala Moana Center due to open?",
            RAIL,
            "December 2025",
            None,
        ),
        # a full date of the question must be the sentence's
        ("Who was elected President on February 9, 1824?", ADAMS, "John Quincy Adams", "number"),
        ("Who was elected President on February 9, 1825?", ADAMS, "John Quincy Adams", None),
        ("Who was elected President on 9 February 1825?", ADAMS, "John Quincy Adams", None),
    ],
)
def test_a_contrast_clause_and_a_full_date(
    question: str, sentence: str, value: str, rule: str | None
) -> None:
    assert _rule(question, sentence, value, "United States presidential election, 1824") == rule


def test_set_up_asked_when_is_founded() -> None:
    from sleuth.policies.frames import restate

    assert restate("In what year was Zeitgeist Films set up?").endswith("founded?")
    assert frame_question("In what year was Zeitgeist Films set up?").relation == ("found",)
    # to set up a thing configures it
    assert "set up" in restate("When should I set up logging?")
    assert "set up" in restate("Which function do I call to set up structlog?")


# the written SQuAD 2.0-style development set (benchmarks/squad_dev, R): an antonym trap
CAB = (
    "It tells the story of a cab driver from a small town who falls in love with a rich "
    "young woman."
)
CAB_TRAP = "What kind of young woman does a cab driver from a big city fall in love with?"
# the structlog docs (R): a user mistakes which case the page states
NO_COLOR = (
    "`NO_COLOR` disables colors, regardless of where the output is going and regardless "
    "the value of `FORCE_COLOR`."
)


@pytest.mark.parametrize(
    ("question", "sentence", "trap"),
    [
        # one side asked, the other stated: a contrast, either way round
        (CAB_TRAP, CAB, True),
        ("Which environment variable enables colors regardless of FORCE_COLOR?", NO_COLOR, True),
        # the side the sentence states: no contrast
        (CAB_TRAP.replace("a big city", "a small town"), CAB, False),
        ("Which environment variable disables colors regardless of FORCE_COLOR?", NO_COLOR, False),
        # a measure's word is no side ("How long ...?" says nothing "short")
        ("How long is the short film?", "The short film runs for 12 minutes.", False),
        # both sides in the sentence: it states the asked one too
        ("Who was the oldest member?", "The oldest member was Ada and the youngest Bo.", False),
    ],
)
def test_a_plain_antonym(question: str, sentence: str, trap: bool) -> None:
    assert contrary.plain_antonym(question, sentence) is trap


def test_an_antonym_trap_is_refused_by_the_check() -> None:
    """`verify.check` refuses the trap's reading, and accepts the same reading for the
    question that says the sentence's side."""
    trap = CAB_TRAP
    reading = Reading("u", 0, len(CAB), CAB, "a rich young woman", 1.0)
    refused = check(frame_question(trap), reading, question=trap)
    assert (refused.ok, refused.rule) == (False, "polarity")
    fair = trap.replace("a big city", "a small town")
    assert check(frame_question(fair), reading, question=fair).ok


# the two traps of R these rules were written from (`benchmarks/squad_dev7`, Rhine
# paragraph 0 or 2 modulo 4), beside the answerable questions over the same sentences
BOWL = (
    "In 2011, the game moved from El Paso to San Antonio, and the National Football League "
    "Players Association (NFLPA) became the named sponsor of the game."
)
LORELEI = "Near Sankt Goarshausen, the Rhine flows around the famous rock Lorelei."


@pytest.mark.parametrize(
    ("question", "sentence", "trap"),
    [
        ("To which city did the game move from San Antonio in 2011?", BOWL, True),
        ("From which city did the game move to El Paso in 2011?", BOWL, True),
        # the ends as the sentence has them
        ("To which city did the game move from El Paso in 2011?", BOWL, False),
        ("From which city did the game move to San Antonio in 2011?", BOWL, False),
        # a name the sentence also writes after the question's preposition
        (
            "Where did the tour go from Paris?",
            "The tour went from Lyon to Paris, and from Paris to Rome.",
            False,
        ),
        # no name after the preposition: nothing to swap
        ("Where did the game move to in 2011?", BOWL, False),
    ],
)
def test_an_end_of_a_move_swapped(question: str, sentence: str, trap: bool) -> None:
    assert contrary.opposite_end(question, sentence) is trap


@pytest.mark.parametrize(
    ("question", "sentence", "trap"),
    [
        ("What is the name of the famous rock that the Rhine flows into?", LORELEI, True),
        ("What is the name of the famous rock that the Rhine flows around?", LORELEI, False),
        # the verb takes the question's preposition somewhere in the sentence
        (
            "Which sea does the Rhine flow into?",
            "The Rhine flows past Cologne and flows into the North Sea.",
            False,
        ),
        # the sentence's verb takes no preposition: nothing says otherwise
        ("Which lake does the Rhine feed into?", "The Rhine feeds Lake Constance.", False),
        # no stranded preposition
        ("Which rock does the Rhine flow around near Sankt Goarshausen?", LORELEI, False),
    ],
)
def test_a_preposition_stranded_otherwise(question: str, sentence: str, trap: bool) -> None:
    assert contrary.stranded_otherwise(question, sentence) is trap


def test_the_check_refuses_a_swapped_end_and_a_stranded_preposition() -> None:
    """Both traps are refused by `verify.check` as polarity; the answerable questions
    over the same sentences are not."""
    cases = [
        ("To which city did the game move from San Antonio in 2011?", BOWL, "El Paso", False),
        ("To which city did the game move from El Paso in 2011?", BOWL, "San Antonio", True),
        (
            "What is the name of the famous rock that the Rhine flows into?",
            LORELEI,
            "Lorelei",
            False,
        ),
        (
            "What is the name of the famous rock that the Rhine flows around?",
            LORELEI,
            "Lorelei",
            True,
        ),
    ]
    for question, sentence, value, ok in cases:
        reading = Reading("u", 0, len(sentence), sentence, value, 1.0)
        verdict = check(frame_question(question), reading, question=question)
        assert verdict.ok is ok, question
        if not ok:
            assert verdict.rule == "polarity"


APES = (
    "The apes treat humans as slaves, but with the help of an ape named Ari, Leo starts a "
    "rebellion."
)


@pytest.mark.parametrize(
    ("question", "sentence", "trap"),
    [
        # `benchmarks/squad_dev4`'s trap (R), and the answerable question it was made from
        ("How do the humans treat the apes?", APES, True),
        ("How do the apes treat the humans?", APES, False),
        # a relation that holds both ways
        ("When did Ada marry Bob?", "Bob married Ada in 1990.", False),
        # both orders said: the question's is stated
        (
            "Whom did Lyon beat?",
            "Lyon beat Nantes, and later Nantes beat Lyon in the cup.",
            False,
        ),
    ],
)
def test_arguments_swapped_around_the_verb(question: str, sentence: str, trap: bool) -> None:
    assert contrary.arguments_swapped(question, sentence) is trap


def test_the_check_refuses_swapped_arguments_as_a_role() -> None:
    trap = "How do the humans treat the apes?"
    reading = Reading("u", 0, len(APES), APES, "as slaves", 1.0)
    verdict = check(frame_question(trap), reading, question=trap)
    assert (verdict.ok, verdict.rule) == (False, "role")


# a reviewer's counter-examples to the first versions of these rules: answerable
# questions whose right answers they refused, and a trap they missed
@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "How much did Tesla receive from Westinghouse for his patents?",
            "Tesla sold his patents to Westinghouse for $60,000.",
        ),
        ("Which palace is close to Paris?", "Versailles is 20 km from Paris."),
        ("Who was the heir to Louis XIV?", "Louis XV inherited the throne from Louis XIV."),
        (
            "What did Marco Polo bring back from China?",
            "On his journey to China, Marco Polo traded silk.",
        ),
        ("Where did the game move to?", BOWL),
    ],
)
def test_a_name_after_to_is_no_end_of_a_move_without_from(question: str, sentence: str) -> None:
    assert contrary.opposite_end(question, sentence) is False


def test_an_end_of_a_move_in_a_name_of_any_script() -> None:
    assert contrary.opposite_end(
        "Where did the team relocate from Île-de-France?",
        "The team moved from Lyon to Île-de-France in 1990.",
    )


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("Where did the game move to?", BOWL),
        (
            "Where did the Huguenots emigrate to?",
            "Many Huguenots emigrated from France to South Africa.",
        ),
        (
            "What did the population grow to?",
            "The population grew from 1,000 in 1900 to 5,000 in 2000.",
        ),
        # `benchmarks/squad_side1b`'s sentence: the asked preposition a few words on
        (
            "What did his dikes turn the Betsimitatatra swamps into?",
            "His dikes turned the Betsimitatatra swamps around Antananarivo into vast rice "
            "paddies.",
        ),
        # near-synonyms are the same preposition
        (
            "What does the expression evaluate to?",
            "The else block implicitly evaluates into an Undefined object.",
        ),
        ("What does a for loop iterate over?", "A for loop iterates through the items."),
    ],
)
def test_a_preposition_the_verb_also_takes_is_not_stranded_otherwise(
    question: str, sentence: str
) -> None:
    assert contrary.stranded_otherwise(question, sentence) is False


def test_a_long_run_of_spaces_is_read_at_once() -> None:
    question = "Where did the game move to" + " " * 20000 + "?"
    assert contrary.stranded_otherwise(question, LORELEI) is False


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "When was the Germany versus Brazil semi-final played?",
            "The semi-final Brazil versus Germany was played on 8 July 2014.",
        ),
        ("When did Watson encounter Holmes?", "Holmes encountered Watson in 1881."),
    ],
)
def test_a_name_or_a_relation_both_ways_is_no_swap(question: str, sentence: str) -> None:
    assert contrary.arguments_swapped(question, sentence) is False


def test_names_swapped_around_a_verb_are() -> None:
    assert contrary.arguments_swapped("When did Lyon beat Nantes?", "Nantes beat Lyon in 1990.")
