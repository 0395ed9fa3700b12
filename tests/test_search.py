"""Search: BM25 over SQLite FTS5 with a title boost, stop words dropped, user text never
read as FTS5 syntax, short snippets, and diacritics folded."""

from __future__ import annotations

import pytest

from sleuth.corpus import Corpus, Page, load_corpus
from sleuth.search import SNIPPET_TOKENS, Fts5Index, Hit, match_expression
from sleuth.text import words

FILLER = " ".join(f"filler{i}" for i in range(30))
# Pages that share no content word with the queries below, so the terms' IDF is real.
NOISE = [
    Page(f"noise-{n}", f"Noise page {n}", f"Weather report {n}: clouds, rain and wind. {FILLER}")
    for n in range(4)
]


def corpus(*pages: Page) -> Corpus:
    return Corpus(name="test", pages={p.url: p for p in (*pages, *NOISE)})


def urls(hits: list[Hit]) -> list[str]:
    return [h.url for h in hits]


# --- ranking -------------------------------------------------------------------------------


def test_title_and_body_match_outranks_weaker_matches() -> None:
    index = Fts5Index(
        corpus(
            Page("a-weak", "Farm diary", f"An orchard was mentioned once. {FILLER}"),
            Page("m-body", "Farm diary", f"The orchard robot picks fruit in the orchard. {FILLER}"),
            Page("z-best", "Orchard robot", "The orchard robot picks fruit in the orchard."),
        )
    )
    hits = index.search("orchard robot", k=10)
    assert urls(hits) == ["z-best", "m-body", "a-weak"]
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].score > hits[1].score > hits[2].score > 0
    assert hits[0].title == "Orchard robot"


def test_title_boost_breaks_a_tie_in_the_body() -> None:
    body = f"The falcon nests high on the cliffs. {FILLER}"
    # The URL order favours the page without the term in its title, so only the boost
    # can put the other one first.
    index = Fts5Index(
        corpus(
            Page("a-plain", "Garden birds notes", body),
            Page("z-titled", "Falcon field notes", body),
        )
    )
    hits = index.search("falcon", k=2)
    assert urls(hits) == ["z-titled", "a-plain"]
    assert hits[0].score > hits[1].score


def test_title_counts_more_than_the_body() -> None:
    # One title hit outweighs two extra body hits only if the title weighs more than the
    # body (with equal weights the body-heavy page wins).
    index = Fts5Index(
        corpus(
            Page("a-body", "Garden birds notes", f"The falcon nests. falcon falcon {FILLER}"),
            Page("z-title", "Falcon birds notes", f"The falcon nests. {FILLER}"),
        )
    )
    assert urls(index.search("falcon")) == ["z-title", "a-body"]


def test_stemming_matches_other_forms() -> None:
    index = Fts5Index(corpus(Page("p", "History", "The company was founded by two engineers.")))
    assert urls(index.search("founding engineer")) == ["p"]


def test_equal_scores_are_ordered_by_url() -> None:
    body = "The heron waits in the shallows."
    index = Fts5Index(corpus(Page("b", "Birds", body), Page("a", "Birds", body)))
    assert urls(index.search("heron")) == ["a", "b"]


# --- stop words ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expression"),
    [
        pytest.param("Who is the founder of Acme?", '"founder" OR "acme"', id="question"),
        pytest.param("who is the", '"who" OR "is" OR "the"', id="only-stop-words"),
        pytest.param("THE the The", '"the"', id="stop-words-deduplicated"),
        pytest.param("Acme acme ACME robots", '"acme" OR "robots"', id="dedup-and-lowercase"),
        pytest.param("Ada's company", '"ada" OR "company"', id="possessive"),
        pytest.param("Lisbôa", '"lisbôa"', id="diacritics-left-to-the-tokenizer"),
    ],
)
def test_match_expression(query: str, expression: str) -> None:
    assert match_expression(query) == expression


def test_stop_words_do_not_match_pages_on_their_own() -> None:
    index = Fts5Index(
        corpus(
            Page("cat", "Cat", "The cat sat on the mat and it was the best of the mats."),
            Page("dog", "Dog", "A dog ran."),
        )
    )
    assert urls(index.search("the dog")) == ["dog"]
    assert urls(index.search("Who is the dog?")) == ["dog"]


