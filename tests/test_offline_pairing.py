"""What the evidence pairs the answer with (`sleuth.policies.pairing`) and the namesake
a "named after" question asks: each rule with the sentences of `benchmarks/squad_dev4`
(R) that it was written from, the answer it must keep and the trap it must refuse."""

from __future__ import annotations

from sleuth.policies import contrary, pairing, verify
from sleuth.policies.frames import frame_question
from sleuth.policies.reading import Reading, read_page

HAYEK = (
    "At the University of Vienna, Hayek earned doctorates in law and political science in "
    "1921 and 1923 respectively; and he also studied philosophy, psychology, and economics."
)
VENINGER = (
    "The film loosely incorporates aspects of Veninger's own life; the film within a film is "
    'called "Modra" as is Veninger\'s movie in real life, Veninger herself plays the lead '
    "character who is a filmmaker, like herself, and the filmmaker's daughter, Sara, is "
    "played by Veninger's real life daughter Hallie Switzer."
)
MR_JONES = (
    "In a 2013 interview, Duritz explained that even though the song is named for his friend "
    "Marty Jones, it is actually about Duritz himself. ``I wrote a song about me, I just "
    "happened to be out with him that night, ''Duritz said. The inspiration for the song came "
    "as Duritz and Jones were drunk at a bar after watching Jones' father perform, when they "
    "saw Kenney Dale Johnson, longtime drummer for the musician Chris Isaak, sitting with three "
    "women."
)


def _answers(question: str, text: str, title: str) -> list[str]:
    """The values the strict frame reads that pass the hard rules."""
    frame = frame_question(question)
    readings: list[Reading] = read_page(frame, "squad2://t/p0", title, [(0, text)])
    return [r.value for r in readings if verify.check(frame, r, title, "", question).ok]


def test_respectively_pairs_the_lists_by_place() -> None:
    law = "In what year did Hayek gain his doctorate in law?"
    politics = "In what year did Hayek gain his doctorate in political science?"
    assert not pairing.respective_mismatch(law, HAYEK, "1921")
    assert pairing.respective_mismatch(law, HAYEK, "1923")
    assert pairing.respective_mismatch(politics, HAYEK, "1921")
    assert not pairing.respective_mismatch(politics, HAYEK, "1923")
    # no "respectively", no pairing: the order of two lists says nothing then
    plain = HAYEK.replace(" respectively", "")
    assert not pairing.respective_mismatch(politics, plain, "1921")
    assert "1921" not in _answers(politics, HAYEK, "Friedrich Hayek")


def test_the_one_the_question_rules_out_is_no_answer() -> None:
    trap = "Who plays the filmmaker's daughter in place of Veninger's own daughter?"
    asked = "Who plays the filmmaker's daughter?"
    title = "I Am a Good Person/I Am a Bad Person"
    assert pairing.excluded(trap, VENINGER, "Hallie Switzer")
    assert not pairing.excluded(asked, VENINGER, "Hallie Switzer")
    assert "Hallie Switzer" not in _answers(trap, VENINGER, title)
    # the excluded phrase itself
    assert pairing.excluded("Which city other than Paris hosted it?", "Lyon and Paris.", "Paris")


def test_a_role_the_sentence_gives_to_another_name() -> None:
    title = "Mr. Jones (Counting Crows song)"  # the page names the band, the sentence not
    trap = "Who was the longtime drummer for Counting Crows?"
    asked = "Who was the longtime drummer for Chris Isaak?"
    value = "Kenney Dale Johnson"
    assert pairing.slot_named_otherwise(trap, MR_JONES, value)
    assert not pairing.slot_named_otherwise(asked, MR_JONES, value)
    assert value not in _answers(trap, MR_JONES, title)
    assert value in _answers(asked, MR_JONES, title)


def test_a_namesake_is_read_after_named_after_or_for() -> None:
    """ "named" alone is a soft word; "named after" asks the namesake: the name after
    "named for" in the one sentence that says it, never Duritz of the sentences that only
    share "song"."""
    question = "Whom is the song named after?"
    assert "~after" not in verify.question_keys(question)  # no order in time
    assert _answers(question, MR_JONES, "Mr. Jones (Counting Crows song)") == ["Marty Jones"]


# ---- from benchmarks/squad_dev5 (R) ----------------------------------------------------

