"""What the evidence pairs the answer with (`sleuth.policies.pairing`) and the namesake
a "named after" question asks: each rule with the sentences of `benchmarks/squad_dev4`
(R) that it was written from, the answer it must keep and the trap it must refuse."""

from __future__ import annotations

from sleuth.policies import pairing, verify
from sleuth.policies.reading import Reading, frame_question, read_page

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
