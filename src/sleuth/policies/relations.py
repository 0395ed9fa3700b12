"""Typed relations read from an entity's own page: the first hop of a bridge question
(and the place vocabulary both kinds of two-hop question share: countries, US states and
nationality adjectives, `DEMONYMS`).

A bridge question names an entity and a relation whose value is the bridge ("the city
where Harris W. Fawell was born", "the country where the Bubye River is found", "the
director of Big Eyes", "Gisvi's city of birth"). The single-hop reader answers such an
inner question by aligning words, and so takes whatever role a sentence names (the
director for the producer). Here the relation decides what is read, and from where:

* the value is read only from the subject's own page (the title's head, before a comma
  or parenthesis, holds the subject's name: "Brand (play)" for "Brand", not "Poyner
  Township, Black Hawk County, Iowa" for "Black Hawk Township"), in its opening
  sentences;
* **born** — the place after "born ... in" in the same clause ("born 6 March 1982 in
  Windhoek, South-West Africa": Windhoek; a state or country when the question asks
  for one);
* **located** — the county ("... County"), US state, country (from a list of country
  names) or city ("in Thessaloniki, Greece") that the sentence placing the subject names
  after "in";
* **role** — the person after the role's own verb: "directed by", "produced by",
  "written by", "composed by", "founded by", "a play by the Norwegian playwright
  Henrik Ibsen" (author), ... A sentence that names another role is no evidence.

A relation with no such sentence reads nothing (None): the bridge is not guessed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from sleuth.state import OpenedPage
from sleuth.text import content_terms, stem

from .reading import sentence_spans

#: How many sentences from a page's start the relation may be read in.
LEAD = 3
#: How many a role may be read in.
ROLE_LEAD = 5

Kind = Literal[
    "born", "died", "located", "role", "described", "clause", "owned", "award", "member", "kin"
]

COUNTRIES = frozenset(
    """
    Afghanistan Albania Algeria Andorra Angola Argentina Armenia Australia Austria Azerbaijan
    Bahamas Bahrain Bangladesh Barbados Belarus Belgium Belize Benin Bhutan Bolivia Botswana
    Brazil Brunei Bulgaria Burundi Cambodia Cameroon Canada Chad Chile China Colombia Comoros
    Congo Croatia Cuba Cyprus Denmark Djibouti Dominica Ecuador Egypt Eritrea Estonia
    Eswatini Ethiopia Fiji Finland France Gabon Gambia Georgia Germany Ghana Greece Grenada
    Guatemala Guinea Guyana Haiti Honduras Hungary Iceland India Indonesia Iran Iraq Ireland
    Israel Italy Jamaica Japan Jordan Kazakhstan Kenya Kiribati Kosovo Kuwait Kyrgyzstan Laos
    Latvia Lebanon Lesotho Liberia Libya Liechtenstein Lithuania Luxembourg Madagascar Malawi
    Malaysia Maldives Mali Malta Mauritania Mauritius Mexico Micronesia Moldova Monaco
    Mongolia Montenegro Morocco Mozambique Myanmar Namibia Nauru Nepal Netherlands Nicaragua
    Niger Nigeria Norway Oman Pakistan Palau Panama Paraguay Peru Philippines Poland
    Portugal Qatar Romania Russia Rwanda Samoa Senegal Serbia Seychelles Singapore Slovakia
    Slovenia Somalia Spain Sudan Suriname Sweden Switzerland Syria Taiwan Tajikistan
    Tanzania Thailand Togo Tonga Tunisia Turkey Turkmenistan Tuvalu Uganda Ukraine Uruguay
    Uzbekistan Vanuatu Venezuela Vietnam Yemen Zambia Zimbabwe England Scotland Wales
    """.split()
) | {
    "Antigua and Barbuda",
    "Bosnia and Herzegovina",
    "Burkina Faso",
    "Cape Verde",
    "Central African Republic",
    "Costa Rica",
    "Czech Republic",
    "Dominican Republic",
    "East Timor",
    "El Salvador",
    "Equatorial Guinea",
    "Hong Kong",
    "Ivory Coast",
    "New Zealand",
    "North Korea",
    "North Macedonia",
    "Northern Ireland",
    "Papua New Guinea",
    "Saint Lucia",
    "San Marino",
    "Saudi Arabia",
    "Sierra Leone",
    "Solomon Islands",
    "South Africa",
    "South Korea",
    "South Sudan",
    "Sri Lanka",
    "Trinidad and Tobago",
    "United Arab Emirates",
    "United Kingdom",
    "United States",
    "Vatican City",
}

#: Nationality adjectives ("American", "Scottish"): a side's nationality in a comparison, never
#: a bridge's name.
DEMONYMS = frozenset(
    """
    American British English Scottish Welsh Irish Canadian Australian French German Italian
    Spanish Portuguese Dutch Belgian Swiss Austrian Swedish Norwegian Danish Finnish
    Icelandic Polish Russian Ukrainian Czech Slovak Hungarian Romanian Bulgarian Serbian
    Croatian Slovenian Bosnian Greek Turkish Armenian Georgian Israeli Iranian Iraqi Syrian
    Lebanese Egyptian Moroccan Algerian Tunisian Nigerian Ghanaian Kenyan Ethiopian
    Indian Pakistani Bangladeshi Nepali Chinese Japanese Korean Taiwanese Filipino
    Indonesian Malaysian Thai Vietnamese Mexican Brazilian Argentine Argentinian Chilean
    Colombian Peruvian Venezuelan Cuban Jamaican Puerto
    """.split()
)
#: Countries and the nationality their people have ("founded in Texas": American).
NATION_OF = {
    "United States": "American",
    "United Kingdom": "British",
    "England": "English",
    "Scotland": "Scottish",
    "Wales": "Welsh",
    "Ireland": "Irish",
    "Canada": "Canadian",
    "Australia": "Australian",
    "France": "French",
    "Germany": "German",
    "Italy": "Italian",
    "Spain": "Spanish",
    "Portugal": "Portuguese",
    "Netherlands": "Dutch",
    "Belgium": "Belgian",
    "Switzerland": "Swiss",
    "Austria": "Austrian",
    "Sweden": "Swedish",
    "Norway": "Norwegian",
    "Denmark": "Danish",
    "Finland": "Finnish",
    "Poland": "Polish",
    "Russia": "Russian",
    "Greece": "Greek",
    "Turkey": "Turkish",
    "Israel": "Israeli",
    "India": "Indian",
    "Pakistan": "Pakistani",
    "China": "Chinese",
    "Japan": "Japanese",
    "South Korea": "Korean",
    "Mexico": "Mexican",
    "Brazil": "Brazilian",
    "Argentina": "Argentine",
    "New Zealand": "New Zealand",
    "South Africa": "South African",
}
#: A country by the adjective a defining sentence uses for it ("William Naranjo is a
#: Colombian footballer": Colombia), for "the country X is from" (`value_in`); the
#: comparisons' own `NATION_OF`, and more. "Georgian" (a country's and a US state's) is
#: left out.
COUNTRY_BY_DEMONYM = {d: c for c, d in NATION_OF.items() if c != "New Zealand"} | {
    d: c
    for c, d in (
        pair.split(":")
        for pair in (
            "Colombia:Colombian Venezuela:Venezuelan Chile:Chilean Peru:Peruvian Cuba:Cuban "
            "Egypt:Egyptian Nigeria:Nigerian Kenya:Kenyan Ghana:Ghanaian Iran:Iranian "
            "Iraq:Iraqi Syria:Syrian Lebanon:Lebanese Morocco:Moroccan Algeria:Algerian "
            "Tunisia:Tunisian Ethiopia:Ethiopian Ukraine:Ukrainian Slovakia:Slovak "
            "Hungary:Hungarian Romania:Romanian Bulgaria:Bulgarian Serbia:Serbian "
            "Croatia:Croatian Slovenia:Slovenian Iceland:Icelandic Philippines:Filipino "
            "Indonesia:Indonesian Malaysia:Malaysian Thailand:Thai Vietnam:Vietnamese "
            "Bangladesh:Bangladeshi Nepal:Nepali Jamaica:Jamaican Uruguay:Uruguayan "
            "Paraguay:Paraguayan Bolivia:Bolivian Ecuador:Ecuadorian Taiwan:Taiwanese "
            "Estonia:Estonian Latvia:Latvian Lithuania:Lithuanian Armenia:Armenian "
            "Zimbabwe:Zimbabwean Somalia:Somali Senegal:Senegalese Cameroon:Cameroonian "
            "Angola:Angolan Zambia:Zambian Uganda:Ugandan Tanzania:Tanzanian Sudan:Sudanese "
            "Jordan:Jordanian Qatar:Qatari Kuwait:Kuwaiti Afghanistan:Afghan "
            "Mongolia:Mongolian Guyana:Guyanese Haiti:Haitian Panama:Panamanian "
            "Honduras:Honduran Guatemala:Guatemalan Nicaragua:Nicaraguan Belarus:Belarusian "
            "Moldova:Moldovan Albania:Albanian Montenegro:Montenegrin Cyprus:Cypriot "
            "Malta:Maltese Singapore:Singaporean Luxembourg:Luxembourgish"
        ).split()
    )
}
_DEMONYM = re.compile(
    r"\b(?:" + "|".join(sorted(COUNTRY_BY_DEMONYM, key=len, reverse=True)) + r")\b"
)
#: "X is a Colombian footballer", "X was an Austrian band": the adjective of the defining
#: sentence's noun phrase, right after its article (at most two words before it).
_DEFINED_AS = re.compile(
    r"^(?:[^.;(]|\([^()]*\))*?\b(?:is|was)\s+(?:an?|the)\s+(?:(?:former|retired|professional|[0-9]{4})\s+){0,2}"
    r"(?P<d>[A-Z][a-z]+)(?:[\s-]+(?P<d2>[A-Z][a-z]+))?\s+[a-z]"
)
COUNTRY = re.compile(
    r"\b(?:" + "|".join(sorted((re.escape(c) for c in COUNTRIES), key=len, reverse=True)) + r")\b"
)
#: A US state's name as a whole word (a pattern to compose; a city, county, street or
#: river named after a state is left to the lookahead of each use).
US_STATE = (
    r"\b(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|"
    r"Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|"
    r"Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|"
    r"Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|"
    r"Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|"
    r"Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming)\b"
)
_US_STATES = re.compile(US_STATE + r"(?!\s+(?:City|County|Avenue|Street|River)\b)")
#: The states of other federations, as their own pages call them states ("New South
#: Wales ... is a state on the east coast of Australia"): Australia's, India's, Mexico's,
#: Brazil's, Germany's and Malaysia's (a place chain's "state" is one of these or a US one).
_OTHER_STATES = (
    r"\b(?:New South Wales|Queensland|South Australia|Tasmania|Victoria|Western Australia|"
    r"Andhra Pradesh|Arunachal Pradesh|Assam|Bihar|Chhattisgarh|Goa|Gujarat|Haryana|"
    r"Himachal Pradesh|Jharkhand|Karnataka|Kerala|Madhya Pradesh|Maharashtra|Manipur|"
    r"Meghalaya|Mizoram|Nagaland|Odisha|Punjab|Rajasthan|Sikkim|Tamil Nadu|Telangana|"
    r"Tripura|Uttar Pradesh|Uttarakhand|West Bengal|"
    r"Aguascalientes|Baja California|Baja California Sur|Campeche|Chiapas|Chihuahua|"
    r"Coahuila|Colima|Durango|Guanajuato|Guerrero|Hidalgo|Jalisco|Michoacán|Morelos|"
    r"Nayarit|Nuevo León|Oaxaca|Puebla|Querétaro|Quintana Roo|San Luis Potosí|Sinaloa|"
    r"Sonora|Tabasco|Tamaulipas|Tlaxcala|Veracruz|Yucatán|Zacatecas|"
    r"Acre|Alagoas|Amapá|Amazonas|Bahia|Ceará|Espírito Santo|Goiás|Maranhão|Mato Grosso|"
    r"Mato Grosso do Sul|Minas Gerais|Pará|Paraíba|Paraná|Pernambuco|Piauí|Rio de Janeiro|"
    r"Rio Grande do Norte|Rio Grande do Sul|Rondônia|Roraima|Santa Catarina|São Paulo|"
    r"Sergipe|Tocantins|Baden-Württemberg|Bavaria|Brandenburg|Hesse|Lower Saxony|"
    r"Mecklenburg-Vorpommern|North Rhine-Westphalia|Rhineland-Palatinate|Saarland|Saxony|"
    r"Saxony-Anhalt|Schleswig-Holstein|Thuringia|Johor|Kedah|Kelantan|Malacca|"
    r"Negeri Sembilan|Pahang|Penang|Perak|Perlis|Sabah|Sarawak|Selangor|Terengganu)"
    r"(?![\w-])"
)
#: A state of the US or of another federation, its city, county, street or river aside.
STATES = re.compile(
    rf"(?:{US_STATE}|{_OTHER_STATES})(?!\s+(?:City|County|Avenue|Street|River|de)\b)"
)
#: A proper name: capitalised words, with short lower-case joiners inside ("Duchy of
#: Normandy", "Boeing B-29").
_NAME = (
    r"(?:[A-Z][\w'’.-]*|[0-9][\w-]*)"
    r"(?:\s+(?:(?:of|the|de|da|von|van|del|la|le|and)\s+){0,2}(?:[A-Z][\w'’.-]*|[0-9][\w-]*))*"
)
NAME = _NAME
_COUNTY = re.compile(r"\b(?P<v>(?:[A-Z][\w'’.-]*\s+){1,3}(?:County|Parish|Municipal District))\b")
#: Words a role's value is written after ("produced by one of its stars, Michael Douglas").
_ROLE_VERBS = {
    "director": r"directed",
    "producer": r"produced",
    "author": r"written|authored",
    "writer": r"written",
    "composer": r"composed|music (?:is )?(?:written )?",
    "founder": r"founded|co-founded|established",
    "creator": r"created",
    "publisher": r"published",
    "designer": r"designed",
    "architect": r"designed",
    "owner": r"owned",
    "developer": r"developed",
    "manufacturer": r"manufactured|built|made",
    "performer": r"performed|recorded|sung",
    "performers": r"performed|recorded|sung",
    "singer": r"performed|recorded|sung",
    "vocalist": r"sung|vocals(?: are| were)?",
    "broadcaster": r"broadcast|aired",
    "sponsor": r"sponsored",
    "lyricist": r"lyrics (?:were |are )?(?:written )?",
    "screenwriter": r"written|screenplay (?:was )?(?:written )?",
    "illustrator": r"illustrated",
    "painter": r"painted",
    "editor": r"edited",
}
#: Works whose "X by NAME" names their author / performer ("a play by ... Henrik Ibsen").
_WORKS = {
    "author": "book|novel|play|poem|story|stories|biography|memoir|essay|novella|series|comic",
    "writer": "book|novel|play|poem|story|stories|biography|memoir|essay|novella|screenplay",
    "performer": "song|single|album|EP|record|track|ballad",
    "performers": "song|single|album|EP|record|track|ballad",
    "singer": "song|single|album|EP|record|track|ballad",
    "composer": "opera|symphony|sonata|concerto|ballet|suite|operetta|piece|march",
}
#: Nouns of people: a clause bridge of these is only a name right after the noun ("the
#: painter Jeffrey Smart", "Senator Barnaby Joyce"), never a name carrying the noun.
PEOPLE = frozenset(
    "man woman person actor actress singer player painter senator politician writer "
    "author director musician artist poet composer president king queen".split()
)
#: A band member's part in parentheses after the name ("Billy Morrison (vocals)").
_PART_OF = {"vocalist": r"(?:lead\s+)?vocals?", "singer": r"(?:lead\s+)?vocals?"}
_TAKES = {
    "location": r"took place|was held|is held|were held|occurred|was fought|took part",
}
#: The capitalised words that open a sentence, not a name: an article or a pronoun (a narrower
#: set than `frames.NOT_NAMES`, which also holds months, weekdays and question words).
_ARTICLE_OR_PRONOUN = frozenset({"The", "A", "An", "He", "She", "It", "They", "His", "Her", "Its"})


@dataclass(frozen=True)
class Relation:
    """What the first hop asks: ``subject``'s place of birth, place, or person in a role.

    ``target`` is the place kind asked for ("city", "country", "county", "state", …) or
    the role ("director")."""

    kind: Kind
    target: str
    subject: str
    clause: str = ""  # a "clause" relation's words ("the Adelaide Lightning compete")

    @property
    def query(self) -> str:
        return self.subject


@dataclass(frozen=True)
class Found:
    """A relation's value with the sentence (verbatim) and page it was read from."""

    value: str
    sentence: str
    url: str


def fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def head(title: str) -> str:
    """A page title without its qualifier: "Brand (play)" -> "Brand", "Black Hawk
    Township, Jefferson County, Iowa" -> "Black Hawk Township"."""
    return re.split(r"\s*[,(]", title, maxsplit=1)[0]


def is_page_of(subject: str, title: str) -> bool:
    """Whether the page titled ``title`` is ``subject``'s own page: every word of the
    subject's head is in the title's head, and the title's head has at most one word
    more (a "Municipality", a middle name); a subject written with its place
    ("Johnnycake, West Virginia") needs that place in the title too."""
    want = set(content_terms(fold(head(subject))))
    got = set(content_terms(fold(head(title))))
    if not want or not want <= got or len(got - want) > 1:
        return False
    return set(content_terms(fold(subject))) - want <= set(content_terms(fold(title)))


def page_of(subject: str, opened: Mapping[str, OpenedPage]) -> OpenedPage | None:
    pages = sorted(opened.values(), key=lambda p: p.opened_step)
    return next((p for p in pages if is_page_of(subject, p.page.title)), None)


def lead(page: OpenedPage, most: int = LEAD) -> list[str]:
    """The first sentences of ``page`` as it was shown (verbatim)."""
    out: list[str] = []
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            out.append(text[s:e])
            if len(out) >= most:
                return out
    return out


