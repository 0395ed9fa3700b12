"""The reader's slot rules (`sleuth.policies.slots`): what a sentence says where the
question's in-situ wh-phrase stands (`slot_of`, `filled_slot`), and the name a sentence
coordinates with the one the question pairs the asked one with (`coordinate_partner`);
which of several names a typed reading takes (the nearest, not one in a relative clause,
not a people's adjective).
The answerable sentences are R's (the shared Rhine article, `benchmarks/squad_dev4`);
the traps and near misses are written to break each rule."""

from __future__ import annotations

import pytest

from sleuth.policies.extraction import candidates, extract
from sleuth.policies.frames import AnswerType, frame_question
from sleuth.policies.slots import coordinate_partner, filled_slot, other_name, slot_of

# R: the shared Rhine article (paragraphs 0/2 mod 4) and squad_dev4
TETHYS = "The present Mediterranean Sea descends from this somewhat larger Tethys sea."
GORGE = (
    "The Rhine Gorge between Rüdesheim am Rhein and Koblenz is listed as a UNESCO World "
    "Heritage Site."
)
TITO = "Under Tito's leadership, Yugoslavia became a founding member of the Non-Aligned Movement."
EMERGES = (
    "The Rhine emerges from Lake Constance, flows generally westward, as the Hochrhein, "
    "passes the Rhine Falls, and is joined by its major tributary, the river Aare."
)


def _terms(question: str) -> set[str]:
    frame = frame_question(question)
    return set(frame.anchors) | set(frame.relation) | set(frame.soft)


def _extract(question: str, sentence: str) -> str | None:
    return extract(frame_question(question), sentence, _terms(question))


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        # the asked noun after the slot, and a determiner before it, are not the answer;
        # a name that ends the slot is, without the words before it
        ("The present Mediterranean Sea descends from what sea?", TETHYS, "Tethys"),
        (
            "Yugoslavia was a founding member of which movement?",
            "Yugoslavia was a founding member of the Non-Aligned Movement in 1961.",
            "Non-Aligned",
        ),
        # the question goes on after the wh-phrase: its next words close the slot
        (
            "Celery reads its settings from which key in the Flask configuration?",
            "Celery reads its settings from the `CELERY_CONFIG` key in the Flask configuration.",
            "`CELERY_CONFIG`",
        ),
    ],
)
def test_the_slot_the_question_leaves_is_filled_by_the_sentence(
    question: str, sentence: str, answer: str
) -> None:
    assert filled_slot(question, sentence, _terms(question)) == answer
    assert _extract(question, sentence) == answer.strip("`")  # the spans' own rule quotes none


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # a wh-phrase fronted before an inverted auxiliary is not in situ, before or after
        # its noun
        ("Beside which river does Orléans lie?", "Orléans lies beside the Loire."),
        ("After the Rhine emerges from Lake Constance, what direction does it flow?", EMERGES),
        # the sentence does not say the question's two words before the wh-phrase together
        ("Yugoslavia was a founding member of which movement?", TITO.replace("of the", "in")),
        # the question's next words are not within eight words of them
        (
            "Celery reads its settings from which key in the Flask configuration?",
            "Celery reads its settings from a module, and the key it reads is set on the "
            "command line in the Flask configuration.",
        ),
        # a long phrase is no slot
        (
            "The Rhine flows into which sea?",
            "The Rhine flows into a shallow and very cold northern sea of western Europe.",
        ),
    ],
)
def test_no_slot_unless_the_sentence_restates_the_question(question: str, sentence: str) -> None:
    assert slot_of(question, sentence) is None


def test_a_slot_that_is_only_the_questions_words_is_no_answer() -> None:
    question = "Yugoslavia was a founding member of which movement?"
    said = "Yugoslavia was a founding member of that movement."
    assert filled_slot(question, said, set()) is None
    sentence = "Celery configuration is taken from the `CELERY` key in the Flask configuration."
    asked = "Celery configuration is taken from which key in the Flask configuration?"
    assert slot_of(asked, sentence) is not None
    assert filled_slot(asked, sentence, _terms(asked)) is None  # `CELERY` is "Celery"


