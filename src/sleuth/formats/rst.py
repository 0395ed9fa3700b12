"""reStructuredText (docutils), as Sphinx projects write it.

Sphinx's roles (``:class:`~requests.Session```, ``:ref:`title <target>```, ...) show
what Sphinx shows: the explicit title, else the target (``~`` keeps its last part),
as code for the Python roles. Sphinx's directives are understood well enough to keep
their text: ``code-block`` is code, ``versionadded`` / ``deprecated`` / ``seealso`` keep
their words, ``autoclass`` and its kin name what they document, ``toctree`` and other
build instructions leave nothing. ``include`` and ``raw`` are never followed, and
docutils' own warnings about anything else it does not know are not text.

An explicit label before a section (``.. _label:``, what Sphinx's ``:ref:`` points at)
is that section's anchor, as Sphinx writes it in the page's HTML (the label's id); a
label before anything else (a paragraph, a directive) names no section.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache
from typing import Any

from sleuth.errors import CorpusError

from .blocks import (
    BUILD_DIRECTIVES,
    CODE_ROLES,
    TEXT_ROLES,
    VERSION_WORDS,
    Block,
    Parsed,
    explicit_anchor,
    link_targets,
    page_title,
    role_text,
    titled_role,
    unknown_role,
)

__all__ = ["parse_rst"]

_CODE_ROLES = CODE_ROLES
_TEXT_ROLES = TEXT_ROLES
_DROP = BUILD_DIRECTIVES
_NAMED = "autoclass autofunction automethod autoattribute autoexception autodata".split()
# what a page describes by hand (Sphinx's object descriptions): each is a section of its
# own, headed by its signature and anchored at its name, as Sphinx's HTML gives it an id
_DESCRIBED = (
    "py:class py:function py:method py:attribute py:exception py:data py:decorator "
    "py:property py:classmethod py:staticmethod function class method attribute exception "
    "data decorator envvar option confval describe object"
).split()
# the options of an object description that Sphinx shows as fields under its name
# (``:default:`` and ``:type:`` of a ``confval``, ``:type:`` and ``:value:`` of an attribute),
# each with its label; the default first, as a settings reference gives it
_DESCRIBED_FIELDS = (("default", "Default"), ("type", "Type"), ("value", "Value"))
# a signature longer than this many characters heads its section by its name alone
_SIGNATURE_HEAD = 80
_CONTINUED = re.compile(r"\\(?=\s|$)")
_CODE = "code-block sourcecode code testcode doctest".split()
_BODY = (
    "seealso glossary only tab tabs tab-set tab-item group-tab code-tab centered hlist "
    "container rst-class"
).split()
_VERSION = VERSION_WORDS


_FALLBACK: list[Any] = []  # the directive class an unknown directive is read with

# a line of code: a statement's keyword, a decorator, a prompt, a comment, an assignment,
# or a line that ends in an opening/closing bracket, a comma or a block's colon
_CODE_LINE = re.compile(
    r"^\s*(?:(?:import|from|def|class|return|async|await|with|for|if|elif|else|try|except|"
    r"raise|yield|while|lambda|print)\b|@\w|>>> |\$ |#|[\w.\[\]'\"]+\s*[+\-*/|]?=[^=])"
    r"|[(\[{,:)\]}]\s*$"
)
# a line of prose: words, ending a sentence
_PROSE_LINE = re.compile(r"^\s*[A-Z][a-z]*(?:\s+[\w'’,;()-]+){3,}[.!?]\s*$")


def looks_like_code(lines: Any) -> bool:
    """Whether a directive's body (its lines) reads as code: outside its docstrings (a
    function's sentences between triple quotes are code's own), no line is a sentence
    of prose, and at least half of the lines are lines of code (`_CODE_LINE`)."""
    shown: list[str] = []
    quoted = False  # inside a triple-quoted string
    for line in lines:
        marks = line.count('"""') + line.count("'''")
        if quoted or marks:
            quoted = quoted != (marks % 2 == 1)
            continue
        if line.strip():
            shown.append(line)
    if not shown or any(_PROSE_LINE.match(line) for line in shown):
        return False
    return 2 * sum(bool(_CODE_LINE.search(line)) for line in shown) >= len(shown)