def read(relation: Relation, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The relation's value from the subject's opened page, or None."""
    pages = sorted(opened.values(), key=lambda p: p.opened_step)
    if relation.kind == "award":
        return _winner(relation.subject, pages)
    if relation.kind == "kin":
        return kin_of(relation.target, relation.subject, opened)
    own = [p for p in pages if is_page_of(relation.subject, p.page.title)]
    # a clause's words pick their sentence, so each of the subject's pages is read ("Do
    # Lafzon Ki Kahani (TV series)" and "... (film)"); any other relation, the first
    for page in own if relation.kind == "clause" else own[:1]:
        # a role is read by its own words only ("The lead vocals are by Mark King"), so
        # a little further down the page
        most = ROLE_LEAD if relation.kind in ("role", "clause", "owned", "member") else LEAD
        for sentence in lead(page, most):
            value = value_in(relation, sentence)
            if value is not None:
                return Found(value, sentence, page.page.url)
    return None


#: The verbs that give an award to the person named right before them ("Sergio Agüero
#: was given the FIFA U-20 Golden Shoe").
_GIVEN = r"(?:was|were)\s+(?:given|awarded|presented\s+with)|won|received|earned|took"


def is_award_page(award: str, title: str) -> bool:
    """Whether a page titled ``title`` may tell who got ``award``: the title holds the
    award's year and at least one other of its words ("2007 FIFA U-20 World Cup" for the
    2007 FIFA U-20 Golden Shoe)."""
    words = set(content_terms(fold(award)))
    got = set(content_terms(fold(title)))
    years = {w for w in words if re.fullmatch(r"[0-9]{4}", w)}
    return bool(years) and years <= got and len((words - years) & got) >= 1


def _winner(award: str, pages: list[OpenedPage]) -> Found | None:
    """Who got ``award`` ("the 2007 FIFA U-20 Golden Shoe"): the one name written right
    before a giving verb and the award's name without its year, in a sentence of a page
    whose title holds the year (`is_award_page`) or a sentence naming it ("Canada's
    Brittany Timko won the Golden Shoe" on the 2004 championship's page is not the 2007
    shoe). Two different names, or none: None."""
    year = re.match(r"(?P<y>[0-9]{4})\s+(?P<rest>.+)", award)
    name = year.group("rest") if year else award
    found: dict[str, Found] = {}
    given = re.compile(
        rf"(?P<v>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){{0,3}})\s+(?:{_GIVEN})\s+(?:the\s+)?"
        rf"{re.escape(name)}\b"
    )
    for page in pages:
        for _, text in page.segments():
            for s, e in sentence_spans(text):
                sentence = text[s:e]
                if year and year.group("y") not in f"{page.page.title} {sentence}":
                    continue
                for m in given.finditer(sentence):
                    value = _clean(m.group("v"))
                    if value and value.split()[0] not in _ARTICLE_OR_PRONOUN:
                        found.setdefault(value, Found(value, sentence, page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


def value_in(relation: Relation, sentence: str) -> str | None:
    """The relation's value as ``sentence`` states it, or None."""
    if relation.kind == "role":
        return _role(relation.target, sentence)
    if relation.kind == "clause":
        return _clause_value(relation, sentence)
    if relation.kind == "member":
        return _member(relation, sentence)
    if relation.kind == "owned":
        # "his debut movie Jalachhayam (2010)", "Her first novel, "The Orange Eats Creeps""
        np = r"\s+".join(re.escape(w) for w in relation.target.split())
        m = re.search(
            rf"(?i:\b(?:his|her|its|their)\s+{np}),?\s+[\"“]?(?P<v>(?=[A-Z0-9]){_NAME})", sentence
        )
        return _clean(m.group("v")) if m else None
    if relation.kind == "born":
        m = re.search(
            rf"\bborn\b[^.;()]{{0,50}}?\bin\s+(?P<place>{_NAME}(?:,\s+{_NAME})*)", sentence
        )
        if m is None:
            return None
        return _place(relation.target, m.group("place"))
    if relation.kind == "died":
        # "died 3 May 1990 in Paris"; "(July 23, 1899, Warrenton, North Carolina—January
        # 21, 1992, Raleigh, North Carolina)": the place after the lifespan's second date
        m = re.search(
            rf"\bdied\b[^.;()]{{0,50}}?\bin\s+(?P<place>{_NAME}(?:,\s+{_NAME})*)", sentence
        ) or re.search(
            rf"[–—]\s*(?:[A-Z][a-z]+\s+\d{{1,2}},\s+|\d{{1,2}}\s+[A-Z][a-z]+\s+)?\d{{4}},\s+"
            rf"(?P<place>{_NAME}(?:,\s+{_NAME})*)\)",
            sentence,
        )
        return _place(relation.target, m.group("place")) if m else None
    if relation.target == "location" or relation.target in _TAKES:
        m = re.search(rf"\b(?:{_TAKES['location']})\b[^.;]{{0,60}}?\bin\s+(?P<p>{_NAME})", sentence)
        return _clean(m.group("p")) if m else None
    if not _placing(sentence):
        return _country_by_demonym(relation, sentence)
    for m in re.finditer(
        rf"\b(?:(?:in|of|within)\s+(?:the\s+)?(?:[a-z-]+\s+){{0,3}}?|from\s+(?:the\s+)?)"
        rf"(?P<p>{_NAME}(?:,\s+{_NAME})*)",
        sentence,
    ):
        if m.group("p")[:1].isdigit():
            continue  # "consists of 107 wind turbines": a count, no place
        if relation.target == "state" and re.search(
            r"\b(?:city|town|village|port)\s+of\s+$", sentence[: m.start("p")], re.I
        ):
            continue  # "in the old city of Acre, Israel": a city named like a state
        place = _place(relation.target, sentence[m.start("p") :])
        if place is not None:  # "(born ... in Riosucio, Caldas) is a runner from Colombia"
            return place
    return _country_by_demonym(relation, sentence)