def test_a_typed_answer_is_the_candidate_in_the_slot() -> None:
    """Of two dates (or places), the one where the question's words leave the answer's
    place, not the one nearest the question's words."""
    sentence = "In 1812 the treaty was drafted, and it was signed in 1814."
    assert _extract("The treaty was signed in which year?", sentence) == "1814"
    assert _extract("The treaty was drafted in which year?", sentence) == "1812"


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        # the partner before the name, and after it (R: the shared Rhine article)
        ("The Rhine Gorge is between Koblenz and what other city?", GORGE, "Rüdesheim am Rhein"),
        (
            "There's a UNESCO World Heritage site in the Rhine Gorge between the Koblenz and what?",
            GORGE,
            "Rüdesheim am Rhein",
        ),
        (
            "The Rhine and what other river were accepted as the Germanic frontier?",
            "Rome accepted as her Germanic frontier the water-boundary of the Rhine and "
            "upper Danube.",
            "Danube",
        ),
    ],
)
def test_the_partner_of_the_paired_name_answers(question: str, sentence: str, answer: str) -> None:
    assert coordinate_partner(question, sentence, _terms(question)) == answer


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # the paired name is not in the sentence, or not coordinated there
        ("The Rhine Gorge is between Koblenz and what other city?", TETHYS),
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            "Koblenz lies at the mouth of the Moselle.",
        ),
        # no pair is asked
        ("The Rhine Gorge is between which cities?", GORGE),
        # the partner is the question's own words
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            "The Rhine Gorge runs between the Rhine and Koblenz.",
        ),
    ],
)
def test_no_partner_without_a_coordinated_name(question: str, sentence: str) -> None:
    assert coordinate_partner(question, sentence, _terms(question)) is None


# a reviewer's counter-examples to the first version of these rules: each once gave a
# wrong value (a name a preposition adds, one of two coordinated words, another clause's
# place, a modifier before the partner, a swapped subject)
@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "The Rhine flows into what?",
            "The Rhine flows into the North Sea near Rotterdam.",
            "North Sea",
        ),
        (
            "The Rhine flows from what?",
            "The Rhine flows from Lake Toma in the Swiss Alps.",
            "Lake Toma",
        ),
        (
            "Luther's Bible was translated into what?",
            "Luther's Bible was translated into Low German by Johannes Bugenhagen.",
            "Low German",
        ),
        (
            "The reference implementation is written in what?",
            "The reference implementation is written in C with some parts in Python.",
            "C",
        ),
        (
            "The treaty was signed in which city?",
            "The preliminary peace was signed in the palace at Versailles, and the final "
            "treaty was signed in Frankfurt.",
            "Frankfurt",
        ),
        (
            "Beyoncé was born in which city?",
            "Her mother was born in the Gulf Coast town of Galveston, and Beyoncé was born "
            "in Houston.",
            "Houston",
        ),
        (
            "The cathedral was consecrated in which year?",
            "The old church was consecrated in 1120 and demolished in 1500; the cathedral "
            "was consecrated in 1520.",
            "1520",
        ),
    ],
)
def test_the_slot_is_the_questions_own_clause_and_phrase(
    question: str, sentence: str, answer: str
) -> None:
    assert _extract(question, sentence) == answer


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # one of two coordinated words; a number before the asked noun names none
        (
            "The treaty was signed by what?",
            "The treaty was signed by American and British delegates in Ghent.",
        ),
        (
            "The Normans conquered England in which battle?",
            "The Normans conquered England in the 1066 battle at Hastings.",
        ),
        # another subject said the same (SQuAD 2.0's swapped entity)
        (
            "Serbia was a founding member of which movement?",
            "Yugoslavia was a founding member of the Non-Aligned Movement in 1961.",
        ),
        # a partner asks `coordinate_partner`, not the slot after "and"
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            "The Rhine Gorge ends at Koblenz and Bonn lies further north.",
        ),
    ],
)
def test_no_slot_for_a_part_of_a_phrase_or_another_subject(question: str, sentence: str) -> None:
    assert filled_slot(question, sentence, _terms(question)) is None


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # a name the partner's own noun follows is a modifier ("German", "HTTP", "Swiss")
        (
            "Newton and what other mathematician developed calculus?",
            "Newton and the German mathematician Leibniz developed calculus independently.",
        ),
        (
            "The Rhine and what other river meet at Basel?",
            "The Rhine and the Swiss river Birs meet at Basel.",
        ),
        (
            "Requests and what other library are built on urllib3?",
            "Requests and the popular HTTP client httpx are both built on urllib3.",
        ),
        # "and" joins two clauses
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            "The Rhine Gorge ends at Koblenz and Bonn lies further north.",
        ),
        (
            "The Rhine Gorge is between Koblenz and what other city?",
            "The Rhine Gorge ends at Koblenz, and Mainz lies 90 km upstream.",
        ),
    ],
)
def test_no_partner_that_does_not_end_the_pair(question: str, sentence: str) -> None:
    assert coordinate_partner(question, sentence, _terms(question)) is None


