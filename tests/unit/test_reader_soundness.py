"""The file reader's soundness net (issue 38): random Lean files of sections, (dotted) namespaces, `variable`,
`include`/`omit`/`include … in`, `∀` statements with clashing `intro` names, lemmas with duplicate and implicit
binders, redefined `True`, attributes and `#guard_msgs`; every declaration the reader lets the kernel accept is
re-read by an oracle written here, sharing no code with the reader (its own scope stack, its own variable
inclusion, a truth table), which must find its statement true. The mutants at the end put each of the ten causes
of issue 38 back and check that the net catches every one of them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gentzen.core.reader import lean_names, lean_scope, lean_statements
from gentzen.core.elaboration import lemmas
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.reader.proof_item import ProofItem

# ---------------------------------------------------------------- the oracle's own model of a formula

ATOMS = ("p", "q", "r")
# formulas as (text, evaluator over an assignment of names -> bool); names resolve at the declaration
_F = [("False", lambda v: False), ("p", lambda v: v["p"]), ("q", lambda v: v["q"]),
      ("p → q", lambda v: (not v["p"]) or v["q"]), ("p ∧ q", lambda v: v["p"] and v["q"]),
      ("p ∨ q", lambda v: v["p"] or v["q"]), ("¬p", lambda v: not v["p"]), ("r", lambda v: v["r"])]


def _valid(hyps, goal, names) -> bool:
    """Truth table over `names`: every assignment making all hyps true makes goal true."""
    for bits in itertools.product((False, True), repeat=len(names)):
        v = dict(zip(names, bits))
        if all(h(v) for h in hyps) and not goal(v):
            return False
    return True


# ---------------------------------------------------------------- the oracle's own model of Lean's context

@dataclass
class _Frame:
    header: str
    vars: list = field(default_factory=list)      # (uid, name, formula index or None for an atom)
    incl: list = field(default_factory=list)
    omitted: list = field(default_factory=list)


class _Oracle:
    """What each declaration states in Lean: a stack of frames (one per name part), variables by id."""

    def __init__(self) -> None:
        self.stack = [_Frame("")]
        self.uid = itertools.count()
        self.truth: dict[str, bool] = {}          # declaration name -> its statement is true
        self.tainted = False
        self.after_attr: set[str] = set()

    def top(self):
        return self.stack[-1]

    def push(self, header):
        f = self.top()
        self.stack.append(_Frame(header, list(f.vars), list(f.incl), list(f.omitted)))

    def pop(self, n):
        del self.stack[max(1, len(self.stack) - n):]

    def variable(self, name, formula):
        self.top().vars.append((next(self.uid), name, formula))

    def include(self, name):
        first = next(v for v in self.top().vars if v[1] == name)     # elabInclude: the first of that name
        self.top().incl.append(first[0])

    def omit(self, name):
        inner = next(v for v in reversed(self.top().vars) if v[1] == name)
        self.top().incl = [u for u in self.top().incl if u != inner[0]]

    def context(self, mentioned: set[str]):
        """The hypotheses (as evaluators) the declaration takes from the section: mentioned by name (innermost),
        included by id; atoms are always bound here (`variable (p q r : Prop)` first)."""
        vs = self.top().vars
        take = {u for u in self.top().incl}
        for name in mentioned:
            hit = [v for v in vs if v[1] == name]
            if hit:
                take.add(hit[-1][0])
        return [_F[f][1] for u, _n, f in vs if u in take and f is not None]


# ---------------------------------------------------------------- the generator

_ALL = ("p", "q", "r")


@st.composite
def lean_files(draw):
    """(text, oracle) for a random file."""
    o = _Oracle()
    out = ["variable (p q r : Prop)"]
    for a in ATOMS:
        o.variable(a, None)
    opened = []          # the name parts of open scopes, innermost last, as written at `namespace`/`section`
    n_decl = itertools.count()
    for _ in range(draw(st.integers(3, 10))):
        kind = draw(st.sampled_from(["ns", "ns2", "sec", "end", "var", "incl", "omit", "thm", "thm_in", "forall",
                                     "dup_lemma", "impl_lemma", "true_def", "attr", "guard", "omit_pat",
                                     "redeclare_pat", "in_pat", "dotted_pat"]))
        k = next(n_decl)
        known = set(o.truth)
        if kind == "omit_pat":      # the variable is left out again: nothing follows from it
            out.append("variable (h : False)\ninclude h\nomit h")
            o.variable("h", 0)
            o.include("h")
            o.omit("h")
            kind = "thm"
        elif kind == "redeclare_pat":   # `include` names the variable declared before it, not a later namesake
            out.append("variable (k : p)\ninclude k\nvariable (k : False)")
            o.variable("k", 1)
            o.include("k")
            o.variable("k", 0)
            kind = "thm"
        elif kind == "dotted_pat":  # `namespace A.B` is two scopes: `end B` closes one, `end A` the other
            out.append("namespace A.B\nend B\nvariable (h : False)\ninclude h\nend A")
            o.push("A")
            o.push("B")
            o.pop(1)
            o.variable("h", 0)
            o.include("h")
            o.pop(1)
            kind = "thm"
        elif kind == "in_pat":      # `include … in` lasts for one declaration
            out.append("variable (h : False)")
            o.variable("h", 0)
            kind = "thm_in"
        if kind in ("ns", "ns2", "sec"):
            parts = ["A", "B"] if kind == "ns2" else ["A"] if kind == "ns" else [""]
            out.append(f"namespace {'.'.join(parts)}" if kind != "sec" else "section")
            for part in parts:
                o.push(part)
            opened.append(parts)
        elif kind == "end" and opened:
            parts = opened[-1]
            if len(parts) == 2 and draw(st.booleans()):     # `namespace A.B` closed as `end B` … `end A`
                out.append("end B")
                o.pop(1)
                opened[-1] = ["A"]
                if draw(st.booleans()):
                    name = draw(st.sampled_from(["h", "k"]))
                    out.append(f"variable ({name} : False)\ninclude {name}")
                    o.variable(name, 0)
                    o.include(name)
                out.append("end A")
                o.pop(1)
            else:
                out.append(f"end {'.'.join(parts)}" if parts != [""] else "end")
                o.pop(len(parts))
            opened.pop()
        elif kind == "var":
            name, f = draw(st.sampled_from(["h", "k"])), draw(st.integers(0, len(_F) - 1))
            out.append(f"variable ({name} : {_F[f][0]})")
            o.variable(name, f)
        elif kind in ("incl", "omit"):
            names = [v[1] for v in o.top().vars if v[2] is not None]
            if names:
                name = draw(st.sampled_from(names))
                out.append(f"{'include' if kind == 'incl' else 'omit'} {name}")
                (o.include if kind == "incl" else o.omit)(name)
        elif kind in ("thm", "thm_in"):
            goal = draw(st.integers(1, len(_F) - 1))
            proof = draw(st.sampled_from(["assumption", "contradiction", "exact h", "exact k", "exact False.elim h"]))
            text = f"theorem t{k} : {_F[goal][0]} := by\n  {proof}"
            names = [v[1] for v in o.top().vars if v[2] is not None]
            if kind == "thm_in" and names:
                name = draw(st.sampled_from(names))
                o.push("")
                o.include(name)
                text = f"include {name} in\n" + text
                hyps = o.context(set(_F[goal][0].replace("→", " ").split()))
                o.pop(1)
            else:
                hyps = o.context(set(_F[goal][0].replace("→", " ").split()))
            out.append(text)
            o.truth[f"t{k}"] = _valid(hyps, _F[goal][1], _ALL)
        elif kind == "forall":
            a, b = "a", "b"
            n1, n2 = draw(st.sampled_from(["a", "b", "x", "p"])), draw(st.sampled_from(["a", "b", "x", "q"]))
            body = draw(st.sampled_from([("a → b", False), ("a → a", True), ("a ∧ b → b", True), ("a → p", False)]))
            out.append(f"theorem f{k} : ∀ ({a} {b} : Prop), {body[0]} := by\n  intro {n1} {n2}\n  intro hh\n"
                       f"  exact hh")
            # Lean's truth of the statement, whatever names `intro` gives (`p` in the body: the section's `p`)
            o.truth[f"f{k}"] = body[1]
        elif kind == "dup_lemma":
            out.append(f"theorem L{k} (a b : Prop) (h : a) (h : b) : a := by\n  assumption")
            o.truth[f"L{k}"] = True
            out.append(f"theorem u{k} (hb : q) : p := by\n  exact L{k} p q hb hb")
            o.truth[f"u{k}"] = False
        elif kind == "impl_lemma":
            out.append(f"theorem I{k} {{a : Prop}} {{h : a}} : a := h")
            o.truth[f"I{k}"] = True
            out.append(f"theorem v{k} (c : Prop) : c := I{k}")
            o.truth[f"v{k}"] = False
        elif kind == "true_def":
            out.append(f"namespace X{k}\ndef True : Prop := False\ntheorem w{k} : True := trivial\nend X{k}")
            o.truth[f"w{k}"] = False
        elif kind == "attr":
            out.append(f"@[macro Lean.Parser.Term.arrow] def m{k} := 1")
            o.tainted = True
        elif kind == "guard":
            bad = f"theorem g{k} (a b : Prop) (h : a) : b := by\n  exact h"
            [item] = lean_items(bad)
            msg = item.check().error.message
            out.append(f"/--\nerror: {msg}\n-/\n#guard_msgs in\n{bad}")
            o.truth[f"g{k}"] = False
        if o.tainted:   # after an attribute that may change the language nothing may be accepted
            o.after_attr |= set(o.truth) - known
    return "\n".join(out) + "\n", o


def _unsound(text: str, oracle: _Oracle) -> list[str]:
    """The declarations the reader + kernel accept whose statement the oracle finds false (or that come after an
    attribute that may change the language)."""
    bad = []
    for it in lean_items(text):
        if not it.judged or it.problem is not None or not it.check().ok:
            continue
        if oracle.truth.get(it.name) is False or it.name in oracle.after_attr:
            bad.append(it.name)
    return bad


_SETTINGS = settings(max_examples=400, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@given(lean_files())
@_SETTINGS
def test_no_false_theorem_is_accepted(case):
    text, oracle = case
    assert not _unsound(text, oracle), text


# ---------------------------------------------------------------- mutation test of the net


def _search(budget: int = 400) -> str | None:
    """A file the net rejects, or None: the same search as the property test, as a function."""
    found: list[str] = []

    @given(lean_files())
    @settings(max_examples=budget, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    def probe(case):
        text, oracle = case
        if _unsound(text, oracle):
            found.append(text)
            raise AssertionError

    try:
        probe()
    except AssertionError:
        pass
    return found[0] if found else None


def _dict_lemma(thm):  # cause 2: hypotheses keyed by name (the later `h` wins), implicit ones dropped
    from gentzen.core.logic.formula import Atom
    ren = {a: Atom("?" + a) for a in thm.atoms}
    hyps = dict(thm.hyps)
    params = []
    for bracket, names, ty in thm.binders():
        for x in names:
            if ty == "Prop":
                params.append((x, "prop", bracket == "(", None))
            else:
                params.append((x, "hyp", bracket == "(", lemmas._inst(hyps[x], ren)))
    return lemmas.Lemma(tuple(params), lemmas._inst(thm.goal, ren))


def _implicit_dropped(thm):  # cause 3: implicit hypotheses kept as (dropped) implicit parameters
    from gentzen.core.logic.formula import Atom
    ren = {a: Atom("?" + a) for a in thm.atoms}
    params = [(x, "prop" if ty == "Prop" else "hyp", b == "(", None if ty == "Prop" else lemmas._inst(ty, ren))
              for b, names, ty in thm.binders() for x in names]
    return lemmas.Lemma(tuple(params), lemmas._inst(thm.goal, ren))


def _one_scope_namespace(orig):  # cause 7: `namespace A.B` as one scope
    def cmd(ctx, word, body, line, col):
        arg = body.strip()
        if word == "namespace" and "." in arg:
            ctx.scopes.append(ctx.scope.child(word, arg, arg))
            return None
        if word == "end" and len(ctx.scopes) > 1:
            ctx.scopes.pop()
            return None
        return orig(ctx, word, body, line, col)
    return cmd


def _by_name(orig):  # cause 6: `include` by name: every variable of an included name, declared before or after
    def included(scope, mentioned):
        names = {v.name for v in scope.variables if v.uid in scope.included}
        return orig(scope, set(mentioned) | names) + [v for v in scope.variables if v.name in names
                                                      and v.uid not in scope.included and v.bracket != "["]
    return included


def _lenient_include(scope, names):  # with cause 5: `include h in` includes `h` (and ignores the word `in`)
    scope.included.extend(v.uid for v in scope.variables if v.name in names)


MUTANTS = {
    "1 forall intro names substituted as text": lambda mp: mp.setattr(lean_statements, "_intro_names_ok",
                                                                       lambda *a: True),
    "2 lemma hypotheses keyed by name": lambda mp: mp.setattr(lean_scope, "make_lemma", _dict_lemma),
    "3 implicit lemma hypotheses dropped": lambda mp: mp.setattr(lean_scope, "make_lemma", _implicit_dropped),
    "4 omit ignored": lambda mp: mp.setattr(lean_scope, "omit", lambda scope, text: None),
    "5 include … in lasts to the end of the section": lambda mp: (
        mp.setattr("gentzen.core.reader.lean_file._IN_PREFIX", ("open", "set_option", "omit", "variable")),
        mp.setattr(lean_scope, "include", _lenient_include)),
    "6 include tracked by name": lambda mp: mp.setattr(lean_scope, "included_variables",
                                                       _by_name(lean_scope.included_variables)),
    "7 dotted namespace as one scope": lambda mp: mp.setattr("gentzen.core.reader.lean_file.context_command",
                                                              _one_scope_namespace(lean_scope.context_command)),
    "8 True read as the core constant": lambda mp: mp.setattr(lean_names.FileNames, "touches", lambda *a: False),
    "9 attributes not judged": lambda mp: (mp.setattr(lean_scope, "attribute_problem", lambda a: None),
                                           mp.setattr("gentzen.core.reader.lean_file.attribute_problem", lambda a: None)),
    "10 #guard_msgs match is accepted": lambda mp: mp.setattr(
        ProofItem, "guarded", lambda self, ok, raw, error: (True, None) if self.expected else (ok, error)),
}


@pytest.mark.parametrize("cause", sorted(MUTANTS, key=lambda c: int(c.split()[0])))
def test_the_net_catches_each_cause_put_back(cause, monkeypatch):
    MUTANTS[cause](monkeypatch)
    assert _search() is not None, f"the net missed cause {cause}"