DARCHINYAN = (
    "He is a former two-weight world champion, having held the IBF flyweight title from 2004 "
    "to 2007, and the unified WBA (Super), WBC, IBF, and lineal super-flyweight titles "
    "between 2008 to 2010."
)
NORA_IBSEN = (
    "Nora Bergliot Ibsen (born 1951) is a Norwegian theatrical producer, noted for being the "
    "producer of the 2006 Ibsen Year, Norway's major anniversary of playwright Henrik Ibsen's "
    "death 100 years earlier, including high profile celebrations in multiple countries."
)
MORTON = (
    "Madonna is a biography by English author Andrew Morton, chronicling the life of American "
    "recording artist Madonna. Morton decided to write a biography on Madonna in 2000."
)


def test_until_asks_the_end_of_a_span_and_since_its_start() -> None:
    until = "Until what year was he the IBF flyweight champion?"
    since = "Since what year has he held the IBF flyweight title?"
    assert pairing.range_end_mismatch(until, DARCHINYAN, "2004")
    assert not pairing.range_end_mismatch(until, DARCHINYAN, "2007")
    assert pairing.range_end_mismatch(since, DARCHINYAN, "2007")
    assert not pairing.range_end_mismatch(since, DARCHINYAN, "2004")
    # a question that asks neither end leaves the span alone
    assert not pairing.range_end_mismatch("When did he hold the title?", DARCHINYAN, "2004")
    assert "2004" not in _answers(until, DARCHINYAN, "Vic Darchinyan")


def test_a_life_s_dates_belong_to_the_name_before_them() -> None:
    trap = "In what year was Henrik Ibsen born?"
    assert pairing.dated_for_another_name(trap, NORA_IBSEN, "1951")
    assert not pairing.dated_for_another_name(
        "In what year was Nora Ibsen born?", NORA_IBSEN, "1951"
    )
    assert _answers(trap, NORA_IBSEN, "Nora Ibsen") == []
    assert _answers("In what year was Nora Ibsen born?", NORA_IBSEN, "Nora Ibsen") == ["1951"]


def test_a_time_is_no_thing_of_another_kind() -> None:
    """ "On which console ...?" over "released for the Wii console on February 10, 2009":
    a date is not a console; "In which year ...?" may be answered by one."""
    assert verify._time_for_a_thing(
        "On which console did the game come out?", "on February 10, 2009"
    )
    assert verify._time_for_a_thing("Which of its bombs did it not drop?", "in 1945")
    assert not verify._time_for_a_thing("In which year did the game come out?", "in 2009")
    assert not verify._time_for_a_thing("On which console did it come out?", "the Wii console")
    text = (
        "NASCAR Kart Racing is a kart racing video game that was released for the Wii console "
        "on February 10, 2009."
    )
    assert "on February 10, 2009" not in _answers(
        "On which console did the game come out?", text, "NASCAR Kart Racing"
    )


def test_the_doer_is_the_one_after_by() -> None:
    """ "Who wrote the biography?": "a biography by ... Andrew Morton" names the writer;
    the biography's subject, Madonna, wrote nothing."""
    assert _answers("Who wrote the biography?", MORTON, "Madonna (book)") == ["Morton"]


# ---- from benchmarks/squad_dev6 (R) ----------------------------------------------------

FREAK = "It was released as the album's lead single on November 19, 2010 through Columbia Records."
BELEBEY = (
    "Belebeyevsky District (; ) is an administrative and municipal district (raion), one of the "
    "fifty-four in the Republic of Bashkortostan, Russia."
)


def test_a_date_of_another_year_than_the_question_s() -> None:
    trap = "On what date was the single released in 2011?"
    assert verify._dated_another_year(trap, "November 19, 2010")
    assert not verify._dated_another_year(
        "On what date was it released in 2010?", "November 19, 2010"
    )
    assert not verify._dated_another_year(
        "On what date was the single released?", "November 19, 2010"
    )
    assert _answers(trap, FREAK, "Freak the Freak Out") == []
    assert _answers("On what date was the lead single released?", FREAK, "Freak the Freak Out") == [
        "November 19, 2010"
    ]


def test_one_of_many_is_no_count() -> None:
    """ "one of the fifty-four" counts the districts as fifty-four; "one of the largest"
    and "one title" are no such whole."""
    assert contrary.one_of_many(BELEBEY, "one")
    assert not contrary.one_of_many("It has one of the largest ports.", "one")
    assert not contrary.one_of_many("He won one title.", "one")
    question = "How many districts does the republic have?"
    assert "one" not in _answers(question, BELEBEY, "Belebeyevsky District")