def test_a_headed_name_in_a_relative_clause_yields_to_one_outside() -> None:
    value = _extract(
        "Which university awarded Smith an honorary degree?",
        "Harvard University gave an honorary degree to Smith, who had studied at Yale University.",
    )
    assert value == "Harvard University"


# R (`benchmarks/squad_dev`, `squad_dev2`): a people's adjective before a common noun, and
# the "one" of "one of the fifty-four", are refused by the hard rules (`contrary.demonym`,
# `contrary.one_of_many`), so the reading takes the sentence's next candidate
@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "Which actor guest starred as the newspaper editor?",
            "American actor Ed Asner guest starred in the episode as the newspaper editor "
            "that hires Homer.",
            "Ed Asner",
        ),
        (
            "Who composed Folk Songs?",
            "Folk Songs is a song cycle by the Italian composer Luciano Berio composed in 1964.",
            "Luciano Berio",
        ),
        # a name that ends like a people's adjective is still a person ("Brian")
        ("Who wrote the song?", "The song was written by Brian in 1971.", "Brian"),
        # the "one" of "one of the fifty-four" is no count (`benchmarks/squad_dev6`); one
        # of a whole the sentence does not count is
        (
            "How many districts does the republic have?",
            "Tartu is one of the fifty-four districts of the republic.",
            "fifty-four",
        ),
        ("How many tenants did the house have?", "The house had one of the tenants.", "one"),
        # a span's other end
        (
            "Until what year was he the IBF flyweight champion?",
            "He was the IBF flyweight champion from 2004 to 2007.",
            "2007",
        ),
        (
            "Since what year was he the IBF flyweight champion?",
            "He was the IBF flyweight champion from 2004 to 2007.",
            "2004",
        ),
    ],
)
def test_a_span_the_hard_rules_refuse_is_not_the_sentences_reading(
    question: str, sentence: str, answer: str
) -> None:
    assert _extract(question, sentence) == answer


# R (`benchmarks/squad_dev2`, `squad_dev4`): the other name a sentence gives the thing
@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "By what other name is the album 311 known?",
            'It was on the album "311", also known as "The Blue Album", released in 1995.',
            "The Blue Album",
        ),
        (
            "By what other name is Kung Fu Tai Chi commonly known?",
            "Kung Fu Tai Chi (also commonly known as Kung Fu Magazine) is a United States "
            "magazine covering martial arts and combat sports.",
            "Kung Fu Magazine",
        ),
        (
            "What is Anthemis cotula also known as?",
            "Anthemis cotula, also known as stinking chamomile, is a flowering annual plant.",
            "stinking chamomile",
        ),
    ],
)
def test_the_other_name_of_the_questions_thing(question: str, sentence: str, answer: str) -> None:
    assert other_name(frame_question(question), sentence, _terms(question)) == answer
    assert _extract(question, sentence) == answer


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # another thing's other name
        (
            "Under what other name is Sorin Hall known?",
            "Dillon Hall, also known as Big Red, is near Sorin Hall.",
        ),
        # a former name answers a question with a time, not "what other name"
        (
            "By what other name is The Craft Contemporary known?",
            "The Craft Contemporary, formerly known as Craft and Folk Art Museum, was "
            "incorporated in 1973.",
        ),
        # the question asks no other name
        (
            "What is Sorin Hall?",
            "Sorin Hall, also known as Sorin College, is the oldest of the residence halls.",
        ),
    ],
)
def test_no_other_name_unless_the_sentence_gives_the_things(question: str, sentence: str) -> None:
    assert other_name(frame_question(question), sentence, _terms(question)) is None


# R (the shared Rhine article, paragraphs 0/2 mod 4): a when-question's answer may be an
# era's year, a time before the present or a named period, beside the calendar's dates
JURASSIC = (
    "At about 180 MBP, in the Jurassic Period, the two plates reversed direction and began "
    "to compress the Tethys floor, causing it to be subducted under Eurasia and pushing up "
    "the edge of the latter plate in the Alpine Orogeny of the Oligocene and Miocene Periods."
)


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "When did Augustus die?",
            "From the death of Augustus in AD 14 until after AD 70, Rome accepted as her "
            "Germanic frontier the water-boundary of the Rhine and upper Danube.",
            "AD 14",
        ),
        (
            "When did rapid warming begin and help vegetation?",
            "Rapid warming and changes of vegetation, to open forest, began about 13,000 BP.",
            "13,000 BP",
        ),
        (
            "When was the Holocene?",
            "At the begin of the Holocene (~11,700 years ago), the Rhine occupied its "
            "Late-Glacial valley.",
            "11,700 years ago",
        ),
        (
            "What period did plates reverse directions to compress the Tethys floor?",
            JURASSIC,
            "Jurassic Period",
        ),
        (
            "Which century was there a program to straighten the Rhine?",
            "The Upper Rhine region was changed significantly by a Rhine straightening "
            "program in the 19th Century.",
            "19th Century",
        ),
    ],
)
def test_an_eras_date_answers_when(question: str, sentence: str, answer: str) -> None:
    assert _extract(question, sentence) == answer


