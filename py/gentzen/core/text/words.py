"""Tokens and words of Lean's surface syntax as the kernel reads them: the term tokenizer, forbidden
constructs, Lean's tactics and keywords, and Lean's identifier rules (`check_name` refuses a hypothesis
name Lean would not read as one; `rename_identifiers`). Shared by the parsers and every renamer."""

from __future__ import annotations

import re

from gentzen.core.steps import holes
from gentzen.core.parsing.terms import SyntaxErr


FORBIDDEN = ("sorry", "admit", "axiom", "native_decide", "#eval", "set_option", "import", "open",
             "macro", "macro_rules", "syntax", "elab", "unsafe", "implemented_by", "theorem", "lemma",
             "def", "example", "instance", "#print", "#check", "#exit", "run_cmd", "attribute",
             "@[", "local", "notation", "infix", "prefix", "postfix", "decreasing_by", "termination_by",
             # meta-level escapes that could add axioms or close goals without saying `sorry`/`axiom`
             "run_tac", "run_elab", "run_meta", "by_elab", "sorryAx", "ofReduceBool", "trustCompiler")


_FORBIDDEN_RE = re.compile(
    r"(?<![\w.'])(?:" + "|".join(re.escape(w) for w in FORBIDDEN if w[0].isalpha()) + r")(?![\w'])"
    r"|#eval|#print|#check|#exit|@\[|(?<![\w.'])Lean\.[\w.]+")


# Lean tactics that exist but are outside the proof language: reported as `unsupported`, not as
# Lean errors, because Lean itself might accept them.
LEAN_TACTICS = frozenset("""assumption contradiction trivial cases induction by_cases refine refine' show
    intros rintro simp simp_all omega decide rfl exists exact? apply? suffices calc match fun let
    case next all_goals any_goals first try repeat focus done skip rw rewrite unfold specialize
    generalize subst injection exists use tauto by_contra push_neg contrapose aesop norm_num
    false_or_by_contra absurd nofun nomatch and_intros iterate change
    solve_by_elim solve_by_elim* apply_assumption apply_rules rw? simp? simpa rwa symm subst_vars injections
    exact_mod_cast norm_cast push_cast grind split clear rename_i revert replace refine' let haveI letI
    infer_instance ac_rfl funext ext congr conv delta with_reducible unhygienic solve stop fail done exists
    simp_arith dsimp show_term constructor_matching exact? rename induction fun_induction""".split())
# (core Lean 4 tactics, src/Init/Tactics.lean and src/Lean/Elab/Tactic/: a word outside this list and the
# proof language is Lean's `unknown tactic`; `solve_by_elim`, `apply_assumption` and `apply_rules` moved
# into core in 2024, src/Init/Tactics.lean.)


# The end of a term-mode `have`/`suffices` declaration that Lean finds by its column rule, where a term spread over
# lines is read as one line (U+2063, never in source text after the kernel's preparation; not a tactic `;`).
DECL_END = "\u2063"


# Words that end an application or start a term form (Lean tokens, never identifiers).
TERM_KEYWORDS = frozenset("fun show from by have at with then else if let do match suffices calc".split())


_NAME = re.compile(r"[^\W\d][\w'!?₀-₉]*")


_FORBIDDEN_WORDS = frozenset(w for w in FORBIDDEN if w[0].isalpha())


_COMPONENT = re.compile(r"[^\W\d][\w']*")


def find_forbidden(text: str) -> tuple[int, str] | None:
    """(column, word) of the first forbidden construct, or None.

    A cheap prefilter first: the full pattern can only match a forbidden word that is a whole
    identifier component, or text with `#`, `@[` or `Lean.`; most proof text has none of these.
    """
    if "#" not in text and "@[" not in text and "Lean." not in text \
            and _FORBIDDEN_WORDS.isdisjoint(_COMPONENT.findall(text)):
        return None
    m = _FORBIDDEN_RE.search(text)
    while m is not None and m.group() == "sorry" and holes.allowed():  # the REPL's path (core/steps/holes.py)
        m = _FORBIDDEN_RE.search(text, m.end())
    return (m.start(), m.group()) if m else None


# Lean keywords: never identifiers.
KEYWORDS = frozenset("""fun λ have show from by at with then else if do let match in this suffices calc
    Prop Type Sort theorem lemma example def where structure class instance namespace section end open
    import variable universe sorry admit mut return for unless try catch finally break continue
    nomatch nofun forall exists Σ Π deriving""".split())


# Tactic names: whether Lean reads them as identifiers depends on position, so the proof language
# simply never introduces a hypothesis called like a tactic.
RESERVED = KEYWORDS | LEAN_TACTICS | frozenset(
    "intro exact apply exfalso constructor left right rcases obtain".split())


# Identifier-like words that are (or may be) Lean tokens outside the leading position of a tactic, so
# Lean does not read them as identifiers (`intro using` is a parse error). The list errs on the side of
# caution: rejecting a name Lean would accept is harmless, accepting one it cannot parse is not.
MAYBE_KEYWORDS = frozenset("""using generalizing only at with from in then else do fun let have show by
    this rec mut where deriving extends instance for unless return try catch finally break continue
    while repeat structural config discharger disch says to hiding renaming export prelude include omit
    private protected noncomputable partial mutual inductive coinductive class structure abbrev opaque
    axiom lemma theorem def example scoped local attribute namespace section end universe variable
    nat_lit from_eq Type Sort Prop True False forall exists fun_induction""".split())