def _country_by_demonym(relation: Relation, sentence: str) -> str | None:
    """For "the country X is from": the one country the adjective of the sentence that
    defines X names ("William Naranjo is a Colombian footballer": Colombia; "an
    English-American director" names two, so none)."""
    if relation.kind != "located" or relation.target not in ("country", "nation"):
        return None
    m = _DEFINED_AS.match(sentence)
    if m is None or (m.group("d2") and m.group("d2") in COUNTRY_BY_DEMONYM):
        return None
    return COUNTRY_BY_DEMONYM.get(m.group("d"))


def _clause_value(relation: Relation, sentence: str) -> str | None:
    """The one ``target`` ("league", "series") a sentence of the subject's page names
    where it says what the clause says: at least half of the clause's own words (the
    subject's aside; "compete" for "competing") and a name of that kind, carrying the
    noun ("the Women's National Basketball League") or right after it ("the television
    series "Charmed""). Two such names, or none: None."""
    words = set(content_terms(fold(relation.clause))) - set(content_terms(fold(relation.subject)))
    said = words & set(content_terms(fold(sentence)))
    if not words or 2 * len(said) < len(words):
        return None
    noun = relation.target
    nouns = _SAME_NOUN.get(noun, re.escape(noun))  # "the Korean movie "Always"" for a film
    names: dict[str, str] = {}
    for m in re.finditer(rf"(?i:\b(?:{nouns}))\s+[\"“]?(?P<v>(?=[A-Z0-9]){_NAME})", sentence):
        value = _clean(m.group("v"))
        if value:
            names.setdefault(" ".join(content_terms(fold(value))), value)
    word = noun.capitalize()
    for m in re.finditer(_NAME, sentence) if noun not in PEOPLE else ():
        name = m.group(0).strip(" .,")
        if (
            word in name.split()
            and len(name.split()) > 1
            and name.split()[0] not in _ARTICLE_OR_PRONOUN
        ):
            names.setdefault(" ".join(content_terms(fold(name))), name)
    listed = re.search(
        rf"(?i:\b(?:{nouns})s?),?\s+(?:such\s+as|including)\s+(?P<list>[^;]+)", sentence
    )
    for m in re.finditer(r"[\"“](?P<v>[^\"”]+)[\"”]", listed.group("list") if listed else ""):
        value = _clean(m.group("v").strip(" ,"))
        if value:
            names.setdefault(" ".join(content_terms(fold(value))), value)
    own = set(content_terms(fold(relation.subject)))
    found = [v for k, v in names.items() if not set(k.split()) <= own]
    years = re.findall(r"\b[0-9]{4}\b", relation.clause)
    if len(found) > 1 and len(years) == 1:
        # "movies, such as "Maximum Overdrive" (1986), "Domestic Disturbance" (2001)":
        # the clause's year picks the one name dated with it
        found = [v for v in found if re.search(rf"{re.escape(v)}[\"”]?\s*\({years[0]}\)", sentence)]
    return found[0] if len(found) == 1 else None


def _member(relation: Relation, sentence: str) -> str | None:
    """The one name in ``sentence`` that carries every word of the qualifier the question
    gives (``clause``: "Adelaide" of "the Adelaide team") and one more, not the subject's
    own ("The Adelaide Lightning, Melbourne Boomers, …": Adelaide Lightning); two, or
    none: None."""
    want = set(content_terms(fold(relation.clause)))
    own = set(content_terms(fold(relation.subject)))
    found: dict[str, str] = {}
    runs = [part for m in re.finditer(_NAME, sentence) for part in re.split(r"\s+and\s+", m[0])]
    for run in runs:  # "Sydney Uni Flames and Townsville Fire": two names
        value = _clean(run.strip(" .,"))
        if not value or value.split()[0] in _ARTICLE_OR_PRONOUN - {"The"}:
            continue
        value = value.removeprefix("The ")
        words = set(content_terms(fold(value)))
        if want <= words and len(words - want) >= 1 and not words <= own:
            found.setdefault(" ".join(sorted(words)), value)
    return next(iter(found.values())) if len(found) == 1 else None


def _placing(sentence: str) -> bool:
    """Whether ``sentence`` places its subject: "X is a village in ...", "is located in",
    an event that "took place" there."""
    return bool(
        re.search(
            r"\b(?:is|was|are)\b[^.;]{0,80}?\b(?:in|of|within|from)\b|\blocated\b|\bsituated\b|"
            r"\bbroadcasting in\b|\bbased in\b|\btook place\b|\boccurred\b",
            sentence,
        )
    )


def _place(target: str, text: str) -> str | None:
    """The place of kind ``target`` in ``text`` (a place chain "Tupelo, Mississippi")."""
    if target == "county":
        m = _COUNTY.search(text)
        return m.group("v") if m else None
    if target == "state":
        return _chain_place(STATES, text)
    if target in ("country", "nation"):
        return _chain_place(COUNTRY, text)
    # a city, town, place: the first name of the chain, when it is not itself a
    # county, state or country
    text = text.strip()
    first = re.match(_NAME, text)
    kind = rf"\s+(?:{PLACE_KINDS}|district|municipality)\b"
    if first is None or re.match(kind, text[first.end() :]):
        return None  # "the Demerara-Mahaica region": a name of another kind of place
    value = _clean(first.group(0))
    if not value or _COUNTY.fullmatch(value) or COUNTRY.fullmatch(value):
        return None
    if _US_STATES.fullmatch(value):
        return None
    return value