def test_stop_word_only_query_still_searches_its_words() -> None:
    index = Fts5Index(
        corpus(Page("cat", "Cat", "The cat sat on the mat."), Page("dog", "Dog", "A dog ran."))
    )
    assert urls(index.search("the")) == ["cat"]


# --- user text is words, never FTS5 syntax ------------------------------------------------

SYNTAX_QUERIES = [
    '"',
    '""',
    '"unbalanced quote',
    'zebra" OR "x',
    "zebra*",
    "*",
    "NEAR(zebra lion)",
    "NEAR(",
    "zebra AND lion",
    "zebra OR",
    "AND",
    "NOT zebra",
    "-zebra",
    "- -- ---",
    "title:zebra",
    "body : zebra",
    ":",
    "(zebra",
    "zebra)",
    "((()))",
    "^zebra",
    "{title body}: zebra",
    "zebra + lion",
    "'zebra'",
    "o'brien",
    "_",
    "__init__",
    "\x00",
    "zebra; DROP TABLE pages; --",
]


@pytest.fixture(scope="module")
def zoo() -> Fts5Index:
    return Fts5Index(
        corpus(
            Page("zebra", "Savanna animals", "The zebra grazes near the lion's den."),
            Page("lion", "Lion facts", "A lion is a large cat, not a zebra."),
            Page("near", "Directions", "The station is near the market; take the bus or walk."),
        )
    )


@pytest.mark.parametrize("query", SYNTAX_QUERIES)
def test_fts5_syntax_never_raises(zoo: Fts5Index, query: str) -> None:
    hits = zoo.search(query, k=10)
    assert isinstance(hits, list)
    # The expression is nothing but quoted words joined by OR.
    expression = match_expression(query)
    for term in expression.split(" OR ") if expression else []:
        assert term.startswith('"') and term.endswith('"') and '"' not in term[1:-1]
    # Searching the query is searching its words.
    assert urls(hits) == urls(zoo.search(" ".join(words(query)), k=10))


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param("title:zebra", {"zebra", "lion"}, id="colon-is-not-a-column-filter"),
        pytest.param("zebr*", set(), id="star-is-not-a-prefix-query"),
        pytest.param("NEAR(zebra)", {"zebra", "lion", "near"}, id="NEAR-is-a-word"),
        pytest.param("NOT lion", {"zebra", "lion"}, id="NOT-is-not-an-operator"),
        pytest.param("-lion", {"zebra", "lion"}, id="minus-is-not-an-operator"),
        pytest.param("OR", {"near"}, id="OR-alone-is-the-word-or"),
        pytest.param("lion AND market", {"zebra", "lion", "near"}, id="AND-is-OR"),
    ],
)
def test_fts5_syntax_is_treated_as_words(zoo: Fts5Index, query: str, expected: set[str]) -> None:
    assert set(urls(zoo.search(query, k=10))) == expected


@pytest.mark.parametrize("query", ["", "   ", "?!", "...", '" * ( ) : -', "—", "\t\n"])
def test_empty_or_punctuation_only_query_returns_nothing(zoo: Fts5Index, query: str) -> None:
    assert match_expression(query) == ""
    assert zoo.search(query) == []


def test_no_match_returns_nothing(zoo: Fts5Index) -> None:
    assert zoo.search("xenon boiling point") == []


# --- k and snippets ------------------------------------------------------------------------


def test_k_limits_the_number_of_hits() -> None:
    pages = [Page(f"p{n}", f"Page {n}", f"Kestrel sighting number {n}.") for n in range(5)]
    index = Fts5Index(corpus(*pages))
    assert len(index.search("kestrel", k=2)) == 2
    assert len(index.search("kestrel", k=1)) == 1
    assert len(index.search("kestrel")) == 5
    assert len(index.search("kestrel", k=50)) == 5
    assert urls(index.search("kestrel", k=2)) == urls(index.search("kestrel", k=5))[:2]


def test_snippet_is_short_and_contains_a_query_term() -> None:
    before = " ".join(f"lorem{i}" for i in range(100))
    after = " ".join(f"ipsum{i}" for i in range(100))
    body = f"{before} the orchard harvest begins early {after}"
    index = Fts5Index(corpus(Page("p", "Farm", body)))
    [hit] = index.search("When does the orchard harvest begin?")
    assert "orchard harvest" in hit.snippet
    assert len(words(hit.snippet)) <= SNIPPET_TOKENS
    assert len(hit.snippet) < len(body) // 10
    assert hit.snippet.startswith("…") and hit.snippet.endswith("…")
    assert hit.snippet == hit.snippet.strip()