def test_an_eras_date_is_a_date_not_a_number_of_one() -> None:
    """A count of years ago is still a number to a how-many question: the era's spans are
    a date's candidates, not the date a number is the year of; and only in a sentence
    without a calendar date (the dates a sentence sets side by side are the calendar's)."""
    sentence = "The delta began to form about 8,000 years ago, in 55 BC or AD 14."
    dates = [sentence[a:b] for a, b in candidates(AnswerType.DATE, sentence, eras=True)]
    assert dates == ["8,000 years ago", "55 BC", "AD 14"]
    assert candidates(AnswerType.DATE, sentence) == []  # the calendar's only
    numbers = [sentence[a:b] for a, b in candidates(AnswerType.NUMBER, sentence)]
    assert "8,000 years" in numbers or "8,000" in numbers
    dated = "It was introduced during the Victorian Era in 1856."
    assert [dated[a:b] for a, b in candidates(AnswerType.DATE, dated, eras=True)] == ["1856"]


# a reviewer's counter-examples: an era's words inside a name, a name's letters, a period
# named by a longer name, a bare "-cene" word
@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        (
            "When did the band form?",
            "The band Queens of the Stone Age formed in Palm Desert.",
            None,
        ),
        ("When did Confucius live?", "Confucius lived during the Spring and Autumn Period.", None),
        (
            "When was the trial held?",
            "After a Trial Period of six months, the scheme was made permanent.",
            None,
        ),
        (
            "When was the studio founded?",
            "The studio, 20th Century Fox, was founded in 1935.",
            "1935",
        ),
        ("When did the spill start?", "The 2010 BP oil spill began in April.", "2010"),
        ("When did the last glacial end?", "It ended with the Pleistocene.", None),
        (
            "When was the sequel released?",
            "The sequel to Ice Age, Ice Age: The Meltdown, was released in 2006.",
            "2006",
        ),
    ],
)
def test_no_era_from_a_name(question: str, sentence: str, answer: str | None) -> None:
    assert _extract(question, sentence) == answer


@pytest.mark.parametrize(
    ("question", "sentence", "answer"),
    [
        # a count of another thing is kept, for the hard rules to refuse: the next count
        # may be another's too (a reviewer's counter-example)
        (
            "How many Oscars did the film win?",
            "The film won three Golden Globes and was nominated for eight Oscars, winning none.",
            "three",
        ),
        # "one of" eight, and twenty more: which count is asked is not told
        (
            "How many children did Bach have?",
            "Bach, one of eight children, fathered twenty children with his two wives.",
            None,
        ),
    ],
)
def test_a_candidate_refused_as_another_things_is_not_passed_over(
    question: str, sentence: str, answer: str | None
) -> None:
    assert _extract(question, sentence) == answer


# a reviewer's counter-examples: another thing's other name, a word of the question said
# after the name, a denial, a former name
@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "By what other name is Lake Baikal known?",
            "Lake Baikal is fed by the Selenga River, also called the Selenge.",
        ),
        (
            "What else is Hamlet known as?",
            "Hamlet, Prince of Denmark, was written by Shakespeare, often called the Bard of Avon.",
        ),
        (
            "What is Beyonce's group also known as?",
            "Beyonce, also known as Queen Bey, led the group Destiny's Child.",
        ),
        (
            "What is the Netherlands also known as?",
            "The Netherlands is not, as is often thought, also called Holland.",
        ),
        (
            "By what other name is the stadium known?",
            "The stadium, also previously known as Jacobs Field, opened in 1994.",
        ),
    ],
)
def test_no_other_name_of_another_thing_or_time(question: str, sentence: str) -> None:
    assert other_name(frame_question(question), sentence, _terms(question)) is None


def test_an_other_name_is_the_whole_name_without_its_full_stop() -> None:
    question = "What is leprosy also known as?"
    said = "Leprosy, also known as Hansen's disease, is caused by bacteria."
    assert other_name(frame_question(question), said, _terms(question)) == "Hansen's disease"
    question = "What is Chicago also known as?"
    said = "Chicago, also known as the Second City."
    assert other_name(frame_question(question), said, _terms(question)) == "the Second City"