@lru_cache(maxsize=1)
def _setup() -> tuple[Any, Any]:
    """docutils' parser and settings, with Sphinx's roles and directives known."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, Parser, directives, roles

    def role(code: bool) -> Any:
        def run(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> Any:  # fmt: skip
            shown = role_text(text, name)
            if code and name.endswith(("func", "meth")) and not shown.endswith(")"):
                shown += "()"
            node = nodes.literal(rawtext, shown) if code else nodes.Text(shown)
            return [node], []

        return run

    for name in _CODE_ROLES:
        roles.register_local_role(name, role(True))
    for name in _TEXT_ROLES:
        roles.register_local_role(name, role(False))

    def numbered(original: Any) -> Any:
        """docutils' ``:pep:`` or ``:rfc:``, taking Sphinx's forms too: a title
        (``:pep:`wheel format <427>``` shows "wheel format") and an anchor (``8#naming``
        shows "PEP 8#naming")."""

        def run(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
                options: Any = None, content: Any = None) -> Any:  # fmt: skip
            if titled_role(text):
                return [nodes.Text(role_text(text, name))], []
            if "#" in text:  # Sphinx shows the anchor: "PEP 8#naming"
                return [nodes.Text(f"{name.upper()} {text}")], []
            return original(name, rawtext, text, lineno, inliner, options or {}, content or [])

        return run

    for name, canonical in (("pep", "pep-reference"), ("rfc", "rfc-reference")):
        roles.register_local_role(name, numbered(roles._role_registry[canonical]))

    class AnyOptions(dict[str, Any]):
        def __missing__(self, key: str) -> Any:
            return directives.unchanged

        def __bool__(self) -> bool:  # docutils reads options only when there is a spec
            return True

    class Generic(Directive):  # type: ignore[misc]
        has_content = True
        optional_arguments = 10
        final_argument_whitespace = True
        option_spec = AnyOptions()

    class Drop(Generic):
        def run(self) -> list[Any]:
            return []

    class Named(Generic):
        def run(self) -> list[Any]:
            name = " ".join(self.arguments).strip()
            out: list[Any] = [nodes.paragraph("", "", nodes.literal(name, name))] if name else []
            if self.content:
                box = nodes.container()
                self.state.nested_parse(self.content, self.content_offset, box)
                out.append(box)
            return out

    class Described(Generic):
        def run(self) -> list[Any]:
            # (a backslash at a line's end continues a long signature on the next)
            signature = " ".join(_CONTINUED.sub(" ", " ".join(self.arguments)).split())
            if not signature:
                return []
            name = re.split(r"[\s(\[=:]", signature, maxsplit=1)[0] or signature
            section = nodes.section("", ids=[explicit_anchor(name)], described=True)
            # a long signature heads its section by its name, as Sphinx's table of contents
            # names it, and is shown whole as its first line (its parameters are not words
            # of every passage's heading path below it)
            head = signature
            if len(signature) > _SIGNATURE_HEAD:
                called = signature[len(name) :].lstrip().startswith("(")
                head = f"{name}(...)" if called else name
            section += nodes.title("", "", nodes.literal(head, head))
            if head != signature:
                section += nodes.literal_block(signature, signature)
            for option, label in _DESCRIBED_FIELDS:
                # ".. confval:: html_theme\n   :default: ``'alabaster'``": Sphinx shows
                # the entry's default, type and value under its name
                said = " ".join(_CONTINUED.sub(" ", str(self.options.get(option) or "")).split())
                if said:
                    end = "" if said.endswith((".", "!", "?")) else "."
                    inline, _ = self.state.inline_text(f"{label}: {said}{end}", self.lineno)
                    section += nodes.paragraph("", "", *inline)
            if self.content:
                self.state.nested_parse(self.content, self.content_offset, section)
            return [section]

    class Code(Generic):
        def run(self) -> list[Any]:
            code = "\n".join(self.content)
            return [nodes.literal_block(code, code)] if code.strip() else []

    class Body(Generic):
        def run(self) -> list[Any]:
            box = nodes.container()
            if self.arguments and self.name in ("seealso",):
                # the text on its lines is reST (``.. seealso:: :ref:`cancellation```)
                inline, _ = self.state.inline_text(" ".join(self.arguments), self.lineno)
                box += nodes.paragraph("", "", *inline)
            self.state.nested_parse(self.content, self.content_offset, box)
            return [box]

    class Version(Generic):
        required_arguments = 1
        optional_arguments = 1

        def run(self) -> list[Any]:
            words = _VERSION.get(self.name, str(self.name))
            head = f"{words} {self.arguments[0]}"
            said = " ".join(self.arguments[1].split()) if len(self.arguments) > 1 else ""
            box = nodes.container()
            last = said or head
            end = ":" if self.content else ("" if last.endswith((".", "!", "?")) else ".")
            if said:
                # the text on the directive's lines is reST too: its roles are read
                inline, _ = self.state.inline_text(said + end, self.lineno)
                box += nodes.paragraph("", "", nodes.Text(head + ": "), *inline)
            else:
                box += nodes.paragraph("", head + end)
            self.state.nested_parse(self.content, self.content_offset, box)
            return [box]

    class Unknown(Body):
        """A directive no one here knows (a Sphinx extension's): its body as reST, or
        as code when it reads as code (Pallets' ``click:example``, ``click:run``)."""

        def run(self) -> list[Any]:
            if looks_like_code(self.content):
                code = "\n".join(self.content)
                return [nodes.literal_block(code, code)]
            return super().run()

    _FALLBACK.append(Unknown)
    for names, cls in ((_DROP, Drop), (_NAMED, Named), (_DESCRIBED, Described), (_CODE, Code),
                       (_BODY, Body), (list(_VERSION), Version)):  # fmt: skip
        for name in names:
            directives.register_directive(name, cls)
    parser = _keeping_parser() if KEPT else Parser()
    if POOLED:
        parser.state_classes = _pooled_states()
    try:
        from docutils.frontend import get_default_settings

        settings = get_default_settings(Parser)
    except ImportError:  # docutils before 0.18
        from docutils.frontend import OptionParser

        settings = OptionParser(components=(Parser,)).get_default_values()
    settings.report_level = 5
    settings.halt_level = 5
    settings.file_insertion_enabled = False
    settings.raw_enabled = False
    settings.warning_stream = _Nowhere()
    settings.doctitle_xform = False
    settings.character_level_inline_markup = False
    return parser, settings


#: Whether `_setup`'s parser keeps the state machines of nested lists (`_pooled_states`).
POOLED = True


def _pooled_states() -> tuple[Any, ...]:
    """docutils' state classes, each reading a nested list (an explicit markup block,
    a bullet list, a field list, ... : every directive is one) with a state machine kept
    from an earlier one instead of one built anew, as docutils does for every such block
    (about 15 states with their compiled transitions: a third of the time of reading a
    Sphinx page). A machine is taken out of the pool while it runs, so a list inside a
    list gets another; a call docutils makes with its own settings for the states
    (enumerated lists, ``extra_settings``) or its own machine builds one as docutils
    does. The same blocks either way: tested on every vendored reST and MyST page."""
    from docutils.parsers.rst import states

    pools: dict[str, list[Any]] = {}

    class Pooled:
        nested_sm_kwargs: dict[str, Any]

        def __init__(self, state_machine: Any, debug: bool = False) -> None:
            super().__init__(state_machine, debug)  # type: ignore[call-arg]
            self.nested_sm_kwargs = {"state_classes": classes, "initial_state": "Body"}

        def nested_list_parse(  # docutils' own, with the machine taken from `pools`
            self,
            block: Any,
            input_offset: int,
            node: Any,
            initial_state: str,
            blank_finish: bool,
            blank_finish_state: str | None = None,
            extra_settings: dict[str, Any] | None = None,
            match_titles: bool = False,
            state_machine_class: Any = None,
            state_machine_kwargs: dict[str, Any] | None = None,
        ) -> tuple[int, bool]:
            if extra_settings or match_titles or state_machine_class or state_machine_kwargs:
                return super().nested_list_parse(  # type: ignore[misc, no-any-return]
                    block, input_offset, node, initial_state, blank_finish,
                    blank_finish_state, extra_settings or {}, match_titles,
                    state_machine_class, state_machine_kwargs,
                )  # fmt: skip
            state: Any = self  # a docutils state (this class is mixed into each)
            pool = pools.setdefault(initial_state, [])
            if pool:
                machine = pool.pop()
            else:
                kwargs = {**self.nested_sm_kwargs, "initial_state": initial_state}
                machine = state.nested_sm(debug=state.debug, **kwargs)
            # docutils 0.22 and later follow it up to the document's section levels;
            # earlier releases neither take it as an argument nor read it
            machine.parent_state_machine = state.state_machine
            finish_state = blank_finish_state or initial_state
            machine.states[finish_state].blank_finish = blank_finish
            try:
                machine.run(block, input_offset, memo=state.memo, node=node, match_titles=False)
            except BaseException:
                machine.unlink()
                raise
            blank_finish = machine.states[finish_state].blank_finish
            offset = machine.abs_line_offset()
            machine.observers.clear()  # each run adds its document's
            machine.memo = machine.node = machine.document = machine.parent_state_machine = None
            pool.append(machine)
            return offset, blank_finish

    classes = tuple(type(cls.__name__, (Pooled, cls), {}) for cls in states.state_classes)
    return classes


#: Whether `_setup`'s parser keeps its document's state machine and inliner (`_keeping_parser`).
KEPT = True


def _keeping_parser() -> Any:
    """docutils' reST parser, keeping the state machine that reads a whole document and
    the inliner for the next document instead of building both anew, as docutils'
    `Parser.parse` does for every document (about 15 states with their compiled
    transitions, and the inliner's regular expressions compiled from the settings: most
    of the cost of a short document, and a MyST page written for Sphinx has an
    ``{eval-rst}`` block, a document of its own, for many API entries). A machine is
    taken out while it runs (a document read inside another gets one of its own) and
    dropped when reading fails; docutils keeps its nested machines between runs alike
    (``nested_sm_cache``). The same blocks either way: tested on every vendored reST and
    MyST page, against docutils 0.18 to 0.23 (`make docutils-compat`)."""
    import docutils.statemachine
    from docutils.parsers.rst import Parser, roles, states

    kept: list[tuple[Any, Any]] = []  # (state machine, inliner), each ready for a document

    def inliner_made() -> Any:
        """docutils' inliner, compiling its expressions again only when the settings it
        reads (0.18 to 0.23) change; as a new one, with a new list of implicit patterns
        (docutils adds to it). Not a subclass: docutils reads its class's own variables."""
        made = states.Inliner()
        compile_all = made.init_customizations
        compiled_for: list[tuple[Any, ...]] = []

        def init_customizations(settings: Any) -> None:
            key = tuple(
                getattr(settings, name, None)
                for name in ("character_level_inline_markup", "pep_references", "rfc_references")
            )
            if compiled_for != [key]:
                made.implicit_dispatch = []
                compile_all(settings)
                compiled_for[:] = [key]

        made.init_customizations = init_customizations
        return made

    class Keeping(Parser):  # type: ignore[misc]
        def parse(self, inputstring: str, document: Any) -> None:
            # docutils' own (alike from 0.18 to 0.23), with the machine and inliner kept
            self.setup_parse(inputstring, document)
            settings = document.settings
            settings.setdefault("tab_width", 8)
            settings.setdefault("syntax_highlight", "long")
            debug = document.reporter.debug_flag
            if kept and not debug:
                machine, inliner = kept.pop()
            else:
                machine = states.RSTStateMachine(
                    state_classes=self.state_classes, initial_state=self.initial_state, debug=debug
                )
                inliner = inliner_made()
            self.statemachine = machine
            lines = docutils.statemachine.string2lines(
                inputstring, tab_width=settings.tab_width, convert_whitespace=True
            )
            for i, line in enumerate(lines):
                if len(line) > settings.line_length_limit:
                    document.append(
                        document.reporter.error(f"Line {i + 1} exceeds the line-length-limit.")
                    )
                    break
            else:
                machine.run(lines, document, inliner=inliner)  # raises: the machine is dropped
            # restore the "default" default role after parsing a document
            if "" in roles._roles:
                del roles._roles[""]
            self.finish_parse()
            if not debug:
                kept.append((machine, inliner))

    return Keeping()


class _Nowhere:
    def write(self, text: str) -> int:
        return len(text)


def parse_rst(text: str, source: str = "<rst>") -> Parsed:
    """A reStructuredText document; its title is its first section's title."""
    from docutils.parsers.rst import roles
    from docutils.utils import new_document

    parser, settings = _setup()
    _know_directives(text)
    document = new_document(source, settings)
    # the roles this document adds (an extension's, `_know_roles`; its own ``.. role::``)
    # are its own: another document reads the same whatever was read before it
    with _ROLES_LOCK:
        registered = dict(roles._roles)
        _know_roles(text)
        try:
            parser.parse(text, document)
        except RecursionError:
            raise CorpusError("reStructuredText nested too deeply") from None
        except Exception as exc:  # docutils gives up on a malformed document
            raise CorpusError(f"reStructuredText does not parse: {exc}") from None
        finally:
            roles._roles.clear()
            roles._roles.update(registered)
    if "|" in text:
        _substitute(document)
    blocks: list[Block] = []
    _blocks(document, blocks, 0)
    title = page_title(blocks)
    meta: dict[str, Any] = {}
    if "`" in text or ".. _" in text or "://" in text:
        from docutils import nodes

        links = link_targets(  # `text <url>`_, .. _name: url, and bare URLs
            node.get("refuri", "")
            for node in document.findall(lambda n: isinstance(n, (nodes.reference, nodes.target)))
        )
        if links:
            meta["links"] = links
    return Parsed(blocks=blocks, title=title, meta=meta)


# a directive's first line, at the start of a line of a body made only of directives
_DIRECTIVE_LINE = re.compile(r"\.\.[ \t]+([A-Za-z][\w:+.-]*)::(?:[ \t]+(.*?))?[ \t]*$")
# a directive's option: a name, and a value of names (``:members: a, b``)
_OPTION = re.compile(
    r":([A-Za-z][\w-]*):(?: +[A-Za-z_]\w*(?:\.\w+)*(?:, *[A-Za-z_]\w*(?:\.\w+)*)*)?"
)
# what docutils reads as a line break, a space or a tab stop besides \n and " "
_ODD_SPACE = re.compile("[\t\r\v\f\x1c-\x1e\x85\u2028\u2029]")
# an indent with another space than " " in it: docutils measures a line's indent with
# `str.lstrip`, which strips a no-break space too (Deform's " \xa0 from deform.widget ..."
# is as deep as its code block's "   import colander")
_ODD_INDENT = re.compile(r"^ *[^\S\n ]", re.MULTILINE)
# a paragraph line's start: a word (not a list's enumerator, ``A.`` or ``ii)``, nor any
# other construct's mark), after a ``#`` and a space at most (no enumerator either)
_LINE_START = re.compile(r"(?:# )?[A-Za-z][A-Za-z'_]*(?:[ ,;!?-]|:(?= |$)|$)|`|_[A-Za-z0-9]")
# a paragraph's later line (docutils reads no construct there but a title's underline):
# a word's start, or inline markup's
_NEXT_LINE_START = re.compile(r"[A-Za-z`]|:[a-z]")
# a paragraph's text between inline markup: ASCII letters, digits, spaces and punctuation
# that starts no inline markup, a colon only before a space or at the end (no URI, no
# role, no literal block's ``::``), an underscore only inside a word (no ``name_``
# reference)
_PLAIN_RUN = re.compile(
    r"(?:[A-Za-z0-9 ,;.!?'\"()-]|:(?= |$)|(?:(?<=[A-Za-z0-9 ])|^)_(?=[A-Za-z0-9]))*"
)
# the inline markup read without docutils: an inline literal (1), or interpreted text (3)
# after a role (2) or none; no backtick or backslash inside, no space at either end
_MARKUP = re.compile(
    r"``([^`\s\\](?:[^`\\]*[^`\s\\])?)``"
    r"|(?::([a-z][a-z:]*):)?`([^`\s\\](?:[^`\\]*[^`\s\\])?)`"
)
# a bullet list's item, with text on its first line
_BULLET = re.compile(r"[-+*] +(?=\S)")
#: docutils' own directives (`directives._directive_registry`, 0.18 to 0.23), known
#: without importing docutils: a name here and not registered by `_setup` is docutils'
_DOCUTILS_DIRECTIVES = frozenset(
    "admonition attention caution class code compound container contents csv-table danger "
    "date default-role epigraph error figure footer header highlights hint image important "
    "include line-block list-table math meta note parsed-literal pull-quote raw replace "
    "restructuredtext-test-directive role rubric sectnum sidebar table target-notes tip "
    "title topic unicode warning".split()
)
#: docutils' admonitions without a title: their body's blocks
_ADMONITIONS = frozenset("attention caution danger error hint important note tip warning".split())


#: How deep `quick_blocks` reads directives inside directives (deeper: docutils reads them).
_DEEPEST = 8


def quick_blocks(text: str) -> list[Block] | None:
    """The blocks of a reST text made only of directives whose reading is known without
    docutils, and of plain paragraphs (each docutils parse has a cost of its own, and a
    MyST page written for Sphinx has an ``{eval-rst}`` block for every API entry and
    example), as `parse_rst` reads them; None for any other text (`parse_rst` reads it):

    * a build directive (`_DROP`: ``currentmodule``, ``toctree`` ...) is nothing;
    * an API entry without a body (``.. autofunction:: click.echo``) is its name as code;
    * a directive docutils does not know, whose body reads as code (`looks_like_code`:
      Pallets' ``click:example``, ``click:run``), is a code block, one without a body
      (no blank line before its lines: they are its arguments) is nothing, and any other
      is its body's blocks, when they are known, as is a body directive's (`_BODY`:
      sphinx-tabs' ``tabs``, ``group-tab``);
    * a code directive (`_CODE`: ``code-block``) is a code block;
    * an admonition without a title (`_ADMONITIONS`: ``caution``) is its body's blocks;
    * a paragraph after a blank line, of plain words, inline literals and interpreted
      text (`_paragraph`: "Add this to ``~/.bashrc``:", "into a :class:`Command`"), is
      its text;
    * a bullet list whose items are such paragraphs (or API entries: ``*   ..
      autoclass:: Choice``) is a list (`_bullet_list`)."""
    return _quick(text, 0)


def _quick(text: str, depth: int) -> list[Block] | None:
    """`quick_blocks` of ``text``, read ``depth`` directives deep."""
    if _ODD_SPACE.search(text) or _ODD_INDENT.search(text):
        return None  # line breaks other than \n, tab stops, odd indents: docutils's
    lines = [line.rstrip() for line in text.split("\n")]  # as docutils reads lines
    out: list[Block] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        at += 1
        if not line.strip():
            continue
        found = _DIRECTIVE_LINE.match(line)
        if found is None:
            if at > 1 and lines[at - 2].strip():
                return None  # right after a directive's body: docutils warns, and may join
            if _BULLET.match(line):
                listed, at = _bullet_list(lines, at - 1, depth)
                if listed is None:
                    return None
                out.append(listed)
                continue
            words = [line]
            while at < len(lines) and lines[at].strip():  # to a blank line or the end
                words.append(lines[at])
                at += 1
            said = _paragraph(words)
            if said is None:
                return None
            if said:
                out.append(Block("text", said))
            continue
        name, first = found.group(1), found.group(2) or ""
        if name != name.lower():
            return None  # docutils looks its name up in lower case
        block: list[str] = []  # its indented lines
        while at < len(lines) and (not lines[at].strip() or lines[at][:1] in " \t"):
            block.append(lines[at])
            at += 1
        while block and not block[-1].strip():
            block.pop()
        indent = min((len(b) - len(b.lstrip(" ")) for b in block if b.strip()), default=0)
        rest = [b[indent:] for b in block]
        head = [first, *rest] if first else rest
        blank = next((i for i, b in enumerate(head) if not b.strip()), len(head))
        arguments, content = head[:blank], head[blank + 1 :]
        while content and not content[0].strip():
            content = content[1:]
        if name in _DROP:
            continue
        if name == "list-table":  # its title on its line, its options, its rows
            title, spec = (first, arguments[1:]) if first else ("", arguments)
            table = None if first.startswith(":") else _list_table(title, spec, content)
            if table is None:
                return None
            out.append(table)
            continue
        # its options (``:noindex:``) run from the first line that starts with a colon to
        # its body: docutils rejects the directive for an option given twice, or whose
        # value is not one plain paragraph
        cut = next((i for i, a in enumerate(arguments) if a.startswith(":")), len(arguments))
        options = [_OPTION.fullmatch(a) for a in arguments[cut:]]
        given = {o.group(1).lower() for o in options if o}
        if len(given) < len(options):
            return None
        if name in _ADMONITIONS:  # no title; its body on the lines after a blank one
            if arguments or not content:
                return None  # text on its first lines (an option), or no body: docutils
            inner = _quick("\n".join(content), depth + 1) if depth < _DEEPEST else None
            if inner is None:
                return None
            out.extend(inner)
            continue
        if name in _NAMED:
            named = " ".join(" ".join(arguments[:cut]).split())
            if not named or not first or any(c.strip() for c in content) or "`" in named:
                return None  # no name on its line, or a body (reST): docutils reads it
            out.append(Block("text", f"`{named}`"))
            continue
        body = name in _BODY and name != "seealso"  # `Body`: its body's blocks
        unknown = not _known(name)  # `Unknown`: its body as code, or as `Body`
        if not (body or unknown or name in _CODE):
            return None
        if not content:
            continue  # no body (its lines all arguments and options): docutils shows nothing
        if name in _CODE or (unknown and looks_like_code(content)):
            code = "\n".join(content).rstrip()
            if code.strip():
                out.append(Block("code", f"```\n{code}\n```"))
            continue
        inner = _quick("\n".join(content), depth + 1) if depth < _DEEPEST else None
        if inner is None:
            return None
        out.extend(inner)
    return out


def _known(name: str) -> bool:
    """Whether docutils (or this module) reads directive ``name`` itself (one that
    `_know_directives` registers as unknown is not); without importing docutils."""
    return name in _DOCUTILS_DIRECTIVES or name in _REGISTERED


#: the directives `_setup` registers
_REGISTERED = frozenset((*_DROP, *_NAMED, *_DESCRIBED, *_CODE, *_BODY, *_VERSION))


def _paragraph(lines: list[str], as_shown: bool = True) -> str | None:
    """The text of a paragraph (its lines), as `parse_rst` reads it (`_inline`; or, not
    ``as_shown``, as docutils' ``astext`` gives it: a table's cell), when its only markup
    is inline literals and interpreted text with a known role or none (`_MARKUP`), each
    within a line and apart from words (after a space or an opening parenthesis, before
    a space or punctuation), and its other text plain (`_PLAIN_RUN`); else None."""
    shown: list[str] = []
    for number, line in enumerate(lines):
        if not (_NEXT_LINE_START if number else _LINE_START).match(line):
            return None
        at = 2 if line.startswith("# ") else 0  # a first line's "# " (no other "#")
        shown.append(line[:at])
        for found in _MARKUP.finditer(line, at):
            start, end = found.span()
            literal, role, text = found.groups()
            after = line[end : end + 2]
            if not _PLAIN_RUN.fullmatch(line, at, start) or line[start - 1 : start] not in "( ":
                return None
            if (literal or text)[0] == ")" or after[:1] not in ("", *" .,;!?):"):
                return None  # ")" after "(": docutils' quoted mark, not markup
            if after[:1] == ":" and after[1:] not in ("", " "):
                return None  # a role after it (`x`:func:), or ``::``
            shown.append(line[at:start])
            at = end
            if literal is not None:
                shown.append(f"`{literal}`" if as_shown else literal)
            elif role is None:  # docutils' title reference (see `_inline`)
                named = role_text(text, "obj")
                code = _names_code(text)
                shown.append((f"`{named}`" if code else named) if as_shown else text)
            elif role in _CODE_ROLES:
                named = role_text(text, role)
                if role.endswith(("func", "meth")) and not named.endswith(")"):
                    named += "()"
                shown.append(f"`{named}`" if as_shown else named)
            elif role in _TEXT_ROLES:
                shown.append(role_text(text, role))
            else:
                return None  # a role docutils does not know here: its error
        if not _PLAIN_RUN.fullmatch(line, at):
            return None
        shown.append(line[at:] + "\n")
    return " ".join("".join(shown).split())


def _items(lines: list[str], at: int) -> tuple[list[list[str]] | None, int]:
    """The bodies of the bullet list's items starting at ``lines[at]``, as docutils cuts
    them, and the line after the list; None (and any line) when an item is followed by
    something else without a blank line (docutils warns). An item's body runs while lines
    are blank or indented as far as its text on the bullet's line; the list, while items
    with the same bullet follow (after a blank line or none)."""
    mark = lines[at][0]
    bodies: list[list[str]] = []
    while at < len(lines):
        found = _BULLET.match(lines[at])
        if found is None or lines[at][0] != mark:
            if lines[at - 1].strip():
                return None, at
            break
        indent = found.end()
        body = [lines[at][indent:]]
        at += 1
        while at < len(lines) and not lines[at][:indent].strip():
            body.append(lines[at][indent:])
            at += 1
        bodies.append(body)
    return bodies, at


def _bullet_list(lines: list[str], at: int, depth: int) -> tuple[Block | None, int]:
    """The bullet list starting at ``lines[at]`` (`_items`), as `parse_rst` reads it, and
    the line after it, when each item's body is read quickly into paragraphs (a line each
    in the list: `_list_lines`); None (and any line) otherwise."""
    bodies, at = _items(lines, at)
    if bodies is None:
        return None, at
    shown: list[str] = []
    for body in bodies:
        inner = _quick("\n".join(body), depth + 1) if depth < _DEEPEST else None
        if not inner or any(b.kind != "text" for b in inner):
            return None, at
        shown.append(f"- {inner[0].text}")
        shown.extend(f"  {b.text}" for b in inner[1:])
    return Block("list", "\n".join(shown)), at


# a list table's options read without docutils: its columns' widths (as many as columns),
# its header rows (fewer than rows)
_TABLE_OPTION = re.compile(r":(widths|header-rows): +((?:[1-9][0-9]*)(?: +[1-9][0-9]*)*|0)")


def _list_table(title: str, options: list[str], content: list[str]) -> Block | None:
    """A ``list-table`` (rows of ``* - cell``) as `parse_rst` reads it (`_rows`: each
    row's cells' text, header rows alike, no title), when its title (if any) and each
    cell are a paragraph read quickly (`_paragraph`), every row has as many cells as
    ``:widths:`` (if given) and ``:header-rows:`` leaves a row; None otherwise (docutils
    reads it, or reports its error)."""
    if title and _paragraph([title]) is None:
        return None
    given: dict[str, list[int]] = {}
    for line in options:
        found = _TABLE_OPTION.fullmatch(line)
        if found is None or found.group(1) in given:
            return None
        given[found.group(1)] = [int(n) for n in found.group(2).split()]
    rows, at = _items(content, 0) if content and _BULLET.match(content[0]) else (None, 0)
    if not rows or at < len(content):
        return None  # not one bullet list
    table: list[str] = []
    columns = 0
    for row in rows:
        cells, at = _items(row, 0) if _BULLET.match(row[0]) else (None, 0)
        if not cells or at < len(row) or len(cells) != (columns or len(cells)):
            return None  # not one bullet list, or not as many cells as the first row
        columns = len(cells)
        texts = [_cell(cell) for cell in cells]
        if not all(texts):
            return None
        table.append(" | ".join(t for t in texts if t))
    if len(given.get("widths", [0] * columns)) != columns:
        return None
    if len(given.get("header-rows", [])) > 1 or given.get("header-rows", [0])[0] >= len(rows):
        return None
    return Block("table", "\n".join(table))


def _cell(lines: list[str]) -> str | None:
    """A list table's cell (its body's lines): its text (as docutils' ``astext``), when
    it is one paragraph read quickly; else None."""
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    if not lines or not all(line.strip() for line in lines):
        return None
    return _paragraph(lines, as_shown=False) or None


_DIRECTIVE = re.compile(r"^[ \t]*\.\.[ \t]+([A-Za-z][\w:+.-]*)::", re.MULTILINE)


# a role in reST: ``:name:`text``` (not inside a word, not after a backtick), or after
# its text: ```text`:name:``
_ROLE_NAME = re.compile(
    r"(?<![\w`:]):([A-Za-z][\w+.-]*(?::[A-Za-z][\w+.-]*)*):`"
    r"|(?<=`):([A-Za-z][\w+.-]*(?::[A-Za-z][\w+.-]*)*):(?![\w`])"
)
# docutils' registry of roles is the process's: a parse restores it (`parse_rst`)
_ROLES_LOCK = threading.RLock()


def _extension_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: Any = None, content: Any = None,
) -> Any:  # fmt: skip
    """A Sphinx extension's role (`_know_roles`), shown as `unknown_role` says: as code
    (``:confval:`filterwarnings``` is `filterwarnings`) or as words (``:pr:`1040```)."""
    from docutils import nodes

    shown, code = unknown_role(name, text)
    return [nodes.literal(rawtext, shown) if code else nodes.Text(shown)], []


def _know_roles(text: str) -> None:
    """Every role of ``text`` that docutils does not know (a Sphinx extension's:
    ``confval``, ``fixture``, ``setting``, ``pr``, ``std:doc``, ...) is read by
    `_extension_role`, instead of staying in the text as its markup with docutils' error
    (``:confval:`filterwarnings```), for this parse only (`parse_rst` restores docutils'
    registry after it, as it does a ``.. role::`` the document defines)."""
    if "`" not in text:
        return
    from docutils.parsers.rst import languages, roles

    aliases = languages.get_language("en").roles
    for name in {before or after for before, after in _ROLE_NAME.findall(text)}:
        normal = name.lower()
        known = normal in roles._roles or normal in roles._role_registry or normal in aliases
        if not known:
            roles.register_local_role(normal, _extension_role)


def _know_directives(text: str) -> None:
    """Every directive of ``text`` that docutils does not know (a Sphinx extension's:
    ``tabs``, ``group-tab``, ``jupyter-execute``, ...) keeps its body as text, instead of
    vanishing with docutils' error (its options and arguments are not text)."""
    if ".. " not in text:
        return
    from docutils.parsers.rst import directives

    for name in set(_DIRECTIVE.findall(text)):
        known = name in directives._directives or name in directives._directive_registry
        if not known:
            directives.register_directive(name, _FALLBACK[0])


#: where an undefined substitution was (Sphinx's ``|version|``, ``|release|``, ``|today|``
#: come from conf.py): removed with the space before it when punctuation follows
_GONE = "\ue030"
_GONE_SPACED = re.compile(rf"[ \t]*\([ \t]*{_GONE}[ \t]*\)|[ \t]*{_GONE}(?=[.,;:!?)\]])|{_GONE}")


def _substitute(document: Any) -> None:
    """Every substitution reference replaced by its definition's text (docutils leaves
    that to a transform that is not run), or by `_GONE` when the document does not
    define it."""
    from docutils import nodes

    for ref in list(document.findall(nodes.substitution_reference)):
        key = document.substitution_names.get(nodes.fully_normalize_name(ref.get("refname", "")))
        definition = document.substitution_defs.get(key) if key else None
        if definition is not None:
            ref.replace_self([c.deepcopy() for c in definition.children] or nodes.Text(_GONE))
        else:
            ref.replace_self(nodes.Text(_GONE))


_SKIP = frozenset(
    "comment substitution_definition target system_message raw pending meta transition "
    "footnote_reference citation_reference image decoration docinfo".split()
)
_CONTAINERS = frozenset(
    "document container compound topic sidebar block_quote admonition note warning tip "
    "hint important caution danger error attention seealso figure legend footnote "
    "citation line_block glossary".split()
)


def _blocks(node: Any, out: list[Block], depth: int, labels: list[str] | None = None) -> None:
    """The blocks under ``node``; ``labels`` are the explicit labels (``.. _label:``)
    seen since the last block, waiting for the section they may name."""
    if labels is None:
        labels = []
    for child in node.children:
        name = child.tagname
        if name == "target":
            label = _label(child)
            if label:
                labels.append(label)
            continue
        if name in _SKIP:
            continue
        if name == "section":
            _blocks(child, out, depth + 1, labels)
            continue
        anchor = labels[0] if labels and name == "title" and node.tagname == "section" else ""
        if not anchor and name == "title" and node.get("described"):
            anchor = (node.get("ids") or [""])[0]  # an object description's name
        labels.clear()  # a label names what follows it: this, not a later section
        if name in ("title", "rubric"):
            text = _inline(child).strip()
            if text:
                out.append(Block("heading", text, max(depth, 1), anchor))
        elif name in ("paragraph", "caption", "line", "attribution", "term"):
            text = " ".join(_inline(child).split())
            if text:
                out.append(Block("text", text))
        elif name in ("bullet_list", "enumerated_list"):
            lines = _list_lines(child, "")
            if lines:
                out.append(Block("list", "\n".join(lines)))
        elif name in ("definition_list", "field_list", "option_list"):
            lines = _pairs(child)
            if lines:
                out.append(Block("list", "\n".join(lines)))
        elif name in ("literal_block", "doctest_block"):
            code = child.astext().rstrip()
            if code.strip():
                out.append(Block("code", f"```\n{code}\n```"))
        elif name == "table":
            rows = _rows(child)
            if rows:
                out.append(Block("table", "\n".join(rows)))
        elif name in _CONTAINERS or hasattr(child, "children"):
            _blocks(child, out, depth)


def _label(target: Any) -> str:
    """The id of an explicit label (``.. _label:``: a target that points at what
    follows it, not at a URL or another target), else ``""``."""
    if target.children or target.get("anonymous"):
        return ""
    if target.get("refuri") or target.get("refname") or target.get("refid"):
        return ""
    ids = target.get("ids") or []
    return explicit_anchor(ids[0]) if ids else ""


# interpreted text in single backticks that names code: an identifier (`trio.Event`,
# `~trio.Cancelled`, `os.fork()`) or a cross-reference with a title (`Schema
# <marshmallow.Schema>`)
_CODE_REFERENCE = re.compile(r"[~!@]?[\w.:]+(?:\(\))?|.*\S\s*<[~!]?[\w.:]+(?:\(\))?>", re.DOTALL)


def _names_code(text: str) -> bool:
    """Whether interpreted text without a role (docutils' title reference) is code: in
    a Sphinx project's docs it is the default role's, most often ``py:obj`` or ``any``
    (a link to an API object, shown as code) when it names one, and docutils' own
    title (a book's, shown as its words) otherwise."""
    return _CODE_REFERENCE.fullmatch(text.strip()) is not None


def _inline(node: Any) -> str:
    parts: list[str] = []
    for child in node.children:
        name = child.tagname
        if name == "#text":
            parts.append(child.astext())  # backslash escapes read
        elif name == "literal" or (name == "title_reference" and _names_code(child.astext())):
            code = child.astext() if name == "literal" else role_text(child.astext(), "obj")
            parts.append(f"``{code}``" if "`" in code else f"`{code}`")
        elif name == "title_reference":
            parts.append(role_text(child.astext(), "obj"))
        elif name in _SKIP or (name == "problematic" and not child.astext().strip()):
            continue
        else:
            parts.append(_inline(child))
    text = "".join(parts)
    return _GONE_SPACED.sub("", text) if _GONE in text else text


def _flat(node: Any) -> str:
    """The text of a list item or definition: its paragraphs on one line each."""
    lines: list[str] = []
    for child in node.children:
        if child.tagname in _SKIP:
            continue
        if child.tagname == "paragraph":
            lines.append(" ".join(_inline(child).split()))
        elif child.tagname in ("bullet_list", "enumerated_list"):
            lines.extend(_list_lines(child, "  "))
        elif child.tagname == "literal_block":
            lines.extend("  " + line for line in child.astext().rstrip().split("\n"))
        else:
            found: list[Block] = []
            _blocks(child if hasattr(child, "children") else node, found, 0)
            lines.extend(b.text for b in found)
    return "\n".join(line for line in lines if line.strip())


def _list_lines(node: Any, indent: str) -> list[str]:
    lines: list[str] = []
    ordered = node.tagname == "enumerated_list"
    for number, item in enumerate(node.children, start=int(node.get("start", 1))):
        marker = f"{number}." if ordered else "-"
        pad = indent + " " * (len(marker) + 1)
        text = _flat(item).split("\n")
        lines.append(f"{indent}{marker} {text[0].strip()}".rstrip())
        lines.extend(
            pad + line.strip() if not line.startswith(" ") else pad + line for line in text[1:]
        )
    return lines


# Sphinx's info fields name a parameter, a variable or an exception after their keyword
# (":param int pool_size:", ":raises VerificationError:"): the name is code, as Sphinx
# shows it ("pool_size (int)", "VerificationError" in the docs' own markup)
_INFO_FIELD = re.compile(
    r"(param|parameter|arg|argument|keyword|kwarg|kwparam|type|raises|raise|var|ivar|cvar|"
    r"vartype)\s+((?:[^`\s]+\s+){0,2}[^`\s]+)"
)


def _info_field(name: str) -> str:
    """``name`` (a field list's name) with the name an info field gives written as code
    (without Sphinx's "~", which shows a qualified name by its last part)."""
    found = _INFO_FIELD.fullmatch(name)
    if found is None:
        return name
    *kind, named = found.group(2).split()
    return " ".join([found.group(1), *kind, f"`{named.lstrip('~')}`"])


def _pairs(node: Any) -> list[str]:
    lines: list[str] = []
    for item in node.children:
        head: list[str] = []
        body = ""
        for part in item.children:
            if part.tagname == "field_name":
                head.append(_info_field(" ".join(_inline(part).split())))
            elif part.tagname in ("term", "option_group", "classifier"):
                head.append(" ".join(_inline(part).split()) if part.tagname != "option_group"
                            else part.astext())  # fmt: skip
            elif part.tagname in ("definition", "field_body", "description"):
                body = " ".join(_flat(part).split())
        name = " : ".join(h for h in head if h)
        if name or body:
            lines.append(f"- {name}: {body}".rstrip(": ") if name else f"- {body}")
    return lines


def _cell_text(entry: Any) -> str:
    """A table cell's text without the system messages docutils puts in it (a
    "Duplicate implicit target name" note beside a link of a name used twice)."""
    messages = list(entry.findall(lambda n: n.tagname == "system_message"))
    if not messages:
        return str(entry.astext())
    entry = entry.deepcopy()
    for message in list(entry.findall(lambda n: n.tagname == "system_message")):
        message.parent.remove(message)
    return str(entry.astext())


def _rows(node: Any) -> list[str]:
    rows: list[str] = []
    for row in node.findall(lambda n: n.tagname == "row"):
        cells = [
            " ".join(_GONE_SPACED.sub("", _cell_text(entry)).split()) for entry in row.children
        ]
        if any(cells):
            rows.append(" | ".join(cells))
    return rows