def test_snippet_comes_from_the_body_not_the_title() -> None:
    index = Fts5Index(
        corpus(Page("p", "Osprey guide", f"{FILLER} Ospreys eat fish. {FILLER} {FILLER}"))
    )
    [hit] = index.search("osprey")
    assert "Ospreys eat fish" in hit.snippet
    assert "guide" not in hit.snippet


# --- the acme corpus -----------------------------------------------------------------------

CEO_PAGE = "https://news.example/2025/06/acme-robotics-new-chief"


@pytest.fixture(scope="module")
def acme() -> Fts5Index:
    return Fts5Index(load_corpus("acme"))


def test_ceo_news_page_is_a_hit(acme: Fts5Index) -> None:
    hits = acme.search("current CEO Acme Robotics")
    assert CEO_PAGE in urls(hits)
    assert len(hits) == 5


def test_ceo_answer_is_not_in_any_snippet(acme: Fts5Index) -> None:
    """The answer page must be opened to learn the answer: no snippet gives it away."""
    hits = acme.search("current CEO Acme Robotics")
    assert CEO_PAGE in urls(hits)
    assert [h.url for h in hits if "Kenji" in h.snippet or "Kenji" in h.title] == []


def test_acme_unrelated_query_has_no_hits(acme: Fts5Index) -> None:
    assert acme.search("boiling point of liquid xenon") == []


# --- unicode -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cities() -> Fts5Index:
    return Fts5Index(
        corpus(
            Page("plain", "Studies", "She studied in Coimbra and now lives in Lisboa."),
            Page("accented", "Travel", "A long weekend in Lisbôa and São Paulo."),
        )
    )


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        pytest.param("Coimbra", {"plain"}, id="Coimbra"),
        pytest.param("COIMBRA", {"plain"}, id="case-folded"),
        pytest.param("Lisboa", {"plain", "accented"}, id="plain-query-finds-accented-page"),
        pytest.param("Lisbôa", {"plain", "accented"}, id="accented-query-finds-plain-page"),
        pytest.param("Sao Paulo", {"accented"}, id="tilde-folded"),
        pytest.param("são", {"accented"}, id="accented-lowercase"),
    ],
)
def test_diacritics_are_folded(cities: Fts5Index, query: str, expected: set[str]) -> None:
    assert set(urls(cities.search(query, k=10))) == expected


def test_british_and_american_spellings_stem_alike() -> None:
    from sleuth.text import stem

    pairs = [
        ("colours", "colors"),
        ("behaviour", "behavior"),
        ("customised", "customized"),
        ("serialise", "serialize"),
        ("centre", "center"),
        ("analysed", "analyzed"),
        ("licence", "license"),
        ("catalogue", "catalog"),
    ]
    for uk, us in pairs:
        assert stem(uk) == stem(us), (uk, us)
    # words that only look like such spellings are left alone
    assert stem("hour") != stem("hor") and stem("four") == "four"


def test_an_acronym_s_plural_stems_as_the_acronym() -> None:
    """lxml's FAQ (R): "mapping from doctype IDs to locally installed DTD files" states a
    question's "locally installed DTDs": Snowball deletes a plural "s" only after a vowel,
    so "DTDs" stayed "dtds". An acronym in capitals with a small "s" is such a plural; an
    acronym that ends in S is written in capitals throughout (a reviewer's "HTTPS" had
    become "http"), and a lower-case word is left to Snowball."""
    from sleuth.text import stem

    for plural, one in (("DTDs", "DTD"), ("PDFs", "PDF"), ("SDKs", "SDK"), ("DVDs", "dvd")):
        assert stem(plural) == stem(one), plural
    for kept in ("HTTPS", "DNS", "CSS", "TLS", "Mrs"):
        assert stem(kept) == stem(kept.lower()) != stem(kept[:-1]), kept
    assert stem("ms") == "ms" and stem("rhythms") == "rhythm" and stem("URLs") == stem("URL")