def _chain_place(kind: re.Pattern[str], text: str) -> str | None:
    """The first state (or country) of ``kind`` in ``text`` that is not a town named
    after one: not a name that a comma and another place's name follow, unless that is a
    country ("Durango, Colorado", "Cuba, Missouri", "Victoria, British Columbia": towns;
    "New South Wales, Australia": the state), nor one a place noun follows ("the Punjab
    province"); and, asked
    for a country, not a US state's name after a town ("Narrows, Georgia")."""
    for m in kind.finditer(text):
        after, before = text[m.end() :], text[: m.start()]  # (a chain: `value_in`)
        follows = re.match(rf",\s+(?P<n>{_NAME})", after)
        if follows is not None and not COUNTRY.match(follows.group("n")):
            continue
        if re.match(rf"\s+(?:{PLACE_KINDS}|district|municipality)\b", after, re.I):
            continue
        if (
            kind is COUNTRY
            and _US_STATES.fullmatch(m.group(0))
            and re.search(r"[\w.)],\s*$", before)
        ):
            continue  # "born in Narrows, Georgia": the US state
        return m.group(0)
    return None


def place_of(target: str, text: str) -> str | None:
    """The place of kind ``target`` at the start of ``text`` (see `_place`)."""
    return _place(target, text)


def clean(name: str) -> str | None:
    """A name without surrounding punctuation, or None for a pronoun or article."""
    return _clean(name)


def _clean(name: str) -> str | None:
    name = name.strip(" .,'’")
    if name in _ARTICLE_OR_PRONOUN:
        return None
    return name or None


def role_in(role: str, sentence: str) -> str | None:
    """The person ``sentence`` names in ``role`` ("directed by Ridley Scott"), or None."""
    return _role(role, sentence)


def _role(role: str, sentence: str) -> str | None:
    verbs = _ROLE_VERBS.get(role)
    person = (
        r"(?:(?:the|an?|its|his|her)\s+)?(?:[A-Z][a-z]+\s+(?=[a-z]))?(?:[a-z-]+\s+){0,2}?"
        rf"(?P<who>{_NAME})"
    )
    if verbs is not None:
        m = re.search(
            # "Developed by ..." opening a sentence; "composed (c. 1712) by ..."
            rf"\b(?i:{verbs})(?:\s+\([^()]{{1,30}}\))?\s+(?:and\s+[a-z]+\s+)?"
            r"(?:independently\s+)?by\s+"
            rf"(?:one of its [a-z]+,\s+)?{person}",
            sentence,
        )
        if m is not None:
            return _clean(m.group("who"))
    part = _PART_OF.get(role)
    if part is not None:
        # "formed in early 2006 by Billy Morrison (vocals), Billy Duffy (lead guitar)"
        found = {
            m.group("who") for m in re.finditer(rf"(?P<who>{_NAME})\s+\((?:{part})\)", sentence)
        }
        if len(found) == 1:
            return _clean(found.pop())
    works = _WORKS.get(role)
    if works is not None:
        # "a play by …", "a 1990 novel by …", never "the book was released … by" (a
        # verb between the work and "by" names another role)
        between = r"(?:\s+(?!\w+ed\b)[\w'’-]+){0,4}?"
        m = re.search(rf"\b(?:{works})\b{between}\s+by\s+{person}", sentence)
        if m is not None:
            return _clean(m.group("who"))
    return None


# --- which relation a phrase asks -----------------------------------------------------

PLACE_KINDS = "city|country|state|town|county|place|village|region|area|location|province|nation"
_BORN = re.compile(r"\b(?:was|were)\s+born$")
_LOCATED = re.compile(
    r"\b(?:is|was|are|were)\s+(?:located|found|situated|based|headquartered|licensed to broadcast)"
    r"(?:\s+in)?$|\b(?:is|was)\s+(?:located\s+)?in$|\b(?:took place|occurred|occur|was held)$"
    r"|\s+lies$|\s+lie$"
)


def from_clause(kind: str, clause: str) -> Relation | None:
    """The relation of "the KIND where CLAUSE": "Harris W. Fawell was born" -> born;
    "the Bubye River is found" -> located."""
    clause = clause.strip()
    kind = kind.lower()
    born = _BORN.search(clause)
    if born is not None:
        subject = clause[: born.start()].strip()
        return Relation("born", kind, _subject(subject)) if subject else None
    died = re.search(r"\s+died$", clause)
    if died is not None:
        subject = clause[: died.start()].strip()
        return Relation("died", kind, _subject(subject)) if subject else None
    located = _LOCATED.search(clause)
    if located is not None:
        subject = clause[: located.start()].strip()
        took = re.search(r"took place|occur|held", located.group(0))
        target = "location" if took and kind in ("location", "place", "city") else kind
        return Relation("located", target, _subject(subject)) if subject else None
    return None


def _subject(text: str) -> str:
    text = re.sub(r"^(?:the|a|an)\s+", "", text.strip())
    text = re.sub(r"^(?:village|town|city|river) of\s+", "", text)
    # "race walker Kerry Saxby-Junna": the name, without the words that describe it
    return re.sub(r"^(?:[a-z-]+\s+){1,3}(?=[A-Z])", "", text)


_OF_KINDS = (
    r"(?:city|town|place|country|nation|state|county) of birth|birthplace|birth place|"
    r"hometown|home town"
)
_POSSESSIVE = re.compile(rf"(?P<subject>{_NAME})['’]s\s+(?P<what>{_OF_KINDS})\b")
_BIRTH_OF = re.compile(rf"\bthe\s+(?P<what>{_OF_KINDS})\s+of\s+(?P<subject>{_NAME})")
_KIND_SUBJECT = re.compile(
    rf"\bthe\s+(?P<kind>{PLACE_KINDS})\s+(?:(?:that|which)\s+)?(?P<subject>{_NAME})\s+"
    r"(?:is|was)\s+(?:located\s+in|in|from|a part of|part of)\b"
)
_KIND_CONTAINING = re.compile(
    rf"\bthe\s+(?P<kind>{PLACE_KINDS})\s+containing\s+(?P<subject>{_NAME})"
)
_IN_WHICH = re.compile(
    rf"\b(?i:the)\s+(?P<kind>{PLACE_KINDS})\s+in\s+which\s+(?P<subject>{_NAME}(?:,\s+{_NAME})?)\s+"
    r"(?:(?:is|was)\s+(?:located|situated|found)|lies)\b"
)
_ROLES = "|".join(_ROLE_VERBS)
_POSSESSIVE_ROLE = re.compile(rf"(?P<subject>{_NAME})['’]s\s+(?:main\s+)?(?P<role>{_ROLES})\b")


def _birth_kind(m: re.Match[str]) -> str:
    """The place kind a birth phrase asks: "country of birth" a country (a state, a
    county likewise); a birthplace, a city or town of birth the place the sentence
    names first."""
    kind = m.group("what").split()[0].lower()
    return kind if kind in ("country", "nation", "state", "county") else "place"


