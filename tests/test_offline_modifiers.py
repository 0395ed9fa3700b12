"""The ``entity`` rule (`sleuth.policies.modifiers`): a name that qualifies a word of the
question must qualify it in the evidence too. Sentences are SQuAD 2.0's (the Normans
article, the training side of fold A), its adversarial traps beside the answerable
questions over the same sentences, and the built-in corpus's."""

from __future__ import annotations

import pytest

from sleuth.policies.frames import frame_question
from sleuth.policies.modifiers import possessed, swapped
from sleuth.policies.reading import Reading
from sleuth.policies.verify import check

HERVE = (
    "One of the first Norman mercenaries to serve as a Byzantine general was Hervé in the 1050s."
)
ARCHITECTURE = (
    "In England, the period of Norman architecture immediately succeeds that of the "
    "Anglo-Saxon and precedes the Early Gothic."
)
WORDS = (
    'The English name "Normans" comes from the French words Normans/Normanz, plural of '
    "Normant, modern French normand."
)
EDWARD = (
    "When finally Edward the Confessor returned from his father's refuge in 1041, at the "
    "invitation of his half-brother Harthacnut, he brought with him a Norman-educated mind."
)
FOUNDED = "Acme Robotics was founded by Ada Ortiz in 2014 in Lisbon."


def _reading(sentence: str, value: str) -> Reading:
    assert value in sentence
    return Reading("u", 0, len(sentence), sentence, value, 1.0)


@pytest.mark.parametrize(
    ("question", "sentence", "value", "swap"),
    [
        # traps: every word is in the sentence, but another name qualifies the noun
        (
            "When did Herve serve as a Norman general?",
            HERVE,
            "1050s",
            ("Norman", "general", "Byzantine"),
        ),
        (
            "What precedes the period of Anglo-Saxon architecture?",
            ARCHITECTURE,
            "the Early Gothic",
            ("Anglo-Saxon", "architecture", "Norman"),
        ),
        (
            "What name comes from the English words Normans/Normanz?",
            WORDS,
            "plural of Normant",
            ("English", "words", "French"),
        ),
    ],
)
def test_a_name_swapped_on_the_qualified_word_is_no_evidence(
    question: str, sentence: str, value: str, swap: tuple[str, str, str]
) -> None:
    assert swapped(question, sentence, value) == swap
    result = check(frame_question(question), _reading(sentence, value), question=question)
    assert not result.ok and result.rule == "entity"


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        # the answerable twins over the same sentences
        ("When did Herve serve as a Byzantine general?", HERVE, "1050s"),
        # a capitalised run that holds the question's name is that name
        ("When did Edward return?", EDWARD, "1041"),
        # a name right before its word, and a name that qualifies nothing
        ("Who founded Acme Robotics?", FOUNDED, "Ada Ortiz"),
        ("In what year was Acme Robotics founded?", FOUNDED, "2014"),
    ],
)
def test_the_same_name_on_the_same_word_passes(question: str, sentence: str, value: str) -> None:
    assert swapped(question, sentence, value) is None
    assert check(frame_question(question), _reading(sentence, value), question=question).ok


def test_the_sentences_first_word_and_the_answer_are_not_the_other_name() -> None:
    """A capital at the start of the sentence is the sentence's, not a name; and the
    answer's own words are not a modifier of the question."""
    assert swapped("When did the Norman army march?", "Byzantine army marched in 1081.") is None
    assert swapped("Which Norman king ruled?", "The Norman king William ruled.", "William") is None


HASTINGS = (
    "In 1066, Duke William II of Normandy conquered England killing King Harold II at the "
    "Battle of Hastings."
)
SCOTLAND = (
    "William invaded Scotland in 1072, riding as far as Abernethy where he met up with his "
    "fleet of ships."
)
DYRRACHIUM = (
    "The further decline of Byzantine state-of-affairs paved the road to a third attack in "
    "1185, when a large Norman army invaded Dyrrachium, owing to the betrayal of high "
    "Byzantine officials."
)


def test_the_named_subject_must_do_the_verb() -> None:
    """The ``role`` rule (`sleuth.policies.doers`): SQuAD's trap swaps who conquered whom;
    the answerable questions over the same kind of sentence pass, as do a verb used as a
    noun ("a third attack") or an infinitive ("to serve as")."""
    trap = "When did King Harold II conquer England?"
    result = check(frame_question(trap), _reading(HASTINGS, "1066"), question=trap)
    assert not result.ok and result.rule == "role"
    for question, sentence, value in [
        ("When did William invade Scotland?", SCOTLAND, "1072"),
        ("When did Edward return?", EDWARD, "1041"),
        ("When did the Normans attack Dyrrachium?", DYRRACHIUM, "1185"),
        ("When did Herve serve as a Byzantine general?", HERVE, "1050s"),
    ]:
        assert check(frame_question(question), _reading(sentence, value), question=question).ok