def _lean_id_first(c: str) -> bool:
    """`Lean.isIdFirst` (Init/Meta/Defs.lean): ASCII letter, `_`, or `isLetterLike`."""
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or c == "_" or _letter_like(c)


def _lean_id_rest(c: str) -> bool:
    """`Lean.isIdRest`: ASCII alphanumeric, `_ ' ! ?`, `isLetterLike` or `isSubScriptAlnum`."""
    if ("a" <= c <= "z") or ("A" <= c <= "Z") or ("0" <= c <= "9") or c in "_'!?":
        return True
    v = ord(c)
    return _letter_like(c) or 0x2080 <= v <= 0x2089 or 0x2090 <= v <= 0x209C or 0x1D62 <= v <= 0x1D6A


def _letter_like(c: str) -> bool:
    # `Lean.isLetterLike`: Greek without λ/Π/Σ, Coptic, polytonic Greek, the letter-like block and
    # mathematical alphanumerics. (Later Lean versions may add Latin-1 letters; we do not, conservatively.)
    v = ord(c)
    return ((0x3B1 <= v <= 0x3C9 and v != 0x3BB) or (0x391 <= v <= 0x3A9 and v not in (0x3A0, 0x3A3))
            or 0x3CA <= v <= 0x3FB or 0x1F00 <= v <= 0x1FFE or 0x2100 <= v <= 0x214F
            or 0x1D49C <= v <= 0x1D59F)


def is_lean_ident(name: str) -> bool:
    """A single-component Lean identifier (no dots, no «»)."""
    return bool(name) and _lean_id_first(name[0]) and all(_lean_id_rest(c) for c in name[1:])


def check_name(name: str, col: int) -> str:
    if name == "_":
        # Lean reads `_` as a hole: `intro _`/`have _` make an inaccessible hypothesis, never one called `_`
        raise SyntaxErr("unsupported", "`_` (an inaccessible name) is outside the proof language; name the "
                        "hypothesis", col, col + 1)
    if not _NAME.fullmatch(name) or not is_lean_ident(name):
        raise SyntaxErr("parse", f"unexpected token '{name}'; expected identifier", col)
    if name in MAYBE_KEYWORDS and name not in KEYWORDS:
        raise SyntaxErr("unsupported", f"`{name}` is a Lean keyword (or may be one); the proof language does not "
                        "use it as a hypothesis name", col, col + len(name))
    if name in RESERVED:
        raise SyntaxErr("parse" if name in KEYWORDS else "unsupported",
                        f"unexpected token '{name}'; expected identifier" if name in KEYWORDS else
                        f"`{name}` names a tactic; the proof language does not use it as a hypothesis name", col)
    return name


_TOKEN = re.compile(
    r"""(?P<ws>[ ]+)
      |(?P<assign>:=)|(?P<colon>:)|(?P<comma>,)|(?P<bar>\|)|(?P<semi>;|\u2063)
      |(?P<lp>\()|(?P<rp>\))|(?P<la>⟨)|(?P<ra>⟩)|(?P<lq>‹)|(?P<rq>›)
      |(?P<not>¬)|(?P<and>∧|/\\)|(?P<or>∨|\\/)|(?P<iff>↔|<->)|(?P<imp>→|->)
      |(?P<proj>\.(?:[0-9]+|[^\W\d][\w']*))
      |(?P<arrow>=>|↦)|(?P<comp>∘)|(?P<lam>λ)
      |(?P<id>[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*)
    """, re.VERBOSE)


def tokenize(text: str, base: int) -> list[tuple[str, str, int, int]]:
    toks = []
    pos, n = 0, len(text)
    match = _TOKEN.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            if text[pos] == "\t":
                raise SyntaxErr("parse", "tabs are not allowed; please configure your editor to expand them", base + pos)
            # A character outside the proof language's terms (`<|`, `$`, `=`, `∀`, `@`, …): Lean has many
            # more term forms, so this is not evidence that Lean's parser fails.
            op = re.match(r"[^\w\s()⟨⟩,]+", text[pos:])
            tok = op.group() if op else text[pos]
            raise SyntaxErr("unsupported", f"`{tok}` in a term is outside gentzen's proof language; Lean may accept "
                            "it (check with `--backend repl` or `--backend both`)", base + pos, base + pos + len(tok))
        kind = m.lastgroup
        if kind != "ws":
            if kind == "proj" and (pos == 0 or text[pos - 1] in " (⟨,"):
                if text[pos + 1].isdigit():
                    raise SyntaxErr("parse", "unexpected token '.'; expected term", base + pos)
                kind = "dot"  # `.inl hp`: dotted identifier notation at a term's start
            elif kind == "id" and m.group() in TERM_KEYWORDS:
                kind = "kw"
            toks.append((kind, m.group(), base + pos, base + m.end()))
        pos = m.end()
    return toks


# An identifier as the renamers see one: not after a `.` (`h.1`, `Or.inl` keep their field and
# namespace parts) and whole (`h1` is not part of `h12`, `h'` or `h₁`).
_IDENTIFIER = re.compile(r"(?<![\w'.])[^\W\d][\w']*")


def rename_identifiers(text: str, mapping: dict[str, str]) -> str:
    """Rename whole identifiers in one pass, so `h1 -> h2, h2 -> h1` swaps and chains are safe."""
    if not mapping:
        return text
    return _IDENTIFIER.sub(lambda m: mapping.get(m.group(0), m.group(0)), text)