def phrases(question: str) -> list[tuple[str, Relation]]:
    """The embedded relation phrases of ``question`` other than "the KIND where …" and
    "the ROLE of …" (`bridge_questions.parse_bridge` reads those): "Gisvi's city of birth", "the
    birthplace of Meehan Bonnar", "the country Ceelmakoile is located in", "the country
    containing Nugegoda", "Big Eye's main director"."""
    out: list[tuple[str, Relation]] = []
    for m in _POSSESSIVE.finditer(question):
        out.append((m.group(0), Relation("born", _birth_kind(m), m.group("subject"))))
    for m in _BIRTH_OF.finditer(question):
        out.append((m.group(0), Relation("born", _birth_kind(m), m.group("subject"))))
    for m in _IN_WHICH.finditer(question):
        out.append((m.group(0), Relation("located", m.group("kind").lower(), m.group("subject"))))
    for m in _KIND_SUBJECT.finditer(question):
        phrase = m.group(0)
        rest = question[m.end() :]
        if phrase.endswith(" in") or phrase.endswith(" from"):
            pass
        elif rest.startswith(" in"):
            phrase += " in"
        out.append((phrase, Relation("located", m.group("kind").lower(), m.group("subject"))))
    for m in _KIND_CONTAINING.finditer(question):
        out.append((m.group(0), Relation("located", m.group("kind").lower(), m.group("subject"))))
    for m in _POSSESSIVE_ROLE.finditer(question):
        out.append((m.group(0), Relation("role", m.group("role"), m.group("subject"))))
    return out


_ASKS_PLACE = re.compile(
    r"(?i)^\s*(?:in\s+)?(?:which|what)\s+(?P<kind>city|town|state|country|county)\s+"
    r"(?:is|was|are|were)\s+(?P<subject>.+?)\s+(?:located|based|headquartered|situated)"
    r"(?:\s+in)?\s*\??\s*$"
)


def asks_place(question: str, subject: str) -> str | None:
    """The place kind ``question`` asks ``subject`` is in ("In which city is Two Dollar
    Radio based?": city), read as the located relation on the subject's own page; None
    for any other question."""
    m = _ASKS_PLACE.match(question)
    if m is None or m.group("subject").strip() != subject:
        return None
    return m.group("kind").lower()


_WHAT_OF = re.compile(
    r"^\s*(?:what|which)\s+(?:is|was)\s+the\s+(?P<np>(?:[a-z-]+\s+){0,2}?[a-z-]+)\s+of\s+"
    r"(?P<rest>.+?)\s*\?\s*$",
    re.IGNORECASE,
)
_WHICH_NP = re.compile(
    r"^\s*(?i:what|which)\s+(?P<np>(?:[A-Z][a-z]+\s+)?(?:[a-z-]+\s+){0,1}?[a-z-]+)\s+"
    r"(?P<rest>(?:[a-z]+ed|was|is|were|are|did|does|had|has)\b.+?)\s*\?\s*$",
)