EXPORTS = (
    "Most Norman knights remained poor and land-hungry, and by 1066 Normandy had been "
    "exporting fighting horsemen for more than a generation."
)
TANCRED = (
    "In 1096, Crusaders passing by the siege of Amalfi were joined by Bohemond of Taranto "
    "and his nephew Tancred with an army of Italo-Normans."
)
ARTS = (
    "In the visual arts, the Normans did not have the rich and distinctive traditions of "
    "the cultures they conquered."
)


def test_a_possessed_noun_must_be_stated() -> None:
    """SQuAD 2.0's trap asks about Edward the Confessor's *son* over a sentence about
    Edward himself (`modifiers.possessed`); the answerable question, and one whose
    possessed noun the sentence states ("the Norman's major exports": "exporting"),
    pass."""
    trap = "When did Edward the Confessor's son return from his fathers refuge?"
    assert possessed(trap, EDWARD) == "son"
    result = check(frame_question(trap), _reading(EDWARD, "1041"), question=trap)
    assert not result.ok and result.rule == "entity"
    fair = "When did Edward the Confessor return from his father's refuge?"
    assert possessed(fair, EDWARD) is None
    assert check(frame_question(fair), _reading(EDWARD, "1041"), question=fair).ok
    exports = "What was one of the Norman's major exports?"
    assert possessed(exports, EXPORTS) is None
    # whose-questions and answer-type nouns own nothing to look for
    assert possessed("Who's arristocracy served?", "The Normans served.") is None
    assert possessed("What is Tancred's name?", TANCRED) is None


def test_the_name_of_something_is_a_name() -> None:
    """ "What was the name of Tancred's nephew?" is not answered by the phrase "with an
    army of Italo-Normans" (a trap: the sentence names Bohemond's nephew); a name is."""
    question = "What was the name of Tancred's nephew?"
    result = check(
        frame_question(question), _reading(TANCRED, "with an army of Italo-Normans"), question
    )
    assert not result.ok and result.rule == "type"
    fair = "What was the name of Bohemond's nephew?"
    assert check(frame_question(fair), _reading(TANCRED, "Tancred"), question=fair).ok


def test_a_negated_statement_answers_no_positive_question() -> None:
    """ "the Normans did not have the rich ... traditions of the cultures they conquered"
    does not say what rich tradition they had; a "not" in another clause ("didn't support
    OpenAPI 3.1.0 (it does since 5.0.0)") does not negate the answer, nor does "not
    only"."""
    question = "What kind of art did the Normans have a rich tradition of?"
    result = check(
        frame_question(question), _reading(ARTS, "the cultures they conquered"), question
    )
    assert not result.ok and result.rule == "polarity"
    swagger = "Swagger UI didn't support OpenAPI 3.1.0 (it does since 5.0.0)."
    since = "Since which Swagger UI version does Swagger UI support OpenAPI 3.1.0?"
    assert check(frame_question(since), _reading(swagger, "5.0.0"), question=since).ok
    only = "The Normans were not only soldiers but farmers in 1066."
    farmers = "When were the Normans farmers?"
    assert check(frame_question(farmers), _reading(only, "1066"), question=farmers).ok


TOSNY = (
    "In 1018, Roger de Tosny travelled to the Iberian Peninsula to carve out a state for "
    "himself from Moorish lands, but failed."
)
VALONA = (
    "A few years after the First Crusade, in 1107, the Normans under the command of "
    "Bohemond, Robert's son, landed in Valona and besieged Dyrrachium using the most "
    "sophisticated military equipment of the time, but to no avail."
)


def test_an_act_only_attempted_did_not_happen() -> None:
    """SQuAD 2.0's trap "Who carved out a state for himself from Moorish lands?" over a
    sentence where Roger de Tosny travelled *to carve* one out, *but failed*; the journey
    itself happened, and so did a siege that was in vain."""
    trap = "Who carved out a state for himself from Moorish lands?"
    result = check(frame_question(trap), _reading(TOSNY, "Roger de Tosny"), question=trap)
    assert not result.ok and result.rule == "polarity"
    went = "When did Roger de Tosny travel to the Iberian Peninsula?"
    assert check(frame_question(went), _reading(TOSNY, "1018"), question=went).ok
    siege = "When did the Normans besiege Dyrrachium?"
    assert check(frame_question(siege), _reading(VALONA, "1107"), question=siege).ok


def test_a_pronoun_subject_is_quoted_with_its_antecedent() -> None:
    """ "Where is the Kest Observatory?" over "... the Kest Observatory was founded in
    1902 ... It sits on a ridge above the town of Hollow Bay.": the reading quotes both
    sentences, so the evidence says what "it" is."""
    from sleuth.policies.reading import read_page

    body = (
        "The Kest Observatory was founded in 1902 by the astronomer Henrik Lund. It sits on "
        "a ridge above the town of Hollow Bay.\n\nIt has two domes."
    )
    frame = frame_question("Where is the Kest Observatory?")
    readings = read_page(frame, "https://history.example/kest", "Kest Observatory", [(0, body)])
    assert readings[0].value == "Hollow Bay"
    assert readings[0].sentence == body.split("\n\n")[0]