def appositive(question: str, bridge: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The name a sentence of the bridge's own page writes right after the noun phrase
    the question asks for ("What was the debut movie of Sathish Kalathil?": "his debut
    movie Jalachhayam (2010)"; "Which Assamese film released in 2016 was directed by
    Biswajeet Bora?": "He directed the Superhit Assamese film "Bahniman" which was
    released in 2016"), in a sentence holding every other word the question asks; None
    unless exactly one name is read."""
    page = page_of(bridge, opened)
    if page is None:
        return None
    m = _WHAT_OF.match(question)
    if m is not None:
        if not set(content_terms(fold(m.group("rest")))) <= set(content_terms(fold(bridge))):
            return None  # "the debut movie of X" asks of the bridge only
        rest = ""
    else:
        m = _WHICH_NP.match(question)
        if m is None:
            return None
        rest = m.group("rest")
    np = m.group("np")
    if np.split()[-1].lower() in _NOT_CATEGORIES or len(np) < 3:
        return None
    want = set(content_terms(fold(rest))) - set(content_terms(fold(bridge)))
    own = set(content_terms(fold(bridge)))
    anchor = r"\s+".join(re.escape(w) for w in np.split())
    did = re.match(rf"(?:did|does|do)\s+{re.escape(bridge)}\s+(?P<verb>[a-z]+)\b", rest)
    verb = did.group("verb") if did else None
    found: dict[str, Found] = {}
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            sentence = text[s:e]
            if not want <= set(content_terms(fold(sentence))):
                continue
            # "his debut movie Jalachhayam", "the Assamese film "Bahniman"", or a quoted
            # name before the noun: "He won the "Outer Limits" award"
            after = rf"(?i:\b(?P<np>{anchor})),?\s+[\"“]?(?P<v>(?=[A-Z0-9]){_NAME})"
            before = rf"[\"“](?P<q>[A-Z0-9][^\"”]{{0,60}})[\"”]\s+(?i:{anchor})\b"
            hits = [*re.finditer(after, sentence), *re.finditer(before, sentence)]
            if not hits and verb is not None:
                # "Which beer brand did Oettinger supersede …?": "(when it superseded
                # Krombacher)", the name right after the verb in any of its forms
                hits = [
                    h
                    for h in re.finditer(
                        rf"\b(?P<w>[a-z]+)\s+(?:the\s+)?[\"“]?(?P<v>(?=[A-Z0-9]){_NAME})", sentence
                    )
                    if stem(h.group("w")) == stem(verb)
                ]
            for hit in hits:
                if _in_name(sentence, hit, np):
                    continue  # "The Australian Capital Territory": no capital named
                value = _clean(hit.group("v") if "v" in hit.groupdict() else hit.group("q"))
                if value is None or set(content_terms(fold(value))) <= own:
                    continue
                if not value[:1].isupper() and not value[:1].isdigit():
                    continue
                key = " ".join(content_terms(fold(value)))
                found.setdefault(key, Found(value, sentence, page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


def _in_name(sentence: str, hit: re.Match[str], asked: str) -> bool:
    """Whether the noun phrase ``hit`` read, which the question writes lower-case
    (``asked``), is a word of a capitalised name in the sentence ("the Australian
    *Capital* Territory"), not the common noun the question asks for."""
    if "np" not in hit.groupdict() or hit.group("np") is None or not asked[:1].islower():
        return False
    before = sentence[: hit.start("np")].rstrip()
    opens = not before or before[-1] in '.;:!?"“('
    return hit.group("np")[:1].isupper() and not opens


_FORMER_ASKED = re.compile(
    r"(?i)\b(?:formerly|previously|originally|once)\s+(?:known|called|named)\b"
    r"|\bformer\s+name\b"
)


def former_name(question: str, subject: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The name the subject's own page gives it before "formerly" ("Honolulu County
    (officially known as the City and County of Honolulu, formerly Oahu County)") for a
    question asking what it was formerly known as or called; None for any other
    question, or unless exactly one such name is written."""
    page = page_of(subject, opened)
    if page is None or _FORMER_ASKED.search(question) is None:
        return None
    rule = (
        r"\b(?:formerly|previously|originally)\s+(?:known\s+as\s+|called\s+|named\s+)?"
        rf"(?:the\s+)?[\"“]?(?P<v>(?=[A-Z0-9]){_NAME})"
    )
    found: dict[str, Found] = {}
    for sentence in lead(page, ROLE_LEAD):
        for m in re.finditer(rule, sentence):
            value = _clean(m.group("v"))
            if value and not set(content_terms(fold(value))) <= set(content_terms(fold(subject))):
                found.setdefault(
                    " ".join(content_terms(fold(value))), Found(value, sentence, page.page.url)
                )
    return next(iter(found.values())) if len(found) == 1 else None


def question_of(relation: Relation) -> str:
    """The first hop as a question ("Where was Gisvi born?"), for the trace."""
    if relation.kind == "born":
        return f"Where was {relation.subject} born?"
    if relation.kind == "located":
        return f"In what {relation.target} is {relation.subject}?"
    if relation.kind == "died":
        return f"Where did {relation.subject} die?"
    if relation.kind == "clause":
        return f"Which {relation.target} {relation.clause}?"
    if relation.kind == "owned":
        return f"What is the {relation.target} of {relation.subject}?"
    if relation.kind == "award":
        return f"Who was the {relation.target} of the {relation.subject}?"
    if relation.kind == "member":
        return f"Which {relation.clause} {relation.target} does {relation.subject} include?"
    return f"Who is the {relation.target} of {relation.subject}?"


# --- the second hop's category -------------------------------------------------------

#: Category nouns that proper names carry ("Wilmington International Airport", "Anglican
#: Church of Canada", "Dodge County"): a second hop asking "what airport …" is answered by
#: such a name.
CATEGORIES = frozenset(
    "airport church county university college school river lake museum stadium party "
    "company hospital bridge mountain island cathedral diocese league club station "
    "district province".split()
)


#: Nouns whose answer is read only as such a name (never by the single-hop reader).
TYPED = CATEGORIES | {"country", "nation", "state"}


def category(question: str) -> str | None:
    """The category noun a "what / which NOUN" question asks for, when proper names of
    that category carry it ("What is the name of the airport in X?" -> airport), else
    None."""
    m = re.match(
        r"(?i)\s*(?:of|in|at|from)?\s*(?:what|which)\s+(?:is\s+the\s+name\s+of\s+the\s+|is\s+the\s+"
        r"(?:[a-z]+\s+){0,2}?)?(?P<noun>[a-z]+)\b",
        question,
    )
    if m is None:
        return None
    noun = m.group("noun").lower()
    if noun in ("kind", "type", "sort"):
        after = re.match(r"\s*of\s+(?P<noun>[a-z]+)\b", question[m.end() :])
        noun = after.group("noun").lower() if after else noun
    return None if noun in _NOT_CATEGORIES else noun


#: "What NOUN" words that are no category a name or a definition carries.
NOT_CATEGORIES = _NOT_CATEGORIES = frozenset(
    "year years kind type sort name percentage amount part number time date day month "
    "is was are were does did do has had have can could".split()
)


def named_in(
    noun: str, bridge: str, opened: Mapping[str, OpenedPage], question: str = ""
) -> Found | None:
    """The one ``noun`` named in the opened sentences that mention ``bridge`` (and every
    other name of ``question``), with its sentence: for the known `CATEGORIES` a name
    carrying the noun ("… Airport"); for a country or US state, one from the lists; else
    a name the sentence defines as one ("Victoria Falls … is a waterfall"). None when
    there is none or more than one."""
    want = set(content_terms(fold(bridge)))
    for name in re.findall(_NAME, question)[1:] if question else []:
        want |= set(content_terms(fold(name)))
    found: dict[str, Found] = {}
    for sentence, url in _mentioning(want, opened):
        for name in _names_of(noun, sentence):
            if set(content_terms(fold(name))) <= want:
                continue  # the bridge or the question's own name
            found.setdefault(" ".join(content_terms(fold(name))), Found(name, sentence, url))
    return next(iter(found.values())) if len(found) == 1 else None


def _mentioning(want: set[str], opened: Mapping[str, OpenedPage]) -> list[tuple[str, str]]:
    out = []
    for page in sorted(opened.values(), key=lambda p: p.opened_step):
        for _, text in page.segments():
            for s, e in sentence_spans(text):
                if want <= set(content_terms(fold(text[s:e]))):
                    out.append((text[s:e], page.page.url))
    return out


#: Nouns a definition may use for the asked one ("a comedy film" for "what movie").
_SAME_NOUN = {
    "movie": "movie|film",
    "film": "film|movie",
    "song": "song|single",
    "band": "band|group",
}


def _names_of(noun: str, sentence: str) -> list[str]:
    if noun in ("country", "nation"):
        return [m.group(0) for m in COUNTRY.finditer(sentence)]
    if noun == "state":
        return [m.group(0) for m in STATES.finditer(sentence)]
    if noun in CATEGORIES:
        word = noun.capitalize()
        out = []
        for m in re.finditer(_NAME, sentence):
            # "Avery County and McDowell County": two names, when each carries the noun
            parts = re.split(r"\s+and\s+", m.group(0).strip(" .,"))
            if not all(word in part.split() for part in parts):
                parts = [m.group(0).strip(" .,")]
            for name in parts:
                if word not in name.split() or len(name.split()) < 2:
                    continue
                pieces = re.split(r"(\s+of\s+(?:the\s+)?)", name)
                at = next(i for i in range(0, len(pieces), 2) if word in pieces[i].split())
                out.append("".join(pieces[at:]))  # "Anglican Church of Canada" of "… of the …"
        return out
    nouns = _SAME_NOUN.get(noun, re.escape(noun))
    defined = re.match(
        rf"(?P<n>[A-Z][^,;(]{{0,60}}?)\s*(?:\([^)]*\)\s*)?(?:,[^.;]*?)?\b(?:is|was)\s+"
        rf"(?:a|an|the)\s+(?:[\w-]+\s+){{0,3}}?(?:{nouns})s?\b",
        sentence,
    )
    if defined is None or defined.group("n") in _ARTICLE_OR_PRONOUN:
        return []
    return [defined.group("n").strip(" .,")]


# --- "what position did X play": a player's position on X's own page ------------------

#: Positions a player plays, as pages write them after "plays as" / "played".
POSITIONS = (
    r"(?:(?:central|attacking|defensive|left|right|centre|center|second|left-sided|"
    r"right-sided|wide|inside|outside|point|shooting|small|power)\s+)?"
    r"(?:striker|forward|midfielder|midfield|defender|goalkeeper|winger|full-back|fullback|"
    r"back|centre-back|center-back|sweeper|playmaker|quarterback|running back|wide receiver|"
    r"tight end|linebacker|cornerback|safety|pitcher|catcher|shortstop|outfielder|"
    r"infielder|guard|center|centre|hooker|prop|fly-half|scrum-half|flanker|lock|wicket-keeper)"
)
_PLAYS_AS = re.compile(
    rf"\b(?:plays|played|playing)\s+(?:(?:as|at)\s+)?(?:an?\s+)?(?P<p>{POSITIONS})\b"
)


def asks_position(question: str) -> bool:
    """Whether ``question`` asks the position a player plays ("What position did Sergio
    Agüero play?")."""
    return re.match(r"(?i)\s*(?:what|which)\s+position\b", question) is not None


def position_of(player: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The one position the player's own page says they play ("who plays as a striker
    for Premier League club Manchester City": striker), from its opening sentences;
    two different ones, or none: None."""
    page = page_of(player, opened)
    if page is None:
        return None
    found: dict[str, Found] = {}
    for sentence in lead(page):
        for m in _PLAYS_AS.finditer(sentence):
            found.setdefault(m.group("p").lower(), Found(m.group("p"), sentence, page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


# --- "who was in charge of X": the leader a page names ---------------------------------

#: Offices whose holder is "in charge of" a country, state or city.
LEADERS = (
    r"(?:President|Prime Minister|Chancellor|Chief Minister|Premier|Governor|King|Queen|"
    r"Emperor|Sultan|Mayor|Head of State|head of state|leader|ruler)"
)
_IN_CHARGE = re.compile(
    r"(?i)^\s*who\s+(?:was|is|were)\s+(?:in\s+charge\s+of|the\s+(?:leader|ruler|head)\s+of|"
    r"leading|ruling|governing)\s+(?P<place>.+?)\s*\??\s*$"
    r"|^\s*who\s+(?:led|ruled|governed|leads|rules|governs)\s+(?P<place2>.+?)\s*\??\s*$"
)


def asks_leader(question: str) -> bool:
    """Whether ``question`` asks who was in charge of a place ("Who was in charge of
    Somalia?", "Who ruled Austria?"): its answer is the holder of an office
    (`LEADERS`), read by `leader_of`."""
    return _IN_CHARGE.match(question) is not None


def leader_of(place: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The one person an opened sentence names as holding an office of ``place``
    ("elected Hassan Sheikh Mohamud as the new President of Somalia", "the Chief
    Minister of Maharashtra is Prithviraj Chavan"), with its sentence; None when no
    sentence does, or two name different people. A surname alone ("President
    Mohamud") is not read."""
    where = re.escape(place)
    person = r"(?P<who>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)+)"
    office = rf"(?:the\s+)?(?:(?:new|current|incumbent|first|then)\s+)?{LEADERS}\s+of\s+{where}"
    rules = (
        rf"{person}\s+as\s+{office}\b",
        rf"{person},\s+{office}\b",
        rf"\b{office}\s*(?:,|\bis\b|\bwas\b)\s*{person}",
    )
    found: dict[str, Found] = {}
    for sentence, url in _mentioning(set(content_terms(fold(place))), opened):
        for rule in rules:
            for m in re.finditer(rule, sentence):
                who = _clean(m.group("who"))
                if who is None or re.fullmatch(LEADERS, who):
                    continue
                found.setdefault(" ".join(content_terms(fold(who))), Found(who, sentence, url))
    return next(iter(found.values())) if len(found) == 1 else None


# --- "who is the spouse of X": the one person X's own page says X married ----------------

_KIN = re.compile(
    r"(?i)^\s*who\s+(?:is|was|were)\s+(?:the\s+)?(?P<kin>spouse|wife|husband)\s+of\s+"
    r"(?P<who>.+?)\s*\??\s*$"
    r"|^\s*who\s+(?:did|does)\s+(?P<who2>.+?)\s+marry\s*\??\s*$"
    r"|^\s*who\s+(?:is|was)\s+(?P<who3>.+?)\s+married\s+to\s*\??\s*$"
)


def asks_spouse(question: str) -> bool:
    """Whether ``question`` asks whom someone married ("Who is the spouse of Tim
    Burton?", "Who did X marry?"): read by `spouse_of`, never by word overlap."""
    return _KIN.match(question) is not None


#: Kin a possessive asks for ("Baba Azmi's sister"), with the words a page may put
#: before the noun ("his older half-brother").
KIN = r"(?:sister|brother|half-sister|half-brother|son|daughter|father|mother|wife|husband|spouse)"
_KIN_QUALIFIERS = r"(?:(?:older|younger|elder|eldest|youngest|twin|only|late)\s+)?"


def kin_of(kin: str, person: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The one full name ``person``'s own opened page gives as their ``kin`` ("his
    sister Shabana Azmi", "Shabana Azmi, his sister"), in a sentence that names the
    person or opens with a pronoun of them; a spouse as `spouse_of` reads one. None when
    the page names none or two different people, or is not the person's own page."""
    noun = kin.split()[-1].lower()
    if noun in ("wife", "husband", "spouse"):
        return spouse_of(person, opened)
    page = page_of(person, opened)
    if page is None:
        return None
    qualifier = kin.split()[0].lower() if len(kin.split()) > 1 else ""
    said = rf"(?:{re.escape(qualifier)}\s+)?" if qualifier else _KIN_QUALIFIERS
    who = _FULL_NAME
    rules = (
        rf"\b(?:his|her|their)\s+{said}{re.escape(noun)},?\s+{who}",
        rf"{who},\s+(?:his|her|their)\s+{said}{re.escape(noun)}(?![\w-])",
    )
    own, subject = _person_words(person)
    found: dict[str, Found] = {}
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            sentence = text[s:e]
            if not re.search(subject, sentence):
                continue
            for rule in rules:
                for m in re.finditer(rule, sentence):
                    name = _clean(m.group("who"))
                    if name is None or set(content_terms(fold(name))) <= own:
                        continue
                    if _other_person_before(sentence[: m.start()], own):
                        continue  # "with Javed Akhtar and his son Farhan": Javed's son
                    if re.search(r"['’]s?$", m.group("who")):
                        continue  # "his sister Shabana Azmi's husband": the husband
                    key = " ".join(content_terms(fold(name)))
                    found.setdefault(key, Found(name, sentence, page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None


#: A full name: two capitalised words or more ("Shabana Azmi"; a first name alone is none).
_FULL_NAME = r"(?P<who>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)+)"


def _person_words(person: str) -> tuple[set[str], str]:
    """The words of ``person``'s name, and a pattern for a sentence's mention of them
    (their name's words, or he / she)."""
    names = [re.escape(w) for w in person.split() if w[:1].isupper() and content_terms(w)]
    return set(content_terms(fold(person))), r"\b(?:He|She|he|she|" + "|".join(
        names or ["He"]
    ) + r")\b"


def _other_person_before(before: str, own: set[str]) -> bool:
    """Whether ``before`` (the sentence up to a "his"/"her") names a person other than
    the page's own, two capitalised words or more after the sentence's first word: the
    pronoun may be theirs."""
    for m in re.finditer(r"(?<=\s)[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)+", before):
        if not set(content_terms(fold(m.group(0)))) <= own:
            return True
    return False


def spouse_of(person: str, opened: Mapping[str, OpenedPage]) -> Found | None:
    """The one full name ``person``'s own opened page says they married, in a sentence
    whose subject is the person ("She was married to the American abstract artist Lee
    Gatch", "Along with his wife Cleophea Lutz he had a single child"); None when the
    page names none or two different people, or is not the person's own page."""
    page = page_of(person, opened)
    if page is None:
        return None
    who = _FULL_NAME
    # "married to the food writer and TV cook Nigella Lawson": what the spouse is, in
    # lower-case words (an acronym among them) before the name; never "of" ("a
    # granddaughter of the industrialist Andrew Carnegie" names another person)
    between = (
        r"(?:(?:the|a|an|fellow)\s+)?(?:[A-Z][a-z]+\s+(?=[a-z]))?"
        r"(?:(?:(?!of\b)[a-z-]+|[A-Z]{2,})\s+){0,5}?"
    )
    rules = (
        rf"\bmarried\s+(?:to\s+)?{between}{who}",
        rf"\b(?:his|her)\s+(?:wife|husband|spouse),?\s+{who}",
    )
    own, subject = _person_words(person)
    found: dict[str, Found] = {}
    for _, text in page.segments():
        for s, e in sentence_spans(text):
            sentence = text[s:e]
            for n, rule in enumerate(rules):
                for m in re.finditer(rule, sentence):
                    before = re.split(r"[,;]|\band\b", sentence[: m.start()])[-1]
                    if n == 0 and not re.search(rf"{subject}(?:\s+[a-z]+){{0,3}}\s*$", before):
                        continue  # someone else married
                    if n == 1 and not re.search(subject, sentence):
                        continue
                    name = _clean(m.group("who"))
                    if name is None or set(content_terms(fold(name))) <= own:
                        continue
                    key = " ".join(content_terms(fold(name)))
                    found.setdefault(key, Found(name, sentence, page.page.url))
    return next(iter(found.values())) if len(found) == 1 else None
